"""What the rulebook states about particular schools, locations and setup tables (reference §21 rules 2, 13, 30,
50, 52, 55, 56; the expansion sheet's §19 rule 6 for the base board). The shape of the tables (one setup per
player count, rising payouts, tiers without gaps) is checks/setup.py."""

from __future__ import annotations

from pipeline.content.database import Record, finding_at
from pipeline.findings import Finding, warning

from ..content import OldWorldContent
from ..enums import Attribute, Limit, LocationAction, PokerCategory, Terrain
from ..models.base import Location, Manifest

# Rule 30 and the base-board terrains of the expansion sheet's rule 6 (a warning: known data points of the
# printed board, which a prototype may change on purpose).
KNOWN_NUMBERS = {"kaer-seren": 1, "cidaris": 5, "novigrad": 6, "cintra": 9, "glenmore": 12, "doldeth": 13}
MOUNTAINS = ("doldeth", "ard-modron", "kaer-morhen", "cintra")
WATERS = ("cidaris", "ban-ard", "kaer-seren", "glenmore")
KNOWN_TERRAINS = {**dict.fromkeys(MOUNTAINS, Terrain.MOUNTAIN), **dict.fromkeys(WATERS, Terrain.WATER)}
KNOWN_SCHOOLS = {"kaer-morhen"}
KNOWN_TRAINING = {"ban-ard": Attribute.ALCHEMY}
# Rule 50: (cards, gold) per seat and player count (reference §5.7); no seat starts with more than 5 cards.
STARTING = {
    1: [(5, 3)],
    2: [(3, 2), (5, 4)],
    3: [(3, 2), (4, 4), (5, 6)],
    4: [(2, 4), (3, 5), (4, 6), (5, 7)],
    5: [(2, 5), (3, 5), (4, 5), (4, 7), (5, 7)],
}
# Rule 52: the levels of the starting monsters and the attribute trophies in play, per player count.
MONSTER_LEVELS = {1: [1, 2, 3], 2: [1, 1, 2], 3: [1, 1, 1], 4: [1, 1, 1], 5: [1, 1, 1]}
ATTRIBUTE_TROPHIES = {1: 1, 2: 4, 3: 4, 4: 8, 5: 8}
# The SetupProfile of the reference (§21): a 4- or 5-player game raises one attribute of each witcher by one level.
BONUS_ATTRIBUTE_LEVELS = {1: 0, 2: 0, 3: 0, 4: 1, 5: 1}
# Rule 55: gold the solo bot pays per dice poker hand.
SOLO_PAYOUT = {
    PokerCategory.NOTHING: 0,
    PokerCategory.PAIR: 0,
    PokerCategory.TWO_PAIRS: 1,
    PokerCategory.THREE_KIND: 2,
    PokerCategory.STRAIGHT_LOW: 3,
    PokerCategory.STRAIGHT_HIGH: 3,
    PokerCategory.FULL_HOUSE: 4,
    PokerCategory.FOUR_KIND: 5,
    PokerCategory.FIVE_KIND: 6,
}
SOLO_TIERS = [(None, 6), (7, 8), (9, 10), (11, 12), (13, None)]  # rule 56: (min, max) turns of each tier


def check(content: OldWorldContent) -> list[Finding]:
    findings = [*_school_colors(content), *_specialty_limits(content), *_known_points(content)]
    record = content.manifest_record
    if record is not None:
        findings.extend(_tables(record))
    return findings


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


def _specialty_limits(content: OldWorldContent) -> list[Finding]:
    """Rule 13: a school specialty is used at most once per fight."""
    findings = []
    for rec in content.school_records:
        if rec.entity.specialty.limit is not Limit.ONCE_PER_FIGHT:
            message = f"the {rec.entity.id} specialty is {rec.entity.specialty.limit.value}; every specialty is once per fight"
            findings.append(finding_at(rec.where("specialty", "limit"), "OW-SCHOOL-SPECIALTY", message))
    return findings


def _tables(record: Record[Manifest]) -> list[Finding]:
    """Rules 50, 52, 55 and 56: the setup, payout and tier tables hold the rulebook's values."""
    manifest = record.entity
    findings = []
    for i, profile in enumerate(manifest.setup):
        n = profile.players
        if n in STARTING and [(seat.cards, seat.gold) for seat in profile.seats] != STARTING[n]:
            shown = ", ".join(f"{cards} cards and {gold} gold" for cards, gold in STARTING[n])
            findings.append(finding_at(record.where("setup", i, "seats"), "OW-SETUP", f"{n} player(s) start with {shown}"))
        if n in MONSTER_LEVELS and profile.monster_levels != MONSTER_LEVELS[n]:
            message = f"{n} player(s) start with monsters of levels {MONSTER_LEVELS[n]}"
            findings.append(finding_at(record.where("setup", i, "monster_levels"), "OW-SETUP", message))
        if n in ATTRIBUTE_TROPHIES and profile.attribute_trophies != ATTRIBUTE_TROPHIES[n]:
            message = f"{n} player(s) play with {ATTRIBUTE_TROPHIES[n]} attribute trophies"
            findings.append(finding_at(record.where("setup", i, "attribute_trophies"), "OW-SETUP", message))
        if n in BONUS_ATTRIBUTE_LEVELS and profile.bonus_attribute_levels != BONUS_ATTRIBUTE_LEVELS[n]:
            message = f"{n} player(s) start with {BONUS_ATTRIBUTE_LEVELS[n]} bonus attribute level(s)"
            findings.append(finding_at(record.where("setup", i, "bonus_attribute_levels"), "OW-SETUP", message))
    payout = manifest.dice_poker.solo_payout
    for category, gold in SOLO_PAYOUT.items():
        if category in payout and payout[category] != gold:
            where = record.where("dice_poker", "solo_payout", category.value)
            findings.append(finding_at(where, "OW-POKER-PAYOUT", f"the solo payout for {category.value} is {gold}"))
    tiers = sorted(((tier.min_turns, tier.max_turns) for tier in manifest.solo_tiers), key=lambda t: t[0] or 1)
    if _partition(tiers) and tiers != SOLO_TIERS:  # a broken partition is reported once, by checks/setup.py
        shown = ", ".join(f"{low or 1}–{high or '…'}" for low, high in SOLO_TIERS)
        findings.append(finding_at(record.where("solo_tiers"), "OW-SOLO-TIERS", f"the solo tiers cover {shown} turns"))
    return findings


def _partition(tiers: list[tuple[int | None, int | None]]) -> bool:
    """Whether the tiers, sorted by their first turn, run from 1 without gap or overlap to an open last tier."""
    expected = 1
    for i, (low, high) in enumerate(tiers):
        if (low or 1) != expected or (high is None) != (i == len(tiers) - 1) or (high is not None and high < expected):
            return False
        expected = (high or 0) + 1
    return True


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
