"""Dice Poker (reference §9, §14.3): hand ranking, every tie-break, rerolls, the three ways to play."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from itertools import combinations

from ..enums import PokerCategory
from .actions import Reroll
from .state import Decision, Flow, GameState, PlayerState

DICE = 5
# Every subset of dice positions a player may reroll, () = keep all.
REROLLS: tuple[Reroll, ...] = tuple(Reroll(c) for k in range(DICE + 1) for c in combinations(range(DICE), k))


def categorize(dice: list[int] | tuple[int, ...]) -> tuple[PokerCategory, tuple[int, ...], tuple[int, ...]]:
    """The category, the combination's values (to compare first) and the unused dice high to low."""
    counts = Counter(dice)
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    values = sorted(dice)
    if shape[0] == 5:
        return PokerCategory.FIVE_KIND, (groups[0][0],), ()
    if shape[0] == 4:
        return PokerCategory.FOUR_KIND, (groups[0][0],), (groups[1][0],)
    if shape == [3, 2]:
        return PokerCategory.FULL_HOUSE, (groups[0][0], groups[1][0]), ()
    if values == [2, 3, 4, 5, 6]:
        return PokerCategory.STRAIGHT_HIGH, (), ()
    if values == [1, 2, 3, 4, 5]:
        return PokerCategory.STRAIGHT_LOW, (), ()
    if shape[0] == 3:
        return PokerCategory.THREE_KIND, (groups[0][0],), _rest(dice, {groups[0][0]})
    if shape[:2] == [2, 2]:
        high, low = sorted((groups[0][0], groups[1][0]), reverse=True)
        return PokerCategory.TWO_PAIRS, (high, low), _rest(dice, {high, low})
    if shape[0] == 2:
        return PokerCategory.PAIR, (groups[0][0],), _rest(dice, {groups[0][0]})
    return PokerCategory.NOTHING, (), tuple(sorted(dice, reverse=True))


def _rest(dice: list[int] | tuple[int, ...], used: set[int]) -> tuple[int, ...]:
    return tuple(sorted((d for d in dice if d not in used), reverse=True))


def hand_key(ranking: list[PokerCategory], dice: list[int] | tuple[int, ...]) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """Sort key: category rank (manifest order), combination values, then unused dice high to low (§9.3)."""
    category, combo, rest = categorize(dice)
    return ranking.index(category), combo, rest


def active_wins(ranking: list[PokerCategory], active: list[int], other: list[int]) -> bool:
    """Does the Active Player's hand win? Exact ties go to the Active Player (§9.3, FAQ)."""
    return hand_key(ranking, active) >= hand_key(ranking, other)


def roll(s: GameState) -> list[int]:
    return [s.rng.randint(1, 6) for _ in range(DICE)]


def reroll(s: GameState, seat: int, dice: list[int]) -> Flow:
    """One optional reroll of any subset; the new values must be kept."""
    action = yield Decision(seat, "reroll", REROLLS)
    assert isinstance(action, Reroll)
    for i in action.dice:
        dice[i] = s.rng.randint(1, 6)


def play(s: GameState, p: PlayerState, opponent: int | None) -> Flow:
    """Poker against a witcher (both stake, bank adds) or the locals (the right-hand player rolls them)."""
    rules = s.rules
    ranking = s.tables.manifest.dice_poker.ranking
    stake = rules.poker_stake
    p.gold -= stake  # Stakes go into the pot, with the bank's share.
    if opponent is not None:
        s.players[opponent].gold -= stake
        s.bank -= rules.poker_bank_add_vs_witcher
        s.pot = 2 * stake + rules.poker_bank_add_vs_witcher
        other_seat = opponent
    else:
        s.bank -= rules.poker_bank_add_vs_locals
        s.pot = stake + rules.poker_bank_add_vs_locals
        other_seat = (p.seat - 1) % s.n  # The right-hand player rolls and rerolls for the locals.
    mine, theirs = roll(s), roll(s)
    s.dice = {p.seat: mine, other_seat: theirs}  # Face up on the table.
    yield from reroll(s, other_seat, theirs)  # The non-active side rerolls first (§9.1).
    yield from reroll(s, p.seat, mine)
    s.dice = {}
    pot, s.pot = s.pot, 0
    if active_wins(ranking, mine, theirs):
        p.gold += pot
    elif opponent is not None:
        s.players[opponent].gold += pot
    else:
        s.bank += pot  # Lost to the locals: the pot returns to the bank.


def play_solo(s: GameState, p: PlayerState, payout: Mapping[PokerCategory, int] | None = None) -> Flow:
    """Solo poker: stake, roll, one reroll, Gold from the payout table; the stake is not returned (§14.3).
    `payout` replaces the solo table (the Wild Hunt Help card's, expansion sheet §11.5)."""
    s.give_gold(p, -s.rules.poker_stake)
    dice = roll(s)
    s.dice = {p.seat: dice}
    yield from reroll(s, p.seat, dice)
    s.dice = {}
    category, _, _ = categorize(dice)
    table = s.tables.manifest.dice_poker.solo_payout if payout is None else payout
    s.give_gold(p, table.get(category, 0))
