"""Monster Trail (expansion sheet §9, §19 rule 21): every Mutagen's fight ability works once per fight; the
Potion Tolerance cost (the Manticore's Specialty) asks 2 potions at level 1 and 1 from level 2; a Bomb needs only
declared modes and Dimeritium needs `weakness`; with Bombs, the hold limits are 4 Potions and 4 Bombs; a Unique
Action card is one card of one character, and no character has two (rule 17). Runs on the modes the selection plays
(`--pack monster-trail [--mode ID]`)."""

from __future__ import annotations

from collections.abc import Iterator

from pipeline.content.database import finding_at
from pipeline.findings import Finding

from ..content import OldWorldContent
from ..enums import FIGHT_TIMINGS, Limit, PackRule

# §9.2: "discard 1 unused potion (2 potions at level 1)".
POTION_TOLERANCE_COST = [2, 1, 1, 1, 1]
# §9.5: "hold up to 4 Potions and up to 4 Bombs (8 in all)".
HOLD_LIMIT = 4
# §9.5: "Dimeritium Bomb: its special ability needs the Monster Weakness & Special Attacks mode".
DIMERITIUM = "dimeritium"
WEAKNESS_MODE = "weakness"


def check(content: OldWorldContent) -> list[Finding]:
    return [*_mutagens(content), *_potion_tolerance(content), *_bombs(content), *_hold_limits(content),
            *_unique_cards(content)]


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


def _bombs(content: OldWorldContent) -> Iterator[Finding]:
    """Rule 21: a Bomb needs a mode of its pack, and a Dimeritium Bomb needs the weakness mode."""
    manifest = content.manifest
    modes = {mode.id for pack in manifest.packs for mode in pack.modes} if manifest else set()
    for rec in content.bomb_records:
        bomb = rec.entity
        needs = bomb.requires_mode
        if needs is not None and needs not in modes:
            yield finding_at(rec.where("requires_mode"), "OW-BOMB-MODE",
                             f"{bomb.id} needs mode {needs!r}, which no pack declares")
        if DIMERITIUM in bomb.id and needs != WEAKNESS_MODE:
            where = rec.where("requires_mode") if rec.is_written("requires_mode") else rec.where("id")
            yield finding_at(where, "OW-BOMB-MODE", f"{bomb.id}: a Dimeritium Bomb needs the weakness mode "
                             f"(`requires_mode: {WEAKNESS_MODE}`, expansion sheet §9.5, rule 21)")


def _hold_limits(content: OldWorldContent) -> Iterator[Finding]:
    """Rule 21: with Bombs, a witcher holds up to 4 Potions and up to 4 Bombs."""
    record = content.manifest_record
    if record is None or PackRule.BOMBS not in content.rules_on:
        return
    for name in ("potion_hold_limit", "bomb_hold_limit"):
        if getattr(record.entity.rules, name) != HOLD_LIMIT:
            where = record.where("rules", name) if record.is_written("rules", name) else record.where("rules")
            yield finding_at(where, "OW-BOMB-LIMIT", f"with Bombs, {name} is {HOLD_LIMIT} (expansion sheet §9.5, "
                             "rule 21: up to 4 Potions and up to 4 Bombs)")


def _unique_cards(content: OldWorldContent) -> Iterator[Finding]:
    """Rule 17: a character's starting deck is 10 cards, 11 with its one Unique card (§9.7: "each school's Unique
    card"); so a Unique card has an owner, one copy, and no owner has two."""
    owners: set[str] = set()
    for rec in content.card_records:
        card = rec.entity
        if not card.unique:
            continue
        if card.school is None:
            yield finding_at(rec.where("unique"), "OW-UNIQUE-CARD", f"{card.id}: a Unique card belongs to a character "
                             "(`school`), whose starting deck it joins (expansion sheet §9.7)")
        elif card.school in owners:
            yield finding_at(rec.where("school"), "OW-UNIQUE-CARD", f"{card.id}: {card.school} has a Unique card "
                             "already (rule 17: one each)")
        if card.copies != 1:
            yield finding_at(rec.where("copies"), "OW-UNIQUE-CARD", f"{card.id}: a Unique card is one card (rule 17)")
        owners.add(card.school or "")
