"""Monsters, their tokens, monster fight cards and trophy abilities (reference §21.5, §21.8)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from pipeline.content.database import Record, finding_at
from pipeline.content.models import Entity
from pipeline.findings import Finding

from ..content import OldWorldContent
from ..enums import FIGHT_TIMINGS, Limit, Timing

# Monster Fight card amounts fixed by the rules, per monster level I, II, III (reference §10.6).
FIXED_ATTACK_AMOUNTS = {"lower-alchemy": [0, 1, 2], "discard-random": [1, 2, 3], "trash-chosen": 1}


def check(content: OldWorldContent) -> list[Finding]:
    return [*_monsters(content), *_stock(content), *_fight_cards(content), *_abilities(content)]


def _monsters(content: OldWorldContent) -> list[Finding]:
    findings: list[Finding] = []
    deck = content.manifest.rules.monster_fight_deck if content.manifest else None
    tokens = {t.id: t for t in content.monster_tokens}
    owners = Counter(m.token for m in content.monsters)
    for rec in content.monster_records:
        monster = rec.entity
        if deck is not None and monster.life > deck:
            findings.append(
                finding_at(
                    rec.where("life"),
                    "OW-MONSTER-LIFE",
                    f"{monster.name} has {monster.life} life; the Monster Fight deck holds only {deck}",
                )
            )
        token = tokens.get(monster.token or "")
        if token is not None:
            if token.monster != monster.id:
                findings.append(
                    finding_at(
                        rec.where("token"), "OW-MONSTER-TOKEN", f"token {token.id} belongs to {token.monster}, not {monster.id}"
                    )
                )
            if token.level != monster.level:
                findings.append(
                    finding_at(
                        rec.where("level"),
                        "OW-MONSTER-TOKEN",
                        f"{monster.name} is level {monster.level}, its token level {token.level}",
                    )
                )
        if monster.token is not None and owners[monster.token] > 1:
            findings.append(
                finding_at(
                    rec.where("token"), "OW-MONSTER-TOKEN", f"token {monster.token} is shared by {owners[monster.token]} monsters"
                )
            )
    return findings


def _stock(content: OldWorldContent) -> list[Finding]:
    """Every setup profile can draw the monsters it needs."""
    record, findings = content.manifest_record, []
    if record is None or not content.monsters or not content.db.complete:
        return []
    manifest = record.entity
    stock = Counter(m.level for m in content.monsters if m.spawnable)
    for i, profile in enumerate(manifest.setup):
        need = Counter(profile.monster_levels)
        need[1] += profile.extra_level1_stack
        for level, count in sorted(need.items()):
            if stock[level] < count:
                where = record.where("setup", i, "monster_levels")
                findings.append(
                    finding_at(
                        where,
                        "OW-MONSTER-STOCK",
                        f"{profile.players}-player setup needs {count} level {level} monster(s); there are {stock[level]}",
                    )
                )
    return findings


def _fight_cards(content: OldWorldContent) -> list[Finding]:
    findings = []
    for rec in content.fight_card_records:
        for half in ("charge", "bite"):
            attack = getattr(rec.entity, half)
            fixed = FIXED_ATTACK_AMOUNTS.get(attack.type)
            if fixed is not None and attack.amount != fixed:
                findings.append(
                    finding_at(
                        rec.where(half, "amount"), "OW-FIGHT-CARD", f"{attack.type} amount must be {fixed}, got {attack.amount}"
                    )
                )
            if attack.type == "damage" and min(attack.amount if isinstance(attack.amount, list) else [attack.amount]) < 1:
                findings.append(
                    finding_at(rec.where(half, "amount"), "OW-FIGHT-CARD", "damage must be at least 1 at every level")
                )
    return findings


def _abilities(content: OldWorldContent) -> list[Finding]:
    """Once-per-fight abilities need a fight timing; trophies work from under the board."""
    findings = []
    usable = FIGHT_TIMINGS | {Timing.PERMANENT, Timing.PHASE_I, Timing.AFTER_FIGHT}
    holders: list[tuple[Sequence[Record[Entity]], str]] = [
        (content.monster_records, "trophy"),
        (content.monster_records, "special"),
        (content.attribute_trophy_records, "ability"),
        (content.witcher_trophy_records, "ability"),
    ]
    for records, field in holders:
        for rec in records:
            ability = getattr(rec.entity, field)
            if ability is None:  # Dagon has no trophy card (§10.7)
                continue
            if ability.limit is Limit.ONCE_PER_FIGHT and ability.timing not in FIGHT_TIMINGS:
                findings.append(
                    finding_at(
                        rec.where(field, "timing"),
                        "OW-ABILITY-TIMING",
                        f"a once-per-fight ability needs a fight timing, not {ability.timing.value}",
                    )
                )
            if ability.timing not in usable:
                findings.append(
                    finding_at(
                        rec.where(field, "timing"),
                        "OW-ABILITY-TIMING",
                        f"timing {ability.timing.value} cannot be used from a trophy or monster card",
                    )
                )
    for rec in content.monster_records:
        if rec.entity.special.timing not in FIGHT_TIMINGS:
            findings.append(
                finding_at(
                    rec.where("special", "timing"),
                    "OW-ABILITY-TIMING",
                    "a monster's special ability must trigger during its fight",
                )
            )
    return findings
