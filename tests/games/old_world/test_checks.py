"""Each broken reference and each broken rule of the shipped content yields its own finding at the
line where the mistake is written (the shipped tree, copied, with one deliberate change)."""

from __future__ import annotations

import pytest

from pipeline.findings import Severity
from tests.conftest import Mutate, line_of

# (file, text to replace, replacement, expected code, text on the expected line)
BROKEN = [
    ("schools.yaml", "home: kaer-morhen", "home: kaer-morhenn", "OW-REF", "home: kaer-morhenn"),
    ("map.yaml", "connections: [kaer-morhen, stygga]", "connections: [kaer-morhen, styga]", "OW-REF", "styga"),
    ("monsters.yaml", "token: drowner-token", "token: drownr-token", "OW-REF", "drownr-token"),
    (
        "location-tokens.yaml",
        "location: hengfors, terrain: mountain",
        "location: hengfort, terrain: mountain",
        "OW-REF",
        "hengfort",
    ),
    ("trophies/witcher.yaml", "school: wolf", "school: wolff", "OW-REF", "school: wolff"),
    ("cards/starting-wolf.yaml", "school: wolf", "school: wulf", "OW-REF", "school: wulf"),
    ("exploration/city.yaml", "enter_event: 1}", "enter_event: 61}", "OW-EVENT-REF", "enter_event: 61"),
    ("events/events-01-28.yaml", "{type: enter-event, event: 17}", "{type: enter-event, event: 99}", "OW-EVENT-REF", "event: 99"),
    (
        "events/events-01-28.yaml",
        "{type: enter-event, event: 17}",
        "{type: enter-event, event: 3}",
        "OW-EVENT-CYCLE",
        "event: 3}",
    ),
    (
        "location-tokens.yaml",
        "location: hengfors, terrain: mountain",
        "location: hengfors, terrain: water",
        "OW-TOKEN-TERRAIN",
        "hengfors",
    ),
    (
        "map.yaml",
        "connections: [kaer-morhen, stygga]",
        "connections: [kaer-morhen, stygga, kaer-seren]",
        "OW-MAP-ASYMMETRIC",
        "kaer-seren]",
    ),
    ("monsters.yaml", "token: drowner-token", "token: ghoul-token", "OW-MONSTER-TOKEN", "token: ghoul-token"),
    (
        "events/events-01-28.yaml",
        "            branches:\n              - min: 1\n                max: 3\n                text: \"The count's",
        "            branches:  # broken\n              - min: 1\n                max: 4\n                text: \"The count's",
        "OW-DIE-BRANCHES",
        "branches:  # broken",
    ),
    (
        "events/events-29-56.yaml",
        "{type: gain-market-card, cost: 1, destination: discard}",
        "{type: gain-market-card, cost: 9, destination: discard}",
        "OW-MARKET-COST",
        "cost: 9",
    ),
    ("help-cards.yaml", "Hand limit: {hand_limit}.", "Hand limit: {hand_limt}.", "OW-PLACEHOLDER", "{hand_limt}"),
    ("exploration/city.yaml", "          kind: quest", "          kind: instant", "OW-EXPLORE-QUEST", "quest: {terrain"),
    ("game.yaml", "market_cards: 90", "market_cards: 91", "OW-COUNT", "market_cards: 91"),
    (
        "game.yaml",
        "slot_modifiers: [1, 1, 0, 0, 0, -1]",
        "slot_modifiers: [1, 0, 0, 0, 0, -1]",
        "OW-MARKET-SLOTS",
        "slot_modifiers",
    ),
    (
        "game.yaml",
        "    - {fatigue: 1, reputation: 1}",
        "    - {fatigue: 2, reputation: 1}",
        "OW-TRACK",
        "{fatigue: 2, reputation: 1}",
    ),
]


@pytest.mark.parametrize(("relative", "old", "new", "code", "marker"), BROKEN, ids=[f"{b[3]}:{b[0]}" for b in BROKEN])
def test_a_broken_content_file_yields_its_finding_at_its_line(
    mutated: Mutate, relative: str, old: str, new: str, code: str, marker: str
) -> None:
    path, findings = mutated(relative, old, new)
    matching = [f for f in findings if f.code == code]
    assert matching, f"no {code} in {[f.as_text() for f in findings]}"
    lines = {f.line for f in matching}
    assert line_of(path, marker) in lines, f"{code} at {sorted(lines)}, expected line of {marker!r}"
    assert all(f.file.endswith(relative) for f in matching)


def test_an_event_nothing_leads_to_is_a_warning(mutated: Mutate) -> None:
    path, findings = mutated("exploration/city.yaml", "enter_event: 1}", "enter_event: 2}")
    unreachable = [f for f in findings if f.code == "OW-EVENT-UNREACHABLE"]
    assert [(f.severity, f.message) for f in unreachable] == [(Severity.WARNING, "event 1 is never entered: nothing leads to it")]


def test_a_missing_event_number_is_a_gap(mutated: Mutate) -> None:
    path, findings = mutated("events/events-01-28.yaml", "  - number: 28\n", "  - number: 56\n")
    found = {f.code for f in findings}
    assert {"OW-EVENT-GAP", "CONTENT-DUPLICATE-ID"} <= found


def test_a_starting_deck_short_of_a_card_is_reported_at_its_school(mutated: Mutate) -> None:
    path, findings = mutated("cards/starting-wolf.yaml", "copies: 2", "copies: 1")
    assert "OW-START-DECK" in {f.code for f in findings}
    assert "OW-COUNT" in {f.code for f in findings}


def test_an_extension_with_a_non_combo_effect(mutated: Mutate) -> None:
    path, findings = mutated(
        "cards/market.yaml", "fight: {damage: 1}", "fight: {damage: 1, effects: [{type: gain-gold, amount: 1}]}"
    )
    assert [f.code for f in findings] == ["OW-CARD-EFFECT"]


def test_a_monster_stronger_than_the_fight_deck(mutated: Mutate) -> None:
    path, findings = mutated("monsters.yaml", "    life: 5\n", "    life: 21\n")
    assert [(f.code, f.line) for f in findings] == [("OW-MONSTER-LIFE", line_of(path, "life: 21"))]


def test_a_fixed_attack_amount_must_follow_the_rules(mutated: Mutate) -> None:
    path, findings = mutated("monster-fight-cards.yaml", "amount: [0, 1, 2]", "amount: [1, 1, 2]")
    assert [f.code for f in findings] == ["OW-FIGHT-CARD"]


def test_setup_must_keep_one_witcher_trophy_per_opponent(mutated: Mutate) -> None:
    path, findings = mutated("game.yaml", "witcher_trophies_per_player: 2", "witcher_trophies_per_player: 3")
    assert "OW-SETUP" in {f.code for f in findings}


def test_solo_tiers_must_partition_the_turn_counts(mutated: Mutate) -> None:
    path, findings = mutated("game.yaml", "min_turns: 9, max_turns: 10", "min_turns: 10, max_turns: 10")
    assert [f.code for f in findings] == ["OW-SOLO-TIERS"]
