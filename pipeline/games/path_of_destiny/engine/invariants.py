"""Runtime invariants, checked after every step of a simulated game: cards, tokens and alliance cards
conserved, no negative VP or XP, hand and timeline sizes, fate markers, the game ends."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from .state import GameState
from .tables import SYMBOLS, Tables


@lru_cache(maxsize=64)
def _all_cards(tables: Tables, characters: tuple[str, ...]) -> Counter[str]:
    ids = list(tables.main_ids)
    for character in characters:
        ids.extend(tables.starting_ids(character))
    return Counter(ids)


def card_zones(s: GameState) -> Counter[str]:
    """Every action card: main deck, discard pile, supply rows, hands and timelines."""
    cards = s.deck + s.discard
    for row in s.rows:
        cards += row
    for p in s.players:
        cards += p.hand
        cards += p.timeline
    return Counter(cards)


def violations(s: GameState) -> list[str]:
    out: list[str] = []
    r = s.rules
    humans = tuple(p.character for p in s.players if not p.is_automa)
    # Cards conserved.
    if card_zones(s) != _all_cards(s.tables, humans):
        out.append("action cards are not conserved")
    if any(len(row) > r.cards_per_pair for row in s.rows):
        out.append("a supply row holds more than a pair")
    # Tokens conserved.
    for symbol in SYMBOLS:
        total = s.token_supply[symbol] + sum(p.tokens[symbol] for p in s.players)
        if total != s.tables.symbol_tokens[symbol] or s.token_supply[symbol] < 0:
            out.append(f"{symbol.value} tokens are not conserved ({total})")
    covered = sum(len(p.covered) for p in s.players)
    if s.lost_supply < 0 or s.lost_supply + covered != s.tables.lost_markers:
        out.append("lost-symbol markers are not conserved")
    if s.alliance_all:
        held = [a for p in s.players for a in p.alliance]
        zones = held + [a for d in s.alliance_decks.values() for a in d] + [a for d in s.alliance_discard.values() for a in d]
        if sorted(zones) != sorted(s.alliance_all):
            out.append("alliance cards are not conserved")
    # Accounts and sizes.
    played = r.cards_played_per_round
    kept = ([0, *r.kept_after_chapter])[s.chapter - 1] if s.chapter >= 1 else 0
    for p in s.players:
        name = p.automa.id if p.automa else p.character
        if p.vp < 0 or p.xp < 0 or p.xp > s.xp_cap(p):
            out.append(f"{name}: VP {p.vp} / XP {p.xp} out of range")
        if any(t < 0 for t in p.tokens.values()):
            out.append(f"{name}: negative tokens")
        if any(pos >= len(p.timeline) for pos in p.covered):
            out.append(f"{name}: a lost-symbol marker lies beside the timeline")
        hand_sizes = (0, r.cards_per_pair) if p.is_automa else (r.hand_size, r.hand_size + r.cards_per_pair)
        if len(p.hand) not in hand_sizes:
            out.append(f"{name}: {len(p.hand)} cards in hand")
        if s.outcome is None and s.chapter >= 1 and len(p.timeline) > kept + played * r.rounds_per_chapter:
            out.append(f"{name}: {len(p.timeline)} timeline cards in chapter {s.chapter}")
        if s.alliance_all:
            per_faction = Counter(a.split("#")[0] for a in p.alliance)
            factions = Counter(
                next(c.faction.value for c in s.story.story.alliance_cards if c.id == key) for key in per_faction.elements()
            )
            pending = s.decision is not None and s.decision.kind == "alliance-discard" and s.decision.player == p.seat
            if any(n > r.alliance_limit_per_faction + pending for n in factions.values()):
                out.append(f"{name}: over the alliance limit")
        if len(p.prerequisites) > len(s.objectives):
            out.append(f"{name}: more prerequisite markers than cards")
    # Fate markers: at most one per round, numerals in round order, three per chapter.
    placed = [n for numerals in s.fate.values() for n in numerals] + s.fate_aside
    if len(placed) != len(set(placed)) or len(placed) > r.rounds_per_chapter:
        out.append(f"fate markers misplaced: {placed}")
    # The game ends.
    if s.rounds_played > r.chapters * r.rounds_per_chapter:
        out.append(f"round {s.rounds_played} is past the last round")
    if s.outcome is not None and s.outcome.is_failure:
        out.append("the game stopped without reaching an epilogue")
    return out
