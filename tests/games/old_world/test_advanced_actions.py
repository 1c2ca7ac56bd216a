"""Monster Trail's Advanced Action cards mode (expansion sheet §9.6, §19 rule 20): the shipped deck, and content that
breaks a rule, at the line that does."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.findings import Finding
from pipeline.games.old_world.content import OldWorldContent
from pipeline.games.old_world.spec import SPEC
from pipeline.rules.components import Face
from tests.conftest import copy_old_world, edit, line_of

CONTENT = Path(__file__).resolve().parents[3] / "content"
ADVANCED = ("monster-trail", "monster-trail/advanced-actions")


def found(root: Path, packs: tuple[str, ...] = ADVANCED) -> list[tuple[str, str, int]]:
    db, findings = SPEC.load(root, packs)
    every: list[Finding] = findings + SPEC.checks(db, True) + SPEC.checks(db, False)
    return [(f.code, Path(f.file).name, f.line) for f in every if f.severity.value == "error"]


def test_the_mode_adds_40_cards_of_10_kinds_and_the_pack_alone_plays_it() -> None:
    """§9.1: "40 Advanced Action cards (10 kinds × 4 copies)"; rule 20."""
    for packs in (ADVANCED, ("monster-trail",)):
        db, findings = SPEC.load(CONTENT, packs)
        advanced = OldWorldContent(db).advanced_cards
        assert findings == [] and sum(c.copies for c in advanced) == 40 and len({c.name for c in advanced}) == 10
        assert all(c.trash_cost and c.cost == 0 for c in advanced)
    assert OldWorldContent(SPEC.load(CONTENT, ("monster-trail", "monster-trail/troll"))[0]).advanced_cards == []
    assert found(CONTENT) == []


CARDS = "advanced-cards.yaml"


@pytest.mark.parametrize(
    ("file", "old", "new", "code", "shown"),
    [
        # Rule 20: a trash-cost card never matches a 0-, 1- or 2-cost effect: it prints no cost of its own.
        (CARDS, "name: Retaliation\n    color: red\n    terrain: mountain\n    cost: 0",
         "name: Retaliation\n    color: red\n    terrain: mountain\n    cost: 2", "OW-ADVANCED-COST", "cost: 2"),
        # §9.6: "always all 4 copies of a chosen kind".
        (CARDS, "name: Evasion\n    color: green\n    terrain: forest\n    cost: 0\n    copies: 4",
         "name: Evasion\n    color: green\n    terrain: forest\n    cost: 0\n    copies: 3", "OW-ADVANCED-DECK", "copies: 3"),
        # Rule 20: 10 distinct names (two kinds named alike make 9).
        (CARDS, "name: Deep Breath", "name: Quick Step", "OW-ADVANCED-DECK", "name: Quick Step#2"),
        # A traveling ability happens in Phase I: no fight to deal damage in.
        (CARDS, "travel: [{type: gain-gold, amount: 1}]", "travel: [{type: deal-damage, amount: 1}]",
         "OW-ADVANCED-ABILITY", "travel: [{type: deal-damage"),
        # A damage-discard passive has no combo of its own.
        (CARDS, "damage_discard: [{type: gain-gold, amount: 1}]", "damage_discard: [{type: draw-modifier, amount: 1}]",
         "OW-ADVANCED-ABILITY", "damage_discard: [{type: draw-modifier"),
        # Travel and passives belong to Advanced cards; a market card with one is not bought by a trash.
        (CARDS, "    trash_cost: true\n    travel: [{type: gain-gold", "    travel: [{type: gain-gold",
         "OW-ADVANCED-CARD", "travel: [{type: gain-gold"),
    ],
)
def test_advanced_cards_that_break_a_rule(tmp_path: Path, file: str, old: str, new: str, code: str, shown: str) -> None:
    root = copy_old_world(tmp_path)
    path = root / "old-world" / "packs" / "monster-trail" / "advanced-actions" / file
    edit(path, old, new)
    text, _, occurrence = shown.partition("#")
    assert (code, file, line_of(path, text, int(occurrence or 1))) in found(root)


def test_a_starting_card_with_a_trash_cost(tmp_path: Path) -> None:
    root = copy_old_world(tmp_path)
    path = root / "old-world" / "cards" / "starting-bear.yaml"
    edit(path, "    school: bear\n", "    school: bear\n    trash_cost: true\n")
    assert ("OW-ADVANCED-CARD", "starting-bear.yaml", line_of(path, "trash_cost: true")) in found(root, ())


def advanced_faces(locale: str, packs: tuple[str, ...] = ADVANCED) -> list[Face]:
    db, _ = SPEC.load(CONTENT, packs)
    assert SPEC.printing is not None
    components = SPEC.printing.components(db, SPEC.localizer(db, locale))
    return [face for deck in components.decks if deck.id == "advanced-actions" for face in deck.faces]


def test_the_cards_print_with_the_pack_symbol_and_their_trash_cost_in_english_and_german() -> None:
    """§9.6: the trash cost is the whole price, so the card shows the trash, not a number; the pack's symbol."""
    english, german = advanced_faces("en"), advanced_faces("de")
    assert sum(face.copies for face in english) == 40 and {face.fields["symbol"] for face in english} == {"MT"}
    assert all(face.fields["trash"] == "trash" and "cost" not in face.fields for face in english)
    endurance = next(face for face in english if face.id == "advanced-endurance")
    assert endurance.fields["abilities"] == "*Buy: trash 1 card from your hand.*\n**Travel (Phase I):** Draw 2 cards {icon:draw}."
    assert "fight" not in endurance.fields  # no fight ability: the panel stays empty
    vergeltung = next(face for face in german if face.id == "advanced-retaliation")
    assert vergeltung.fields["name"] == "Vergeltung" and "**Durch Schaden abgelegt:**" in vergeltung.fields["abilities"]
    assert advanced_faces("en", ()) == []
