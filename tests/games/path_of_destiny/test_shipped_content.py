"""The shipped Path of Destiny content validates and checks clean, with the box's component counts."""

from __future__ import annotations

from pathlib import Path

from pipeline.findings import Severity
from pipeline.games import find_game

GAME = "path-of-destiny"


def test_shipped_content_has_no_errors(content_root: Path) -> None:
    game = find_game(GAME)
    db, findings = game.load(content_root)
    findings += game.checks(db)
    assert [f.as_text() for f in findings if f.severity is Severity.ERROR] == []
    assert db.complete


def test_shipped_content_has_the_boxes_counts(content_root: Path) -> None:
    game = find_game(GAME)
    db, _ = game.load(content_root)
    counts = game.info(db).counts
    assert counts["characters"] == 5
    assert counts["action_cards"] == 68
    assert counts["starting_cards"] == 25
    assert counts["symbol_tokens"] == 160
    assert counts["lost_symbol_markers"] == 30
    assert counts["fate_markers"] == 3
    assert counts["path_markers"] == 2
    assert counts["automa_boards"] == 5
    assert game.engine is not None and game.engine.player_counts(db) == [1, 2, 3, 4, 5]


def test_every_string_has_a_unique_context(content_root: Path) -> None:
    game = find_game(GAME)
    db, _ = game.load(content_root)
    contexts = [s.context for s in game.strings(db)]
    assert len(contexts) == len(set(contexts))
    assert {"game:name", "game:symbols:magic:name", "character:geralt:side-quest:text", "action-card:aard-blast:name"} <= set(contexts)
