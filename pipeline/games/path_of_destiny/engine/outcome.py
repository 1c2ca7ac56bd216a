"""How a game ended: an `Outcome` value (python-chess style)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class Termination(StrEnum):
    EPILOGUE = "epilogue"  # chapter 3 ended, the final scoring was done and an epilogue was read (reference §9)
    TURN_CAP = "turn-cap"  # the rules stopped without an epilogue, or the step cap was reached: a failure


@dataclass(frozen=True)
class Outcome:
    termination: Termination
    winner: int | None
    turns: int  # rounds played
    faction: str | None = None  # the winning character (an Automa: its board id)
    epilogue: int | None = None  # the number of the epilogue read
    scores: tuple[int, ...] = field(default=())  # final VP by seat

    @property
    def is_failure(self) -> bool:
        return self.termination is Termination.TURN_CAP
