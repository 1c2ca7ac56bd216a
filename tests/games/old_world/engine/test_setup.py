"""Setup by player count (reference §5, §14.1)."""

from __future__ import annotations

import pytest

from pipeline.games.old_world.engine import Tables, new_game
from pipeline.games.old_world.engine.actions import BonusAttribute, PlaceMonster
from pipeline.games.old_world.enums import Attribute as A


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_seat_table_trophies_and_monsters(tables: Tables, players: int) -> None:
    s = new_game(tables, players, seed=7)
    profile = tables.profile(players)
    while s.decision is not None and s.decision.kind in ("place-monster", "bonus-attribute"):
        s.apply(s.decision.actions[0])
    for p, seat in zip(s.players, profile.seats, strict=True):
        assert len(p.hand) == seat.cards and p.gold == seat.gold
        assert len(p.own_witcher_trophies) == profile.witcher_trophies_per_player == players - 1
        assert p.location == tables.schools[p.school].home and p.shield == s.rules.shield_start
    assert len(s.attribute_trophies) == profile.attribute_trophies
    levels = sorted(tables.monsters[v[1]].level for v in s.slots.values() if v is not None)
    assert levels == sorted(profile.monster_levels)
    assert len(s.extra_stack) == profile.extra_level1_stack == max(0, players - 3)
    assert all(tables.monsters[m].level == 1 for m in s.extra_stack)
    assert len([c for c in s.market if c is not None]) == 6
    assert all(tables.cards[c].cost == 0 for c in s.market[3:])  # three 0-cost cards on the right


def test_two_players_let_the_starting_player_place_the_level_two_monster(tables: Tables) -> None:
    s = new_game(tables, 2, seed=3)
    assert s.decision is not None and s.decision.kind == "place-monster" and s.current_player == 0
    s.apply(PlaceMonster("mountain"))
    slot = s.slots[next(t for t in s.slots if t.value == "mountain")]
    assert slot is not None and tables.monsters[slot[1]].level == 2


def test_four_and_five_players_raise_a_bonus_attribute_in_seat_order(tables: Tables) -> None:
    s = new_game(tables, 4, seed=3)
    for seat in range(4):
        assert s.decision is not None and s.decision.kind == "bonus-attribute" and s.current_player == seat
        s.apply(BonusAttribute("defense"))
    assert all(p.attributes[A.DEFENSE] == 2 and p.shield == 2 for p in s.players)


def test_schools_can_be_chosen(tables: Tables) -> None:
    s = new_game(tables, 2, seed=1, options={"schools": ["bear", "viper"]})
    assert [p.school for p in s.players] == ["bear", "viper"]
