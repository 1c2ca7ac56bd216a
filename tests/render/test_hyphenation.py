"""The parsed hyphenation dictionaries kept in the cache dir break every word where pyphen breaks it."""

import re
from collections.abc import Iterator
from pathlib import Path

import pyphen
import pytest
from babel.messages.pofile import read_po

from pipeline.render import hyphenation

CATALOG = Path(__file__).parents[2] / "content" / "old-world" / "locales" / "de.po"


@pytest.fixture
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A process that has parsed no dictionary yet, keeping them in a fresh cache dir."""
    monkeypatch.setattr(pyphen, "hdcache", {})
    monkeypatch.setattr(hyphenation, "_kept_in", [])
    hyphenation.dictionary.cache_clear()
    hyphenation.keep_parsed_in(tmp_path)
    yield tmp_path
    hyphenation.dictionary.cache_clear()


def _fresh_process(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pyphen, "hdcache", {})
    hyphenation.dictionary.cache_clear()


def _words(locale: str) -> set[str]:
    with CATALOG.open("rb") as handle:
        catalog = read_po(handle)
    texts = [str(message.string if locale == "de" else message.id) for message in catalog if message.id]
    return {word for text in texts for word in re.findall(r"[^\W\d_]{4,}", text)}


@pytest.mark.parametrize("locale", ["en", "de"])
def test_the_kept_dictionary_breaks_every_word_where_pyphen_does(cache_dir: Path, monkeypatch: pytest.MonkeyPatch,
                                                                 locale: str) -> None:
    hyphenation.dictionary(locale)  # parses and keeps it
    assert list((cache_dir / "hyphenation").glob("*.json"))
    _fresh_process(monkeypatch)

    def no_parse(self: pyphen.HyphDict, path: Path) -> None:
        raise AssertionError(f"{path} parsed again although it is kept")

    monkeypatch.setattr(pyphen.HyphDict, "__init__", no_parse)
    kept = hyphenation.dictionary(locale)
    monkeypatch.undo()
    parsed = pyphen.Pyphen(lang=locale, left=hyphenation.LEFT, right=hyphenation.RIGHT, cache=False)
    words = _words(locale)
    assert kept is not None and len(words) > 500
    assert {word: kept.positions(word) for word in words} == {word: parsed.positions(word) for word in words}


def test_a_damaged_kept_dictionary_is_parsed_again_and_replaced(cache_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    hyphenation.dictionary("de")
    [kept] = (cache_dir / "hyphenation").glob("*.json")
    kept.write_bytes(b"not a kept dictionary")
    _fresh_process(monkeypatch)
    german = hyphenation.dictionary("de")
    assert german is not None and german.inserted("Ungeheuer") == "Un-ge-heuer"  # three letters after the last break
    assert kept.read_bytes() != b"not a kept dictionary"


def test_no_cache_dir_keeps_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pyphen, "hdcache", {})
    monkeypatch.setattr(hyphenation, "_kept_in", [])
    hyphenation.dictionary.cache_clear()
    monkeypatch.chdir(tmp_path)
    try:
        assert hyphenation.dictionary("en") is not None
    finally:
        hyphenation.dictionary.cache_clear()
    assert not list(tmp_path.rglob("*"))


@pytest.mark.parametrize("content", [b"[]", b'{"abc": [1, ["x"]]}', b'{"abc": "1"}', b"{}"])
def test_a_kept_dictionary_of_another_shape_is_parsed_again(cache_dir: Path, monkeypatch: pytest.MonkeyPatch,
                                                            content: bytes) -> None:
    # The kept file is data read from the project's cache dir: anything but the patterns `_parsed` writes is ignored.
    hyphenation.dictionary("de")
    [kept] = (cache_dir / "hyphenation").glob("*.json")
    kept.write_bytes(content)
    _fresh_process(monkeypatch)
    german = hyphenation.dictionary("de")
    assert german is not None and german.inserted("Ungeheuer") == "Un-ge-heuer"
