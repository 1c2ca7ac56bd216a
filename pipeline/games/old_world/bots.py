"""Bots that play Old World through the engine contract: `RandomBot` and `GreedyBot`.

A bot is made from a seed and answers `choose(state, actions) -> action` for whichever player must
decide; the registry `BOTS` maps the names `pnp simulate --bot` accepts to their factories.
"""

from __future__ import annotations

import random
from collections import Counter, deque
from collections.abc import Callable, Sequence
from typing import Any

from pipeline.rules.engine import RandomBot

from . import effects as fx
from .engine import legendary_hunt as lh
from .engine import skellige
from .engine.abilities import owned_abilities
from .engine.actions import (
    PASS,
    Action,
    Buy,
    ChooseAttribute,
    ChooseOption,
    Discard,
    DrawPotion,
    Exchange,
    Explore,
    FightDagon,
    FightMonster,
    MarketGain,
    Meditate,
    Move,
    Pass,
    PlayCard,
    PokerWithLocals,
    PoolTrash,
    Reroll,
    SailBackFromDagon,
    SailToDagon,
    TakeBomb,
    TakeCard,
    TakeGold,
    TrailQuest,
    Train,
    UpgradeTrophy,
    UseAbility,
    UseBomb,
    UsePotion,
    interned,
)
from .engine.advanced_actions import TrashBuy, Travel
from .engine.combo import connects
from .engine.legendary_hunt import NO_MONSTER_LOCATION, DriveAwayLegendary, FightLegendary
from .engine.locations import is_school_site
from .engine.mages import TrashFromMarkets
from .engine.poker import categorize
from .engine.state import GameState, PlayerState
from .engine.wild_hunt import FightHound, HandOver, TakeHoundCard
from .enums import Attribute, LocationAction, PokerCategory, Region, Terrain
from .models.base import ActionCard, FightAbility, LocationActionSpec

# The farthest training site (in moves) the greedy bot walks to for a level of Combat.
TRAIN_DETOUR = 2
# With Legendary Hunt: the farthest Destruction token (in moves) the greedy bot walks to, the Life Pool it
# reckons with (the 20 Special Fight cards) and the turn from which it hunts the legendary monster whatever the odds.
TOKEN_DETOUR = 2
LEGENDARY_LIFE = 20
HUNT_DEADLINE = 20
# The damage a fight turn deals besides Combat, and the margin the guess must clear. Measured (4 players, seeds
# 1-1000): with Combat + 2 and no margin the witchers went in at 3.1 fight turns of 3.3-3.7 damage past
# Protection against a Life Pool of about 17, and won 15-22 % of those fights; the guess was twice too hopeful.
HUNT_TURN_DAMAGE = 1
HUNT_MARGIN = 1.2
HUNT_LAST_CARDS_SOLO = 1
# Poker hands a greedy player never rerolls.
KEEP_ALL = frozenset({PokerCategory.STRAIGHT_LOW, PokerCategory.STRAIGHT_HIGH, PokerCategory.FULL_HOUSE, PokerCategory.FIVE_KIND})
# Monster Trail: the Gold a greedy player keeps for training and travel before it buys a Bomb instead of a Potion.
SPARE_GOLD_FOR_BOMB = 3
# The least value (GreedyBot.value) of a discard pile's top card worth an ability that takes it (the Griffin's
# Magic): a bought card with an ability; a starting card is worth 1.5-4, and the median card 4.
WORTH_TAKING = 6.0


class GreedyBot:
    """Plays to win: heads for a monster it can beat, trains and drinks on the way, builds the longest
    combo, buys the best card it can afford, meditates when allowed."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        # Per content (reset when the tables change): card values, play values, first links.
        self._tables: object = None
        self._values: dict[str, float] = {}
        self._plays: dict[tuple[str | None, str, int], float] = {}
        self._links: dict[tuple[str, str], int | None] = {}
        self._trainers: list[tuple[str, bool, LocationActionSpec]] | None = None

    def choose(self, state: Any, actions: Sequence[Action]) -> Action:
        s: GameState = state
        assert s.decision is not None
        p = s.players[s.decision.player]
        handler = getattr(self, "_" + s.decision.kind.replace("-", "_"), None)
        choice = handler(s, p, actions) if handler else None
        return choice if choice is not None else actions[0]

    # --- Values -------------------------------------------------------------------------------

    def _content(self, s: GameState) -> None:
        if self._tables is not s.tables:
            self._tables = s.tables
            self._values, self._plays, self._links = {}, {}, {}
            self._trainers = None

    def value(self, s: GameState, card: str) -> float:
        self._content(s)
        v = self._values.get(card)
        if v is None:
            c = s.tables.cards[card]
            v = c.cost * 2 + c.fight.damage * 1.5 + c.fight.shield + c.fight.draw + len(c.extensions) * 0.5
            if c.trash_cost:
                v += _advanced_extra(c)
            self._values[card] = v
        return v

    def _lowest(self, s: GameState, actions: Sequence[Action], key: Callable[[Action], str]) -> Action:
        return min(actions, key=lambda a: self.value(s, key(a)))

    def _distances(self, s: GameState, start: str) -> dict[str, int]:
        if s.seas is not None:
            return self._sea_distances(s, start)
        return s.tables.road_distances(start)

    def _sea_distances(self, s: GameState, goal: str) -> dict[str, int]:
        """Steps to the goal with Skellige's Ships where they are now (expansion sheet §10.6): out to an island only
        from a harbor with a Ship, back only to a harbor without one. Not cached: the Ships move."""
        tables, ships = s.tables, s.seas.ships if s.seas else set()
        dist = {goal: 0}
        queue = deque([goal])
        while queue:
            here = queue.popleft()
            links = tables.sea.get(here, ())
            if tables.locations[here].region is not Region.CONTINENT:
                sea = [harbor for harbor in links if harbor in ships]  # sailed out from a harbor with a Ship
            else:
                sea = [] if here in ships else list(links)  # sailed back to a harbor without one
            for before in (*tables.neighbours[here], *sea):
                if before not in dist:
                    dist[before] = dist[here] + 1
                    queue.append(before)
        return dist

    def _goal(self, s: GameState, p: PlayerState) -> str | None:
        """The location of the easiest monster (nearest among the lowest levels), or a training site in solo.
        With Legendary Hunt: the legendary monster once it looks beatable, else a regular monster while a trophy
        still lowers its Protection, else a Destruction token close by.
        Against the Wild Hunt: the nearest open quest, Hound or beatable monster (each costs the Hunt Shields)."""
        if s.wild_hunt is not None:
            return self._wild_hunt_goal(s, p)
        if s.hunt is None:
            return self._monster_goal(s, p)
        if self._hunt_ready(s, p):
            return s.hunt.location
        # A trophy takes 1 off every fight turn's Protection; a token only shortens the Life Pool by one card (solo:
        # by half a card), so the tokens wait while a beatable monster is on the board. Chasing tokens first, the
        # bot met the legendary monster at Protection 3 in most solo games and won 7 % of them.
        goal = self._monster_goal(s, p) if lh.protection(s, p) > 0 else None
        if goal is not None:
            return goal
        dist = self._distances(s, p.location)
        near = [loc for loc in s.hunt.tokens if dist.get(loc, 99) <= TOKEN_DETOUR]
        if s.hunt.location != p.location and p.hand and dist.get(s.hunt.location, 99) <= TOKEN_DETOUR:
            near.append(s.hunt.location)  # driven away, it leaves a token where the witcher stands
        if near:
            return min(near, key=lambda loc: (dist.get(loc, 99), loc))
        return self._monster_goal(s, p)

    def _monster_goal(self, s: GameState, p: PlayerState) -> str | None:
        harbor = self._dagon_harbor(s, p)
        if harbor is not None:
            return harbor
        on_board = [v for v in s.slots.values() if v is not None]
        need = self._solo_need(s, p)
        if need is not None and len(on_board) <= 1:
            return self._training_site(s, p, need)
        if need is None and p.attributes[Attribute.COMBAT] < s.rules.attribute_max:
            # Combat (more cards every fight turn) at a school its gold pays, or a free training site, close by:
            # a short detour pays; without it the later seats' starting gold (§5.7) went unspent.
            site = self._training_site(s, p, Attribute.COMBAT)
            if site is not None and self._distances(s, p.location).get(site, 99) <= TRAIN_DETOUR:
                return site
        on_board = [v for v in on_board if self._can_beat(s, p, v[1])]
        if not on_board:
            return None
        dist = self._distances(s, p.location)
        token, _ = min(on_board, key=lambda v: (s.tables.monsters[v[1]].level, dist.get(s.tables.token_location(v[0]), 99)))
        return s.tables.token_location(token)

    def _dagon_foe(self, s: GameState, p: PlayerState) -> str | None:
        """Skellige: who waits on the Dagon Location (the Siren before Dagon emerges, §6; Dagon once it has, §10.7),
        if the witcher looks strong enough to beat them by the usual rough guess."""
        if s.seas is None or skellige.DAGON not in s.tables.monsters:
            return None
        foe = skellige.SIREN if skellige.siren_waits(s) else skellige.DAGON if skellige.emerged(s) else None
        return foe if foe is not None and self._can_beat(s, p, foe) else None

    def _dagon_harbor(self, s: GameState, p: PlayerState) -> str | None:
        """The nearest continent harbor with a Ship, where a witcher strong enough boards to sail to the Dagon
        Location: a sea fight with no track step, worth it for the Gold, the 0-cost card and the Bonus card (or the
        Siren's trophy) while the easiest monster on the map is no nearer."""
        if self._dagon_foe(s, p) is None:
            return None
        assert s.seas is not None
        dist = self._distances(s, p.location)
        harbors = [h for h in s.seas.ships if not skellige.is_island(s, h) and h in dist]
        if not harbors:
            return None
        harbor = min(harbors, key=lambda h: (dist[h], h))
        monsters = [s.tables.token_location(v[0]) for v in s.slots.values() if v is not None and self._can_beat(s, p, v[1])]
        if monsters and min(dist.get(loc, 99) for loc in monsters) < dist[harbor]:
            return None
        return harbor

    def _wild_hunt_goal(self, s: GameState, p: PlayerState) -> str | None:
        h = s.wild_hunt
        assert h is not None
        targets = [loc for loc in h.quests if loc != p.location]  # a quest resolves on entering its location
        targets += [hound.location for hound in h.hounds.values()]
        targets += [s.tables.token_location(v[0]) for v in s.slots.values() if v is not None and self._can_beat(s, p, v[1])]
        if not targets:
            return None
        dist = self._distances(s, p.location)
        return min(targets, key=lambda loc: (dist.get(loc, 99), loc))

    def _hunt_ready(self, s: GameState, p: PlayerState) -> bool:
        """The legendary monster looks beatable: the fight turns the deck lasts times the damage a turn gets past
        its Protection cover its Life Pool (a rough guess), or the hunt has gone on long enough."""
        assert s.hunt is not None
        if s.n == 1 and len(s.hunt.movement_deck) <= HUNT_LAST_CARDS_SOLO:
            return True
        if s.n > 1 and p.turns >= HUNT_DEADLINE:
            return True
        held = len(s.hunt.tokens_of(p.seat))
        life = LEGENDARY_LIFE - (held // 2 if s.n == 1 else held)
        table = s.hunt.protection
        per_turn = max(0, p.attributes[Attribute.COMBAT] + HUNT_TURN_DAMAGE - table[min(p.track, len(table) - 1)])
        turns = (p.card_count() + p.shield) / 4
        return per_turn * turns >= life * HUNT_MARGIN

    def _can_beat(self, s: GameState, p: PlayerState, monster: str) -> bool:
        """Enough cards to outlast the monster's Life Pool (a rough guess). Against the Wild Hunt each card the
        witchers here may give in Support counts twice: one card off the pool, one more card for the fighter."""
        m = s.tables.monsters[monster]
        support = sum(len(q.hand) for q in s.players if q is not p and q.location == p.location) if s.wild_hunt else 0
        return p.card_count() + 2 * support >= m.life

    def _solo_need(self, s: GameState, p: PlayerState) -> Attribute | None:
        if s.n != 1 or not s.attribute_trophies:
            return None
        return s.tables.attribute_trophies[s.attribute_trophies[0]].attribute

    def _training_locations(self, s: GameState) -> list[tuple[str, bool, LocationActionSpec]]:
        """Per content, in map order: each location that may train (id, is it a school site, its action)."""
        self._content(s)
        if self._trainers is None:
            kinds = (LocationAction.TRAIN_ATTRIBUTE, LocationAction.TRAIN_ANY)
            self._trainers = [(loc.id, is_school_site(s, loc.id), loc.action) for loc in s.tables.locations.values()
                              if is_school_site(s, loc.id) or loc.action.type in kinds]
        return self._trainers

    def _training_site(self, s: GameState, p: PlayerState, attribute: Attribute) -> str | None:
        dist = self._distances(s, p.location)
        sites = []
        own = (p.school, s.tables.schools[p.school].shares_school, p.claimed)
        for loc_id, school_site, spec in self._training_locations(s):
            if school_site and (attribute is not Attribute.SPECIALTY or spec.school in own):
                # Only a school it can pay at: otherwise it would shuttle between schools forever.
                if p.gold >= p.attributes[attribute] + s.rules.school_train_cost_base:
                    sites.append(loc_id)
            elif spec.type is LocationAction.TRAIN_ATTRIBUTE and spec.attribute is attribute:
                if p.attributes[attribute] <= p.level:
                    sites.append(loc_id)
            elif spec.type is LocationAction.TRAIN_ANY and p.attributes[attribute] < s.rules.attribute_max:
                sites.append(loc_id)  # Ard Skellig trains for free (§10.4); its voyages also raise Dagon
        sites = [x for x in sites if x != p.location] or sites
        return min(sites, key=lambda x: dist.get(x, 99)) if sites else None

    # --- Phases -------------------------------------------------------------------------------

    def _phase_1(self, s: GameState, p: PlayerState, actions: Sequence[Action]) -> Action | None:
        groups: dict[type[Action], list[Any]] = {}  # The actions by kind, in order: one pass.
        for a in actions:
            groups.setdefault(type(a), []).append(a)
        if SailBackFromDagon in groups:  # on the Dagon Location: stay for a fight it may win, else sail back (§10.7)
            return PASS if self._dagon_foe(s, p) is not None else interned(SailBackFromDagon)
        hounds: list[FightHound] = groups.get(FightHound, [])
        if hounds:
            return hounds[0]
        travels = [a for a in groups.get(Travel, []) if self._travel_pays(s, p, a.card)]
        if travels:
            return travels[0]
        gift = self._hand_over(s, p, groups.get(HandOver, []))
        if gift is not None:
            return gift
        need = self._solo_need(s, p)
        trains: list[Train] = groups.get(Train, [])
        if trains:
            order = [need.value] if need else []
            order += ["combat", "defense", "alchemy", "specialty"]
            return min(trains, key=lambda a: order.index(a.attribute))
        gains: list[MarketGain] = groups.get(MarketGain, [])
        if gains:  # Isle of Mists: the best card on offer
            return max(gains, key=lambda a: self._market_value(s, a.slot))
        for kind in (DrawPotion, TrailQuest, TakeGold, UpgradeTrophy):
            found = groups.get(kind)
            if found and (kind is not DrawPotion or len(p.potions) < s.rules.potion_hold_limit):
                return found[0]
        if PokerWithLocals in groups and p.gold >= 3:
            return interned(PokerWithLocals)
        if PoolTrash in groups:
            return interned(PoolTrash, ())
        if TrashFromMarkets in groups:  # Vizima in a mixed Mages game: the pity Gold, no card trashed
            return interned(TrashFromMarkets)
        exchanges: list[Exchange] = groups.get(Exchange, [])
        if exchanges:
            best = max(exchanges, key=lambda a: self._market_value(s, a.slot) - self.value(s, a.trash))
            if self._market_value(s, best.slot) - self.value(s, best.trash) > 2:
                return best
        if SailToDagon in groups and self._dagon_foe(s, p) is not None:
            return interned(SailToDagon)
        drives: list[DriveAwayLegendary] = groups.get(DriveAwayLegendary, [])
        if drives and not self._hunt_ready(s, p):
            # Not fighting it yet: a card buys the token it leaves here (taken at the end of Phase I) and frees
            # the location action; the bot used to walk on, so it never held more than the tokens it passed.
            return self._lowest(s, drives, lambda a: a.card)  # type: ignore[attr-defined]
        return self._move(s, p, groups.get(Move, []))

    def _travel_pays(self, s: GameState, p: PlayerState, card: str) -> bool:
        """An Advanced card's traveling ability is worth the card when it draws it back, or raises a Shield below
        Defense, or gains Gold while the hand holds more than it needs to move."""
        for effect in s.tables.cards[card].travel:
            if isinstance(effect, fx.DrawCards) or (isinstance(effect, fx.GainGold) and len(p.hand) > 3):
                return True
            if isinstance(effect, fx.RaiseShield) and p.shield < p.attributes[Attribute.DEFENSE]:
                return True
        return False

    def _hand_over(self, s: GameState, p: PlayerState, offered: list[HandOver]) -> HandOver | None:
        """Against the Wild Hunt the team shares: Gold and Potions go to a witcher here holding at least 2 fewer (so
        gifts never go back and forth), a Trail token to a witcher here without one who can beat that terrain's
        monster (a trail strikes first)."""
        for a in offered:
            q = s.players[a.seat]
            if a.zone == "gold" and p.gold >= q.gold + 2:
                return a
            if a.zone == "potions" and len(p.potions) >= len(q.potions) + 2:
                return a
            if a.zone == "trail_tokens":
                terrain = s.tables.token_terrain(a.item)
                slot = s.slots.get(terrain)
                if slot is not None and not q.has_trail(terrain, s.tables) and self._can_beat(s, q, slot[1]) \
                        and not self._can_beat(s, p, slot[1]):
                    return a
        return None

    def _market_value(self, s: GameState, slot: int) -> float:
        card = s.market[slot]
        return self.value(s, card) if card is not None else 0.0

    def _move(self, s: GameState, p: PlayerState, offered: list[Move]) -> Action:
        goal = self._goal(s, p)
        if goal is None:
            return PASS
        dist = self._distances(s, goal)
        if goal == p.location:
            if self._solo_need(s, p) is None or p.location in p.moved_into:
                return PASS
            dist = {p.location: 99}  # A training site counts only when moved into: step out, come back next move.
        here = dist.get(p.location, 99)
        moves = [a for a in offered if dist.get(a.destination, 98) < here]
        if not moves:
            return PASS

        def cost(a: Move) -> float:
            return len(a.pay) * 10 + a.gold * (3 if p.gold >= 4 else 30) + sum(self.value(s, c) for c in a.pay)

        return min(moves, key=cost)

    def _phase_2(self, s: GameState, p: PlayerState, actions: Sequence[Action]) -> Action | None:
        for a in actions:
            if isinstance(a, FightLegendary) and self._hunt_ready(s, p):
                return a
        for a in actions:
            if isinstance(a, Meditate) or (isinstance(a, FightMonster) and self._can_beat(s, p, a.monster)):
                return a
        explores = [a for a in actions if isinstance(a, Explore)]
        return self.rng.choice(explores) if explores else None

    def _support(self, s: GameState, p: PlayerState, actions: Sequence[Action]) -> Action:
        """Against the Wild Hunt a card given in Support counts twice (one card off the monster's life pool, one more
        drawn by the fighter), and Phase III draws the hand back up: the whole hand goes, the weakest card first."""
        return self._lowest(s, [a for a in actions if not isinstance(a, Pass)], lambda a: a.card)  # type: ignore[attr-defined]

    def _phase_3_discard(self, s: GameState, p: PlayerState, actions: Sequence[Action]) -> Action:
        if len(p.hand) <= s.rules.phase3_hand_cap:
            return PASS
        return self._lowest(s, [a for a in actions if not isinstance(a, Pass)], lambda a: a.card)  # type: ignore[attr-defined]

    def _buy(self, s: GameState, p: PlayerState, actions: Sequence[Action]) -> Action:
        def gain(a: Buy | TrashBuy) -> float:
            if isinstance(a, TrashBuy):  # the trashed card is gone for good
                return self._market_value(s, a.slot) - self.value(s, a.trash)
            return self._market_value(s, a.slot) - 0.5 * sum(self.value(s, c) for c in a.pay)

        offered: list[Buy | TrashBuy] = [a for a in actions if isinstance(a, (Buy, TrashBuy))]
        return max(offered, key=gain)

    # --- Fights -------------------------------------------------------------------------------

    def _fight_turn(self, s: GameState, p: PlayerState, actions: Sequence[Action]) -> Action:
        held = [a for a in actions if isinstance(a, UseAbility) and self._hold(s, p, a)]
        if held and len(held) < len(actions):  # kept for later only when something else may be done now
            actions = [a for a in actions if a not in held]
        for kind in (UseAbility, UsePotion, UseBomb):
            found = [a for a in actions if isinstance(a, kind)]
            if found:
                return found[0]
        plays = [a for a in actions if isinstance(a, PlayCard)]
        if not plays:
            return PASS
        f = s.fight
        assert f is not None
        top = f.combo[-1].card if f.combo else None
        best, best_value = None, 0.0
        rest = Counter(p.hand)  # the hand without the card played: taken out and put back around each guess
        for a in plays:
            rest[a.card] -= 1
            v = self._play_value(s, top, a) + self._chain(s, a.card, rest, f.extra_links - (a.via < 0 and top is not None))
            rest[a.card] += 1
            if v > best_value:
                best, best_value = a, v
        return best if best is not None else PASS

    def _hold(self, s: GameState, p: PlayerState, a: Action) -> bool:
        """Keep an ability that takes the top card of the discard pile (the Griffin's Magic, once per fight) for a
        later fight turn while that card is not worth taking. Before the witcher's first fight turn the top card is
        whatever was discarded last; after it, it is the last card of their own combo. Used at once whatever the
        card, Magic cost the Griffin about 4 points of its share at 3-5 players in the Legendary Hunt, where
        fights last longest (docs/balance/README.md, eighth pass)."""
        f = s.fight
        assert f is not None and isinstance(a, UseAbility)
        if f.turns_taken.get(p.seat, 0) > 1:
            return False
        view = next((v for v in owned_abilities(s, p) if v.key == a.source), None)
        if view is None or not any(isinstance(e, fx.TakeTopOfDiscard) for e in view.effects):
            return False
        return not p.discard or self.value(s, p.discard[-1]) < WORTH_TAKING

    def _play_value(self, s: GameState, top: str | None, a: PlayCard) -> float:
        self._content(s)
        return self._value_onto(s, top, a.card, a.via)

    def _value_onto(self, s: GameState, top: str | None, card: str, via: int) -> float:
        """What playing `card` onto `top` through extension `via` adds (memoised per content)."""
        key = (top, card, via)
        v = self._plays.get(key)
        if v is None:
            v = 1 + _ability_value(s.tables.cards[card].fight)
            if top is not None and via >= 0:
                v += _ability_value(s.tables.cards[top].extensions[via])
            self._plays[key] = v
        return v

    def _link(self, s: GameState, card: str, top: str) -> int | None:
        """The first extension of `top` that `card` attaches through, or None."""
        key = (card, top)
        links = self._links
        if key in links:
            return links[key]
        vias = connects(s.tables.cards[card], s.tables.cards[top])
        via = links[key] = vias[0] if vias else None
        return via

    def _chain(self, s: GameState, top: str, rest: Counter[str], extra: int, depth: int = 0) -> float:
        """The best value a chain can add on top of `top` with the cards left (depth-first)."""
        if depth > 6:
            return 0.0
        best = 0.0
        for card, n in rest.items():
            if n <= 0:
                continue
            via = self._link(s, card, top)
            if via is None:
                if extra <= 0:
                    continue
                via = -1
            rest[card] -= 1
            # Its value looked up directly: the search visits thousands of plays per fight turn.
            v = self._value_onto(s, top, card, via) + self._chain(s, card, rest, extra - (via < 0), depth + 1)
            rest[card] += 1
            best = max(best, v)
        return best

    def _legendary_step(self, s: GameState, p: PlayerState, actions: Sequence[Action]) -> Action:
        """Where the legendary monster goes: the step with the most neighbours free of tokens, so it does not
        get stuck (in solo a monster that cannot move burns a Movement card, §7.6)."""
        assert s.hunt is not None
        tokens, tables = s.hunt.tokens, s.tables

        def free_neighbours(a: Action) -> int:
            loc = a.location  # type: ignore[attr-defined]
            return sum(1 for n in tables.neighbours[loc]
                       if n not in tokens and tables.locations[n].number != NO_MONSTER_LOCATION)

        return max(actions, key=free_neighbours)

    def _attack_type(self, s: GameState, p: PlayerState, actions: Sequence[Action]) -> Action:
        return self.rng.choice(actions)

    def _lose_card(self, s: GameState, p: PlayerState, actions: Sequence[Action]) -> Action:
        return self._lowest(s, actions, lambda a: a.card)  # type: ignore[attr-defined]

    _trash = _lose_card
    _specialty_discard = _lose_card  # a Mage's Necromancy pays with the least useful card

    def _roll_tier(self, s: GameState, p: PlayerState, actions: Sequence[Action]) -> Action:
        return actions[-1]  # the best form the roll reaches (expansion sheet §8.2)

    def _take_from_discard(self, s: GameState, p: PlayerState, actions: Sequence[Action]) -> Action:
        return max(actions, key=lambda a: self.value(s, a.card) if isinstance(a, TakeCard) else 0)

    def _put_back(self, s: GameState, p: PlayerState, actions: Sequence[Action]) -> Action:
        return PASS

    def _take_market(self, s: GameState, p: PlayerState, actions: Sequence[Action]) -> Action:
        return max(actions, key=lambda a: self._market_value(s, a.slot))  # type: ignore[attr-defined]

    def _potion_or_bomb(self, s: GameState, p: PlayerState, actions: Sequence[Action]) -> Action | None:
        """Monster Trail (§9.5): a Bomb for spare Gold while it has room for one; else the Potion (the first)."""
        if len(p.bombs) < s.rules.bomb_hold_limit and p.gold > SPARE_GOLD_FOR_BOMB:
            return next((a for a in actions if isinstance(a, TakeBomb) and not a.pay), None)
        return None

    def _wager(self, s: GameState, p: PlayerState, actions: Sequence[Action]) -> Action:
        return PASS

    # --- Choices in effects, exploration, setup -----------------------------------------------

    def _reroll(self, s: GameState, p: PlayerState, actions: Sequence[Action]) -> Action:
        dice = _current_dice(s)
        if dice is None:
            return Reroll(())
        category, combo, _ = categorize(dice)
        if category in KEEP_ALL:
            return Reroll(())
        return Reroll(tuple(i for i, d in enumerate(dice) if d not in combo))

    def _explore_option(self, s: GameState, p: PlayerState, actions: Sequence[Action]) -> Action:
        return max(actions, key=lambda a: self.rng.random() if isinstance(a, ChooseOption) else 0)

    _event_option = _explore_option

    def _bonus_attribute(self, s: GameState, p: PlayerState, actions: Sequence[Action]) -> Action | None:
        return next((a for a in actions if getattr(a, "attribute", "") == "combat"), None)

    def _special_attack(self, s: GameState, p: PlayerState, actions: Sequence[Action]) -> Action:
        """A legendary Special Attack's discard (or the damage instead, where the card offers the choice): the hand
        card worth least, since the damage would cost several cards of the Life Pool."""
        cards = [a for a in actions if isinstance(a, Discard)]
        return self._lowest(s, cards, lambda a: a.card) if cards else actions[0]  # type: ignore[attr-defined]

    def _dagon_fight(self, s: GameState, p: PlayerState, actions: Sequence[Action]) -> Action:
        """Stayed on the Dagon Location: fight again only when the usual rough guess says it may be won."""
        return interned(FightDagon) if self._dagon_foe(s, p) is not None else PASS

    def _hound_card(self, s: GameState, p: PlayerState, actions: Sequence[Action]) -> Action:
        """A Hound token's market card: the one worth most."""
        return max(actions, key=lambda a: self.value(s, s.market[a.slot] or "") if isinstance(a, TakeHoundCard) else 0)

    def _attribute(self, s: GameState, p: PlayerState, actions: Sequence[Action]) -> Action:
        order = ["combat", "defense", "alchemy", "specialty"]
        return min(actions, key=lambda a: order.index(a.attribute) if isinstance(a, ChooseAttribute) else 9)

    def _trail_terrain(self, s: GameState, p: PlayerState, actions: Sequence[Action]) -> Action | None:
        goal = self._goal(s, p)
        terrain = s.tables.locations[goal].terrain if goal else Terrain.FOREST
        return next((a for a in actions if getattr(a, "terrain", "") == terrain.value), None)


def _advanced_extra(card: ActionCard) -> float:
    """What an Advanced Action card adds beyond its icons: a die roll's mean damage, a traveling ability and a
    damage-discard passive (Monster Trail, expansion sheet §9.6)."""
    extra = 2.0 * bool(card.travel) + 2.0 * bool(card.damage_discard)
    for effect in card.fight.effects:
        if isinstance(effect, fx.RollDie):
            extra += 1.5 * sum((b.max - b.min + 1) * sum(e.amount for e in b.effects if isinstance(e, fx.DealDamage))
                               for b in effect.branches) / 6
    return extra


def _ability_value(ability: FightAbility) -> float:
    """What a fight ability or used extension adds to a combo: a Damage point is worth 3, a card drawn 2, a Shield
    point 1; a card peeked off the opponent's Life Pool and discarded is a Damage point, a card back to hand a draw."""
    value = ability.damage * 3 + ability.shield + ability.draw * 2
    for effect in ability.effects:
        if isinstance(effect, fx.PeekOpponentDeck):
            value += effect.discard * 3
        elif isinstance(effect, (fx.TakeTopOfDiscard, fx.SearchDiscardForAny, fx.ReturnThisCardToHand)):
            value += 2
    return value


def _current_dice(s: GameState) -> list[int] | None:
    """The deciding player's dice (poker dice lie face up on the table)."""
    assert s.decision is not None
    return s.dice.get(s.decision.player)


BOTS: dict[str, Callable[[int], RandomBot | GreedyBot]] = {"random": RandomBot, "greedy": GreedyBot}
