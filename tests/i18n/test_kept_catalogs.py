"""A check keeps each catalog as it parsed, and reads it back only while the file's bytes are the same."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest
from babel.messages import pofile
from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from pipeline.i18n import catalogs, kept_catalogs
from pipeline.i18n.catalogs import CatalogSyntaxError, read_catalog
from tests.conftest import CONTENT


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The catalogs Babel's parser reads (by file name)."""
    parsed: list[str] = []
    real = pofile.read_po

    def counted(fileobj, *args, **kwargs):  # type: ignore[no-untyped-def]
        parsed.append("read")
        return real(fileobj, *args, **kwargs)

    monkeypatch.setattr(catalogs, "read_po", counted)
    return parsed


def _po(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, include_previous=True)
    return out.getvalue()


def _state(catalog: Catalog) -> tuple[object, ...]:
    """Everything a catalog holds but the creation date (the time of reading when the file names none)."""
    fields = {k: v for k, v in vars(catalog).items() if k not in ("_messages", "obsolete", "creation_date")}
    return (fields, list(catalog._messages), [vars(m) for m in catalog],
            list(catalog.obsolete), [vars(m) for m in catalog.obsolete.values()])


@pytest.mark.parametrize("game", ["old-world", "path-of-destiny", "adventure-game"])
def test_a_kept_catalog_is_the_parsed_one(game: str, tmp_path: Path, parses: list[str]) -> None:
    path = CONTENT / game / "locales" / "de.po"
    kept_catalogs.keep_catalogs_in(tmp_path)
    parsed = read_catalog(path, "de")
    kept = read_catalog(path, "de")
    assert parses == ["read"]  # the second came from the record
    assert _state(kept) == _state(parsed)
    assert _po(kept) == _po(parsed)
    assert kept.num_plurals == parsed.num_plurals and kept.plural_expr == parsed.plural_expr


def test_obsolete_previous_and_plural_entries_come_back(tmp_path: Path, parses: list[str]) -> None:
    path = tmp_path / "de.po"
    path.write_text(
        'msgid ""\nmsgstr ""\n"Language: de\\n"\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
        '#. a note\n#: cards.yaml:3\n#, fuzzy\n#| msgid "Old"\nmsgctxt "card:a:name"\nmsgid "New"\nmsgstr "Neu"\n\n'
        'msgctxt "board:count"\nmsgid "{count} card"\nmsgid_plural "{count} cards"\n'
        'msgstr[0] "{count} Karte"\nmsgstr[1] "{count} Karten"\n\n'
        '#~ msgctxt "card:gone:name"\n#~ msgid "Gone"\n#~ msgstr "Weg"\n', encoding="utf-8")
    kept_catalogs.keep_catalogs_in(tmp_path / "cache")
    parsed = read_catalog(path, "de")
    kept = read_catalog(path, "de")
    assert parses == ["read"]
    assert _state(kept) == _state(parsed) and _po(kept) == _po(parsed)
    assert kept.get("{count} card", context="board:count").string == ("{count} Karte", "{count} Karten")
    assert kept.get("New", context="card:a:name").previous_id == ["Old"]


def test_a_kept_catalog_is_not_trusted_once_the_file_changes(tmp_path: Path, parses: list[str]) -> None:
    path = tmp_path / "locales" / "de.po"
    shutil.copytree(CONTENT / "adventure-game" / "locales", path.parent)
    kept_catalogs.keep_catalogs_in(tmp_path / "cache")
    first = read_catalog(path, "de")
    message = next(m for m in first if m.id and isinstance(m.string, str) and m.string)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(f'msgstr "{message.string}"', 'msgstr "Geändert"', 1), encoding="utf-8")
    edited = read_catalog(path, "de")
    assert parses == ["read", "read"]
    assert edited.get(message.id, context=message.context).string == "Geändert"
    read_catalog(path, None)  # another locale asked: its own parse
    assert len(parses) == 3


def test_a_damaged_record_is_parsed_again(tmp_path: Path, parses: list[str]) -> None:
    path = CONTENT / "adventure-game" / "locales" / "de.po"
    kept_catalogs.keep_catalogs_in(tmp_path)
    parsed = read_catalog(path, "de")
    for record in (tmp_path / "catalogs").iterdir():
        record.write_text('{"key": 1', encoding="utf-8")
    assert _po(read_catalog(path, "de")) == _po(parsed)
    assert parses == ["read", "read"]


def test_a_broken_catalog_is_never_kept_and_nothing_is_kept_without_a_cache(tmp_path: Path, parses: list[str]) -> None:
    path = tmp_path / "de.po"
    path.write_text('msgid "a"\nmsgstr "b"\nmsgstr "c"\n', encoding="utf-8")
    read_catalog(CONTENT / "adventure-game" / "locales" / "de.po", "de")  # no cache folder named: parsed, not kept
    kept_catalogs.keep_catalogs_in(tmp_path / "cache")
    for _ in range(2):
        with pytest.raises(CatalogSyntaxError, match="a second msgstr"):
            read_catalog(path, "de")
    assert not (tmp_path / "cache").exists()


def test_read_ahead_keeps_the_asked_catalogs_and_leaves_a_broken_one_to_its_reader(tmp_path: Path,
                                                                                    parses: list[str]) -> None:
    content = tmp_path / "game"
    shutil.copytree(CONTENT / "adventure-game" / "locales", content / "locales")
    (content / "locales" / "fr.po").write_text('msgid "a"\nmsgstr "b"\nmsgstr "c"\n', encoding="utf-8")
    kept_catalogs.keep_catalogs_in(tmp_path / "cache")
    catalogs.read_ahead(content, ["de"])
    assert parses == ["read"]
    read_catalog(content / "locales" / "de.po", "de")
    assert parses == ["read"], "read back, not parsed"
    catalogs.read_ahead(content)  # every catalog: fr cannot be read, and is not kept
    with pytest.raises(CatalogSyntaxError):
        read_catalog(content / "locales" / "fr.po", "fr")
