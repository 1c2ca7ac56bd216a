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
