"""Each runtime invariant of reference §21.9 that the engine checks is seen when a state breaks it; setup gives
no two players one school (the expansion sheet's §19 rule 18, for the base game)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from pipeline.games.old_world.engine import Tables, new_game
from pipeline.games.old_world.engine.invariants import violations
from pipeline.games.old_world.engine.state import GameState
from pipeline.games.old_world.enums import Attribute


def two_slots_one_monster(s: GameState) -> None:
    (_, first), (terrain, second) = [(t, slot) for t, slot in s.slots.items() if slot is not None][:2]
    s.slots[terrain] = (second[0], first[1])  # the second slot keeps its token but takes the first slot's monster


def lowered_after_the_top(s: GameState) -> None:
    s.players[0].maxed.add(Attribute.COMBAT)


def over_the_hand_limit(s: GameState) -> None:
    p = s.players[0]
    while len(p.hand) <= s.rules.hand_limit:
        p.hand.append(p.deck.pop())


def over_the_potion_limit(s: GameState) -> None:
    while len(s.players[0].potions) <= s.rules.potion_hold_limit:
        s.players[0].potions.append(s.potion_deck.pop())


BREAKS: list[tuple[int, Callable[[GameState], None], str]] = [
    (63, two_slots_one_monster, "a monster occupies two slots"),
    (64, lambda s: s.players[0].attributes.__setitem__(Attribute.ALCHEMY, s.rules.attribute_max + 1), "alchemy 6 is out of bounds"),
    (64, lowered_after_the_top, "combat was lowered after reaching the top"),
    (64, lambda s: setattr(s.players[0], "level", 0), "witcher level 0 is out of bounds"),
    (65, lambda s: setattr(s.players[0], "shield", 2), "shield 2 is outside 0..Defense"),
    (66, over_the_potion_limit, "potions"),
    (67, over_the_hand_limit, "cards"),
    (68, lambda s: setattr(s.players[0], "track", s.rules.win_trophies + 1), "is past the top"),
    (72, lambda s: setattr(s.players[0], "gold", -1), "has negative gold"),
    (73, lambda s: s.fight_deck.pop(), "monster fight cards are not conserved"),
]


@pytest.mark.parametrize(("rule", "break_it", "message"), BREAKS, ids=[f"rule-{r}-{m}" for r, _, m in BREAKS])
def test_a_broken_invariant_is_seen(tables: Tables, rule: int, break_it: Callable[[GameState], None], message: str) -> None:
    s = new_game(tables, 3, 9)  # three players: every monster slot is filled at setup
    assert violations(s) == []
    break_it(s)
    assert any(message in v for v in violations(s)), (rule, violations(s))


@pytest.mark.parametrize("seed", range(5))
def test_setup_deals_every_player_a_school_of_their_own(tables: Tables, seed: int) -> None:
    s = new_game(tables, 5, seed)
    assert sorted(p.school for p in s.players) == sorted(tables.schools)
