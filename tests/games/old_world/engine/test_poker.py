"""Dice poker: every category in the manifest's order and every tie-break (reference §9)."""

from __future__ import annotations

import pytest

from pipeline.games.old_world.engine.poker import active_wins, categorize, hand_key, play_solo
from pipeline.games.old_world.engine.tables import Tables
from pipeline.games.old_world.enums import PokerCategory as P

from .conftest import drive

HANDS = [
    ([1, 2, 3, 5, 6], P.NOTHING),
    ([2, 2, 3, 5, 6], P.PAIR),
    ([2, 2, 3, 3, 6], P.TWO_PAIRS),
    ([4, 4, 4, 1, 6], P.THREE_KIND),
    ([1, 2, 3, 4, 5], P.STRAIGHT_LOW),
    ([2, 3, 4, 5, 6], P.STRAIGHT_HIGH),
    ([3, 3, 3, 2, 2], P.FULL_HOUSE),
    ([5, 5, 5, 5, 1], P.FOUR_KIND),
    ([6, 6, 6, 6, 6], P.FIVE_KIND),
]


@pytest.mark.parametrize(("dice", "category"), HANDS)
def test_each_category_is_recognised(dice: list[int], category: P) -> None:
    assert categorize(dice)[0] is category


def test_categories_rank_in_the_manifest_order(tables: Tables) -> None:
    ranking = tables.manifest.dice_poker.ranking
    keys = [hand_key(ranking, dice) for dice, _ in HANDS]
    assert keys == sorted(keys)
    for weaker, stronger in zip(HANDS, HANDS[1:], strict=False):
        assert active_wins(ranking, stronger[0], weaker[0])
        assert not active_wins(ranking, weaker[0], stronger[0])


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ([5, 5, 1, 2, 3], [3, 3, 4, 5, 6]),  # higher pair wins
        ([4, 4, 4, 2, 2], [3, 3, 3, 6, 6]),  # full house: triples first
        ([4, 4, 4, 3, 3], [4, 4, 4, 2, 2]),  # full house: then pairs
        ([6, 6, 2, 2, 1], [5, 5, 4, 4, 6]),  # two pairs: higher pair first
        ([6, 6, 3, 3, 1], [6, 6, 2, 2, 5]),  # two pairs: then the lower pair
        ([6, 6, 3, 3, 2], [6, 6, 3, 3, 1]),  # two pairs: then the unused die
        ([5, 5, 6, 2, 1], [5, 5, 4, 3, 2]),  # identical pair: highest unused die
        ([5, 5, 6, 3, 1], [5, 5, 6, 2, 1]),  # then the second-highest unused die
        ([5, 5, 6, 3, 2], [5, 5, 6, 3, 1]),  # then the third
        ([2, 2, 2, 6, 1], [2, 2, 2, 5, 4]),  # three of a kind: unused dice
        ([3, 3, 3, 3, 6], [3, 3, 3, 3, 5]),  # four of a kind: the fifth die
        ([6, 5, 4, 3, 1], [6, 5, 4, 2, 1]),  # nothing: high dice in order
    ],
)
def test_every_tie_break(tables: Tables, better: list[int], worse: list[int]) -> None:
    ranking = tables.manifest.dice_poker.ranking
    assert active_wins(ranking, better, worse)
    assert not active_wins(ranking, worse, better)


def test_a_full_tie_goes_to_the_active_player(tables: Tables) -> None:
    ranking = tables.manifest.dice_poker.ranking
    assert active_wins(ranking, [2, 2, 5, 4, 1], [1, 4, 5, 2, 2])
    assert active_wins(ranking, [1, 2, 3, 4, 5], [5, 4, 3, 2, 1])


def test_solo_poker_pays_from_the_table_and_keeps_the_stake(game) -> None:  # type: ignore[no-untyped-def]
    s = game(1, seed=3)
    p = s.players[0]
    before = p.gold
    drive(play_solo(s, p))
    payout = s.tables.manifest.dice_poker.solo_payout
    assert p.gold - before + s.rules.poker_stake in set(payout.values())
