"""Runtime invariants (reference §21.9), checked after every step of a simulated game.

`violations` runs after every step, so it is written to be cheap: `is_sound` recognises a sound state
with conservation tallies that recount only the zones changed since the last check (see `Tally`) and
one pass over the players; only when something is wrong are the full recounts and sentences made.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import compress
from operator import ne

from ..enums import Attribute
from .fight import TRAIL_QUEST_GOLD
from .state import GameState
from .tables import Tables

DEFENSE = Attribute.DEFENSE  # read at every check: a module constant is far cheaper than the enum's class attribute

@lru_cache(maxsize=8)
def _all_cards(tables: Tables, schools: tuple[str, ...]) -> Counter[str]:
    # The Action deck unless every player is a Mage; the Mage deck when one is (expansion sheet §8.3).
    mages = sum(tables.schools[school].character == "mage" for school in schools)
    ids = tables.market_ids() if mages < len(schools) else []
    if mages:
        ids.extend(tables.mage_ids())
    for school in schools:
        ids.extend(tables.starting_ids(school))
    return Counter(ids)


@lru_cache(maxsize=8)
def _sorted_cards(tables: Tables, schools: tuple[str, ...]) -> list[str]:
    return sorted(_all_cards(tables, schools).elements())


@lru_cache(maxsize=8)
def _potion_count(tables: Tables) -> int:
    return len(tables.potion_ids())


def _card_list(s: GameState) -> list[str]:
    """Every action card in play, as one list (zones concatenated)."""
    cards = s.action_deck + s.common_discard + s.trash
    cards += [c for c in s.market if c is not None]
    for pack in s.packs:  # a mixed game's other pool (engine/mages.py)
        for zone in pack.card_zones(s):
            cards += zone
    for p in s.players:
        cards += p.deck
        cards += p.discard
        cards += p.hand
    if s.fight is not None:
        cards += [c.card for c in s.fight.combo]
    return cards


def card_zones(s: GameState) -> Counter[str]:
    """Every action card in play: market, decks, discards, hands, the combo on the table, trash."""
    return Counter(_card_list(s))


def _cards_conserved(s: GameState) -> bool:
    cards = _card_list(s)
    cards.sort()
    return cards == _sorted_cards(s.tables, tuple(p.school for p in s.players))


def _tokens_conserved(s: GameState) -> bool:
    return sorted(_tokens(s)) == sorted(s.tables.tokens)


def _tokens(s: GameState) -> list[str]:
    tokens = [t for pile in s.token_piles.values() for t in pile]
    tokens += [v[0] for v in s.slots.values() if v is not None]
    for p in s.players:
        tokens += p.trail_tokens + p.trail_quests + [q.token for q in p.quests if q.token is not None]
    return tokens


def _gold_total(s: GameState) -> int:
    total = s.bank + s.pot + sum(p.gold for p in s.players) + len(s.wagers) * s.rules.wager_gold
    return total + sum(len(p.trail_quests) for p in s.players) * TRAIL_QUEST_GOLD


def _potions(s: GameState) -> int:
    potions = len(s.potion_deck) + len(s.potion_discard) + sum(len(p.potions) for p in s.players)
    if s.fight is not None:
        potions += sum(len(v) for v in s.fight.potions_used.values())
    return potions


def _fight_cards(s: GameState) -> int:
    f = s.fight
    if f is None or f.legendary is not None:
        return len(s.fight_deck)
    return len(s.fight_deck) + sum(c in s.tables.fight_cards for c in (*f.life_pool, *f.spent))  # not the Hunt's attacks


class Tally:
    """A multiset spread over zones (lists of ids), kept in step with them: each check compares every
    zone with its snapshot from the last check (a C-level list comparison) and recounts only what
    changed, so a check costs little more than those comparisons. `off` counts the ids whose total
    differs from the expected one: the multiset is conserved exactly when it is zero."""

    __slots__ = ("expected", "counts", "off", "snaps")

    def __init__(self, expected: dict[str, int]) -> None:
        self.expected = expected
        self.counts: dict[str, int] = {}
        self.off = sum(1 for v in expected.values() if v)
        self.snaps: list[list[str]] = []

    def _add(self, items: list[str], sign: int) -> None:
        counts, expected, off = self.counts, self.expected, self.off
        for c in items:
            before = counts.get(c, 0)
            want = expected.get(c, 0)
            counts[c] = before + sign
            if before == want:
                off += 1
            elif before + sign == want:
                off -= 1
        self.off = off

    def holds(self, zones: list[list[str]]) -> bool:
        """Are the zones, together, exactly the expected multiset?"""
        snaps = self.snaps
        if zones == snaps:  # Nothing moved since the last check (one comparison in C).
            return self.off == 0
        if len(snaps) != len(zones):  # The first check (or a different set of zones): count from scratch.
            for old in snaps:
                self._add(old, -1)
            self.snaps = snaps = [[] for _ in zones]
        for i in compress(range(len(zones)), map(ne, zones, snaps)):  # Only the zones that changed.
            zone, old = zones[i], snaps[i]
            n, m = len(old), len(zone)
            if m > n and zone[:n] == old:  # Grown at the top (append, extend).
                self._add(zone[n:], 1)
            elif m < n and old[:m] == zone:  # Shrunk at the top (pop).
                self._add(old[m:], -1)
            else:
                self._add(old, -1)
                self._add(zone, 1)
            snaps[i] = zone[:]
        return self.off == 0


def _card_zone_lists(s: GameState) -> list[list[str]]:
    zones = [s.action_deck, s.common_discard, s.trash, [c for c in s.market if c is not None]]
    for pack in s.packs:  # a mixed game's other pool (engine/mages.py)
        zones += pack.card_zones(s)
    for p in s.players:
        zones += (p.deck, p.discard, p.hand)
    zones.append([c.card for c in s.fight.combo] if s.fight is not None else [])
    return zones


def _token_zone_lists(s: GameState) -> list[list[str]]:
    zones = list(s.token_piles.values())
    zones.append([v[0] for v in s.slots.values() if v is not None])
    for p in s.players:
        zones += (p.trail_tokens, p.trail_quests, [q.token for q in p.quests if q.token is not None] if p.quests else [])
    return zones


def _tallies(s: GameState) -> tuple[Tally, Tally]:
    tallies: tuple[Tally, Tally] | None = s.tallies
    if tallies is None:
        cards = dict(_all_cards(s.tables, tuple(p.school for p in s.players)))
        tallies = s.tallies = (Tally(cards), Tally(dict.fromkeys(s.tables.tokens, 1)))
    return tallies


# A witcher drawing several Potions holds them all before discarding down to the limit (§6.7, "if over, discard
# chosen potions down to 4"); with Monster Trail's Bombs each later draw is first a choice of Potion or Bomb
# (§9.5), which may pay with one of the Potions just drawn. Over the limit is sound while one of these is open.
POTION_DRAW_DECISIONS = frozenset({"discard-potion", "potion-or-bomb"})


def is_sound(s: GameState) -> bool:
    """True when no invariant is broken: the quick test `violations` runs first (same checks, no sentences)."""
    cards, tokens = _tallies(s)
    if not cards.holds(_card_zone_lists(s)) or not tokens.holds(_token_zone_lists(s)):
        return False
    rules = s.rules
    decision = s.decision
    chooser = decision.player if decision is not None and decision.kind in POTION_DRAW_DECISIONS else -1
    low, top, potion_limit = rules.attribute_min, rules.attribute_max, rules.potion_hold_limit
    level_max, hand_limit, win_trophies = rules.witcher_level_max, rules.hand_limit, rules.win_trophies
    gold = s.bank + s.pot + len(s.wagers) * rules.wager_gold
    quests = potions = 0
    for p in s.players:
        attrs = p.attributes
        values = attrs.values()
        if p.gold < 0 or min(values) < low or max(values) > top:
            return False
        for a in p.maxed:
            if attrs[a] != top:
                return False
        if not 1 <= p.level <= level_max or p.shield < 0 or (p.shield > attrs[DEFENSE] and not (p.mage and s.fight)):
            return False
        if len(p.hand) > hand_limit or p.track > win_trophies:
            return False
        held = len(p.potions)
        if held > potion_limit and p.seat != chooser:
            return False
        gold += p.gold
        quests += len(p.trail_quests)
        potions += held
    if gold + quests * TRAIL_QUEST_GOLD != 0:
        return False
    monsters = [v[1] for v in s.slots.values() if v is not None]
    if len(monsters) != len(set(monsters)):
        return False
    tables = s.tables
    for terrain, slot in s.slots.items():
        if slot is not None and tables.tokens[slot[0]].terrain is not terrain:
            return False
    potions += len(s.potion_deck) + len(s.potion_discard)
    fight_cards = len(s.fight_deck)
    f = s.fight
    if f is not None:
        potions += sum(map(len, f.potions_used.values()))
        if f.legendary is None:  # the legendary monster's Life Pool is its own Special Fight cards
            # The Wild Hunt's own attack cards join its life pool and leave with it; they are not the attack deck's.
            fight_cards += len(f.life_pool) + len(f.spent) - sum(pack.own_attack_cards(s, f) for pack in s.packs)
    if any(pack.violations(s) for pack in s.packs):
        return False
    return fight_cards == attack_deck_size(s) and potions == _potion_count(tables)


def attack_deck_size(s: GameState) -> int:
    """How many cards the Monster Fight deck holds now (deck, Life Pool and spent together), the packs' own added."""
    return len(s.tables.fight_cards) + sum(pack.attack_deck_extra(s) for pack in s.packs)


def violations(s: GameState) -> list[str]:
    """Every broken invariant, as a sentence (empty when the state is sound)."""
    if is_sound(s):
        return []
    found: list[str] = []
    rules = s.rules
    tables = s.tables
    # Cards (rule 61).
    if not _cards_conserved(s):
        found.append("action cards are not conserved across the zones")
    # Gold (rule 72): every account sums to zero; nobody is negative.
    total = _gold_total(s)
    if total != 0:
        found.append(f"gold is not conserved (accounts sum to {total})")
    for p in s.players:
        who = f"seat {p.seat}"
        if p.gold < 0:
            found.append(f"{who} has negative gold")
        for a, v in p.attributes.items():
            if not rules.attribute_min <= v <= rules.attribute_max:
                found.append(f"{who} {a.value} {v} is out of bounds")
            if a in p.maxed and v != rules.attribute_max:
                found.append(f"{who} {a.value} was lowered after reaching the top")
        if not 1 <= p.level <= rules.witcher_level_max:
            found.append(f"{who} witcher level {p.level} is out of bounds")
        # A Mage's Energy may exceed Wisdom during a fight (expansion sheet §8.4).
        if p.shield < 0 or (p.shield > p.attributes[Attribute.DEFENSE] and not (p.mage and s.fight is not None)):
            found.append(f"{who} shield {p.shield} is outside 0..Defense")
        choosing = s.decision is not None and s.decision.kind in POTION_DRAW_DECISIONS and s.decision.player == p.seat
        if len(p.potions) > rules.potion_hold_limit and not choosing:
            found.append(f"{who} holds {len(p.potions)} potions")
        if len(p.hand) > rules.hand_limit:
            found.append(f"{who} holds {len(p.hand)} cards")
        if p.track > rules.win_trophies:
            found.append(f"{who} trophy track {p.track} is past the top")
    # Monsters (rule 63): each slot's monster stands on a token of the slot's terrain.
    monsters = [v[1] for v in s.slots.values() if v is not None]
    if len(monsters) != len(set(monsters)):
        found.append("a monster occupies two slots")
    for terrain, slot in s.slots.items():
        if slot is not None and tables.token_terrain(slot[0]) is not terrain:
            found.append(f"the {terrain.value} slot holds a token of another terrain")
    # Location tokens (rule 62).
    if not _tokens_conserved(s):
        found.append("location tokens are not conserved")
    # Monster Fight cards (rule 73).
    if _fight_cards(s) != attack_deck_size(s):
        found.append("monster fight cards are not conserved")
    # Potions.
    if _potions(s) != _potion_count(tables):
        found.append("potions are not conserved")
    for pack in s.packs:
        found.extend(pack.violations(s))
    return found
