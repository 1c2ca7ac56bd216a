"""Monster Trail (expansion sheet §9, §19 rule 21): every Mutagen's fight ability works once per fight; the
Potion Tolerance cost (the Manticore's Specialty) asks 2 potions at level 1 and 1 from level 2. Runs on the
modes the selection plays (`--pack monster-trail [--mode ID]`)."""

from __future__ import annotations

from collections.abc import Iterator

from pipeline.content.database import finding_at
from pipeline.findings import Finding

from ..content import OldWorldContent
from ..enums import FIGHT_TIMINGS, Limit

# §9.2: "discard 1 unused potion (2 potions at level 1)".
POTION_TOLERANCE_COST = [2, 1, 1, 1, 1]


def check(content: OldWorldContent) -> list[Finding]:
    return [*_mutagens(content), *_potion_tolerance(content)]


def _mutagens(content: OldWorldContent) -> Iterator[Finding]:
    """Rule 21 / §9.3: "Each Mutagen you own has a fight ability usable once per fight"."""
    for rec in content.mutagen_records:
        ability = rec.entity.ability
        if ability.limit is not Limit.ONCE_PER_FIGHT:
            where = rec.where("ability", "limit") if rec.is_written("ability", "limit") else rec.where("ability")
            yield finding_at(where, "OW-MUTAGEN-ABILITY", f"{rec.entity.id}: a Mutagen's ability works once per fight "
                             "(`limit: once-per-fight`, expansion sheet §9.3)")
        if ability.timing not in FIGHT_TIMINGS:
            yield finding_at(rec.where("ability", "timing"), "OW-MUTAGEN-ABILITY",
                             f"{rec.entity.id}: a Mutagen's ability is a fight ability, not {ability.timing.value}")


def _potion_tolerance(content: OldWorldContent) -> Iterator[Finding]:
    """§9.2: the Specialty that discards potions costs 2 at level 1, then 1."""
    for rec in content.school_records:
        cost = rec.entity.specialty.cost
        if cost is not None and cost.potions and cost.potions != POTION_TOLERANCE_COST:
            yield finding_at(rec.where("specialty", "cost", "potions"), "OW-SPECIALTY-COST",
                             f"{rec.entity.id}: Potion Tolerance discards {POTION_TOLERANCE_COST} potions by level "
                             "(2 at level 1, then 1; expansion sheet §9.2)")
