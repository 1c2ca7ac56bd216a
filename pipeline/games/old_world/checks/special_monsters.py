"""Monsters outside the regular piles (expansion sheet §6, §7): a monster that never spawns has no token and
no trophy-track step (rule 10); a legendary monster starts on a location that may host it and has exactly
4 Special Attacks (rule 16); every monster of a pack with `partners` (the Monster Pack) is one the manifest ties to
a partner (rule 31): read from the manifest, so such a pack needs no Python."""

from __future__ import annotations

from collections.abc import Iterator

from pipeline.content.database import Record, Source, finding_at
from pipeline.findings import Finding

from ..content import OldWorldContent
from ..models.base import Monster

SPECIAL_ATTACKS = 4
# Location 0 never hosts a monster, trail or quest (rule 2).
NO_MONSTER_LOCATION = 0


def check(content: OldWorldContent) -> list[Finding]:
    return [*_never_spawned(content), *_legendary(content), *_partners(content)]


def _never_spawned(content: OldWorldContent) -> Iterator[Finding]:
    """Rule 10: the Siren (like Dagon) has no token, never spawns and gives no trophy-track step."""
    for rec in content.monster_records:
        monster = rec.entity
        if monster.spawnable and monster.token is None:
            yield finding_at(rec.where(), "OW-MONSTER-SPAWN",
                             f"{monster.id} has no token, so it can never spawn: mark it `spawnable: false` (rule 10)")
        elif not monster.spawnable:
            if monster.token is not None:
                yield finding_at(rec.where("token"), "OW-MONSTER-SPAWN",
                                 f"{monster.id} never spawns, so it has no token (rule 10)")
            if monster.grants_track_step:
                yield finding_at(_written(rec, "grants_track_step"), "OW-MONSTER-SPAWN",
                                 f"{monster.id} never spawns: its kill gives no trophy-track step and no Fatigue "
                                 "(`grants_track_step: false`, rule 10)")


def _written(rec: Record[Monster], field: str) -> Source:
    return rec.where(field) if rec.is_written(field) else rec.where()


def _legendary(content: OldWorldContent) -> Iterator[Finding]:
    """Rule 16: a start location that can host a monster, and exactly 4 Special Attacks."""
    for rec in content.legendary_monster_records:
        monster = rec.entity
        start = content.location_by_id.get(monster.start)
        if start is not None and start.number == NO_MONSTER_LOCATION:
            yield finding_at(rec.where("start"), "OW-LEGENDARY-START",
                             f"{monster.id} starts on location {NO_MONSTER_LOCATION}, which never hosts a monster (rule 2)")
        if len(monster.attacks) != SPECIAL_ATTACKS:
            yield finding_at(rec.where("attacks"), "OW-LEGENDARY-ATTACKS",
                             f"{monster.id} has {len(monster.attacks)} Special Attacks; a legendary card has "
                             f"{SPECIAL_ATTACKS} (rule 16)")


def _partners(content: OldWorldContent) -> Iterator[Finding]:
    """Rule 31: each monster of a pack that ties its monsters to partners (the Monster Pack) is named in the pack's
    `partners`, and each one named has its card."""
    record = content.manifest_record
    if record is None:
        return
    db = content.db
    for index, pack in enumerate(record.entity.packs):
        if not pack.partners:
            continue
        written: set[str] = set()
        for collection in ("monsters", "legendary-monsters"):
            for rec in db.every_record(collection):
                if db.pack_of(rec) != pack.id:
                    continue
                written.add(rec.entity.id)
                if rec.entity.id not in pack.partners:
                    yield finding_at(rec.where("id"), "OW-PACK-PARTNER",
                                     f"{rec.entity.id} is a {pack.name} monster the manifest ties to no partner (rule 31)",
                                     f"add it to the {pack.name}'s `partners`")
        for monster in pack.partners:
            if monster not in written and db.complete:
                yield finding_at(record.where("packs", index, "partners", monster), "OW-PACK-PARTNER",
                                 f"the {pack.name} ties {monster} to a partner, but the pack has no card for it")
