"""Rules 2 and 30 of reference §21: schools print in their own colours (an error) and the map keeps the
printed board's known data points (a warning), each at the line that breaks it."""

from __future__ import annotations

import pytest

from pipeline.findings import Severity
from tests.conftest import Mutate, line_of


def test_two_schools_of_one_colour(mutated_example: Mutate) -> None:
    path, findings = mutated_example("schools.yaml", 'color: "#d4a02a"', 'color: "#7C8591"')
    found = [(f.code, f.severity, f.line) for f in findings]
    assert found == [("OW-SCHOOL-COLOR", Severity.ERROR, line_of(path, '"#7C8591"'))]


@pytest.mark.parametrize(
    ("old", "new", "shown"),
    [
        ("    number: 13\n    name: Doldeth", "    number: 11  # doldeth\n    name: Doldeth", "# doldeth"),
        ("attribute: alchemy}", "attribute: combat}", "attribute: combat}"),
    ],
)
def test_a_known_data_point_of_the_board_that_differs(mutated_example: Mutate, old: str, new: str, shown: str) -> None:
    path, findings = mutated_example("map.yaml", old, new)
    facts = [(f.severity, f.line) for f in findings if f.code == "OW-MAP-FACT"]
    assert facts == [(Severity.WARNING, line_of(path, shown))]


def test_a_known_terrain_that_differs(mutated_example: Mutate) -> None:
    # Doldeth's terrain and its location token change together, so only the known data point differs.
    mutated_example("location-tokens.yaml", "location: doldeth, terrain: mountain", "location: doldeth, terrain: forest")
    path, findings = mutated_example("map.yaml", "    name: Doldeth\n    terrain: mountain", "    name: Doldeth\n    terrain: forest  # doldeth")
    facts = [(f.code, f.severity, f.line) for f in findings if f.code.startswith("OW-MAP")]
    assert facts == [("OW-MAP-FACT", Severity.WARNING, line_of(path, "# doldeth"))]


def test_a_school_specialty_used_more_than_once_per_fight(mutated_example: Mutate) -> None:
    path, findings = mutated_example("schools.yaml", "      limit: once-per-fight\n", "      limit: once-per-turn\n")
    found = [(f.code, f.severity, f.line) for f in findings]
    assert found == [("OW-SCHOOL-SPECIALTY", Severity.ERROR, line_of(path, "limit: once-per-turn"))]


@pytest.mark.parametrize(
    ("old", "new", "code", "shown"),
    [
        ("seats: [{cards: 3, gold: 2}, {cards: 5, gold: 4}]", "seats: [{cards: 3, gold: 2}, {cards: 5, gold: 5}]", "OW-SETUP", "gold: 5}]"),
        ("monster_levels: [1, 1, 2]", "monster_levels: [1, 2, 2]", "OW-SETUP", "[1, 2, 2]"),
        ("attribute_trophies: 1\n", "attribute_trophies: 2\n", "OW-SETUP", "attribute_trophies: 2"),
        ("      three-of-a-kind: 2\n", "      three-of-a-kind: 3\n", "OW-POKER-PAYOUT", "three-of-a-kind: 3"),
        ("max_turns: 6,", "max_turns: 5,", "OW-SOLO-TIERS", "solo_tiers:"),
    ],
)
def test_a_setup_table_that_differs_from_the_rulebook(mutated_example: Mutate, old: str, new: str, code: str, shown: str) -> None:
    path, findings = mutated_example("game.yaml", old, new)
    found = [(f.code, f.severity, f.line) for f in findings if f.severity is Severity.ERROR]
    assert found == [(code, Severity.ERROR, line_of(path, shown))]


def test_a_known_water_location_that_differs(mutated_example: Mutate) -> None:
    # The expansion sheet's rule 6 on the base board: Cidaris is water (token and location change together).
    mutated_example("location-tokens.yaml", "location: cidaris, terrain: water", "location: cidaris, terrain: forest")
    path, findings = mutated_example("map.yaml", "    name: Cidaris\n    terrain: water", "    name: Cidaris\n    terrain: forest  # cidaris")
    facts = [(f.code, f.severity, f.line) for f in findings if f.code.startswith("OW-MAP")]
    assert facts == [("OW-MAP-FACT", Severity.WARNING, line_of(path, "# cidaris"))]
