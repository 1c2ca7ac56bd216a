"""What `pnp balance` counts in an Old World game: schools, trophy-track scores, market cards bought and played."""

from __future__ import annotations

from typing import Any

from pipeline.rules.spec import GameStatistics, SeatStatistics

from .engine.actions import Buy, PlayCard, TakeMarket
from .engine.state import GameState


class OldWorldRecorder:
    """Market cards taken (a Buy or a TakeMarket names a slot: the card is read before it leaves) and cards played."""

    def __init__(self) -> None:
        self.bought: list[str] = []
        self.played: list[str] = []

    def before(self, state: Any, action: Any) -> None:
        if isinstance(action, (Buy, TakeMarket)):
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
        return GameStatistics(seats, max(p.turns for p in state.players), tuple(self.bought), tuple(self.played), tier)


def recorder() -> OldWorldRecorder:
    return OldWorldRecorder()
