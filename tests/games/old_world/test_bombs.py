"""Monster Trail's Bomb cards mode (expansion sheet §9.5, §19 rule 21): the shipped deck, its print in English and
German, and content that breaks a rule, at the line that does."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.findings import Finding
from pipeline.games.old_world.content import OldWorldContent
from pipeline.games.old_world.spec import SPEC
from pipeline.rules.components import Face
from tests.conftest import copy_old_world, edit, line_of

CONTENT = Path(__file__).resolve().parents[3] / "content"
BOMBS = ("monster-trail", "monster-trail/bombs")


def found(root: Path, packs: tuple[str, ...] = BOMBS) -> list[tuple[str, int]]:
    db, findings = SPEC.load(root, packs)
    every: list[Finding] = findings + SPEC.checks(db, True) + SPEC.checks(db, False)
    return [(f.code, f.line) for f in every]


def bomb_faces(locale: str, packs: tuple[str, ...] = BOMBS) -> list[Face]:
    db, _ = SPEC.load(CONTENT, packs)
    assert SPEC.printing is not None
    components = SPEC.printing.components(db, SPEC.localizer(db, locale))
    return [face for deck in components.decks if deck.id == "bombs" for face in deck.faces]


def test_the_mode_adds_28_bombs_and_the_pack_alone_plays_it() -> None:
    """§9.1, rule 21: "28 Bomb cards"."""
    for packs in (BOMBS, ("monster-trail",)):
        db, findings = SPEC.load(CONTENT, packs)
        assert findings == [] and sum(b.copies for b in OldWorldContent(db).bombs) == 28
    assert OldWorldContent(SPEC.load(CONTENT, ("monster-trail", "monster-trail/troll"))[0]).bombs == []


def test_the_bombs_print_with_the_pack_symbol_in_english_and_german() -> None:
    english, german = bomb_faces("en"), bomb_faces("de")
    assert sum(face.copies for face in english) == 28 and {face.fields["symbol"] for face in english} == {"MT"}
    grapeshot = next(face for face in english if face.id == "bomb-grapeshot")
    assert "**Against a monster:**" in grapeshot.fields["rules"] and "**Against a witcher:**" in grapeshot.fields["rules"]
    kartaetsche = next(face for face in german if face.id == "bomb-grapeshot")
    assert kartaetsche.fields["name"] == "Kartätsche" and "**Gegen ein Monster:**" in kartaetsche.fields["rules"]
    dimeritium = next(face for face in german if face.id == "bomb-dimeritium")
    assert "Nur mit dem Modus Monsterschwächen & Spezialangriffe." in dimeritium.fields["rules"]
    assert bomb_faces("en", ()) == []


@pytest.mark.parametrize(
    ("old", "new", "code", "shown"),
    [
        # Rule 21: "Dimeritium Bombs require the Weakness/Special Attacks mode".
        ("    requires_mode: weakness\n", "", "OW-BOMB-MODE", "id: bomb-dimeritium"),
        ("requires_mode: weakness", "requires_mode: manticore", "OW-BOMB-MODE", "requires_mode: manticore"),
        # A mode no pack declares.
        ("requires_mode: weakness", "requires_mode: weaknes", "OW-BOMB-MODE", "requires_mode: weaknes"),
        # §9.1: 28 Bombs (the mode's `adds`).
        ("name: Grapeshot\n    copies: 4", "name: Grapeshot\n    copies: 3", "OW-COUNT", None),
    ],
)
def test_bombs_that_break_a_rule(tmp_path: Path, old: str, new: str, code: str, shown: str | None) -> None:
    root = copy_old_world(tmp_path)
    path = root / "old-world" / "packs" / "monster-trail" / "bombs" / "bombs.yaml"
    edit(path, old, new)
    at = line_of(path, shown) if shown else line_of(root / "old-world" / "game.yaml", "adds: {bombs: 28}")
    assert (code, at) in found(root)


@pytest.mark.parametrize(
    ("old", "new", "shown"),
    [
        # Rule 21: "Limits: Potions ≤ 4, Bombs ≤ 4".
        ("  rules:\n    hand_limit: 7\n", "  rules:\n    hand_limit: 7\n    bomb_hold_limit: 3\n", "bomb_hold_limit: 3"),
        ("potion_hold_limit: 4", "potion_hold_limit: 5", "potion_hold_limit: 5"),
    ],
)
def test_hold_limits_other_than_four_with_bombs(tmp_path: Path, old: str, new: str, shown: str) -> None:
    root = copy_old_world(tmp_path)
    path = root / "old-world" / "game.yaml"
    edit(path, old, new)
    assert ("OW-BOMB-LIMIT", line_of(path, shown)) in found(root)
    assert "OW-BOMB-LIMIT" not in [code for code, _ in found(root, ())]


def test_the_dimeritium_bomb_prints_what_the_engine_plays() -> None:
    """§9.5: "vs a witcher: play it before life pools are made; the opponent's Specialty counts as level 1 for this
    fight" (engine/fight.py `duel_bombs`); its monster side is the designed peek-and-discard."""
    packs = (*BOMBS, "monster-trail/weakness")
    english = next(face for face in bomb_faces("en", packs) if face.id == "bomb-dimeritium").fields["rules"]
    german = next(face for face in bomb_faces("de", packs) if face.id == "bomb-dimeritium").fields["rules"]
    assert ("**Against a witcher:** Before the life pools are made: your opponent's Specialty {icon:specialty} counts as "
            "level 1 for this fight.") in english
    assert "**Against a monster:** Look at the top 2 cards of your opponent's deck; discard up to 2" in english
    assert "Spezialisierung {icon:specialty} deines Gegners zählt in diesem Kampf als Stufe 1." in german
