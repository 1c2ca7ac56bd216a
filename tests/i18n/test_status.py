"""Status counts per locale: total, translated, fuzzy, missing, obsolete."""

from __future__ import annotations

from pathlib import Path

from pipeline.i18n.status import read_status
from tests.i18n.conftest import Edit, source_strings


def test_status_counts(game_dir: Path, edit_po: Edit) -> None:
    complete = read_status(source_strings(game_dir), game_dir, "de")
    assert complete.as_dict() == {
        "locale": "de", "total": 4, "translated": 4, "fuzzy": 0, "missing": 0, "obsolete": 0, "percent": 100.0, "complete": True,
    }
    edit_po('msgstr "Trophäe"', 'msgstr ""')
    edit_po('msgctxt "story:intro"', '#, fuzzy\nmsgctxt "story:intro"')
    status = read_status(source_strings(game_dir), game_dir, "de")
    assert (status.translated, status.fuzzy, status.missing, status.percent) == (2, 1, 1, 50.0)
    assert status.untranslated == ["label:trophy", "story:intro"] and not status.is_complete
    assert status.as_text() == "de: 2/4 translated (50.0%), 1 fuzzy, 1 missing, 0 obsolete"


def test_absent_catalog_counts_everything_missing(game_dir: Path) -> None:
    status = read_status(source_strings(game_dir), game_dir, "fr")
    assert (status.total, status.missing, status.translated) == (4, 4, 0)
