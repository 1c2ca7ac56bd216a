"""How a game ended: an `Outcome` value (python-chess style)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Termination(StrEnum):
    TROPHIES = "trophies"  # a fight-earned trophy reached the top of the Trophy Track (reference §11.4)
    SOLO_GOAL = "solo-goal"  # solo: the prepared trophies are all held (reference §14.4)
    TURN_CAP = "turn-cap"  # the `turn_cap` per player was reached: a failure, not a result


@dataclass(frozen=True)
class Outcome:
    termination: Termination
    winner: int | None
    turns: int
    faction: str | None = None  # the winner's school
    score: str | None = None  # solo: the tier id by turns taken

    @property
    def is_failure(self) -> bool:
        return self.termination is Termination.TURN_CAP
