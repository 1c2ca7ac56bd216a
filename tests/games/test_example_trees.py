"""The small example trees (tests/fixtures/<game>/) are positive cases: complete content that passes
`validate` and `check` with no finding, so a negative test built on one sees only its own mistake."""

from __future__ import annotations

import pytest

from pipeline.games import find_game
from tests.conftest import FIXTURES

TREES = sorted(p.name for p in FIXTURES.iterdir() if p.is_dir())


def test_there_is_an_example_tree_per_game() -> None:
    assert TREES == ["adventure-game", "old-world", "path-of-destiny"]


@pytest.mark.parametrize("game", TREES)
def test_an_example_tree_passes_validate_and_check_without_a_finding(game: str) -> None:
    ruleset = find_game(game, FIXTURES)
    db, findings = ruleset.load(FIXTURES)

    assert [f.as_text() for f in findings + ruleset.checks(db)] == []

