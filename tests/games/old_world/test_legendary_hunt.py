"""Legendary Hunt (expansion sheet §7; §19 rules 13-16): the pack's content and the check of each rule, with a
content change that breaks it, reported at the line that does."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pipeline.content.database import Database
from pipeline.findings import Finding
from pipeline.games.old_world.content import OldWorldContent
from pipeline.games.old_world.spec import SPEC
from tests.conftest import line_of

from .edits import checked_edit

CONTENT = Path(__file__).resolve().parents[3] / "content"
PACK = "legendary-hunt"
MOVEMENT = "packs/legendary-hunt/movement-cards.yaml"
FIGHT_CARDS = "packs/legendary-hunt/special-fight-cards.yaml"
TOKENS = "packs/legendary-hunt/destruction-tokens.yaml"
HELP = "packs/legendary-hunt/legendary-help-cards.yaml"
MONSTERS = "packs/legendary-hunt/legendary-monsters.yaml"


def changed(tmp_path: Path, file: str, old: str, new: str) -> tuple[Path, list[Finding]]:
    """The shipped content with one file changed (old -> new), loaded with Legendary Hunt, and every check."""
    return checked_edit(tmp_path, file, old, new, (PACK,), structure_only=False)


def every_marker_replaced(tmp_path: Path, old: str, new: str) -> tuple[Path, Database]:
    """The shipped content with every `old` of the Special Fight cards replaced, loaded with Legendary Hunt."""
    root = tmp_path / "content"
    shutil.copytree(CONTENT / "old-world", root / "old-world")
    path = root / "old-world" / FIGHT_CARDS
    path.write_text(path.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    db, findings = SPEC.load(root, (PACK,))
    assert findings == []
    return path, db


def codes(findings: list[Finding], code: str) -> list[tuple[str, int]]:
    return [(f.code, f.line) for f in findings if f.code == code]


def test_the_pack_holds_the_fact_sheets_components() -> None:
    # §7.1: 7 large legendary cards, 24 Destruction tokens, 1 large Help card, 20 Special Fight cards,
    # 12 Movement cards; with the Monster Pack the Kayran is an eighth legendary monster.
    db, findings = SPEC.load(CONTENT, (PACK,))
    assert findings == [] and SPEC.checks(db, False) == []
    counts = SPEC.info(db).counts
    assert (counts["legendary_monsters"], counts["destruction_tokens"], counts["legendary_help_cards"],
            counts["special_fight_cards"], counts["movement_cards"]) == (7, 24, 1, 20, 12)
    both, findings = SPEC.load(CONTENT, (PACK, "monster-pack"))
    assert findings == [] and SPEC.checks(both, False) == []
    assert SPEC.info(both).counts["legendary_monsters"] == 8


def test_the_golem_holds_the_attacks_of_the_source() -> None:
    # §7.3: Crushing Strength, Crushing the Armor, Elemental Power, Unstoppable Attack.
    db, _ = SPEC.load(CONTENT, (PACK,))
    golem = next(m for m in OldWorldContent(db).legendary_monsters if m.name == "Golem")
    assert [a.name for a in golem.attacks] == ["Crushing Strength", "Crushing the Armor", "Elemental Power",
                                               "Unstoppable Attack"]
    strength, armor, power, unstoppable = golem.attacks
    assert (strength.discard, strength.instead, strength.choice) == ("purple", 4, True)
    assert (armor.damage, armor.forbid, power.damage, power.forbid) == (3, "yellow", 3, "purple")
    assert (unstoppable.damage, unstoppable.discard, unstoppable.damage + unstoppable.instead) == (2, "yellow", 6)


def test_the_illustrated_movement_card() -> None:
    # §7.2: "One illustrated card reads 1p:2, 2p:2, 3p:3, 4p:4, 5p:4", secondary location 18 (§7.5).
    db, _ = SPEC.load(CONTENT, (PACK,))
    content = OldWorldContent(db)
    card = next(c for c in content.movement_cards if c.id == "movement-01")
    assert card.moves == {1: 2, 2: 2, 3: 3, 4: 4, 5: 4}
    assert content.location_by_id[card.secondary].number == 18


def test_the_base_game_has_no_legendary_hunt_content() -> None:
    db, _ = SPEC.load(CONTENT)
    content = OldWorldContent(db)
    assert (content.movement_cards, content.special_fight_cards, content.destruction_tokens) == ([], [], [])


@pytest.mark.parametrize(
    ("old", "new", "code", "shown"),
    [
        # Rule 13: main and secondary locations differ.
        ("main: glenmore, secondary: stygga", "main: glenmore, secondary: glenmore", "OW-LEGENDARY-MOVEMENT",
         "secondary: glenmore"),
        # Rule 13 [inferred]: location 0 never hosts a monster.
        ("main: glenmore, secondary: stygga", "main: loc-muinne, secondary: stygga", "OW-LEGENDARY-MOVEMENT",
         "main: loc-muinne"),
        # Rule 13: moves for each player count 1-5 ...
        ("moves: {1: 2, 2: 2, 3: 3, 4: 4, 5: 4}", "moves: {1: 2, 2: 2, 3: 3, 4: 4}", "OW-LEGENDARY-MOVES",
         "moves: {1: 2, 2: 2, 3: 3, 4: 4}"),
        # ... each a positive number ...
        ("moves: {1: 2, 2: 2, 3: 3, 4: 4, 5: 4}", "moves: {1: 2, 2: 0, 3: 3, 4: 4, 5: 4}", "OW-LEGENDARY-MOVES",
         "2: 0"),
        # ... and no other player count.
        ("moves: {1: 2, 2: 2, 3: 3, 4: 4, 5: 4}", "moves: {1: 2, 2: 2, 3: 3, 4: 4, 5: 4, 6: 4}", "OW-LEGENDARY-MOVES",
         "6: 4"),
        # Rule 13: 12 Movement cards.
        ("  - {id: movement-12, main: loc-ichaer, secondary: glenmore, moves: {1: 2, 2: 3, 3: 3, 4: 4, 5: 4}}\n", "",
         "OW-LEGENDARY-COUNT", "  - {id: movement-01"),
        # The locations exist.
        ("main: glenmore, secondary: stygga", "main: glenmoor, secondary: stygga", "REF-UNKNOWN", "main: glenmoor"),
    ],
)
def test_movement_cards_that_break_rule_13(tmp_path: Path, old: str, new: str, code: str, shown: str) -> None:
    path, findings = changed(tmp_path, MOVEMENT, old, new)
    assert codes(findings, code) == [(code, line_of(path, shown))]


@pytest.mark.parametrize(
    ("file", "old", "new", "code", "shown"),
    [
        # Rule 14: 20 Special Fight cards.
        (FIGHT_CARDS, "  - {id: special-fight-20, charge: {damage: 2}, bite: {damage: 3, special: 3}}\n", "",
         "OW-LEGENDARY-COUNT", "  - {id: special-fight-01"),
        # Rule 14: 24 Destruction tokens.
        (TOKENS, "    copies: 6\n", "    copies: 5\n", "OW-LEGENDARY-COUNT", "  - id: gold-and-draw"),
        # Rule 14: the "specific attribute" token names its attribute ...
        (TOKENS, "    attribute: combat\n", "", "OW-LEGENDARY-TOKEN", "    effect: attribute"),
        # ... and no other token names one.
        (TOKENS, "    effect: gold-and-draw\n", "    effect: gold-and-draw\n    attribute: combat\n",
         "OW-LEGENDARY-TOKEN", "    attribute: combat"),
        # Rule 15: the Protection never rises with trophies ...
        (HELP, "protection: [3, 2, 1, 0]", "protection: [3, 2, 3, 0]", "OW-LEGENDARY-PROTECTION",
         "protection: [3, 2, 3, 0]"),
        # ... falls to 0 ...
        (HELP, "protection: [4, 3, 2, 1, 0]", "protection: [4, 3, 2, 1, 1]", "OW-LEGENDARY-PROTECTION",
         "protection: [4, 3, 2, 1, 1]"),
        # ... and is given for each trophy-track position the side covers.
        (HELP, "protection: [3, 2, 1, 0]", "protection: [2, 1, 0]", "OW-LEGENDARY-PROTECTION",
         "protection: [2, 1, 0]"),
        # Rule 15: never negative (the model's bound, a schema finding at its line).
        (HELP, "protection: [3, 2, 1, 0]", "protection: [3, 2, 1, -1]", "SCHEMA", "protection: [3, 2, 1, -1]"),
        # Rule 16: a start location that can host a monster ...
        (MONSTERS, "start: cidaris", "start: loc-muinne", "OW-LEGENDARY-START", "start: loc-muinne"),
        # ... and exactly 4 Special Attacks.
        (MONSTERS, "      - id: avalanche\n        name: Avalanche\n        text: Take 4 damage.\n        damage: 4\n", "",
         "OW-LEGENDARY-ATTACKS", ("    attacks:", 2)),  # the Ice Giant's, the second card
        # An attack the engine cannot play: damage `instead` of no discard.
        (MONSTERS, "        text: Take 4 damage.\n        damage: 4\n",
         "        text: Take 4 damage.\n        damage: 4\n        instead: 2\n", "OW-LEGENDARY-ATTACK", "instead: 2"),
        # An ability that needs an amount has one.
        (MONSTERS, "rule: {type: damage-cap, amount: 5}", "rule: {type: damage-cap}", "OW-LEGENDARY-RULE",
         "rule: {type: damage-cap}"),
    ],
)
def test_content_that_breaks_rules_14_to_16(tmp_path: Path, file: str, old: str, new: str, code: str,
                                            shown: str | tuple[str, int]) -> None:
    path, findings = changed(tmp_path, file, old, new)
    text, occurrence = shown if isinstance(shown, tuple) else (shown, 1)
    assert codes(findings, code) == [(code, line_of(path, text, occurrence))]


def test_a_special_attack_no_card_marks(tmp_path: Path) -> None:
    # §7.2: a marked attack fires "the matching Special Attack": one no card marks could never fire.
    path, db = every_marker_replaced(tmp_path, "special: 2", "special: 1")
    findings = SPEC.checks(db, False)
    assert codes(findings, "OW-LEGENDARY-MARKER") == [("OW-LEGENDARY-MARKER", line_of(path, "  - {id: special-fight-01"))]
    assert "Special Attack 2" in next(f.message for f in findings if f.code == "OW-LEGENDARY-MARKER")
