"""Content no legal Path of Destiny game can use: a side quest tier that asks for more matching cards than exist."""

from __future__ import annotations

from tests.conftest import Mutate, line_of


def test_a_side_quest_tier_beyond_the_matching_cards_is_found_at_its_threshold(mutated_example: Mutate) -> None:
    path, findings = mutated_example("characters.yaml", "{at_least: 4, vp: 8}]", "{at_least: 40, vp: 8}]", game="path-of-destiny")
    [dead] = [f for f in findings if f.code == "POD-SIDE-QUEST-DEAD"]
    assert (dead.file, dead.line) == (str(path), line_of(path, "{at_least: 40, vp: 8}"))
    assert "geralt-contract-ledger: tier 3 asks for 40 cards" in dead.message
