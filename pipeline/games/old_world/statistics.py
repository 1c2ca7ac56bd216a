"""What `pnp balance` counts in an Old World game: schools, trophy-track scores, market cards taken and cards played."""

from __future__ import annotations

from typing import Any

from pipeline.rules.spec import GameStatistics, SeatStatistics

from .engine.actions import Buy, Exchange, PlayCard, TakeMarket
from .engine.state import GameState
from .engine.wild_hunt import TEAM_WON


class OldWorldRecorder:
    """Market cards a player chose to take (bought, exchanged or gained by an effect: each names a slot, whose card is
    read before it leaves) and cards played. The free 0-cost gain of §18.9 asks no decision and is not counted."""

    def __init__(self) -> None:
        self.bought: list[str] = []
        self.played: list[str] = []

    def before(self, state: Any, action: Any) -> None:
        if isinstance(action, (Buy, Exchange, TakeMarket)):
            card = state.market[action.slot]
            if card is not None:
                self.bought.append(card)
        elif isinstance(action, PlayCard):
            self.played.append(action.card)

    def finish(self, state: Any) -> GameStatistics:
        assert isinstance(state, GameState)
        cards = state.tables.cards
        seats = tuple(
            SeatStatistics(p.school, p.track, frozenset(c for c in (*p.deck, *p.discard, *p.hand) if cards[c].school is None))
            for p in state.players
        )
        outcome = state.outcome
        tier = outcome.score if outcome is not None else None
        # Against the Wild Hunt the table wins or loses together (engine/wild_hunt.py).
        team_won = None if state.wild_hunt is None else tier == TEAM_WON
        return GameStatistics(seats, max(p.turns for p in state.players), tuple(self.bought), tuple(self.played), tier,
                              team_won)


def recorder() -> OldWorldRecorder:
    return OldWorldRecorder()
