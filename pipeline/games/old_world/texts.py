"""How Old World prints its structured rules: each effect and ability as a Message (template msgctxt + values).

The English templates are content (`texts/effects.yaml`, `texts/rules.yaml`); translations live in
the locale catalogs. German needs some sentences per attribute, terrain or card source (gender,
case), so those effects pick one message per variant: `effect:raise-attribute:defense`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from pipeline.content.database import Database
from pipeline.i18n.content import game_localizer
from pipeline.i18n.localizer import Localizer
from pipeline.i18n.messages import Message
from pipeline.rules.effects import Effect

from . import effects as fx
from .enums import Attribute, Limit, Terrain, Timing
from .models import Ability, Condition

NOTHING = Message("effect:none")


def effect_message(effect: Effect) -> Message:
    """The message that prints one effect."""
    describe = _DESCRIBE.get(type(effect))
    if describe is None:
        raise TypeError(f"no message for effect class {type(effect).__name__}")
    return describe(effect)


def effects_param(effects: Sequence[Effect]) -> tuple[Message, ...]:
    """A nested effect list as a placeholder value: one sentence each, or 'Nothing happens.'"""
    return tuple(effect_message(e) for e in effects) or (NOTHING,)


def _amount(context: str) -> Callable[[Any], Message]:
    return lambda e: Message(context, {"amount": e.amount})


def _fixed(context: str) -> Callable[[Any], Message]:
    return lambda e: Message(context)


def _attribute(name: str) -> Callable[[Any], Message]:
    return lambda e: Message(f"effect:{name}:{e.attribute.value}", {"amount": e.amount})


def _draw_modifier(e: fx.DrawModifier) -> Message:
    direction = "more" if e.amount > 0 else "fewer"
    return Message(f"effect:draw-modifier:{direction}", {"amount": abs(e.amount)})


def _discard_potions(e: fx.DiscardPotions) -> Message:
    if e.amount == "all":
        return Message("effect:discard-potions:all")
    return Message("effect:discard-potions", {"amount": e.amount})


def _gain_market_card(e: fx.GainMarketCard) -> Message:
    rule, cost = ("max-cost", e.max_cost) if e.max_cost is not None else ("cost", e.cost)
    return Message(f"effect:gain-market-card:{rule}:{e.destination.value}", {"cost": cost if cost is not None else 0})


def _peek(e: fx.PeekOpponentDeck) -> Message:
    if e.discard:
        return Message("effect:peek-opponent-deck:discard", {"amount": e.amount, "discard": e.discard})
    return Message("effect:peek-opponent-deck", {"amount": e.amount})


def _start_quest(e: fx.StartQuest) -> Message:
    context = f"effect:start-quest:{e.terrain.value}" if e.terrain else "effect:start-quest"
    return Message(context, {"event": e.enter_event})


def _roll_die(e: fx.RollDie) -> Message:
    branches = tuple(_branch(b) for b in e.branches)
    return Message("effect:roll-die", {"branches": branches})


def _branch(branch: fx.DieBranch) -> Message:
    effects = effects_param(branch.effects)
    if branch.min == branch.max:
        return Message("effect:roll-die:result", {"result": branch.min, "effects": effects})
    return Message("effect:roll-die:range", {"min": branch.min, "max": branch.max, "effects": effects})


def _attribute_test(e: fx.AttributeTest) -> Message:
    return Message(
        f"effect:attribute-test:{e.attribute.value}",
        {"at_least": e.at_least, "success": effects_param(e.success), "failure": effects_param(e.failure)},
    )


def _short_fight(e: fx.ShortFight) -> Message:
    return Message(
        "effect:short-fight",
        {"life": e.life, "damage": e.damage, "win": effects_param(e.win), "lose": effects_param(e.lose)},
    )


_DESCRIBE: dict[type[Effect], Callable[[Any], Message]] = {
    fx.GainGold: _amount("effect:gain-gold"),
    fx.LoseGold: _amount("effect:lose-gold"),
    fx.RaiseAttribute: _attribute("raise-attribute"),
    fx.LowerAttribute: _attribute("lower-attribute"),
    fx.RaiseShield: _amount("effect:raise-shield"),
    fx.LowerShield: _amount("effect:lower-shield"),
    fx.SetShield: lambda e: Message("effect:set-shield", {"value": e.value}),
    fx.LowerDefenseThisFight: _amount("effect:lower-defense-this-fight"),
    fx.GainPotion: _amount("effect:gain-potion"),
    fx.DiscardPotions: _discard_potions,
    fx.DrawCards: _amount("effect:draw-cards"),
    fx.DrawModifier: _draw_modifier,
    fx.DiscardRandomFromHand: _amount("effect:discard-random-from-hand"),
    fx.DiscardFromDeckTop: _amount("effect:discard-from-deck-top"),
    fx.TrashCards: lambda e: Message(f"effect:trash-cards:{e.source.value}", {"amount": e.amount}),
    fx.TakeTopOfDiscard: _fixed("effect:take-top-of-discard"),
    fx.SearchDiscardForAny: _fixed("effect:search-discard-for-any"),
    fx.ReturnThisCardToHand: _fixed("effect:return-this-card-to-hand"),
    fx.PutBackOnDeck: _amount("effect:put-back-on-deck"),
    fx.LookAtDeck: _fixed("effect:look-at-deck"),
    fx.GainMarketCard: _gain_market_card,
    fx.GainZeroCostCard: _fixed("effect:gain-zero-cost-card"),
    fx.TrashMarketCards: _amount("effect:trash-market-cards"),
    fx.DealDamage: _amount("effect:deal-damage"),
    fx.ExtraComboCard: _amount("effect:extra-combo-card"),
    fx.PeekOpponentDeck: _peek,
    fx.MonsterChoosesWorseAttack: _fixed("effect:monster-chooses-worse-attack"),
    fx.IgnoreTrailFirstStrike: _fixed("effect:monster-strikes-first"),
    fx.GainTrail: lambda e: Message(f"effect:gain-trail:{e.terrain.value}"),
    fx.StartQuest: _start_quest,
    fx.EnterEvent: lambda e: Message("effect:enter-event", {"event": e.event}),
    fx.RollDie: _roll_die,
    fx.AttributeTest: _attribute_test,
    fx.ShortFight: _short_fight,
}


def effect_contexts() -> Iterator[str]:
    """Every message context an effect can print with: each class and each of its variants."""
    choices = [a.value for a in fx.AttributeChoice]
    yield from ("effect:none", "effect:gain-gold", "effect:lose-gold")
    for name in ("raise-attribute", "lower-attribute"):
        yield from (f"effect:{name}:{c}" for c in choices)
    yield from ("effect:raise-shield", "effect:lower-shield", "effect:set-shield", "effect:lower-defense-this-fight")
    yield from ("effect:gain-potion", "effect:discard-potions", "effect:discard-potions:all", "effect:draw-cards")
    yield from ("effect:draw-modifier:more", "effect:draw-modifier:fewer")
    yield from ("effect:discard-random-from-hand", "effect:discard-from-deck-top")
    yield from (f"effect:trash-cards:{s.value}" for s in fx.TrashSource)
    yield from ("effect:take-top-of-discard", "effect:search-discard-for-any", "effect:return-this-card-to-hand")
    yield from ("effect:put-back-on-deck", "effect:look-at-deck")
    yield from (f"effect:gain-market-card:{r}:{d.value}" for r in ("max-cost", "cost") for d in fx.Destination)
    yield from ("effect:gain-zero-cost-card", "effect:trash-market-cards", "effect:deal-damage", "effect:extra-combo-card")
    yield from ("effect:peek-opponent-deck", "effect:peek-opponent-deck:discard")
    yield from ("effect:monster-chooses-worse-attack", "effect:monster-strikes-first")
    yield from (f"effect:gain-trail:{t.value}" for t in fx.TerrainChoice)
    yield "effect:start-quest"
    yield from (f"effect:start-quest:{t.value}" for t in Terrain)
    yield from ("effect:enter-event", "effect:roll-die", "effect:roll-die:range", "effect:roll-die:result")
    yield from (f"effect:attribute-test:{a.value}" for a in Attribute)
    yield "effect:short-fight"


# --- Abilities ---------------------------------------------------------------------------------


def ability_message(ability: Ability) -> Message:
    """When and how often an ability works, then what it does: 'In your fight turn (once per fight): ...'."""
    when = when_message(ability.timing, ability.condition, ability.limit)
    return Message("ability:frame", {"when": when, "effects": effects_param(ability.effects)})


def when_message(timing: Timing, condition: Condition | None, limit: Limit) -> Message:
    """When and how often something works: 'When your Shield drops to 0, if ... (once per fight)'."""
    when = Message(f"ability:timing:{timing.value}")
    for phrase in condition_messages(condition):
        when = Message("ability:when:condition", {"timing": when, "condition": phrase})
    if limit is not Limit.NONE:
        when = Message("ability:when:limit", {"when": when, "limit": Message(f"ability:limit:{limit.value}")})
    return when


def condition_messages(condition: Condition | None) -> list[Message]:
    """One phrase per condition set on an ability ('if your Shield is 0')."""
    if condition is None:
        return []
    found = []
    if condition.shield_zero:
        found.append(Message("ability:condition:shield-zero"))
    if condition.combo_size_at_least is not None:
        found.append(Message("ability:condition:combo-size-at-least", {"count": condition.combo_size_at_least}))
    if condition.hand_size_at_most is not None:
        found.append(Message("ability:condition:hand-size-at-most", {"count": condition.hand_size_at_most}))
    if condition.has_trail:
        found.append(Message("ability:condition:has-trail"))
    return found


def ability_contexts() -> Iterator[str]:
    """Every message context an ability can print with."""
    yield from ("ability:frame", "ability:when:condition", "ability:when:limit")
    yield from (f"ability:timing:{t.value}" for t in Timing)
    yield from (f"ability:limit:{limit.value}" for limit in Limit if limit is not Limit.NONE)
    for name in ("shield-zero", "combo-size-at-least", "hand-size-at-most", "has-trail"):
        yield f"ability:condition:{name}"


# --- The localizer -----------------------------------------------------------------------------


def localizer(db: Database, locale: str) -> Localizer:
    """Old World's Localizer for a locale: its catalog, the effect templates and the effect descriptions."""
    return game_localizer(db, locale, effect_message)


def ability_text(localizer: Localizer, ability: Ability, context: str = "") -> str:
    """The printed text of an ability: when it works, how often, and what it does."""
    return localizer.message(ability_message(ability), context)
