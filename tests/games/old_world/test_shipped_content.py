"""The shipped Old World content validates and checks clean, with the real component counts."""

from __future__ import annotations

from pathlib import Path

from pipeline.findings import Severity
from pipeline.games import find_game


def test_shipped_content_has_no_findings(content_root: Path) -> None:
    game = find_game("old-world")
    db, findings = game.load(content_root)
    findings += game.checks(db)
    assert [f.as_text() for f in findings if f.severity is Severity.ERROR] == []
    assert db.complete


def test_shipped_content_has_the_boxes_counts(content_root: Path) -> None:
    game = find_game("old-world")
    db, _ = game.load(content_root)
    counts = game.info(db).counts
    assert counts["schools"] == 5
    assert counts["starting_cards"] == 50
    assert counts["market_cards"] == 90
    assert counts["potions"] == 28
    assert counts["city_exploration"] == counts["wilds_exploration"] == 36
    assert counts["events"] == 56
    assert counts["monsters"] == counts["monster_tokens"] == 28
    assert counts["monster_fight_cards"] == 20
    assert counts["attribute_trophies"] == 8
    assert counts["witcher_trophies"] == 20
    assert counts["location_tokens"] == 18
    assert counts["locations"] == 19
