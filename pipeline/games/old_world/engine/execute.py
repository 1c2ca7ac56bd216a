"""The effect executors: the code that runs each effect class, registered beside it for the class.

An executor is `(state, ctx, effect) -> Flow | None`: a generator when the effect needs a player's
choice, else it acts at once and returns None. Effects apply to `ctx.seat` (the Active Player,
reference §12.1), except damage and peeks aimed at the fight opponent.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import combinations, permutations
from typing import Any

from pipeline.rules.effects import EffectTable

from .. import effects as fx
from ..enums import Attribute, Terrain
from .actions import (
    ChooseAttribute,
    ChooseOption,
    Discard,
    Pass,
    PeekDiscard,
    PeekOrder,
    PutBack,
    TakeCard,
    TakeMarket,
    TrashMarket,
    interned,
)
from .state import Decision, Flow, GameState, PlayerState
from .witcher import (
    discard_potions,
    discard_random,
    gain_potions,
    gain_trail,
    gain_zero_cost,
    lower_attribute,
    lowerable,
    raisable,
    raise_attribute,
    set_shield,
    take_damage,
    trash_chosen,
)


@dataclass(slots=True)
class Ctx:
    """Who an effect belongs to: `hostile` for a monster's ability aimed at the witcher `seat`."""

    seat: int
    hostile: bool = False
    combo_index: int = -1


Executor = Callable[[GameState, Ctx, Any], "Flow | None"]
_executors: EffectTable[Executor] = EffectTable(fx.OldWorldEffect, "executor")


def run_effects(s: GameState, ctx: Ctx, effects: Iterable[fx.Effect]) -> Flow:
    """Run effects in order; stop when the game has ended."""
    for effect in effects:
        flow = EXECUTORS[type(effect)](s, ctx, effect)
        if flow is not None:
            yield from flow
        if s.outcome is not None:
            return


def _me(s: GameState, ctx: Ctx) -> PlayerState:
    return s.players[ctx.seat]


def _attribute(s: GameState, p: PlayerState, choice: fx.AttributeChoice, options: list[Attribute]) -> Flow:
    """Resolve a named / any / lowest attribute choice to one attribute (None when none fits)."""
    if choice is fx.AttributeChoice.ANY or choice is fx.AttributeChoice.LOWEST:
        if choice is fx.AttributeChoice.LOWEST and options:
            low = min(p.attributes[a] for a in options)
            options = [a for a in options if p.attributes[a] == low]
        if len(options) <= 1:
            return options[0] if options else None
        action = yield Decision(p.seat, "attribute", tuple(ChooseAttribute(a.value) for a in options))
        assert isinstance(action, ChooseAttribute)
        return Attribute(action.attribute)
    named = Attribute(choice.value)
    return named if named in options else None


# --- Gold, attributes, shield, potions -------------------------------------------------------------


@_executors.register(fx.GainGold)
def _gain_gold(s: GameState, ctx: Ctx, e: fx.GainGold) -> None:
    s.give_gold(_me(s, ctx), e.amount)


@_executors.register(fx.LoseGold)
def _lose_gold(s: GameState, ctx: Ctx, e: fx.LoseGold) -> None:
    s.give_gold(_me(s, ctx), -e.amount)  # §15: lose as much as possible.


@_executors.register(fx.RaiseAttribute)
def _raise_attribute(s: GameState, ctx: Ctx, e: fx.RaiseAttribute) -> Flow:
    p = _me(s, ctx)
    attribute = yield from _attribute(s, p, e.attribute, raisable(s, p))
    if attribute is not None:
        yield from raise_attribute(s, p, attribute, e.amount)


@_executors.register(fx.LowerAttribute)
def _lower_attribute(s: GameState, ctx: Ctx, e: fx.LowerAttribute) -> Flow:
    p = _me(s, ctx)
    attribute = yield from _attribute(s, p, e.attribute, lowerable(s, p))
    if attribute is not None:
        lower_attribute(s, p, attribute, e.amount)


@_executors.register(fx.RaiseShield)
def _raise_shield(s: GameState, ctx: Ctx, e: fx.RaiseShield) -> None:
    p = _me(s, ctx)
    set_shield(s, p, p.shield + e.amount)


@_executors.register(fx.LowerShield)
def _lower_shield(s: GameState, ctx: Ctx, e: fx.LowerShield) -> None:
    p = _me(s, ctx)
    set_shield(s, p, p.shield - e.amount)


@_executors.register(fx.LowerShieldPerTrophy)
def _lower_shield_per_trophy(s: GameState, ctx: Ctx, e: fx.LowerShieldPerTrophy) -> None:
    p = _me(s, ctx)
    cards = sum(1 for t in p.trophies if not t.startswith("dagon-bonus:"))  # the Trophy cards, not the Bonus cards
    set_shield(s, p, p.shield - e.amount * cards)


@_executors.register(fx.OpponentSpecialtyLevel)
def _opponent_specialty_level(s: GameState, ctx: Ctx, e: fx.OpponentSpecialtyLevel) -> None:
    f = s.fight
    if f is None or not f.is_duel or f.defender is None:  # only a duel has an opponent with a Specialty
        return
    opponent = f.defender if ctx.seat == f.witcher else f.witcher
    f.specialty_level[opponent] = e.level


@_executors.register(fx.SetShield)
def _set_shield(s: GameState, ctx: Ctx, e: fx.SetShield) -> None:
    set_shield(s, _me(s, ctx), e.value)


@_executors.register(fx.LowerDefenseThisFight)
def _lower_defense_this_fight(s: GameState, ctx: Ctx, e: fx.LowerDefenseThisFight) -> None:
    if s.fight is not None:
        s.fight.defense_penalty[ctx.seat] = s.fight.defense_penalty.get(ctx.seat, 0) + e.amount
        p = _me(s, ctx)
        set_shield(s, p, p.shield)


@_executors.register(fx.GainPotion)
def _gain_potion(s: GameState, ctx: Ctx, e: fx.GainPotion) -> Flow:
    return gain_potions(s, _me(s, ctx), e.amount)


@_executors.register(fx.DiscardPotions)
def _discard_potions(s: GameState, ctx: Ctx, e: fx.DiscardPotions) -> None:
    discard_potions(s, _me(s, ctx), None if e.amount == "all" else e.amount)


# --- Cards ----------------------------------------------------------------------------------------


@_executors.register(fx.DrawCards)
def _draw_cards(s: GameState, ctx: Ctx, e: fx.DrawCards) -> None:
    s.draw(_me(s, ctx), e.amount, reshuffle=not s.in_fight(ctx.seat))


@_executors.register(fx.DrawModifier)
def _draw_modifier(s: GameState, ctx: Ctx, e: fx.DrawModifier) -> None:
    if s.fight is not None:
        s.fight.draw_mod += e.amount  # Used in fight step 4 only (§21.3 rule 23).


@_executors.register(fx.DiscardRandomFromHand)
def _discard_random_from_hand(s: GameState, ctx: Ctx, e: fx.DiscardRandomFromHand) -> None:
    f = s.fight
    if f is not None and not ctx.hostile and ctx.combo_index >= 0:
        # On a combo card it hits the opposing witcher's hand; a monster has no hand (starting-viper.yaml).
        if f.is_duel:
            from .combo import opponent_seat

            discard_random(s, s.players[opponent_seat(f, ctx.seat)], e.amount)
        return
    discard_random(s, _me(s, ctx), e.amount)


@_executors.register(fx.DiscardFromDeckTop)
def _discard_from_deck_top(s: GameState, ctx: Ctx, e: fx.DiscardFromDeckTop) -> None:
    p = _me(s, ctx)
    for _ in range(min(e.amount, len(p.deck))):
        p.discard.append(p.deck.pop())


@_executors.register(fx.TrashCards)
def _trash_cards(s: GameState, ctx: Ctx, e: fx.TrashCards) -> Flow:
    zones = ("hand", "deck", "discard") if e.source is fx.TrashSource.ANY else (e.source.value,)
    yield from trash_chosen(s, _me(s, ctx), e.amount, zones)


@_executors.register(fx.TakeTopOfDiscard)
def _take_top_of_discard(s: GameState, ctx: Ctx, e: fx.TakeTopOfDiscard) -> Flow:
    p = _me(s, ctx)
    if p.discard and s.hand_room(p) > 0:
        p.hand.append(p.discard.pop())
    yield from _discard_up_to(p, e.then_discard)


@_executors.register(fx.SearchDiscardForAny)
def _search_discard_for_any(s: GameState, ctx: Ctx, e: fx.SearchDiscardForAny) -> Flow:
    p = _me(s, ctx)
    if p.discard and s.hand_room(p) > 0:
        action = yield Decision(p.seat, "take-from-discard", tuple(interned(TakeCard, c) for c in dict.fromkeys(p.discard)))
        assert isinstance(action, TakeCard)
        p.discard.remove(action.card)
        p.hand.append(action.card)
    yield from _discard_up_to(p, e.then_discard)


def _discard_up_to(p: PlayerState, most: int) -> Flow:
    """Discard hand cards one by one until the player passes or `most` are gone."""
    yield from _move_from_hand(p, most, "discard", Discard, p.discard)


def _move_from_hand(p: PlayerState, most: int, kind: str, move: type[Discard] | type[PutBack], to: list[str]) -> Flow:
    """Up to `most` hand cards, each chosen in a `kind` decision (the player may pass), moved onto `to`."""
    for _ in range(most):
        if not p.hand:
            return
        action = yield Decision(p.seat, kind, (interned(Pass), *(interned(move, c) for c in dict.fromkeys(p.hand))))
        if not isinstance(action, move):
            return
        p.hand.remove(action.card)
        to.append(action.card)


@_executors.register(fx.ReturnThisCardToHand)
def _return_this_card_to_hand(s: GameState, ctx: Ctx, e: fx.ReturnThisCardToHand) -> None:
    if s.fight is not None and ctx.combo_index >= 0:
        s.fight.return_to_hand.append(ctx.combo_index)


@_executors.register(fx.PutBackOnDeck)
def _put_back_on_deck(s: GameState, ctx: Ctx, e: fx.PutBackOnDeck) -> Flow:
    p = _me(s, ctx)
    yield from _move_from_hand(p, e.amount, "put-back", PutBack, p.deck)  # "possibly": each card is optional (§13 Cat).


@_executors.register(fx.LookAtDeck)
def _look_at_deck(s: GameState, ctx: Ctx, e: fx.LookAtDeck) -> None:
    s.rng.shuffle(_me(s, ctx).deck)  # Looking through a deck ends with shuffling it (§6.1).


@_executors.register(fx.GainMarketCard)
def _gain_market_card(s: GameState, ctx: Ctx, e: fx.GainMarketCard) -> Flow:
    p = _me(s, ctx)

    def accept(cost: int) -> bool:
        return cost == e.cost if e.cost is not None else cost <= (e.max_cost or 0)

    to_hand = e.destination is fx.Destination.HAND
    slots = s.market_slots(accept)
    if not slots:
        s.gain_by_cost(p, accept, to_hand)  # §10.10 fallback: reveal until one fits.
        return
    action = yield Decision(p.seat, "take-market", tuple(interned(TakeMarket, i) for i in slots))
    assert isinstance(action, TakeMarket)
    s.put_gained(p, s.take_from_market(action.slot), to_hand)


@_executors.register(fx.GainAnyMarketCard)
def _gain_any_market_card(s: GameState, ctx: Ctx, e: fx.GainAnyMarketCard) -> Flow:
    p = _me(s, ctx)
    slots = [i for i, c in enumerate(s.market) if c is not None]
    if not slots:
        return
    action = yield Decision(p.seat, "take-market", tuple(interned(TakeMarket, i) for i in slots))
    assert isinstance(action, TakeMarket)
    s.put_gained(p, s.take_from_market(action.slot), e.destination is fx.Destination.HAND)


@_executors.register(fx.GainZeroCostCard)
def _gain_zero_cost_card(s: GameState, ctx: Ctx, e: fx.GainZeroCostCard) -> Flow:
    return gain_zero_cost(s, _me(s, ctx))


@_executors.register(fx.TrashMarketCards)
def _trash_market_cards(s: GameState, ctx: Ctx, e: fx.TrashMarketCards) -> Flow:
    for _ in range(e.amount):
        slots = [i for i, c in enumerate(s.market) if c is not None]
        if not slots:
            return
        action = yield Decision(ctx.seat, "trash-market", tuple(interned(TrashMarket, i) for i in slots))
        assert isinstance(action, TrashMarket)
        s.trash.append(s.take_from_market(action.slot))


# --- Fight ----------------------------------------------------------------------------------------


@_executors.register(fx.DealDamage)
def _deal_damage(s: GameState, ctx: Ctx, e: fx.DealDamage) -> Flow | None:
    if s.fight is None:
        return None  # Nothing to hit outside a fight.
    if ctx.hostile:
        return _hostile_damage(s, ctx, e.amount)
    s.fight.attack_damage += e.amount  # Resolved with the combo in step 3a (§10.4).
    return None


def _hostile_damage(s: GameState, ctx: Ctx, amount: int) -> Flow:
    yield from take_damage(s, _me(s, ctx), amount)


@_executors.register(fx.GainEnergy)
def _gain_energy(s: GameState, ctx: Ctx, e: fx.GainEnergy) -> None:
    p = _me(s, ctx)
    set_shield(s, p, p.shield + e.amount)


@_executors.register(fx.GainProtection)
def _gain_protection(s: GameState, ctx: Ctx, e: fx.GainProtection) -> None:
    gain_protection(s, _me(s, ctx), e.amount)


def gain_protection(s: GameState, p: PlayerState, amount: int) -> None:
    """A Mage's Protection for the opponent's very next fight turn (cleared when `p`'s next fight turn starts, §8.4)."""
    f = s.fight
    if f is not None:
        f.protection[p.seat] = f.protection.get(p.seat, 0) + amount


@_executors.register(fx.PerEnergy)
def _per_energy(s: GameState, ctx: Ctx, e: fx.PerEnergy) -> None:
    """As much as the Energy now: damage in step 3, Protection, or more cards in step 4 (expansion sheet §8.5)."""
    f, p = s.fight, _me(s, ctx)
    if f is None or ctx.hostile:
        return
    if e.gain == "damage":
        f.attack_damage += p.shield
    elif e.gain == "protection":
        gain_protection(s, p, p.shield)
    else:
        f.draw_mod += p.shield


@_executors.register(fx.ExtraComboCard)
def _extra_combo_card(s: GameState, ctx: Ctx, e: fx.ExtraComboCard) -> None:
    if s.fight is not None:
        s.fight.extra_links += e.amount


@_executors.register(fx.PeekOpponentDeck)
def _peek_opponent_deck(s: GameState, ctx: Ctx, e: fx.PeekOpponentDeck) -> Flow:
    f = s.fight
    if f is None or ctx.hostile:
        return
    from .combo import opponent_seat

    pile = s.players[opponent_seat(f, ctx.seat)].deck if f.is_duel else f.life_pool
    seen = min(e.amount, len(pile))
    peeked = pile[len(pile) - seen :][::-1]  # top first (the top is the end of the list)
    discarded: tuple[int, ...] = ()
    count = min(e.discard, seen)
    if count and f.legendary is not None:
        # Expansion sheet §7.5: "all damage dealt (specialty, potions, combo, bombs…)" in a fight turn passes the
        # legendary monster's Protection and its per-turn cap; a Life Pool card discarded by a peek is such damage.
        count = f.legendary.absorb(count)
    if count:
        action = yield Decision(ctx.seat, "peek-discard", tuple(PeekDiscard(c) for c in combinations(range(seen), count)))
        assert isinstance(action, PeekDiscard)
        discarded = action.positions
    kept = tuple(pos for pos in range(seen) if pos not in discarded)
    if len(kept) > 1:
        # §13 Viper: "return the rest on top in any order": the order is the player's choice.
        action = yield Decision(ctx.seat, "peek-order", tuple(PeekOrder(order) for order in permutations(kept)))
        assert isinstance(action, PeekOrder)
        kept = action.order
    del pile[len(pile) - seen :]
    for pos in sorted(discarded, reverse=True):  # the deepest card is discarded first
        if f.is_duel:
            s.players[opponent_seat(f, ctx.seat)].discard.append(peeked[pos])
        else:
            f.spent.append(peeked[pos])
    pile.extend(peeked[pos] for pos in reversed(kept))


@_executors.register(fx.MonsterChoosesWorseAttack)
def _monster_chooses_worse_attack(s: GameState, ctx: Ctx, e: fx.MonsterChoosesWorseAttack) -> None:
    if s.fight is not None:
        s.fight.worse_attack_first = True


@_executors.register(fx.IgnoreTrailFirstStrike)
def _monster_strikes_first(s: GameState, ctx: Ctx, e: fx.IgnoreTrailFirstStrike) -> None:
    if s.fight is not None:
        s.fight.monster_first = True


# --- Map, trails, quests, events --------------------------------------------------------------------


@_executors.register(fx.GainTrail)
def _gain_trail(s: GameState, ctx: Ctx, e: fx.GainTrail) -> Flow:
    terrain = None if e.terrain is fx.TerrainChoice.ANY else Terrain(e.terrain.value)
    return gain_trail(s, _me(s, ctx), terrain)


@_executors.register(fx.StartQuest)
def _start_quest(s: GameState, ctx: Ctx, e: fx.StartQuest) -> None:
    from .exploration import start_quest

    start_quest(s, _me(s, ctx), "", e.terrain, e.enter_event)


@_executors.register(fx.EnterEvent)
def _enter_event(s: GameState, ctx: Ctx, e: fx.EnterEvent) -> Flow:
    from .exploration import enter_event

    return enter_event(s, _me(s, ctx), e.event)


@_executors.register(fx.EnterSkelligeEvent)
@_executors.register(fx.MoveDagon)
def _pack_effect(s: GameState, ctx: Ctx, e: fx.Effect) -> Flow | None:
    """An effect of a pack's own (Skellige's): carried out by the active pack that declares its class (none when the
    pack is not played)."""
    for pack in s.packs:
        if type(e) in pack.effects:
            return pack.run_effect(s, ctx.seat, e)
    return None


@_executors.register(fx.RollDie)
def _roll_die(s: GameState, ctx: Ctx, e: fx.RollDie) -> Flow:
    roll = s.rng.randint(1, 6)
    for branch in e.branches:
        if branch.min <= roll <= branch.max:
            yield from run_effects(s, ctx, branch.effects)
            return


@_executors.register(fx.RollTiers)
def _roll_tiers(s: GameState, ctx: Ctx, e: fx.RollTiers) -> Flow:
    """Roll, add the modifier, then take one tier the result reaches: the best, or a lower one (§8.2)."""
    result = s.rng.randint(1, 6) + e.modifier
    reached = [i for i, tier in enumerate(e.tiers) if tier.at_least <= result]
    if not reached:
        return
    index = reached[0]
    if len(reached) > 1:
        action = yield Decision(ctx.seat, "roll-tier", tuple(interned(ChooseOption, i) for i in reached))
        assert isinstance(action, ChooseOption)
        index = action.index
    yield from run_effects(s, ctx, e.tiers[index].effects)


@_executors.register(fx.AttributeTest)
def _attribute_test(s: GameState, ctx: Ctx, e: fx.AttributeTest) -> Flow:
    passed = _me(s, ctx).attributes[e.attribute] >= e.at_least
    yield from run_effects(s, ctx, e.success if passed else e.failure)


@_executors.register(fx.ShortFight)
def _short_fight(s: GameState, ctx: Ctx, e: fx.ShortFight) -> Flow:
    from .fight import short_fight

    won = yield from short_fight(s, _me(s, ctx), e.life, e.damage)
    yield from run_effects(s, ctx, e.win if won else e.lose)


EXECUTORS = _executors.build()  # every class of the union has its executor, or importing the engine fails
