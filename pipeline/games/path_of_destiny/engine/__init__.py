"""The Path of Destiny rules engine: `new_game(tables, players, seed)` returns a `GameState` at its first decision."""

from __future__ import annotations

from .actions import Action
from .outcome import Outcome, Termination
from .setup import new_game
from .state import Decision, GameState, IllegalAction
from .tables import Tables

__all__ = ["Action", "Decision", "GameState", "IllegalAction", "Outcome", "Tables", "Termination", "new_game"]
