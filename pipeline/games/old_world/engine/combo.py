"""A witcher's fight turn (reference §10.4): step 1 potions and abilities, step 2 the combo built
card by card, step 3 damage / Shield / special effects, step 4 the draw."""

from __future__ import annotations

from ..effects import OldWorldEffect
from ..enums import Attribute, Color, Timing
from ..models.base import ActionCard
from .abilities import AbilityView, is_available, mark_used, owned_abilities
from .actions import PASS, Action, Discard, Pass, PlayCard, UseAbility, UsePotion, interned
from .execute import Ctx, run_effects
from .state import ComboCard, Decision, FightState, Flow, GameState, PlayerState
from .witcher import discard_potions, set_shield, take_damage


def opponent_seat(f: FightState, seat: int) -> int:
    """The other witcher of a duel."""
    assert f.defender is not None
    return f.defender if seat == f.witcher else f.witcher


def is_knocked_out(p: PlayerState) -> bool:
    """KO: the Life Pool deck is empty and the last hand card is gone (§10.7)."""
    return not p.deck and not p.hand


def connects(card: ActionCard, beneath: ActionCard) -> list[int]:
    """The extensions of `beneath` a card attaches through: its colour is one of theirs (§10.4 step 2)."""
    return [i for i, ext in enumerate(beneath.extensions) if card.color in ext.colors]


def combo_options(s: GameState, p: PlayerState, f: FightState) -> list[Action]:
    """PlayCard options onto the current combo top (or any first card)."""
    distinct = dict.fromkeys(p.hand)
    if not f.combo:
        return [interned(PlayCard, c) for c in distinct]
    onto = _plays_onto(s, f.combo[-1].card)
    options: list[Action] = []
    for c in distinct:
        options += onto[c]
        if f.extra_links > 0:
            options.append(interned(PlayCard, c, -1))
    return options


def _plays_onto(s: GameState, beneath: str) -> dict[str, list[PlayCard]]:
    """Per card id: the PlayCard values attaching it onto `beneath` through an extension (memoised)."""
    key = ("plays-onto", beneath)
    found: dict[str, list[PlayCard]] | None = s.tables.memo.get(key)
    if found is None:
        cards = s.tables.cards
        below = cards[beneath]
        found = s.tables.memo[key] = {c: [interned(PlayCard, c, i) for i in connects(cards[c], below)] for c in cards}
    return found


def step1_options(s: GameState, p: PlayerState, f: FightState, first: bool) -> list[Action]:
    options: list[Action] = []
    if alchemy_left(f, p):  # Potions and Monster Trail's Bombs share the Alchemy limit (§9.5)
        options.extend(interned(UsePotion, x) for x in dict.fromkeys(p.potions))
    for pack in s.packs:
        options += pack.fight_options(s, p, f)
    for view in owned_abilities(s, p):
        usable = view.timing is Timing.FIGHT_TURN or (first and view.timing is Timing.FIGHT_FIRST_TURN)
        if usable and is_available(s, p, view):
            options.append(interned(UseAbility, view.key))
    return options


def alchemy_left(f: FightState, p: PlayerState) -> bool:
    """"In one fight, the number of Potions plus Bombs used together is at most your Alchemy level" (§6.7, §9.5)."""
    used = len(f.potions_used.get(p.seat, ())) + len(f.bombs_used.get(p.seat, ()))
    return used < p.attributes[Attribute.ALCHEMY]


# Abilities of these timings are a "may": their owner chooses whether to use them now or keep them for a later
# moment of the fight (the Viper's Venomous Steel, reference §13, "when the opponent discards").
OPTIONAL_TIMINGS = frozenset({Timing.ON_OPPONENT_DISCARD})


def auto_abilities(s: GameState, p: PlayerState, timing: Timing, combo_size: int = 0) -> Flow:
    """Abilities that trigger at a moment of the fight (each within its limit): by themselves, or for an optional
    timing when their owner chooses to."""
    for view in owned_abilities(s, p):
        if view.timing is timing and is_available(s, p, view, combo_size):
            if timing in OPTIONAL_TIMINGS:
                chosen = yield Decision(p.seat, "triggered-ability", (interned(UseAbility, view.key), PASS))
                if not isinstance(chosen, UseAbility):
                    continue
            yield from use_ability(s, p, view)
            if s.outcome is not None:
                return


def use_ability(s: GameState, p: PlayerState, view: AbilityView) -> Flow:
    mark_used(s, p, view)
    if view.cost is not None:  # a Mage pays the Specialty's Energy and cards first (expansion sheet §8.2)
        set_shield(s, p, p.shield - view.cost.energy)
        yield from pay_discard(s, p, view.cost.discard)
    if view.potions:  # Potion Tolerance discards unused potions (expansion sheet §9.2)
        discard_potions(s, p, view.potions)
    yield from run_effects(s, Ctx(p.seat), view.effects)


def pay_discard(s: GameState, p: PlayerState, count: int) -> Flow:
    """An ability's cost in hand cards (a Mage's Necromancy): discard cards of the player's choice."""
    for _ in range(count):
        if not p.hand:
            return
        action = yield Decision(p.seat, "specialty-discard", tuple(interned(Discard, c) for c in dict.fromkeys(p.hand)))
        assert isinstance(action, Discard)
        p.hand.remove(action.card)
        p.discard.append(action.card)


def witcher_turn(s: GameState, seat: int) -> Flow:
    """One full witcher fight turn, steps 1-4."""
    f = s.fight
    assert f is not None
    p = s.players[seat]
    first = f.turns_taken.get(seat, 0) == 0
    f.turns_taken[seat] = f.turns_taken.get(seat, 0) + 1
    f.attack_damage = f.draw_mod = f.extra_links = 0
    f.return_to_hand = []
    f.combo = []
    f.combo_owner = seat
    for pack in s.packs:  # a Mage's Protection ends (§8.4)
        pack.fight_turn_started(s, f, seat)
    if f.legendary is not None:
        f.legendary.start_turn()
    if first and f.monster is not None:
        special = s.tables.monsters[f.monster].special
        if special.timing is Timing.FIGHT_FIRST_TURN:
            yield from run_effects(s, Ctx(seat, hostile=True), special.effects)
    if p.shield == 0:
        yield from auto_abilities(s, p, Timing.ON_SHIELD_ZERO)

    # Steps 1 and 2: potions and abilities until the first card, then the combo card by card.
    while True:
        options = combo_options(s, p, f)
        if f.legendary is not None:
            options = f.legendary.playable(_colors(s), options)
        if not f.combo:
            options = step1_options(s, p, f, first) + options
            if not p.hand or not options:  # no card, or none a Special Attack left playable
                options.append(PASS)
        elif options:
            options.append(PASS)
        else:
            break  # Nothing connects: the combo is complete without a choice.
        if len(options) == 1 and isinstance(options[0], Pass):
            break  # An empty hand and nothing to use: no choice to make.
        action = yield Decision(seat, "fight-turn", tuple(options))
        if isinstance(action, UsePotion):
            p.potions.remove(action.potion)
            f.potions_used.setdefault(seat, []).append(action.potion)
            s.used["potions"].add(action.potion)
            yield from run_effects(s, Ctx(seat), s.tables.potions[action.potion].effects)
        elif isinstance(action, UseAbility):
            view = next(v for v in owned_abilities(s, p) if v.key == action.source)
            yield from use_ability(s, p, view)
        elif isinstance(action, PlayCard):
            if f.combo and action.via < 0:
                f.extra_links -= 1
            p.hand.remove(action.card)
            f.combo.append(ComboCard(action.card, action.via))
            s.used["action-cards"].add(action.card)
        else:
            flow = next((flow for pack in s.packs if (flow := pack.take_fight_action(s, p, f, action)) is not None), None)
            if flow is None:
                break
            yield from flow  # a pack's own option (Monster Trail's Bombs, §9.5)
        if s.outcome is not None:
            return
    yield from resolve_combo(s, p, f)
    if s.outcome is not None:
        return
    yield from replenish(s, p, f)


def resolve_combo(s: GameState, p: PlayerState, f: FightState) -> Flow:
    """Step 3: damage, then Shield (capped by Defense), then special effects; draw modifiers wait (§10.4)."""
    cards = s.tables.cards
    yield from auto_abilities(s, p, Timing.ON_COMBO_RESOLVE, len(f.combo))
    if f.legendary is not None and f.combo:
        f.legendary.combo_resolving(cards[f.combo[0].card].fight.damage)
    for pack in s.packs:  # a Mage resolves left to right (§8.4)
        resolved = pack.resolve_combo(s, p, f, deal_attack_damage)
        if resolved is not None:
            yield from resolved
            return
    damage = shield = 0
    effects: list[tuple[int, OldWorldEffect]] = []
    for index, placed in enumerate(f.combo):
        ability = cards[placed.card].fight
        damage += ability.damage
        shield += ability.shield
        f.draw_mod += ability.draw
        effects.extend((index, e) for e in ability.effects)
        # The extension of the card beneath this one that this card attached through is "used".
        if index > 0 and placed.via >= 0:
            ext = cards[f.combo[index - 1].card].extensions[placed.via]
            damage += ext.damage
            shield += ext.shield
            f.draw_mod += ext.draw
            effects.extend((index - 1, e) for e in ext.effects)
    f.attack_damage += damage
    yield from deal_attack_damage(s, p, f)
    set_shield(s, p, p.shield + shield)
    for index, effect in effects:
        yield from run_effects(s, Ctx(p.seat, combo_index=index), [effect])
        if s.outcome is not None:
            return
    yield from deal_attack_damage(s, p, f)


def deal_attack_damage(s: GameState, p: PlayerState, f: FightState) -> Flow:
    """Apply the pending attack damage; a hit that discards cards triggers on-opponent-discard."""
    while f.attack_damage > 0:
        amount, f.attack_damage = f.attack_damage, 0
        lost = yield from hit_opponent(s, p.seat, f, amount)
        if lost > 0:
            yield from auto_abilities(s, p, Timing.ON_OPPONENT_DISCARD)


def hit_opponent(s: GameState, seat: int, f: FightState, amount: int) -> Flow:
    """Damage the opponent: a monster loses Life Pool cards; a witcher Shield, deck, then hand."""
    if f.is_duel:
        lost = yield from take_damage(s, s.players[opponent_seat(f, seat)], amount)
        return lost
    if f.legendary is not None:
        amount = f.legendary.absorb(amount)
    for pack in s.packs:  # the Wild Hunt's Shields (§11.6)
        amount = pack.absorb_hit(s, f, amount)
    lost = 0
    # Re-read the pool each card: a Passive ability may make an Advanced card hit back at it meanwhile (§9.6, §9.8).
    while lost < amount and f.life_pool:
        card = f.life_pool.pop()
        f.spent.append(card)
        lost += 1
        for pack in s.packs:  # a Special Attack card: stop, the Passive ability, then the rest (§9.8)
            yield from pack.life_pool_card_lost(s, seat, f, card)
    return lost


def _colors(s: GameState) -> dict[str, Color]:
    """Each card's colour (memoised per content): a legendary Special Attack may forbid one for a fight turn."""
    found: dict[str, Color] | None = s.tables.memo.get("card-colors")
    if found is None:
        found = s.tables.memo["card-colors"] = {c.id: c.color for c in s.tables.cards.values()}
    return found


def replenish(s: GameState, p: PlayerState, f: FightState) -> Flow:
    """Step 4: draw Combat + modifiers from the Life Pool only (no reshuffle), then discard the combo."""
    yield from auto_abilities(s, p, Timing.FIGHT_STEP4_DRAW)
    count = p.attributes[Attribute.COMBAT] + f.draw_mod
    if f.whole_fight_draw_mod < 0:
        # Griffin: "draw 1 card fewer (never below 1)": the whole-fight cut stops at 1 card.
        count = max(count + f.whole_fight_draw_mod, min(count, 1))
    else:
        count += f.whole_fight_draw_mod
    s.draw(p, max(0, count), reshuffle=False)
    back = set(f.return_to_hand)
    for index, placed in enumerate(f.combo):
        if index in back and s.hand_room(p) > 0:
            p.hand.append(placed.card)
        else:
            p.discard.append(placed.card)
    f.combo = []
    f.draw_mod = 0
