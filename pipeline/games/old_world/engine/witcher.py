"""A witcher's own resources: attributes and level, Shield, damage taken, potions, trophies, Fatigue."""

from __future__ import annotations

from collections.abc import Generator

from ..enums import Attribute, Terrain
from .actions import Action, ChooseTerrain, DiscardPotion, TakeMarket, Trash, interned
from .outcome import Termination
from .state import Decision, Flow, GameState, PlayerState
from .tables import ATTRIBUTES, TERRAINS


def defense_cap(s: GameState, p: PlayerState) -> int:
    """The Shield maximum: Defense, lowered for this fight by effects such as Leshen's."""
    penalty = s.fight.defense_penalty.get(p.seat, 0) if s.fight is not None else 0
    return max(0, p.attributes[Attribute.DEFENSE] - penalty)


def set_shield(s: GameState, p: PlayerState, value: int) -> None:
    """The Shield within 0..Defense; a Mage's Energy may exceed Wisdom during a fight (expansion sheet §8.4)."""
    top = value if p.mage and s.fight is not None else defense_cap(s, p)
    p.shield = max(0, min(value, top))


def raise_attribute(s: GameState, p: PlayerState, attribute: Attribute, amount: int = 1, levelup_draw: bool = True) -> Flow:
    """Raise an attribute with its side effects: Defense +1 Shield, Alchemy +1 Potion (§6.4), level-up (§6.5);
    a Destruction token's level draws no level-up card (`levelup_draw`, expansion sheet §7.5)."""
    top = s.rules.attribute_max
    for _ in range(amount):
        if p.attributes[attribute] >= top:
            return
        p.attributes[attribute] += 1
        if p.attributes[attribute] >= top:
            p.maxed.add(attribute)
        # §6.4 "(exception: level 5)", read as §18.5's first reading: the raise to 5 gives no Shield. A Mage has no such
        # exception: "Raising Wisdom raises Energy by 1" (expansion sheet §8.4).
        if attribute is Attribute.DEFENSE and (p.attributes[attribute] < top or p.mage):
            set_shield(s, p, p.shield + 1)
        elif attribute is Attribute.ALCHEMY:
            yield from gain_potions(s, p, 1)
        yield from check_level_up(s, p, levelup_draw)


def check_level_up(s: GameState, p: PlayerState, draw: bool = True) -> Flow:
    """Level up while every attribute is above the witcher level; take the printed reward, or with Monster
    Trail's Mutagens as many Mutagens instead (expansion sheet §9.3); a level that gives no reward (a Destruction
    token's, `draw` false) takes neither."""
    while p.level < s.rules.witcher_level_max and all(v > p.level for v in p.attributes.values()):
        p.level += 1
        reward = s.rules.levelup_draw.get(p.level, 0) if draw else 0
        if reward and not (yield from _reward_by_pack(s, p, reward)):
            s.draw(p, reward, reshuffle=not s.in_fight(p.seat))


def _reward_by_pack(s: GameState, p: PlayerState, reward: int) -> Generator[Decision, Action, bool]:
    """A level-up reward an active pack gives otherwise (Monster Trail's Mutagens); False: it is cards."""
    for pack in s.packs:
        if (yield from pack.level_up_reward(s, p, reward)):
            return True
    return False


def lower_attribute(s: GameState, p: PlayerState, attribute: Attribute, amount: int = 1) -> None:
    """Lower an attribute, never below the minimum nor once it reached the top (§6.4); clamp the Shield."""
    if attribute in p.maxed:
        return
    p.attributes[attribute] = max(s.rules.attribute_min, p.attributes[attribute] - amount)
    if attribute is Attribute.DEFENSE:
        set_shield(s, p, p.shield)


def raisable(s: GameState, p: PlayerState) -> list[Attribute]:
    return [a for a in ATTRIBUTES if p.attributes[a] < s.rules.attribute_max]


def lowerable(s: GameState, p: PlayerState) -> list[Attribute]:
    return [a for a in ATTRIBUTES if a not in p.maxed and p.attributes[a] > s.rules.attribute_min]


def gain_potions(s: GameState, p: PlayerState, count: int) -> Flow:
    """Draw potions; over the hold limit, discard chosen ones down to it (§6.7)."""
    for _ in range(count):
        if (yield from _potion_by_pack(s, p)):  # Monster Trail: a Bomb instead of this Potion (§9.5)
            continue
        potion = s.draw_potion()
        if potion is not None:
            p.potions.append(potion)
    while len(p.potions) > s.rules.potion_hold_limit:
        action = yield Decision(p.seat, "discard-potion", tuple(interned(DiscardPotion, x) for x in dict.fromkeys(p.potions)))
        assert isinstance(action, DiscardPotion)
        p.potions.remove(action.potion)
        s.potion_discard.append(action.potion)


def _potion_by_pack(s: GameState, p: PlayerState) -> Generator[Decision, Action, bool]:
    """Something an active pack gives instead of one Potion; False: the Potion is drawn."""
    for pack in s.packs:
        if (yield from pack.potion_instead(s, p)):
            return True
    return False


def discard_potions(s: GameState, p: PlayerState, count: int | None) -> None:
    """Discard potions (all when count is None): the last drawn first."""
    n = len(p.potions) if count is None else min(count, len(p.potions))
    for _ in range(n):
        s.potion_discard.append(p.potions.pop())


def take_damage(s: GameState, p: PlayerState, amount: int) -> Flow:
    """Shield first, then the deck top, then hand cards of the victim's choice (§10.4 step 3a). Returns cards lost."""
    if p.mage:  # a Mage loses no Energy to damage; Protection stops ordinary damage (expansion sheet §8.4)
        amount -= absorb(s, p, amount)
    else:
        absorbed = min(p.shield, amount)
        p.shield -= absorbed
        amount -= absorbed
    lost = 0
    while amount > 0 and p.deck:
        card = p.deck.pop()
        p.discard.append(card)
        amount -= 1
        lost += 1
        for pack in s.packs:  # Monster Trail's Advanced card passives (§9.6)
            amount = yield from pack.damage_discarded(s, p, card, amount)
    while amount > 0 and p.hand:
        action: Action = yield Decision(p.seat, "lose-card", tuple(_discards(p)))
        assert isinstance(action, Trash)
        p.hand.remove(action.card)
        p.discard.append(action.card)
        amount -= 1
        lost += 1
        for pack in s.packs:
            amount = yield from pack.damage_discarded(s, p, action.card, amount)
    return lost


def absorb(s: GameState, p: PlayerState, amount: int) -> int:
    """How much of an ordinary hit a Mage's Protection stops (expansion sheet §8.4); what it stops is spent."""
    f = s.fight
    held = f.protection.get(p.seat, 0) if f is not None else 0
    stopped = min(held, amount)
    if stopped:
        assert f is not None
        f.protection[p.seat] = held - stopped
    return stopped


def _discards(p: PlayerState) -> list[Trash]:
    return [interned(Trash, c, "hand") for c in dict.fromkeys(p.hand)]


def discard_random(s: GameState, p: PlayerState, count: int) -> int:
    """Random cards from hand to the discard pile; a short hand continues from the deck top (§10.6)."""
    lost = 0
    for _ in range(count):
        if p.hand:
            p.discard.append(p.hand.pop(s.rng.randrange(len(p.hand))))
        elif p.deck:
            p.discard.append(p.deck.pop())
        else:
            break
        lost += 1
    return lost


def trash_chosen(s: GameState, p: PlayerState, count: int, zones: tuple[str, ...]) -> Flow:
    """Trash `count` cards of the player's choice from the given zones (§6.1); returns how many."""
    done = 0
    for _ in range(count):
        options = [interned(Trash, c, zone) for zone in zones for c in dict.fromkeys(getattr(p, zone))]
        if not options:
            break
        action = yield Decision(p.seat, "trash", tuple(options))
        assert isinstance(action, Trash)
        getattr(p, action.zone).remove(action.card)
        s.trash.append(action.card)
        done += 1
    return done


def gain_zero_cost(s: GameState, p: PlayerState) -> Flow:
    """Add a printed-0-cost card to the discard pile: a displayed one, else revealed from the deck (§10.10)."""
    slots = s.market_slots(lambda cost: cost == 0)
    if not slots:
        s.gain_by_cost(p, lambda cost: cost == 0, to_hand=False)
        return
    action = yield Decision(p.seat, "take-zero-cost", tuple(interned(TakeMarket, i) for i in _distinct_slots(s, slots)))
    assert isinstance(action, TakeMarket)
    s.put_gained(p, s.take_from_market(action.slot), to_hand=False)


def _distinct_slots(s: GameState, slots: list[int]) -> list[int]:
    seen: dict[str | None, int] = {}
    for i in slots:
        seen.setdefault(s.market[i], i)
    return list(seen.values())


def gain_trail(s: GameState, p: PlayerState, terrain: Terrain | None) -> Flow:
    """Gain a Trail Token: draw one Location Token of the terrain (chosen when None) (§6.8)."""
    if terrain is None:
        options = [t for t in TERRAINS if s.token_piles[t]]
        if not options:
            return
        action = yield Decision(p.seat, "trail-terrain", tuple(ChooseTerrain(t.value) for t in options))
        assert isinstance(action, ChooseTerrain)
        terrain = Terrain(action.terrain)
    if s.token_piles[terrain]:
        p.trail_tokens.append(s.token_piles[terrain].pop())


def gain_trophy(s: GameState, p: PlayerState, trophy: str, from_fight: bool) -> Flow:
    """Take a trophy, advance the track, win at the top, suffer Fatigue (§11.2, §11.3). Returns True on a win."""
    p.trophies.append(trophy)
    top = s.rules.win_trophies
    # With Legendary Hunt trophies never win: they lower its Protection (§7.5); Wild Hunt is won together (§11.2).
    hunt = not all(pack.trophies_win(s) for pack in s.packs)
    if not from_fight and p.track + 1 >= top and not hunt:
        return False  # §11.3: a Meditation never ends the game: keep the card, no advance, no Fatigue.
    p.track = min(p.track + 1, len(s.tables.manifest.trophy_track) - 1)
    if p.track >= top and not hunt:
        s.end(Termination.SOLO_GOAL if s.n == 1 else Termination.TROPHIES, p.seat)
        return True
    fatigue = s.tables.manifest.trophy_track[p.track].fatigue
    if fatigue and all(pack.suffers_fatigue(s) for pack in s.packs):  # none against the Wild Hunt (§11.2)
        yield from trash_chosen(s, p, fatigue, ("hand", "deck", "discard"))
        s.reshuffle_all(p, with_hand=True)  # §18.7: the hand is shuffled in too.
    return False
