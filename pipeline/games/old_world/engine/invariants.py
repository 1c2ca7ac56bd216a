"""Runtime invariants (reference §21.9), checked after every step of a simulated game."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from ..enums import Attribute
from .fight import TRAIL_QUEST_GOLD
from .state import GameState
from .tables import Tables


@lru_cache(maxsize=8)
def _all_cards(tables: Tables, schools: tuple[str, ...]) -> Counter[str]:
    ids = tables.market_ids()
    for school in schools:
        ids.extend(tables.starting_ids(school))
    return Counter(ids)


def card_zones(s: GameState) -> Counter[str]:
    """Every action card in play: market, decks, discards, hands, the combo on the table, trash."""
    zones: Counter[str] = Counter(s.action_deck)
    zones.update(c for c in s.market if c is not None)
    zones.update(s.common_discard)
    zones.update(s.trash)
    for p in s.players:
        zones.update(p.deck)
        zones.update(p.discard)
        zones.update(p.hand)
    if s.fight is not None:
        zones.update(c.card for c in s.fight.combo)
    return zones


def violations(s: GameState) -> list[str]:
    """Every broken invariant, as a sentence (empty when the state is sound)."""
    found: list[str] = []
    rules = s.rules
    tables = s.tables
    # Cards (rule 61).
    expected = _all_cards(tables, tuple(p.school for p in s.players))
    if card_zones(s) != expected:
        found.append("action cards are not conserved across the zones")
    # Gold (rule 72): every account sums to zero; nobody is negative.
    total = s.bank + s.pot + sum(p.gold for p in s.players) + len(s.wagers) * rules.wager_gold
    total += sum(len(p.trail_quests) for p in s.players) * TRAIL_QUEST_GOLD
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
        if not 0 <= p.shield <= p.attributes[Attribute.DEFENSE]:
            found.append(f"{who} shield {p.shield} is outside 0..Defense")
        choosing = s.decision is not None and s.decision.kind == "discard-potion" and s.decision.player == p.seat
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
    tokens = [t for pile in s.token_piles.values() for t in pile]
    tokens += [v[0] for v in s.slots.values() if v is not None]
    for p in s.players:
        tokens += p.trail_tokens + p.trail_quests + [q.token for q in p.quests if q.token is not None]
    if sorted(tokens) != sorted(tables.tokens):
        found.append("location tokens are not conserved")
    # Monster Fight cards (rule 73).
    fight_cards = len(s.fight_deck) + (len(s.fight.life_pool) + len(s.fight.spent) if s.fight else 0)
    if fight_cards != len(tables.fight_cards):
        found.append("monster fight cards are not conserved")
    # Potions.
    potions = len(s.potion_deck) + len(s.potion_discard) + sum(len(p.potions) for p in s.players)
    if s.fight is not None:
        potions += sum(len(v) for v in s.fight.potions_used.values())
    if potions != len(tables.potion_ids()):
        found.append("potions are not conserved")
    return found
