"""Location actions (reference §8): what each location offers and what taking it does."""

from __future__ import annotations

from itertools import combinations

from ..enums import EVENT_ISLAND_ACTIONS, Attribute, LocationAction, Terrain
from .actions import (
    Action,
    DrawPotion,
    Exchange,
    MarketGain,
    PokerWithLocals,
    PoolTrash,
    TakeGold,
    TrailQuest,
    Train,
    UpgradeTrophy,
    interned,
)
from .fight import TRAIL_QUEST_GOLD
from .poker import play, play_solo
from .state import Flow, GameState, PlayerState
from .tables import ATTRIBUTES, TERRAINS
from .witcher import gain_potions, raise_attribute

# Small Gold amounts printed on the board's location symbols (reference §8.6-§8.8; not manifest constants).
TALK_TO_LOCALS_GOLD = 1
PITY_GOLD = 1
LOCATION_ZERO_GOLD = 1  # Designed in map.yaml: location 0's action gains 1 Gold.
MARKET_TRASH_MAX = 2
ISLE_OF_MISTS_COSTS = (0, 1)  # §10.4: a 0-cost card free, a 1-cost card for 1 Gold
EYNA_LEVELS = (1, 2)  # §10.4: the trophies Eyna upgrades, one level higher each


def school_cost(s: GameState, p: PlayerState, attribute: Attribute) -> int:
    """Training at a school costs the attribute's current level + the base (§8.1)."""
    return p.attributes[attribute] + s.rules.school_train_cost_base


def location_options(s: GameState, p: PlayerState) -> list[Action]:
    """The location action on offer: only where the witcher moved in this turn, once per turn (§7.1)."""
    here = p.location
    if here not in p.moved_into or here in p.actions_used or any(pack.blocks_location(s, here) for pack in s.packs):
        return []
    spec = s.tables.locations[here].action
    top = s.rules.attribute_max
    kind = spec.type
    if is_school_site(s, here):
        trainable = [Attribute.COMBAT, Attribute.DEFENSE, Attribute.ALCHEMY]
        if spec.school in (p.school, s.tables.schools[p.school].shares_school, p.claimed):
            trainable.append(Attribute.SPECIALTY)  # Only your own school (or the one you share) trains your Specialty.
        return [interned(Train, a.value) for a in trainable if p.attributes[a] < top and p.gold >= school_cost(s, p, a)]
    if kind is LocationAction.TRAIN_ATTRIBUTE:
        a = spec.attribute
        # Free training only while the attribute is at most the witcher level (§8.2).
        return [interned(Train, a.value)] if a is not None and p.attributes[a] < top and p.attributes[a] <= p.level else []
    if kind is LocationAction.POTION:
        return [interned(DrawPotion)]
    if kind is LocationAction.LOCALS_POKER:
        return [interned(PokerWithLocals)] if p.gold >= s.rules.poker_stake else []
    if kind is LocationAction.TRAIL_QUEST:
        terrains = [t for t in TERRAINS if s.slots.get(t) is not None and _has_quest_token(s, p, t)]
        return [interned(TrailQuest, t.value) for t in terrains] or [interned(TrailQuest, "")]
    if kind is LocationAction.CARD_EXCHANGE:
        cards = s.tables.cards
        allowance = s.rules.exchange_cost_above
        return [
            interned(Exchange, h, i)
            for h in dict.fromkeys(p.hand)
            for i, m in enumerate(s.market)
            if m is not None and s.tables.takes_by_cost(m) and cards[m].cost <= cards[h].cost + allowance
        ]
    if kind is LocationAction.TRAIN_ANY:  # Ard Skellig: any one attribute, no price (§10.4)
        return [interned(Train, a.value) for a in ATTRIBUTES if p.attributes[a] < top]
    if kind is LocationAction.MARKET_GAIN:
        # A "0-cost" or "1-cost" card is its printed cost: the market slot's price modifier does not apply (§10.4).
        return [interned(MarketGain, i) for i, m in enumerate(s.market) if m is not None and s.tables.takes_by_cost(m)
                and s.tables.cards[m].cost in ISLE_OF_MISTS_COSTS and p.gold >= s.tables.cards[m].cost]
    if kind is LocationAction.TROPHY_UPGRADE:
        return eyna_options(s, p)
    if kind in EVENT_ISLAND_ACTIONS:
        return [option for pack in s.packs for option in pack.location_options(s, p, kind)]  # Skellige's (§10.5)
    if kind is LocationAction.POOL_TRASH:
        # The Mages' second market: either market, in any combination (expansion sheet §8.4).
        both = next((found for pack in s.packs if (found := pack.market_trash_options(s, p, MARKET_TRASH_MAX)) is not None),
                    None)
        if both is not None:
            return both
        filled = [i for i, m in enumerate(s.market) if m is not None]
        return [interned(PoolTrash, c) for k in range(MARKET_TRASH_MAX + 1) for c in combinations(filled, k)]
    return [interned(TakeGold)]


def eyna_options(s: GameState, p: PlayerState) -> list[Action]:
    """With no level I or II monster trophy: a random level I trophy; else give one up for a level higher."""
    held = [t[8:] for t in p.trophies if t.startswith("monster:") and s.tables.monsters[t[8:]].level in EYNA_LEVELS]
    if not held:
        return [interned(UpgradeTrophy)] if s.monster_stacks[1] else []
    return [interned(UpgradeTrophy, m) for m in dict.fromkeys(held) if s.monster_stacks[s.tables.monsters[m].level + 1]]

def is_school_site(s: GameState, location: str) -> bool:
    """A school location, or location 0 while the school its action names is in play (the Manticore's, §9.2)."""
    tables = s.tables
    sites: frozenset[str] | None = tables.memo.get("school-sites")  # asked at every step: worked out once per content
    if sites is None:
        sites = tables.memo["school-sites"] = frozenset(
            loc.id for loc in tables.locations.values()
            if loc.action.type is LocationAction.SCHOOL
            or (loc.action.type is LocationAction.SPECIAL and loc.action.school in tables.schools))
    return location in sites


def _has_quest_token(s: GameState, p: PlayerState, terrain: Terrain) -> bool:
    """Is there a token of the terrain elsewhere than here to start a Trail Quest with?"""
    tokens = s.tables.tokens
    here = p.location
    return any(tokens[t].location != here for t in s.token_piles[terrain])


def take_location_action(s: GameState, p: PlayerState, action: Action) -> Flow:
    """Carry out a location action chosen from `location_options`."""
    p.actions_used.add(p.location)
    if isinstance(action, Train):
        attribute = Attribute(action.attribute)
        if is_school_site(s, p.location):
            s.give_gold(p, -school_cost(s, p, attribute))
        yield from raise_attribute(s, p, attribute)
    elif isinstance(action, DrawPotion):
        yield from gain_potions(s, p, 1)
    elif isinstance(action, PokerWithLocals):
        payout = next((table for pack in s.packs if (table := pack.locals_poker_payout(s)) is not None), None)
        if payout is not None:  # the locals pay by the Wild Hunt Help card's table (expansion sheet §11.5)
            yield from play_solo(s, p, payout)
        else:
            yield from (play_solo(s, p) if s.n == 1 else play(s, p, None))
    elif isinstance(action, TrailQuest):
        s.give_gold(p, TALK_TO_LOCALS_GOLD)
        if action.terrain:
            start_trail_quest(s, p, Terrain(action.terrain))
    elif isinstance(action, Exchange):
        p.hand.remove(action.trash)
        s.trash.append(action.trash)
        s.put_gained(p, s.take_from_market(action.slot), to_hand=True)
    elif isinstance(action, PoolTrash):
        if p.gold == 0:
            s.give_gold(p, PITY_GOLD)
        # Ascending: taking slot i only shifts the cards left of it, so later slots keep their index.
        for slot in sorted(action.slots):
            s.trash.append(s.take_from_market(slot))
    elif isinstance(action, MarketGain):
        s.give_gold(p, -s.tables.cards[s.market[action.slot] or ""].cost)
        s.put_gained(p, s.take_from_market(action.slot), to_hand=False)
    elif isinstance(action, UpgradeTrophy):
        take_island_trophy(s, p, action.monster)
    elif isinstance(action, TakeGold):
        s.give_gold(p, LOCATION_ZERO_GOLD)
    else:
        flow = next((flow for pack in s.packs if (flow := pack.take_location_action(s, p, action)) is not None), None)
        assert flow is not None, action
        yield from flow


def take_island_trophy(s: GameState, p: PlayerState, given_up: str) -> None:
    """The top monster of the next level's stack (they are shuffled: a random one) becomes a trophy card under
    the board: no trophy-track step, no Fatigue (§10.4). A trophy given up leaves the game."""
    level = 1
    if given_up:
        p.trophies.remove(f"monster:{given_up}")
        level = s.tables.monsters[given_up].level + 1
    monster = s.monster_stacks[level].pop()
    s.defeated.append(monster)
    p.trophies.append(f"monster:{monster}")
    s.used["monsters"].add(monster)


def start_trail_quest(s: GameState, p: PlayerState, terrain: Terrain) -> None:
    """Draw a token of the terrain (not this location: draw another, §18.10: the first is shuffled back)."""
    pile = s.token_piles[terrain]
    token = pile.pop()
    if s.tables.token_location(token) == p.location:
        other = pile.pop() if pile else None
        pile.append(token)
        s.rng.shuffle(pile)
        if other is None:
            return
        token = other
    p.trail_quests.append(token)
    s.bank -= TRAIL_QUEST_GOLD
