"""Monster Trail's Witcher Unique Action cards mode (expansion sheet §9.7, §19 rule 17) and Ciri's Unique card:
the shipped cards, their print, and content that breaks a rule, at the line that does."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.games.old_world.content import OldWorldContent
from pipeline.games.old_world.spec import SPEC
from pipeline.rules.components import Face
from tests.conftest import copy_old_world, edit, line_of

CONTENT = Path(__file__).resolve().parents[3] / "content"
UNIQUE = ("monster-trail", "monster-trail/unique-actions")
CARDS = Path("packs") / "monster-trail" / "unique-actions" / "unique-cards.yaml"


def found(root: Path, packs: tuple[str, ...] = UNIQUE) -> list[tuple[str, int]]:
    db, findings = SPEC.load(root, packs)
    return [(f.code, f.line) for f in findings + SPEC.checks(db, True) + SPEC.checks(db, False)]


def faces(packs: tuple[str, ...], locale: str = "en") -> dict[str, Face]:
    db, _ = SPEC.load(CONTENT, packs)
    assert SPEC.printing is not None
    components = SPEC.printing.components(db, SPEC.localizer(db, locale))
    return {face.id: face for deck in components.decks for face in deck.faces}


def decks(packs: tuple[str, ...]) -> dict[str, str]:
    db, _ = SPEC.load(CONTENT, packs)
    assert SPEC.printing is not None
    components = SPEC.printing.components(db, SPEC.localizer(db, "en"))
    return {face.id: deck.id for deck in components.decks for face in deck.faces}


def test_the_mode_adds_eleven_unique_cards_one_per_character() -> None:
    """§9.1: "11 Unique Action cards: one for each base witcher (5), the Manticore witcher (1) and each Mage (5)"."""
    db, findings = SPEC.load(CONTENT, UNIQUE)
    unique = [card for card in OldWorldContent(db).cards if card.unique]
    assert findings == [] and len(unique) == 11
    assert {card.school for card in unique} == {"wolf", "cat", "bear", "griffin", "viper", "manticore",
                                                "alzur", "ardea", "gekhira", "othar", "philippa"}


def test_unique_cards_print_with_their_owner_and_pack_symbol() -> None:
    """Monster Trail's Unique cards print as one deck, whoever is in the game; Ciri's with her starting deck."""
    printed, where = faces(UNIQUE), decks(UNIQUE)
    assert {where[card] for card in where if "-unique-" in card} == {"unique-actions"}
    assert printed["alzur-unique-alzurs-thunder"].fields["school"] == "Alzur"
    assert {printed[card].fields["symbol"] for card in where if "-unique-" in card} == {"MT"}
    assert faces(UNIQUE, "de")["wolf-unique-white-wolfs-fury"].fields["name"] == "Zorn des Weißen Wolfs"
    ciri = faces(("ciri",))["ciri-unique-dance-of-blades"]
    assert ciri.fields["symbol"] == "CI" and decks(("ciri",))["ciri-unique-dance-of-blades"] == "starting-ciri"
    assert not any("-unique-" in card for card in decks(()))


@pytest.mark.parametrize(
    ("old", "new", "shown", "occurrence"),
    [
        # §9.7: a Unique card joins its owner's starting deck.
        ("    school: wolf\n    unique: true\n", "    unique: true\n", "unique: true", 1),
        # Rule 17: one Unique card per character.
        ("    school: cat\n    unique: true\n", "    school: wolf\n    unique: true\n", "school: wolf", 2),
        ("    fight: {damage: 1, shield: 2}\n    extensions:\n      - {colors: [red], damage: 1}\n  - id: griffin",
         "    copies: 2\n    fight: {damage: 1, shield: 2}\n    extensions:\n      - {colors: [red], damage: 1}\n"
         "  - id: griffin", "copies: 2", 1),
    ],
)
def test_unique_cards_that_break_rule_17(tmp_path: Path, old: str, new: str, shown: str, occurrence: int) -> None:
    root = copy_old_world(tmp_path)
    path = root / "old-world" / CARDS
    edit(path, old, new)
    assert ("OW-UNIQUE-CARD", line_of(path, shown, occurrence)) in found(root)


def test_a_missing_unique_card_is_a_count_finding_at_the_mode(tmp_path: Path) -> None:
    root = copy_old_world(tmp_path)
    path = root / "old-world" / CARDS
    text = path.read_text(encoding="utf-8")
    path.write_text(text[:text.index("  - id: philippa-unique")], encoding="utf-8")
    assert ("OW-COUNT", line_of(root / "old-world" / "game.yaml", "adds: {unique_cards: 11}")) in found(root)
