"""Extraction is byte-stable; update merges by msgctxt, marks changed English fuzzy and keeps the previous msgid."""

from __future__ import annotations

from pathlib import Path

from pipeline.i18n.catalogs import build_template, catalog_path, read_catalog, template_path
from pipeline.i18n.status import catalog_status
from pipeline.i18n.workflow import extract, read_template, update
from tests.i18n.conftest import source_strings


def test_extract_is_byte_stable(game_dir: Path) -> None:
    first = template_path(game_dir).read_bytes()
    written = extract(source_strings(game_dir), game_dir, "demo", game_dir)
    assert not written.changed and template_path(game_dir).read_bytes() == first
    assert b"POT-Creation-Date" not in first
    assert b"#: texts.yaml:" in first  # locations relative to the game folder, not the cwd or the content root


def test_template_carries_context_plural_and_position(game_dir: Path) -> None:
    template = read_catalog(template_path(game_dir))
    message = template.get("Draw {amount} card {icon:draw}.", context="effect:draw-cards")
    assert message is not None and message.id == ("Draw {amount} card {icon:draw}.", "Draw {amount} cards {icon:draw}.")
    assert message.locations[0][0] == "texts.yaml"
    assert "{amount} picks the plural form." in message.auto_comments


def test_changed_english_becomes_fuzzy_with_previous_msgid(game_dir: Path) -> None:
    changed = source_strings(game_dir, {"story:intro": "The bell tolls at midnight."})
    extract(changed, game_dir, "demo", game_dir)
    template = read_template(game_dir)
    assert template is not None
    update(template, game_dir, "de", "demo")

    text = catalog_path(game_dir, "de").read_text(encoding="utf-8")
    assert '#, fuzzy\n#| msgid "The bell tolls at dusk."\nmsgctxt "story:intro"\nmsgid "The bell tolls at midnight."' in text
    catalog = read_catalog(catalog_path(game_dir, "de"), "de")
    message = catalog.get("The bell tolls at midnight.", context="story:intro")
    assert message is not None and message.fuzzy
    assert message.previous_id == ["The bell tolls at dusk."]
    assert message.string == "Die Glocke läutet in der Dämmerung."
    # The other translations are untouched, and nothing moved to another context.
    assert catalog_status(changed, catalog, "de").as_dict()["translated"] == 3

    # A second update keeps the previous msgid and changes no bytes.
    assert not update(template, game_dir, "de", "demo").changed


def test_removed_string_becomes_obsolete_and_new_one_missing(game_dir: Path) -> None:
    strings = [s for s in source_strings(game_dir) if s.context != "label:trophy"]
    strings.append(type(strings[0])("label:quest", "Quest"))
    template = build_template(strings, "demo", game_dir)
    update(template, game_dir, "de", "demo")
    catalog = read_catalog(catalog_path(game_dir, "de"), "de")
    status = catalog_status(strings, catalog, "de")
    assert (status.translated, status.missing, status.obsolete) == (3, 1, 1)
    assert "#~ msgctxt \"label:trophy\"" in catalog_path(game_dir, "de").read_text(encoding="utf-8")


def test_update_creates_a_catalog_with_cldr_plural_forms(game_dir: Path) -> None:
    template = read_template(game_dir)
    assert template is not None
    update(template, game_dir, "pl", "demo")
    text = catalog_path(game_dir, "pl").read_text(encoding="utf-8")
    assert "nplurals=3;" in text and "msgstr[2]" in text
