"""The Old World rules engine: `new_game(db, players, seed)` returns a `GameState` at its first decision."""

from __future__ import annotations

from .actions import Action
from .outcome import Outcome, Termination
from .registry import new_game
from .state import Decision, GameState, IllegalAction
from .tables import Tables

__all__ = ["Action", "Decision", "GameState", "IllegalAction", "Outcome", "Tables", "Termination", "new_game"]
