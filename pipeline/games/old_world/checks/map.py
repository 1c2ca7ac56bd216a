"""The map and its location tokens (reference §21.4)."""

from __future__ import annotations

from collections import Counter

from pipeline.content.database import Record, finding_at
from pipeline.findings import Finding, warning

from ..content import OldWorldContent
from ..enums import Attribute, LocationAction, Region, Terrain
from ..models.base import Location

# How many locations of each action the base board has (reference §4, §21 rule 28).
ACTION_COUNTS = {
    LocationAction.SCHOOL: 5,
    LocationAction.POTION: 3,
    LocationAction.LOCALS_POKER: 2,
    LocationAction.TRAIL_QUEST: 2,
    LocationAction.CARD_EXCHANGE: 1,
    LocationAction.POOL_TRASH: 1,
}


def check(content: OldWorldContent) -> list[Finding]:
    return [*_locations(content), *_graph(content), *_actions(content), *_tokens(content)]


def _locations(content: OldWorldContent) -> list[Finding]:
    findings = []
    numbers: dict[int, Record[Location]] = {}
    names: dict[str, str] = {}
    for rec in content.location_records:
        loc = rec.entity
        if loc.number in numbers:
            first = numbers[loc.number].entity.id
            findings.append(finding_at(rec.where("number"), "OW-MAP-NUMBER", f"location number {loc.number} is also {first}"))
        numbers.setdefault(loc.number, rec)
        if loc.name in names:
            findings.append(finding_at(rec.where("name"), "OW-MAP-NAME", f"location name {loc.name!r} is also {names[loc.name]}"))
        names.setdefault(loc.name, loc.id)
        board = content.board
        if board and not (loc.position.x <= board.width_mm and loc.position.y <= board.height_mm):
            findings.append(
                finding_at(
                    rec.where("position"),
                    "OW-MAP-POSITION",
                    f"{loc.name} at ({loc.position.x}, {loc.position.y}) mm lies outside the "
                    f"{board.width_mm}×{board.height_mm} mm board",
                )
            )
    if numbers:
        missing = sorted(set(range(max(numbers) + 1)) - set(numbers))
        if missing:
            findings.append(
                finding_at(
                    numbers[max(numbers)].where("number"),
                    "OW-MAP-NUMBER",
                    f"location numbers must run from 0 without gaps; missing {missing}",
                )
            )
    return findings


def _graph(content: OldWorldContent) -> list[Finding]:
    findings = []
    by_id = content.location_by_id
    records = {rec.entity.id: rec for rec in content.location_records}
    for rec in content.location_records:
        loc = rec.entity
        for i, other in enumerate(loc.connections):
            if other == loc.id:
                findings.append(finding_at(rec.where("connections", i), "OW-MAP-SELF", f"{loc.name} is connected to itself"))
            elif other in by_id and loc.region is Region.CONTINENT and loc.id not in by_id[other].connections:
                findings.append(
                    finding_at(
                        rec.where("connections", i),
                        "OW-MAP-ASYMMETRIC",
                        f"{loc.name} connects to {by_id[other].name}, but {by_id[other].name} does not connect back",
                        f"add {loc.id} to the connections of {other}",
                    )
                )
    # An island lists its sea links alone (checks/skellige.py): they join the graph both ways.
    links = {loc_id: set(loc.connections) for loc_id, loc in by_id.items()}
    for loc in content.locations:
        if loc.region is Region.SKELLIGE:
            for other in loc.connections:
                links.setdefault(other, set()).add(loc.id)
    if by_id:
        start = next(iter(by_id))
        seen, stack = {start}, [start]
        while stack:
            for other in sorted(links[stack.pop()]):
                if other in by_id and other not in seen:
                    seen.add(other)
                    stack.append(other)
        for loc_id in sorted(set(by_id) - seen):
            findings.append(
                finding_at(
                    records[loc_id].where("connections"),
                    "OW-MAP-DISCONNECTED",
                    f"{by_id[loc_id].name} cannot be reached from {by_id[start].name}",
                )
            )
    return findings


def _actions(content: OldWorldContent) -> list[Finding]:
    db, findings = content.db, []
    counts = Counter(loc.action.type for loc in content.locations)
    for rec in content.location_records:
        action = rec.entity.action
        if action.type is LocationAction.TRAIN_ATTRIBUTE and action.attribute in (None, Attribute.SPECIALTY):
            findings.append(
                finding_at(rec.where("action"), "OW-MAP-ACTION", "attribute training must name combat, defense or alchemy")
            )
        if action.type is LocationAction.SCHOOL and action.school is None:
            findings.append(finding_at(rec.where("action"), "OW-MAP-ACTION", "a school location must name its school"))
    if content.locations and db.complete:
        for action_type, expected in ACTION_COUNTS.items():
            if counts[action_type] != expected:
                where = min(content.location_records, key=lambda r: r.entity.number).where()
                findings.append(
                    finding_at(
                        where,
                        "OW-MAP-ACTION-COUNT",
                        f"the board has {expected} {action_type.value} location(s); the map has {counts[action_type]}",
                    )
                )
    return findings


def _tokens(content: OldWorldContent) -> list[Finding]:
    db, findings = content.db, []
    by_location: dict[str, list[str]] = {}
    for rec in content.location_token_records:
        token = rec.entity
        by_location.setdefault(token.location, []).append(token.id)
        loc = content.location_by_id.get(token.location)
        if loc is None:
            continue
        if loc.number == 0:
            findings.append(finding_at(rec.where("location"), "OW-TOKEN-LOCATION", "location 0 never has a location token"))
        if token.terrain is not loc.terrain:
            findings.append(
                finding_at(
                    rec.where("terrain"),
                    "OW-TOKEN-TERRAIN",
                    f"token terrain {token.terrain.value} differs from {loc.name}'s {loc.terrain.value}",
                )
            )
    for loc_rec in sorted(content.location_records, key=lambda r: r.entity.number):
        loc = loc_rec.entity
        tokens = by_location.get(loc.id, [])
        if loc.number != 0 and len(tokens) != 1 and (db.complete or tokens):
            findings.append(
                finding_at(
                    loc_rec.where(),
                    "OW-TOKEN-LOCATION",
                    f"{loc.name} needs exactly one location token, has {len(tokens)}",
                )
            )
    per_terrain = Counter(t.terrain for t in content.location_tokens)
    if content.location_token_records:
        where = content.location_token_records[0].where()
        for terrain in Terrain:
            if per_terrain[terrain] == 0:
                findings.append(
                    finding_at(where, "OW-TOKEN-TERRAIN", f"no {terrain.value} location token: its monster slot cannot be filled")
                )
        if len(set(per_terrain.values())) > 1:
            split = ", ".join(f"{t.value} {per_terrain[t]}" for t in Terrain)
            findings.append(
                warning(
                    "OW-TOKEN-SPLIT",
                    f"location tokens are not split evenly by terrain ({split})",
                    where.file,
                    where.line,
                    where.column,
                )
            )
    return findings
