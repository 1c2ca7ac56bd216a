"""What `pnp balance` counts in a Path of Destiny game: characters, the Automa's level, victory points, cards."""

from __future__ import annotations

from typing import Any

from pipeline.rules.spec import GameStatistics, SeatStatistics

from .engine.actions import PlayCards, TakeRow
from .engine.state import GameState


class PathOfDestinyRecorder:
    """Pairs taken from a supply row (read before the row empties) and cards played, by the players who decide."""

    def __init__(self) -> None:
        self.bought: list[str] = []
        self.played: list[str] = []

    def before(self, state: Any, action: Any) -> None:
        if isinstance(action, TakeRow):
            self.bought.extend(state.rows[action.row])
        elif isinstance(action, PlayCards):
            self.played.extend((action.first, action.second))

    def finish(self, state: Any) -> GameStatistics:
        assert isinstance(state, GameState)
        seats = tuple(
            SeatStatistics(f"automa:{state.level}" if p.is_automa else p.character, p.vp, frozenset((*p.hand, *p.timeline)))
            for p in state.players
        )
        return GameStatistics(seats, state.rounds_played, tuple(self.bought), tuple(self.played))


def recorder() -> PathOfDestinyRecorder:
    return PathOfDestinyRecorder()
