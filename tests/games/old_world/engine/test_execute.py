"""Every effect class of the vocabulary has an executor, and each one executes."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import TypeAdapter

from pipeline.games.old_world.effects import EFFECTS, OldWorldEffect
from pipeline.games.old_world.engine.actions import Discard, Pass, PeekDiscard, PeekOrder, TakeCard
from pipeline.games.old_world.engine.execute import EXECUTORS, Ctx, run_effects
from pipeline.games.old_world.engine.state import FightState, GameState
from pipeline.games.old_world.enums import Attribute as A

from .conftest import decisions, drive

ADAPTER: TypeAdapter[Any] = TypeAdapter(OldWorldEffect)
GOLD = [{"type": "gain-gold", "amount": 1}]

# One example per effect type and what it must change on seat 0 (None: it must just run).
CASES: dict[str, tuple[dict[str, Any], Any]] = {
    "gain-gold": ({"amount": 2}, lambda s, p, b: p.gold == b["gold"] + 2),
    "lose-gold": ({"amount": 20}, lambda s, p, b: p.gold == 0),  # as much as possible
    "raise-attribute": ({"attribute": "combat"}, lambda s, p, b: p.attributes[A.COMBAT] == 2),
    "lower-attribute": ({"attribute": "defense"}, lambda s, p, b: p.attributes[A.DEFENSE] == 1),
    "raise-shield": ({"amount": 1}, lambda s, p, b: p.shield == 2),
    "lower-shield": ({"amount": 1}, lambda s, p, b: p.shield == 0),
    # No Trophy card yet: nothing to lower (tests/games/old_world/test_dagon.py lowers it per card).
    "lower-shield-per-trophy": ({"amount": 1}, lambda s, p, b: p.shield == 1),
    "set-shield": ({"value": 0}, lambda s, p, b: p.shield == 0),
    "lower-defense-this-fight": ({}, lambda s, p, b: p.shield == 1),
    "gain-potion": ({}, lambda s, p, b: len(p.potions) == 2),
    "discard-potions": ({"amount": "all"}, lambda s, p, b: p.potions == []),
    "draw-cards": ({"amount": 2}, lambda s, p, b: len(p.hand) == b["hand"] + 2),
    "draw-modifier": ({"amount": -1}, lambda s, p, b: s.fight.draw_mod == -1),
    "discard-random-from-hand": ({"amount": 1}, lambda s, p, b: len(p.hand) == b["hand"] - 1),
    "discard-from-deck-top": ({"amount": 2}, lambda s, p, b: len(p.deck) == b["deck"] - 2),
    "trash-cards": ({"amount": 1}, lambda s, p, b: len(s.trash) == 1),
    "take-top-of-discard": ({}, lambda s, p, b: len(p.hand) == b["hand"] + 1),
    "search-discard-for-any": ({}, lambda s, p, b: len(p.hand) == b["hand"] + 1),
    "return-this-card-to-hand": ({}, lambda s, p, b: s.fight.return_to_hand == [0]),
    "put-back-on-deck": ({"amount": 1}, None),
    "look-at-deck": ({}, lambda s, p, b: sorted(p.deck) == sorted(b["deck_cards"])),
    "gain-market-card": ({"max_cost": 5}, lambda s, p, b: len(p.hand) == b["hand"] + 1),
    "gain-any-market-card": ({"destination": "discard"}, lambda s, p, b: len(p.discard) == b["discard"] + 1),
    "gain-zero-cost-card": ({}, lambda s, p, b: len(p.discard) == b["discard"] + 1),
    "trash-market-cards": ({"amount": 2}, lambda s, p, b: len(s.trash) == 2),
    "deal-damage": ({"amount": 2}, lambda s, p, b: s.fight.attack_damage == 2),
    "extra-combo-card": ({}, lambda s, p, b: s.fight.extra_links == 1),
    "peek-opponent-deck": ({"amount": 3, "discard": 1}, lambda s, p, b: len(s.fight.life_pool) == 4),
    # Only a duel has an opponent's Specialty (test_bombs.py throws the Dimeritium Bomb in one).
    "opponent-specialty-level": ({}, lambda s, p, b: s.fight.specialty_level == {}),
    "monster-chooses-worse-attack": ({}, lambda s, p, b: s.fight.worse_attack_first),
    "monster-strikes-first": ({}, lambda s, p, b: s.fight.monster_first),
    "gain-trail": ({"terrain": "forest"}, lambda s, p, b: len(p.trail_tokens) == 1),
    "start-quest": ({"terrain": "water", "enter_event": 1}, lambda s, p, b: len(p.quests) == 1),
    "enter-event": ({"event": 1}, lambda s, p, b: "event-1" in s.used["events"]),
    # Skellige's: without the pack there is no Skellige deck and no Danger Track (test_skellige.py plays them).
    "enter-skellige-event": ({"event": 1}, lambda s, p, b: "skellige-events" not in s.used),
    "move-dagon": ({"amount": 1}, lambda s, p, b: s.seas is None),
    "roll-die": ({"branches": [{"min": 1, "max": 3, "effects": GOLD}, {"min": 4, "max": 6, "effects": GOLD}]},
                 lambda s, p, b: p.gold == b["gold"] + 1),
    "attribute-test": ({"attribute": "combat", "at_least": 2, "success": [], "failure": GOLD},
                       lambda s, p, b: p.gold == b["gold"] + 1),
    "short-fight": ({"life": 2, "damage": 1, "win": GOLD, "lose": GOLD}, lambda s, p, b: p.gold == b["gold"] + 1),
    "gain-energy": ({"amount": 1}, lambda s, p, b: p.shield == 2),
    "gain-protection": ({"amount": 2}, lambda s, p, b: s.fight.protection == {0: 2}),
    "per-energy": ({"gain": "damage"}, lambda s, p, b: s.fight.attack_damage == 1),
    # Any roll plus 6 reaches the only tier.
    "roll-tiers": ({"modifier": 6, "tiers": [{"at_least": 7, "effects": GOLD}]}, lambda s, p, b: p.gold == b["gold"] + 1),
}


def test_every_effect_class_has_an_executor_and_a_case() -> None:
    assert set(EXECUTORS) == set(EFFECTS)
    assert len(EXECUTORS) == 43
    assert set(CASES) == {cls.type_name() for cls in EFFECTS}


def prepared(s: GameState, in_fight: bool) -> None:
    p = s.players[0]
    p.hand, p.deck, p.discard = ["jab", "kick"], ["duck"] * 5, ["brace"]
    p.potions = ["potion-swallow"]
    p.attributes[A.DEFENSE] = 2
    p.shield = 1
    if in_fight:
        f = FightState(kind="monster", witcher=0, monster="drowner", level=1)
        f.life_pool, s.fight_deck = s.fight_deck[:5], s.fight_deck[5:]
        s.fight = f


@pytest.mark.parametrize("name", sorted(CASES))
def test_effect_executes(game, name: str) -> None:  # type: ignore[no-untyped-def]
    s = game(2, seed=5)
    params, check = CASES[name]
    in_fight = name != "short-fight"
    prepared(s, in_fight)
    p = s.players[0]
    before = {"gold": p.gold, "hand": len(p.hand), "deck": len(p.deck), "discard": len(p.discard)}
    before["deck_cards"] = list(p.deck)
    effect = ADAPTER.validate_python({"type": name, **params})
    # Only a combo card's effect knows "this card"; elsewhere effects act on the witcher themself.
    ctx = Ctx(0, combo_index=0 if name == "return-this-card-to-hand" else -1)
    drive(run_effects(s, ctx, [effect]))
    if check is not None:
        assert check(s, p, before), name


def peek_fight(s: GameState) -> FightState:
    """Seat 0 fights a monster whose Life Pool is four known cards (the top is the end of the list)."""
    f = FightState(kind="monster", witcher=0, monster="drowner", level=1)
    f.life_pool, s.fight_deck = s.fight_deck[:4], s.fight_deck[4:]
    s.fight = f
    return f


def test_viper_specialty_at_level_one_puts_the_peeked_cards_back_in_a_chosen_order(game) -> None:  # type: ignore[no-untyped-def]
    """Reference §13, Viper: "look at N top cards of the opponent's deck ...; return the rest on top in any order"."""
    s = game()
    f = peek_fight(s)
    pool = list(f.life_pool)
    level_one = s.tables.schools["viper"].specialty.levels[0]
    seen = decisions(run_effects(s, Ctx(0), level_one), [PeekOrder((1, 0))])
    assert [(d.kind, sorted(map(str, d.actions))) for d in seen] == [("peek-order", ["PeekOrder((0, 1))", "PeekOrder((1, 0))"])]
    assert f.life_pool == pool[:2] + [pool[-1], pool[-2]]  # the two top cards swapped


def test_the_viper_trophy_that_peeks_without_discarding_reorders_three_cards(game) -> None:  # type: ignore[no-untyped-def]
    """Cold Patience peeks at 3 and discards none: its only use is the order the cards go back in."""
    s = game()
    f = peek_fight(s)
    pool = list(f.life_pool)
    effects = s.tables.witcher_trophies["viper-trophy-2"].ability.effects
    decisions(run_effects(s, Ctx(0), effects), [PeekOrder((2, 0, 1))])
    assert f.life_pool == pool[:1] + [pool[-2], pool[-1], pool[-3]]  # third card on top, then the first, then the second


def test_a_peek_that_discards_orders_only_the_cards_kept(game) -> None:  # type: ignore[no-untyped-def]
    s = game()
    f = peek_fight(s)
    pool = list(f.life_pool)
    effect = ADAPTER.validate_python({"type": "peek-opponent-deck", "amount": 3, "discard": 1})
    seen = decisions(run_effects(s, Ctx(0), [effect]), [PeekDiscard((0,)), PeekOrder((2, 1))])
    assert [d.kind for d in seen] == ["peek-discard", "peek-order"]
    assert set(seen[1].actions) == {PeekOrder((1, 2)), PeekOrder((2, 1))}
    assert f.spent == [pool[-1]] and f.life_pool == pool[:1] + [pool[-2], pool[-3]]


def test_griffin_magic_takes_the_top_discard_then_discards_up_to_two(game) -> None:  # type: ignore[no-untyped-def]
    """Reference §13, Griffin Magic: "take the top card of your discard pile into hand, then discard 0–2 cards from hand"."""
    s = game()
    p = s.players[0]
    p.hand, p.discard = ["jab", "kick"], ["brace"]
    level_one = s.tables.schools["griffin"].specialty.levels[0]
    seen = decisions(run_effects(s, Ctx(0), level_one), [Discard("jab"), Discard("kick")])
    assert [d.kind for d in seen] == ["discard", "discard"]
    assert set(seen[0].actions) == {Pass(), Discard("jab"), Discard("kick"), Discard("brace")}
    assert p.hand == ["brace"] and p.discard == ["jab", "kick"]


def test_griffin_magic_may_discard_nothing_at_every_level(game) -> None:  # type: ignore[no-untyped-def]
    s = game()
    p = s.players[0]
    for level in s.tables.schools["griffin"].specialty.levels:
        p.hand, p.discard = ["jab"], ["brace", "kick"]
        seen = decisions(run_effects(s, Ctx(0), level), [TakeCard("kick"), Pass()] if "search" in level[0].type else [Pass()])
        assert seen[-1].kind == "discard" and Pass() in seen[-1].actions
        assert sorted(p.hand) == ["jab", "kick"]
