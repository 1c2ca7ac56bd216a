"""Each broken reference and each broken rule yields its own finding at the line where the mistake is
written (the small example tree tests/fixtures/old-world/, copied, with one deliberate change)."""

from __future__ import annotations

import pytest

from pipeline.findings import Severity
from pipeline.games.old_world.effects import GainGold
from tests.conftest import Mutate, line_of

# (file, text to replace, replacement, expected code, text on the expected line)
BROKEN = [
    ("schools.yaml", "home: kaer-morhen", "home: kaer-morhenn", "REF-UNKNOWN", "home: kaer-morhenn"),
    ("map.yaml", "connections: [kaer-morhen, stygga]", "connections: [kaer-morhen, styga]", "REF-UNKNOWN", "styga"),
    ("monsters.yaml", "token: drowner-token", "token: drownr-token", "REF-UNKNOWN", "drownr-token"),
    (
        "location-tokens.yaml",
        "location: hengfors, terrain: mountain",
        "location: hengfort, terrain: mountain",
        "REF-UNKNOWN",
        "hengfort",
    ),
    ("trophies/witcher.yaml", "school: wolf", "school: wolff", "REF-UNKNOWN", "school: wolff"),
    ("cards/starting-wolf.yaml", "school: wolf", "school: wulf", "REF-UNKNOWN", "school: wulf"),
    ("exploration/city.yaml", "enter_event: 1}", "enter_event: 61}", "OW-EVENT-REF", "enter_event: 61"),
    ("events/events-1-3.yaml", "{type: enter-event, event: 4}", "{type: enter-event, event: 99}", "OW-EVENT-REF", "event: 99"),
    (
        "events/events-1-3.yaml",
        "{type: enter-event, event: 4}",
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
        "events/events-1-3.yaml",
        "        branches:\n          - min: 1\n            max: 2\n",
        "        branches:  # broken\n          - min: 1\n            max: 3\n",
        "OW-DIE-BRANCHES",
        "branches:  # broken",
    ),
    (
        "exploration/city.yaml",
        "{type: gain-market-card, cost: 1, destination: discard}",
        "{type: gain-market-card, cost: 9, destination: discard}",
        "OW-MARKET-COST",
        "cost: 9",
    ),
    ("help-cards.yaml", "Hand limit: {hand_limit}.", "Hand limit: {hand_limt}.", "OW-GUIDE-PLACEHOLDER", "{hand_limt}"),
    ("exploration/city.yaml", "          kind: quest", "          kind: instant", "OW-EXPLORE-QUEST", "quest: {terrain"),
    ("game.yaml", "market_cards: 33", "market_cards: 34", "OW-COUNT", "market_cards: 34"),
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
    mutated_example: Mutate, relative: str, old: str, new: str, code: str, marker: str
) -> None:
    path, findings = mutated_example(relative, old, new)
    matching = [f for f in findings if f.code == code]
    assert matching, f"no {code} in {[f.as_text() for f in findings]}"
    lines = {f.line for f in matching}
    assert line_of(path, marker) in lines, f"{code} at {sorted(lines)}, expected line of {marker!r}"
    assert all(f.file.endswith(relative) for f in matching)


def test_an_event_nothing_leads_to_is_a_warning(mutated_example: Mutate) -> None:
    path, findings = mutated_example("exploration/city.yaml", "enter_event: 1}", "enter_event: 2}")
    unreachable = [f for f in findings if f.code == "OW-EVENT-UNREACHABLE"]
    assert [(f.severity, f.message) for f in unreachable] == [(Severity.WARNING, "event 1 is never entered: nothing leads to it")]


def test_a_missing_event_number_is_a_gap(mutated_example: Mutate) -> None:
    path, findings = mutated_example("events/events-1-3.yaml", "  - number: 3\n", "  - number: 4\n")
    found = {f.code for f in findings}
    assert {"OW-EVENT-GAP", "CONTENT-DUPLICATE-ID"} <= found


def test_a_starting_deck_short_of_a_card_is_reported_at_its_school(mutated_example: Mutate) -> None:
    path, findings = mutated_example("cards/starting-wolf.yaml", "copies: 2", "copies: 1")
    assert "OW-START-DECK" in {f.code for f in findings}
    assert "OW-COUNT" in {f.code for f in findings}


GOLD_ON_A_CARD = ("cards/market.yaml", "fight: {damage: 1}", "fight: {damage: 1, effects: [{type: gain-gold, amount: 1}]}")
# What makes sense when a combo resolves (reference §21 rule 18): damage, shield, draw, card moves.
COMBO = ("deal-damage, discard-random-from-hand, draw-cards, draw-modifier, gain-energy, gain-protection, "
         "peek-opponent-deck, per-energy, put-back-on-deck, raise-shield, return-this-card-to-hand, roll-die, roll-tiers, "
         "search-discard-for-any, take-top-of-discard")


def test_an_extension_with_a_non_combo_effect(mutated_example: Mutate) -> None:
    path, findings = mutated_example(*GOLD_ON_A_CARD)
    assert [(f.code, f.hint) for f in findings] == [("OW-CARD-EFFECT", f"allowed on cards: {COMBO}")]


def test_whether_an_effect_may_happen_in_a_combo_is_a_property_of_its_class(
    mutated_example: Mutate, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(GainGold, "in_combo", True)
    path, findings = mutated_example(*GOLD_ON_A_CARD)
    assert findings == []


def test_a_monster_stronger_than_the_fight_deck(mutated_example: Mutate) -> None:
    path, findings = mutated_example("monsters.yaml", "    life: 5\n", "    life: 21\n")
    assert [(f.code, f.line) for f in findings] == [("OW-MONSTER-LIFE", line_of(path, "life: 21"))]


def test_a_fixed_attack_amount_must_follow_the_rules(mutated_example: Mutate) -> None:
    path, findings = mutated_example("monster-fight-cards.yaml", "amount: [0, 1, 2]", "amount: [1, 1, 2]")
    assert [f.code for f in findings] == ["OW-FIGHT-CARD"]


def test_setup_must_keep_one_witcher_trophy_per_opponent(mutated_example: Mutate) -> None:
    path, findings = mutated_example("game.yaml", "witcher_trophies_per_player: 1", "witcher_trophies_per_player: 2")
    assert "OW-SETUP" in {f.code for f in findings}


def test_solo_tiers_must_partition_the_turn_counts(mutated_example: Mutate) -> None:
    path, findings = mutated_example("game.yaml", "min_turns: 9, max_turns: 10", "min_turns: 10, max_turns: 10")
    assert [f.code for f in findings] == ["OW-SOLO-TIERS"]


# One mutation (or a few, applied in turn) per remaining rule: (changes, expected code, text on its line or None).
MORE_BROKEN = [
    ([("monsters.yaml", "      timing: fight-first-turn\n      limit: once-per-fight\n      condition: {hand_size_at_most: 1}",
       "      timing: phase-1\n      limit: once-per-fight\n      condition: {hand_size_at_most: 1}")], "OW-ABILITY-TIMING", "timing: phase-1"),
    ([("cards/market.yaml", "    fight: {damage: 1}\n    extensions:\n      - {colors: [red]}",
       "    fight: {}\n    extensions:\n      - {colors: [red]}")], "OW-CARD-EMPTY", "fight: {}"),
    ([("events/events-1-3.yaml", "  - number: 3\n", "  - number: 57\n")], "OW-EVENT-RANGE", "number: 57"),
    # The one set the 2-player game deals (copy 1 of each attribute) would lack combat.
    ([("trophies/attribute.yaml", "    copy_index: 1\n", "    copy_index: 2\n")], "OW-TROPHY-ATTRIBUTE", "copy_index: 2"),
    ([("game.yaml", "      bonus_attribute_levels: 0\n", "      bonus_attribute_levels: 1\n")], "OW-SETUP",
     "bonus_attribute_levels: 1"),
    ([("events/events-1-3.yaml", "    type: test", "    type: short-fight")], "OW-EVENT-TYPE", "type: short-fight"),
    ([("game.yaml", "levelup_draw: {2: 1, 3: 1, 4: 2, 5: 2}", "levelup_draw: {2: 1, 3: 2, 4: 2, 5: 2}")], "OW-LEVELUP", "levelup_draw"),
    ([("map.yaml", "{type: train-attribute, attribute: alchemy}", "{type: train-attribute, attribute: specialty}")],
     "OW-MAP-ACTION", "attribute: specialty"),
    ([("map.yaml", "    action: {type: special}", "    action: {type: potion}")], "OW-MAP-ACTION-COUNT", None),
    ([("map.yaml", "    connections: [kaer-morhen, stygga]", "    connections: [kaer-morhen]"),
      ("map.yaml", "    connections: [kaer-seren, kaer-morhen, ban-ard, novigrad]", "    connections: [kaer-seren, ban-ard, novigrad]"),
      ("map.yaml", "    connections: [loc-muinne, hengfors, ban-ard, vengerberg]", "    connections: [loc-muinne]"),
      ("map.yaml", "    connections: [hengfors, kaer-morhen, novigrad, vizima, vengerberg]",
       "    connections: [hengfors, novigrad, vizima, vengerberg]"),
      ("map.yaml", "    connections: [kaer-morhen, ban-ard, vizima, haern-caduch, stygga]",
       "    connections: [ban-ard, vizima, haern-caduch, stygga]")], "OW-MAP-DISCONNECTED", None),
    ([("map.yaml", "    name: Hengfors", "    name: Kaer Seren")], "OW-MAP-NAME", ("    name: Kaer Seren", 2)),
    ([("map.yaml", "    number: 2\n    name: Hengfors", "    number: 1\n    name: Hengfors")], "OW-MAP-NUMBER", None),
    ([("map.yaml", "position: {x: 543, y: 154}", "position: {x: 5430, y: 154}")], "OW-MAP-POSITION", "x: 5430"),
    ([("map.yaml", "    connections: [kaer-morhen, stygga]", "    connections: [kaer-morhen, stygga, loc-muinne]")],
     "OW-MAP-SELF", "loc-muinne]"),
    ([("cards/market.yaml", "    cost: 0\n", "    cost: 1\n", 3)], "OW-MARKET-ZERO", None),
    ([("monsters.yaml", "    level: 3\n", "    level: 2\n", -1), ("monster-tokens.yaml", "level: 3", "level: 2", -1)],
     "OW-MONSTER-STOCK", None),
    ([("cards/market.yaml", "    name: Axii\n", "    name: Aard\n")], "OW-NAME-DUPLICATE", ("    name: Aard", 2)),
    ([("game.yaml", "five-of-a-kind: 6", "five-of-a-kind: 4")], "OW-POKER-PAYOUT", "solo_payout"),
    ([("game.yaml", "ranking: [nothing, pair, two-pairs", "ranking: [pair, nothing, two-pairs")], "OW-POKER-RANKING", "ranking:"),
    ([("schools.yaml", "home: kaer-morhen", "home: dhuwod")], "OW-SCHOOL-HOME", "home: dhuwod"),
    ([("game.yaml", "{cards: 3, gold: 2}, {cards: 5, gold: 4}]", "{cards: 3, gold: 2}, {cards: 5, gold: 1}]")],
     "OW-SETUP-SEATS", None),
    ([("schools.yaml", "        - [{type: deal-damage, amount: 3}, {type: draw-cards, amount: 2}]",
       "        - [{type: deal-damage, amount: 1}]")], "OW-SPECIALTY-WEAKER", ("        - [{type: deal-damage, amount: 1}]", 2)),
    ([("cards/starting-bear.yaml", "terrain: water", "terrain: forest", -1)], "OW-START-TERRAIN", None),
    ([("texts/effects.yaml", 'text: "Gain {amount} {icon:gold}."', 'text: "Gain {amount} {icon:gold} from {patron}."')],
     "OW-TEXT-UNFILLED", "{patron}"),
    ([("location-tokens.yaml", "location: hengfors, terrain: mountain", "location: loc-muinne, terrain: mountain")],
     "OW-TOKEN-LOCATION", "location: loc-muinne"),
    ([("map.yaml", "    name: Hengfors\n    terrain: mountain", "    name: Hengfors\n    terrain: forest"),
      ("location-tokens.yaml", "location: hengfors, terrain: mountain", "location: hengfors, terrain: forest")], "OW-TOKEN-SPLIT", None),
    ([("game.yaml", "    - {fatigue: 2, reputation: 3}\n    - {fatigue: 2, reputation: 3}",
       "    - {fatigue: 2, reputation: 1}\n    - {fatigue: 2, reputation: 3}")], "OW-TRACK-ORDER", "{fatigue: 2, reputation: 1}"),
    ([("trophies/attribute.yaml", "attribute: combat", "attribute: defense")], "OW-TROPHY-ATTRIBUTE", None),
    ([("trophies/witcher.yaml", "school: wolf", "school: cat")], "OW-TROPHY-WITCHER", None),
    ([("guide/01-basics.yaml", "      - id: winning\n", "      - id: setup-table\n")], "OW-GUIDE-DUPLICATE", None),
    ([("guide/01-basics.yaml", "      - id: setup-table\n", "      - id: game-end  # clash\n")], "OW-GUIDE-CLASH", "# clash"),
    ([("guide/01-basics.yaml", "            source: setup-seats\n", "            source: setup-seats\n            rows: [{id: a, cells: [{id: b, text: c}]}]\n")],
     "OW-GUIDE-TABLE", None),
    ([("guide/01-basics.yaml", "            source: setup-seats\n", "            source: seat-table\n")],
     "OW-GUIDE-TABLE", "source: seat-table"),
]


@pytest.mark.parametrize(("changes", "code", "marker"), MORE_BROKEN, ids=[b[1] for b in MORE_BROKEN])
def test_each_consistency_rule_has_its_finding(mutated_example: Mutate, changes: list[tuple], code: str, marker: object) -> None:
    for change in changes:
        path, findings = mutated_example(*change)
    matching = [f for f in findings if f.code == code]
    assert matching, f"no {code} in {[f.as_text() for f in findings]}"
    if marker is not None:
        text, occurrence = marker if isinstance(marker, tuple) else (marker, 1)
        assert line_of(path, text, occurrence) in {f.line for f in matching}, f"{code} at {[f.line for f in matching]}"


def test_an_event_numbered_0_is_found_at_its_line_not_at_the_content_folder(mutated_example: Mutate) -> None:
    """The schema rejects the event; the deck counts it as written (not missing) at the line that writes it."""
    path, findings = mutated_example("events/events-1-3.yaml", "  - number: 1\n", "  - number: 0\n")
    line = line_of(path, "number: 0")
    assert {(f.code, f.file, f.line) for f in findings if f.code in ("SCHEMA", "OW-EVENT-RANGE")} == {
        ("SCHEMA", path.as_posix(), line), ("OW-EVENT-RANGE", path.as_posix(), line)}


def test_a_tree_without_a_manifest(mutated_example: Mutate, tmp_path) -> None:  # type: ignore[no-untyped-def]
    path, _ = mutated_example("game.yaml", "kind: game", "kind: game")
    path.unlink()
    from pipeline.games import find_game

    game = find_game("old-world")
    db, findings = game.load(path.parent.parent)
    assert "OW-MANIFEST" in {f.code for f in findings + game.checks(db)}



def test_a_check_reading_a_renamed_field_fails_instead_of_pointing_at_the_parent(mutated: Mutate) -> None:
    """Write `home` as `seat` in the loaded file (what the loader gives once the model field is renamed)
    and leave the check reading `home`: it raises MissingPosition naming file and path, where the old
    fallback put OW-SCHOOL-HOME at the school's line."""
    from pipeline.content.yaml_loader import MissingPosition
    from pipeline.games import find_game

    path, _ = mutated("schools.yaml", "home: kaer-morhen", "home: dhuwod")  # OW-SCHOOL-HOME fires at `home`
    game = find_game("old-world")
    db, findings = game.load(path.parent.parent)
    assert findings == []
    [loaded] = [loaded for _, loaded in db.files if loaded.display.endswith("schools.yaml")]

    def seat(key: tuple[str | int, ...]) -> tuple[str | int, ...]:
        return tuple("seat" if part == "home" else part for part in key)

    loaded.positions = {seat(key): pos for key, pos in loaded.positions.items()}
    loaded.key_positions = {seat(key): pos for key, pos in loaded.key_positions.items()}
    for school in loaded.data["schools"]:
        school["seat"] = school.pop("home")
    with pytest.raises(MissingPosition, match=r"schools\.yaml: no node at schools\[0\]\.home"):
        game.checks(db)


def test_a_deck_with_no_events_left_is_a_gap_at_the_manifest_line_that_numbers_them(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Every finding names a file: with no event left to point at, the gap is found where the packs number them."""
    import shutil

    from pipeline.app.check import validate
    from pipeline.games import find_game
    from tests.conftest import FIXTURES

    shutil.copytree(FIXTURES / "old-world", tmp_path / "old-world")
    for events in (tmp_path / "old-world" / "events").glob("*.yaml"):
        events.unlink()
    [gap] = [f for f in validate([find_game("old-world")], tmp_path).findings if f.code == "OW-EVENT-GAP"]
    manifest = tmp_path / "old-world" / "game.yaml"
    assert (gap.file, gap.line) == (manifest.as_posix(), line_of(manifest, "packs:"))
