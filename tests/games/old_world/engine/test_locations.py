"""Location actions (reference §8)."""

from __future__ import annotations

from pipeline.games.old_world.engine.actions import Exchange, PoolTrash, TakeGold, Train
from pipeline.games.old_world.engine.locations import location_options, take_location_action
from pipeline.games.old_world.engine.state import GameState, PlayerState
from pipeline.games.old_world.enums import Attribute as A

from .conftest import drive


def arrive(s: GameState, location: str, seat: int = 0) -> PlayerState:
    p = s.players[seat]
    p.location = location
    p.moved_into = {location}
    p.actions_used = set()
    return p


def test_school_training_costs_level_plus_base(game) -> None:  # type: ignore[no-untyped-def]
    s = game(schools=["wolf", "cat"])
    p = arrive(s, "kaer-morhen")
    p.attributes[A.DEFENSE] = 2
    p.gold = 10
    drive(take_location_action(s, p, Train("defense")))
    assert p.gold == 10 - (2 + s.rules.school_train_cost_base)
    assert p.attributes[A.DEFENSE] == 3


def test_specialty_only_at_your_own_school_and_only_if_affordable(game) -> None:  # type: ignore[no-untyped-def]
    s = game(schools=["wolf", "cat"])
    p = arrive(s, "kaer-morhen")
    p.gold = 2
    assert Train("specialty") in location_options(s, p)
    p = arrive(s, "kaer-morhen", seat=1)
    p.gold = 9
    assert Train("specialty") not in location_options(s, p)
    p.gold = 1
    assert location_options(s, p) == []


def test_free_training_is_capped_by_the_witcher_level(game) -> None:  # type: ignore[no-untyped-def]
    s = game()
    p = arrive(s, "ban-ard")  # trains Alchemy
    assert location_options(s, p) == [Train("alchemy")]
    p.attributes[A.ALCHEMY] = 2
    assert location_options(s, p) == []
    p.level = 2
    assert location_options(s, p) == [Train("alchemy")]


def test_location_actions_need_a_move_in_and_happen_once(game) -> None:  # type: ignore[no-untyped-def]
    s = game()
    p = arrive(s, "loc-muinne")
    assert location_options(s, p) == [TakeGold()]
    gold = p.gold
    drive(take_location_action(s, p, TakeGold()))
    assert p.gold == gold + 1 and location_options(s, p) == []
    p.moved_into = set()
    p.actions_used = set()
    assert location_options(s, p) == []


def test_card_exchange_takes_a_card_up_to_one_dearer(game) -> None:  # type: ignore[no-untyped-def]
    s = game()
    p = arrive(s, "vengerberg")
    p.hand = ["jab"]
    costs = {i: s.tables.cards[c].cost for i, c in enumerate(s.market) if c is not None}
    offered = {a.slot for a in location_options(s, p) if isinstance(a, Exchange)}
    assert offered == {i for i, c in costs.items() if c <= 1}
    slot = min(offered)
    card = s.market[slot]
    drive(take_location_action(s, p, Exchange("jab", slot)))
    assert p.hand == [card] and s.trash == ["jab"]


def test_vizima_pays_pity_gold_and_trashes_market_cards(game) -> None:  # type: ignore[no-untyped-def]
    s = game()
    p = arrive(s, "vizima")
    p.gold = 0
    s.bank -= 2  # keep the accounts balanced for the invariant check
    s.players[1].gold += 2
    market = list(s.market)
    drive(take_location_action(s, p, PoolTrash((1, 4))))
    assert p.gold == 1
    assert sorted(s.trash) == sorted([market[1], market[4]])
    assert s.market[2:] == [market[0], market[2], market[3], market[5]]  # slid right, refilled on the left
