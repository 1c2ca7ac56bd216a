"""How a Path of Destiny game ends: its terminations (the `Outcome` value is shared by every engine)."""

from __future__ import annotations

from enum import StrEnum

from pipeline.rules.engine import TURN_CAP, Outcome

__all__ = ["Outcome", "Termination"]


class Termination(StrEnum):
    EPILOGUE = "epilogue"  # chapter 3 ended, the final scoring was done and an epilogue was read (reference §9)
    TURN_CAP = TURN_CAP  # the rules stopped without an epilogue, or the step cap was reached: a failure
