"""The turn (reference §7): Phase I movement and location actions, Phase II fight / meditate /
explore, Phase III discard, draw and gain a card. `game_flow` runs turns until the game ends."""

from __future__ import annotations

from contextlib import ExitStack
from itertools import combinations
from typing import Any

from ..enums import Attribute, CardTerrain, ExplorationDeck
from .actions import PASS, Action, Buy, Discard, Duel, Explore, FightMonster, Meditate, Move, Pass, Poker, interned
from .exploration import explore, on_enter
from .fight import duel, monster_fight
from .locations import is_school_site, location_options, take_location_action
from .outcome import Outcome, Termination
from .poker import play
from .state import Decision, Flow, GameState, PlayerState
from .tables import ATTRIBUTES, Tables
from .witcher import gain_trophy


def game_flow(s: GameState, setup: Flow) -> Flow:
    """Setup choices, then turns clockwise until a win or the turn cap."""
    yield from setup
    for pack in s.packs:  # a cooperative game plays rounds together (engine/wild_hunt.py)
        rounds = pack.game_flow(s)
        if rounds is not None:
            yield from rounds
            return
    while s.outcome is None:
        p = s.players[s.active]
        if p.turns >= s.rules.turn_cap:
            s.outcome = Outcome(Termination.TURN_CAP, None, s.turn)
            return
        yield from take_turn(s, p)
        if s.active == s.n - 1:
            for pack in s.packs:
                yield from pack.end_of_round(s)
        s.active = (s.active + 1) % s.n


def take_turn(s: GameState, p: PlayerState) -> Flow:
    s.turn += 1
    p.turns += 1
    p.moved_into, p.actions_used, p.poker_partners = set(), set(), set()
    p.travelled = False
    for pack in s.packs:
        pack.new_turn(s, p)
    p.phase3_target = s.rules.phase3_draw
    with ExitStack() as scopes:  # Mages: every card this player gains comes from their own pool (§8.4)
        for pack in s.packs:
            scopes.enter_context(pack.gain_scope(s, p))
        yield from phase_one(s, p)
        for pack in s.packs:
            if s.outcome is None:
                yield from pack.after_phase_one(s, p)
        if s.outcome is None:
            yield from phase_two(s, p)
        if s.outcome is None:
            yield from phase_three(s, p)


# --- Phase I ---------------------------------------------------------------------------------------


def move_options(s: GameState, p: PlayerState) -> list[Action]:
    """Move to a connected location paying: 1 matching or Wild card, any 2 cards, or 1 card + 1 Gold (§7.1).

    Per destination: the matching single cards (hand order), the distinct pairs (sorted), then with
    Gold each single card. The Move values are interned per content (`Tables.memo`): equal to fresh
    ones, but built once.
    """
    hand = p.hand
    if not hand:
        return []
    tables = s.tables
    memo = tables.memo
    singles = list(dict.fromkeys(hand))
    ordered = tuple(sorted(hand))
    with_gold = p.gold >= 1
    exits = _exits(tables, p.location)
    key = ("move-pairs", p.location, ordered)
    pair_moves: list[list[Move]] | None = memo.get(key)
    if pair_moves is None:
        pairs = list(dict.fromkeys(combinations(ordered, 2)))
        pair_moves = memo[key] = [list(map(exit_[4].__getitem__, pairs)) for exit_ in exits]
        _trim(memo)
    options: list[Action] = []
    sea = tables.sea.get(p.location, ())
    for (dest, payable, single, single_gold, _), pair_options in zip(exits, pair_moves, strict=True):
        if dest in sea and not all(pack.may_sail(s, p, dest) for pack in s.packs):
            continue
        # map/filter: no comprehension frame per destination, at every Phase I step.
        options += map(single.__getitem__, filter(payable.__contains__, singles))
        options += pair_options
        if with_gold:
            options += map(single_gold.__getitem__, singles)
    return options


class PairMoves(dict[tuple[str, ...], Move]):
    """The 2-card Moves to one destination by pair of cards, each made when first asked for."""

    def __init__(self, destination: str) -> None:
        super().__init__()
        self.destination = destination

    def __missing__(self, pair: tuple[str, ...]) -> Move:
        move = self[pair] = Move(self.destination, pair)
        return move


ExitInfo = tuple[str, frozenset[str], dict[str, Move], dict[str, Move], PairMoves]


def _exits(tables: Tables, location: str) -> list[ExitInfo]:
    """Per neighbour: its id, the cards that pay alone to enter it, and its Moves (1 card, 1 card +
    1 Gold, and the 2-card ones by pair, filled as met)."""
    key = ("exits", location)
    found: list[ExitInfo] | None = tables.memo.get(key)
    if found is None:
        found = []
        for dest in (*tables.neighbours[location], *tables.sea.get(location, ())):
            terrain = tables.locations[dest].terrain.value
            payable = frozenset(
                c.id for c in tables.cards.values() if c.terrain is CardTerrain.WILD or c.terrain.value == terrain
            )
            single = {c: interned(Move, dest, (c,)) for c in tables.cards}
            single_gold = {c: interned(Move, dest, (c,), 1) for c in tables.cards}
            found.append((dest, payable, single, single_gold, tables.memo.setdefault(("pair-moves", dest), PairMoves(dest))))
        tables.memo[key] = found
    return found


# Option lists memoised by hand: dropped wholesale past this many entries to bound the memory.
MEMO_LIMIT = 20_000
HAND_KEYED = frozenset({"move-pairs", "buy", "abilities"})


def _trim(memo: dict[Any, Any]) -> None:
    if len(memo) > MEMO_LIMIT:
        kept = {k: v for k, v in memo.items() if k[0] not in HAND_KEYED}
        memo.clear()
        memo.update(kept)


def poker_options(s: GameState, p: PlayerState) -> list[Action]:
    """Dice Poker with each witcher here, once each, at a location moved into this turn (§7.1, §9.1); never against
    the Wild Hunt, where Dice Poker is only against the locals (expansion sheet §11.5)."""
    if p.location not in p.moved_into or p.gold < s.rules.poker_stake or is_cooperative(s):
        return []
    return [
        interned(Poker, q.seat)
        for q in s.players
        if q is not p and q.location == p.location and q.seat not in p.poker_partners and q.gold >= s.rules.poker_stake
    ]


def phase_one(s: GameState, p: PlayerState) -> Flow:
    while True:
        # Extended in place (move_options makes a new list): asked at every Phase I step, so no list is copied.
        confined = next((found for pack in s.packs if (found := pack.confined_options(s, p)) is not None), None)
        if confined is not None:  # Skellige's Dagon Location: only the way back (expansion sheet §10.7)
            options = confined
        else:
            options = move_options(s, p)
            options += location_options(s, p)
            options += poker_options(s, p)
            for pack in s.packs:
                options += pack.phase_one_options(s, p)
        if not options:
            return
        options.append(PASS)
        action = yield Decision(p.seat, "phase-1", tuple(options))
        if isinstance(action, Move):
            for card in action.pay:
                p.hand.remove(card)
                p.discard.append(card)
                s.used["action-cards"].add(card)
            s.give_gold(p, -action.gold)
            if action.destination in s.tables.sea.get(p.location, ()):
                for pack in s.packs:
                    yield from pack.sail(s, p, action.destination)
            p.location = action.destination
            p.moved_into.add(action.destination)
            for pack in s.packs:
                yield from pack.entered(s, p)
            yield from on_enter(s, p)
            for pack in s.packs:
                yield from pack.after_entered(s, p)
        elif isinstance(action, Poker):
            p.poker_partners.add(action.seat)
            yield from play(s, p, action.seat)
        elif isinstance(action, Pass):
            return
        else:
            yield from pack_action(s, p, action) or take_location_action(s, p, action)
        if s.outcome is not None or any(pack.ends_phase_one(s, p) for pack in s.packs):
            return


def pack_action(s: GameState, p: PlayerState, action: Action) -> Flow | None:
    """The flow of an action an active pack offered (its own Phase I or II option), else None."""
    for pack in s.packs:
        flow = pack.take_action(s, p, action)
        if flow is not None:
            return flow
    return None


def is_cooperative(s: GameState) -> bool:
    """The players play together against a pack's opponent (the Wild Hunt, expansion sheet §11.5)."""
    return any(pack.is_cooperative(s) for pack in s.packs)


# --- Phase II --------------------------------------------------------------------------------------


def phase_two_options(s: GameState, p: PlayerState) -> list[Action]:
    options: list[Action] = []
    tables = s.tables
    on_board = [v for v in s.slots.values() if v is not None]
    for token, monster in on_board if all(pack.may_fight_monster_at(s, p.location) for pack in s.packs) else ():
        if tables.token_location(token) == p.location:
            options.append(interned(FightMonster, monster))
    for pack in s.packs:
        options += pack.phase_two_options(s, p)
    cooperative = is_cooperative(s)  # no witcher-vs-witcher fights, and the Hunt's own Exploration (§11.5)
    if not cooperative and not is_school_site(s, p.location) and p.location != s.closed_tavern:
        options.extend(
            interned(Duel, q.seat)
            for q in s.players
            if q is not p and q.location == p.location and q.seat not in p.poker_partners
        )
    if p.maxed:
        options.extend(interned(Meditate, a.value) for a in meditations(s, p))
    for deck in EXPLORATION_DECKS if not cooperative and all(pack.may_explore(s, p) for pack in s.packs) else ():
        if s.exploration[deck] or s.exploration_used[deck]:
            options.append(interned(Explore, deck))
    return options


EXPLORATION_DECKS: tuple[str, ...] = tuple(deck.value for deck in ExplorationDeck)


def meditations(s: GameState, p: PlayerState) -> list[Attribute]:
    """Attributes at the top whose trophy is still available and not already owned (§11.3)."""
    owned = {s.tables.attribute_trophies[k[10:]].attribute for k in p.trophies if k.startswith("attribute:")}
    pool = {s.tables.attribute_trophies[t].attribute for t in s.attribute_trophies}
    return [a for a in ATTRIBUTES if a in p.maxed and a in pool and a not in owned]


def phase_two(s: GameState, p: PlayerState) -> Flow:
    for pack in s.packs:  # Skellige: an island's monster or the Dagon Location, straight to that fight (§10.5, §10.7)
        forced = pack.forced_fight(s, p)
        if forced is not None:
            yield from forced
            return
    options = phase_two_options(s, p)
    if not options:
        return
    action = yield Decision(p.seat, "phase-2", tuple(options))
    if isinstance(action, FightMonster):
        for pack in s.packs:
            pack.monster_fight_chosen(s, p.location)
        yield from monster_fight(s, p, action.monster)
    elif isinstance(action, Duel):
        yield from duel(s, p, s.players[action.seat])
    elif isinstance(action, Meditate):
        attribute = Attribute(action.attribute)
        trophy = next(t for t in s.attribute_trophies if s.tables.attribute_trophies[t].attribute is attribute)
        s.attribute_trophies.remove(trophy)
        yield from gain_trophy(s, p, f"attribute:{trophy}", from_fight=False)
    elif isinstance(action, Explore):
        yield from explore(s, p, ExplorationDeck(action.deck))
    else:
        flow = pack_action(s, p, action)
        assert flow is not None, action
        yield from flow


# --- Phase III -------------------------------------------------------------------------------------


def buy_options(s: GameState, p: PlayerState) -> list[Action]:
    """Every market card the hand can pay for, with each distinct set of cards to discard (§7.3)."""
    options: list[Action] = []
    hand = tuple(sorted(p.hand))
    memo = s.tables.memo
    for slot, card in enumerate(s.market):
        if card is None or not s.tables.takes_by_cost(card):  # an Advanced card is bought by a trash (advanced_actions)
            continue
        cost = s.slot_cost(slot)
        if cost <= len(hand):
            key = ("buy", slot, cost, hand)
            buys = memo.get(key)
            if buys is None:
                buys = memo[key] = [interned(Buy, slot, pay) for pay in dict.fromkeys(combinations(hand, cost))]
                _trim(memo)
            options += buys
    for pack in s.packs:
        options += pack.buy_options(s, p)
    return options


def phase_three(s: GameState, p: PlayerState) -> Flow:
    rules = s.rules
    # Step 1: discard any number; at most the cap may stay in hand (§7.3, §18.4).
    while p.hand:
        options: list[Action] = [interned(Discard, c) for c in dict.fromkeys(p.hand)]
        if len(p.hand) <= rules.phase3_hand_cap:
            options.append(PASS)
        action = yield Decision(p.seat, "phase-3-discard", tuple(options))
        if not isinstance(action, Discard):
            break
        p.hand.remove(action.card)
        p.discard.append(action.card)
    # Step 2: draw up to 3 (2 after a lost fight).
    s.draw_to(p, p.phase3_target)
    # Step 3: gain exactly one market card into hand.
    options = buy_options(s, p)
    if options:
        action = yield Decision(p.seat, "buy", tuple(options))
        bought = next((slot for pack in s.packs if (slot := pack.buy(s, p, action)) is not None), None)
        if bought is None:
            assert isinstance(action, Buy)
            for card in action.pay:
                p.hand.remove(card)
                p.discard.append(card)
            s.put_gained(p, s.take_from_market(action.slot), to_hand=True)
            bought = action.slot
        for pack in s.packs:
            pack.gained_from_market(s, bought)
    else:
        # §18.9: nothing affordable: take a printed-0-cost card into hand for free (displayed, else revealed).
        zero = [i for i, c in enumerate(s.market) if c is not None and s.tables.takes_by_cost(c) and s.tables.cards[c].cost == 0]
        bought = zero[-1] if zero else -1
        if zero:
            s.put_gained(p, s.take_from_market(bought), to_hand=True)
        elif s.gain_by_cost(p, lambda cost: cost == 0, to_hand=True) is None and s.market[-1] is not None:
            # No 0-cost card left anywhere: the right-most card goes to the common discard so the
            # market turns over instead of freezing on cards nobody can pay for (our reading of §18.9).
            s.common_discard.append(s.take_from_market(len(s.market) - 1))
    last = len(s.market) - 1
    if s.n == 1 and bought != last and s.market[last] is not None:
        # §14.3 solo: buying any but the right-most card discards the right-most one (§18.13: to the common discard).
        card = s.take_from_market(last)
        s.common_discard.append(card)
