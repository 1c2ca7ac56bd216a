"""How an Old World game ends: its terminations (the `Outcome` value is shared by every engine)."""

from __future__ import annotations

from enum import StrEnum

from pipeline.rules.engine import TURN_CAP, Outcome

__all__ = ["Outcome", "Termination"]


class Termination(StrEnum):
    TROPHIES = "trophies"  # a fight-earned trophy reached the top of the Trophy Track (reference §11.4)
    SOLO_GOAL = "solo-goal"  # solo: the prepared trophies are all held (reference §14.4)
    LEGENDARY = "legendary"  # Legendary Hunt: the first witcher to kill the legendary monster wins (expansion sheet §7.5)
    LEGENDARY_ESCAPED = "legendary-escaped"  # Legendary Hunt solo: a Movement card was due and the pool was empty (§7.6)
    WILD_HUNT_DEFEATED = "wild-hunt-defeated"  # Wild Hunt: its life pool ran out, the whole team wins (expansion sheet §11.2)
    WILD_HUNT_PREVAILED = "wild-hunt-prevailed"  # Wild Hunt: every witcher was knocked out, the whole team loses (§11.2)
    TURN_CAP = TURN_CAP  # the `turn_cap` per player was reached: a failure, not a result
