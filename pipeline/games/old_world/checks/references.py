"""Every id an entity names resolves to an entity of the right kind."""

from __future__ import annotations

from pipeline.content.database import Database, Source, finding_at
from pipeline.findings import Finding

from ..content import OldWorldContent


def _ref(db: Database, findings: list[Finding], collection: str, key: object, where: Source, what: str) -> None:
    if key is not None and not db.has(collection, key):
        known = sorted(str(k) for k in db.collections.get(collection, {}))
        hint = f"known: {', '.join(known[:12])}{' …' if len(known) > 12 else ''}" if known else ""
        findings.append(finding_at(where, "OW-REF", f"{what} {key!r} does not exist", hint))


def check(content: OldWorldContent) -> list[Finding]:
    db = content.db
    findings: list[Finding] = []
    for rec in db.records("schools"):
        _ref(db, findings, "locations", rec.entity.home, rec.where("home"), "home location")
    for rec in db.records("locations"):
        loc = rec.entity
        for i, other in enumerate(loc.connections):
            _ref(db, findings, "locations", other, rec.where("connections", i), "connected location")
        _ref(db, findings, "schools", loc.action.school, rec.where("action", "school"), "school")
    for rec in db.records("action-cards"):
        _ref(db, findings, "schools", rec.entity.school, rec.where("school"), "school")
    for rec in db.records("witcher-trophies"):
        _ref(db, findings, "schools", rec.entity.school, rec.where("school"), "school")
    for rec in db.records("monsters"):
        _ref(db, findings, "monster-tokens", rec.entity.token, rec.where("token"), "monster token")
    for rec in db.records("monster-tokens"):
        _ref(db, findings, "monsters", rec.entity.monster, rec.where("monster"), "monster")
    for rec in db.records("location-tokens"):
        _ref(db, findings, "locations", rec.entity.location, rec.where("location"), "location")
    return findings
