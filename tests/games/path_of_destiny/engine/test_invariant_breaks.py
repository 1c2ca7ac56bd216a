"""Each runtime rule of reference §18.4 that the engine checks after every step is seen when a state breaks it."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from pipeline.games.path_of_destiny.engine import GameState
from pipeline.games.path_of_destiny.engine.state import violations
from pipeline.games.path_of_destiny.enums import Side


def one_card_too_many(s: GameState) -> None:
    s.players[0].hand.append(s.deck.pop())


def a_numeral_placed_twice(s: GameState) -> None:
    s.fate[Side.LEFT].append(1)
    s.fate[Side.RIGHT].append(1)


def over_the_xp_cap(s: GameState) -> None:
    s.players[0].xp = s.xp_cap(s.players[0]) + 1


BREAKS: list[tuple[int, Callable[[GameState], None], str]] = [
    (17, one_card_too_many, "cards in hand"),
    (18, a_numeral_placed_twice, "fate markers misplaced"),
    (21, over_the_xp_cap, "out of range"),
]


@pytest.mark.parametrize(("rule", "break_it", "message"), BREAKS, ids=[f"rule-{r}" for r, _, _ in BREAKS])
def test_a_broken_invariant_is_seen(game: Callable[..., GameState], rule: int, break_it: Callable[[GameState], None],
                                    message: str) -> None:
    s = game(3)
    assert violations(s) == []
    break_it(s)
    assert any(message in v for v in violations(s)), (rule, violations(s))
