"""Text that provably fits: every shipped face fits its box; overflow names game, locale, component, field."""

import shutil
from pathlib import Path

import pytest

from pipeline.games import find_game
from pipeline.render.fit import fit_findings
from tests.conftest import print_check

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("locale", ["en", "de"])
def test_shipped_content_fits(locale: str, tmp_path: Path) -> None:
    ruleset = find_game("old-world")
    db, _ = ruleset.load(REPO / "content")
    findings = fit_findings(print_check(ruleset, db, locale), tmp_path)
    assert [f.as_text() for f in findings] == []


def test_overflow_is_a_finding_naming_the_field(tmp_path: Path) -> None:
    root = tmp_path / "content"
    shutil.copytree(REPO / "content" / "old-world", root / "old-world")
    events = root / "old-world" / "events" / "events-01-28.yaml"
    text = events.read_text(encoding="utf-8")
    long_intro = "The bell tolls again and again across the black water. " * 40
    events.write_text(text.replace("At the mere where the thieves sank the temple bell", long_intro, 1), encoding="utf-8")
    ruleset = find_game("old-world")
    db, _ = ruleset.load(root)
    findings = fit_findings(print_check(ruleset, db, "en"), tmp_path)
    assert [f.code for f in findings] == ["FIT-OVERFLOW"]
    finding = findings[0]
    assert "old-world [en] event 'event-1'" in finding.message
    assert "field 'body'" in finding.message and " mm at the minimum size 5.5pt" in finding.message
    assert finding.file.endswith("events-01-28.yaml") and finding.severity == "error"
    overflow = float(finding.message.split("by ")[1].split(" mm")[0])
    assert overflow > 20
