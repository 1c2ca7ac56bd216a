"""The rule constants the rulebook states (reference §18 rules 9, 13, 15, 17, 21, 22): one error each, at its line."""

from __future__ import annotations

import pytest

from pipeline.findings import Severity
from tests.conftest import Mutate, line_of

GAME = "path-of-destiny"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("    hand_size: 5\n", "    hand_size: 6\n"),
        ("    xp_track_max: 20\n", "    xp_track_max: 25\n"),
        ("    automa_second_ability_xp: 8\n", "    automa_second_ability_xp: 10\n"),
        ("    alliance_limit_per_faction: 3\n", "    alliance_limit_per_faction: 4\n"),
        ("    scaled_max: 3\n", "    scaled_max: 4\n"),
    ],
)
def test_a_rule_constant_that_differs_from_the_rulebook(mutated_example: Mutate, old: str, new: str) -> None:
    path, findings = mutated_example("game.yaml", old, new, game=GAME)
    found = [(f.severity, f.line) for f in findings if f.code == "POD-RULES"]
    assert found == [(Severity.ERROR, line_of(path, new.strip()))]
