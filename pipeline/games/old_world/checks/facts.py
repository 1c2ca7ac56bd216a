"""What the rulebook states about particular schools and locations (reference §21 rules 2 and 30)."""

from __future__ import annotations

from pipeline.content.database import Record, finding_at
from pipeline.findings import Finding, warning

from ..content import OldWorldContent
from ..enums import Attribute, LocationAction, Terrain
from ..models import Location

# Rule 30 (a warning: known data points of the printed board, which a prototype may change on purpose).
KNOWN_NUMBERS = {"kaer-seren": 1, "cidaris": 5, "novigrad": 6, "cintra": 9, "glenmore": 12, "doldeth": 13}
KNOWN_TERRAINS = {"doldeth": Terrain.MOUNTAIN, "ard-modron": Terrain.MOUNTAIN, "kaer-morhen": Terrain.MOUNTAIN}
KNOWN_SCHOOLS = {"kaer-morhen"}
KNOWN_TRAINING = {"ban-ard": Attribute.ALCHEMY}


def check(content: OldWorldContent) -> list[Finding]:
    return [*_school_colors(content), *_known_points(content)]


def _school_colors(content: OldWorldContent) -> list[Finding]:
    """Rule 2: every school prints in its own colour, or two players' cards and pieces look alike."""
    findings = []
    seen: dict[str, str] = {}
    for rec in content.school_records:
        color = rec.entity.color.lower()
        if color in seen:
            findings.append(finding_at(rec.where("color"), "OW-SCHOOL-COLOR", f"{rec.entity.id} has the colour of {seen[color]}"))
        seen.setdefault(color, rec.entity.id)
    return findings


def _known_points(content: OldWorldContent) -> list[Finding]:
    findings = []

    def differs(rec: Record[Location], field: str, message: str) -> None:
        where = rec.where(field)
        hint = "reference/old-world-base.md §21 rule 30"
        findings.append(warning("OW-MAP-FACT", message, where.file, where.line, where.column, hint))

    for rec in content.location_records:
        loc = rec.entity
        if loc.id in KNOWN_NUMBERS and loc.number != KNOWN_NUMBERS[loc.id]:
            differs(rec, "number", f"{loc.name} is number {loc.number}; the printed board has {KNOWN_NUMBERS[loc.id]}")
        if loc.id in KNOWN_TERRAINS and loc.terrain is not KNOWN_TERRAINS[loc.id]:
            differs(rec, "terrain", f"{loc.name} is {loc.terrain.value}; the printed board has {KNOWN_TERRAINS[loc.id].value}")
        if loc.id in KNOWN_SCHOOLS and loc.action.type is not LocationAction.SCHOOL:
            differs(rec, "action", f"{loc.name} is not a school; the printed board has a school there")
        if loc.id in KNOWN_TRAINING and loc.action.attribute is not KNOWN_TRAINING[loc.id]:
            differs(rec, "action", f"{loc.name} does not train {KNOWN_TRAINING[loc.id].value}, as the printed board does")
    return findings
