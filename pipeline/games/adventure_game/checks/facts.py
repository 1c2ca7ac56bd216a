"""What the published game states about particular things (reference §22 rules 6, 8–13, 15–20, 23, 24, 26):
the guide documents a game that exists, so rule data that says otherwise prints a wrong guide (an error).

Each fact is checked where the content has what it is about (a hero, a location, a route between two of its
locations, a border between two of its regions, a procedure, a manifest number), so a small excerpt such as the
example tree can be right without holding the whole game. The whole game is held by the numbers: the manifest's
component counts must be the published ones when stated, and AG-COUNT makes the rule data match them."""

from __future__ import annotations

import re
from typing import Any

from pipeline.content.database import Database, Record, finding_at
from pipeline.findings import Finding

from .rule_data import HasDatabase

HEROES = ("geralt", "triss", "dandelion", "yarpen")  # rule 13
# The published component counts (§2; rules 6, 11, 13, 14, 17, 18), checked when the manifest states them.
COMPONENTS = {
    "heroes": 4,
    "regions": 6,
    "obstacle_zones": 6,
    "location_spaces": 4,
    "battle_dice": 3,
    "blank_faces_per_battle_die": 1,
    "die_faces": 10,
    "companion_cards": 4,
    "armor_spaces": 2,
    "lead_colors": 3,
    "monster_types": 3,
}
# Per entity: the value of each field stated by the rulebook (rules 13, 15, 17, 19, 20).
FIELDS: dict[str, dict[str, dict[str, Any]]] = {
    "heroes": {
        "geralt": {"action": "brew", "armor_spaces": 0, "companion_cards": 0},
        "triss": {"action": "prepare", "armor_spaces": 0, "companion_cards": 0},
        "dandelion": {"action": "sing", "armor_spaces": 0, "companion_cards": 0},
        "yarpen": {"action": "command", "armor_spaces": 2, "companion_cards": 4},
    },
    "dice": {
        "geralt-die": {"count": 3},
        "triss-die": {"count": 1},
        "dandelion-die": {"count": 1},
        "yarpen-die": {"count": 1},
        "battle-die": {"count": 3, "blank_faces": 1},
    },
    "actions": {"rest": {"woundable": False}},
    "quests": {
        "main": {"per_card_min": 1, "per_card_max": 1, "at_location": True},
        "side": {"per_card_min": 1, "per_card_max": None},
        "support": {"per_card_min": 1, "per_card_max": 1, "at_location": True},
    },
    "traits": {
        trait: {"cards": "investigation"}
        for trait in ("valuable-information", "aen-seidhe", "nilfgaard", "lodge-of-sorceresses")
    },
}
# Location flags: the few locations where the rulebook differs from the default (rules 11 and 12).
NO_LEADS = {"brokilon", "jaruga", "ellander"}
HEALS = {"duen-canell", "ellander"}
SEA_ROUTES = {frozenset({"novigrad", "duen-canell"}): 2, frozenset({"duen-canell", "cintra"}): 1}  # rule 9
REGION_PAIRS = {  # rule 8: nine symmetric pairs
    frozenset(pair)
    for pair in (
        ("gray", "purple"), ("gray", "red"), ("purple", "green"), ("purple", "red"), ("red", "green"),
        ("red", "yellow"), ("red", "blue"), ("blue", "yellow"), ("yellow", "green"),
    )
}
# The development trait each card-charging action or operation targets (rule 16).
TARGET_TRAITS = {("actions", "brew"): "potion", ("actions", "prepare"): "spell", ("operations", "bribe-a-friend"): "friend"}
# Rules constants the rulebook states (rule 23).
RULES = {
    "actions_per_turn": 2,
    "quest_cards_to_end": 3,
    "epic_quest_cards_to_end": 5,
    "support_vp_supporter": 6,
    "support_vp_owner": 3,
    "dev_card_max_markers": 3,
    "unplaceable_wound_vp": 2,
    "unplaceable_foul_fate_vp": 2,
    "vp_min": 0,
    "vp_track_length": 80,
}
# Rules 24 and 26: the steps of the turn (§5), of a battle (§11) and the tiebreakers, in the rulebook's order.
STEPS = {
    "turn": ("operations-before", "first-action", "operations-between", "second-action", "operations-after", "encounter"),
    "battle": ("start-of-battle", "before-rolling", "roll", "total", "modify", "attack", "defense", "defeat"),
    "tiebreakers": ("most-quest-cards", "most-leads-and-gold", "earliest-final-turn"),
}
TRAIT_REF = re.compile(r"\{trait:([a-z0-9-]+)\}")


def check(content: HasDatabase) -> list[Finding]:
    db = content.db
    return [
        *_heroes(db), *_fields(db), *_locations(db), *_sea_routes(db), *_regions(db),
        *_targets(db), *_manifest(db), *_steps(db),
    ]


def _fact(source_record: Record, field: str | None, message: str) -> Finding:
    where = source_record.where(field) if field and source_record.is_written(field) else source_record.where()
    return finding_at(where, "AG-FACT", message, "reference/adventure-game.md §22")


def _heroes(db: Database) -> list[Finding]:
    """No hero beyond the game's four; that all four are there is the manifest's hero count (_manifest, AG-COUNT)."""
    findings = []
    for record in db.records("heroes"):
        if record.entity.id not in HEROES:
            findings.append(_fact(record, "id", f"{record.entity.id!r} is not a hero of the game ({', '.join(HEROES)})"))
    return findings


def _fields(db: Database) -> list[Finding]:
    findings = []
    for collection, entities in FIELDS.items():
        for key, fields in entities.items():
            record = db.record(collection, key)
            if record is None:
                continue  # a fact about something the content does not have
            for field, expected in fields.items():
                actual = getattr(record.entity, field)
                if actual != expected:
                    findings.append(_fact(record, field, f"{key} has {field} {actual!r}; the rulebook states {expected!r}"))
    return findings


def _locations(db: Database) -> list[Finding]:
    findings = []
    for record in db.records("locations"):
        location = record.entity
        if location.leads == (location.id in NO_LEADS):
            stated = "no leads" if location.id in NO_LEADS else "leads"
            message = f"{location.name} has leads: {location.leads}; the rulebook gives it {stated}"
            findings.append(_fact(record, "leads", message))
        if location.heals != (location.id in HEALS):
            stated = "a heal icon" if location.id in HEALS else "no heal icon"
            message = f"{location.name} has heals: {location.heals}; the rulebook gives it {stated}"
            findings.append(_fact(record, "heals", message))
    return findings


def _sea_routes(db: Database) -> list[Finding]:
    findings = []
    found = set()
    for record in db.records("routes"):
        route = record.entity
        pair = frozenset(route.between)
        if not route.sea:
            continue
        found.add(pair)
        if pair not in SEA_ROUTES:
            findings.append(_fact(record, "sea", f"{' – '.join(route.between)} is no sea route of the board"))
        elif route.gold_cost != SEA_ROUTES[pair]:
            message = f"sea route {route.id!r} costs {route.gold_cost} gold; the rulebook states {SEA_ROUTES[pair]}"
            findings.append(_fact(record, "gold_cost", message))
    records = db.records("routes")
    locations = {location.id for location in db.all("locations")}
    for pair in SEA_ROUTES.keys() - found:
        if pair <= locations and records:  # the board joins these two locations by sea
            findings.append(_fact(records[0], None, f"the sea route {' – '.join(sorted(pair))} is missing"))
    return findings


def _regions(db: Database) -> list[Finding]:
    """The borders the regions list, in either direction, are the board's borders between those regions.
    A border listed one way only is AG-MAP's (checks/counts.py); a region the rulebook does not know, AG-COUNT's."""
    findings = []
    board = {r for pair in REGION_PAIRS for r in pair}
    records = [record for record in db.records("regions") if record.entity.id in board]
    listed = {frozenset({record.entity.id, other}) for record in records for other in record.entity.adjacent}
    present = {record.entity.id for record in records}
    unlisted = {pair for pair in REGION_PAIRS if pair <= present} - listed
    for record in records:
        region = record.entity
        wrong = [other for other in region.adjacent if other in board and frozenset({region.id, other}) not in REGION_PAIRS]
        if wrong:
            message = f"{region.id} is adjacent to {', '.join(wrong)} on no border of the board"
            findings.append(_fact(record, "adjacent", message))
        missed = sorted(other for pair in unlisted if region.id == min(pair) for other in pair - {region.id})
        if missed:
            message = f"{region.id} borders {', '.join(missed)} on the board, but neither region lists the other"
            findings.append(_fact(record, "adjacent", message))
    return findings


def _targets(db: Database) -> list[Finding]:
    findings = []
    for (collection, key), trait in TARGET_TRAITS.items():
        record = db.record(collection, key)
        if record is None:
            continue
        named = set(TRAIT_REF.findall(record.entity.summary))
        if any(db.get("traits", name) is None for name in named):
            continue  # a trait that does not exist is the reference's finding (AG-GUIDE-REF), not a wrong target
        if named != {trait}:
            shown = ", ".join(sorted(named)) or "no trait"
            message = f"{key} targets {shown}; the rulebook lets it target only {{trait:{trait}}} cards"
            findings.append(_fact(record, "summary", message))
    return findings


def _manifest(db: Database) -> list[Finding]:
    """The component counts and rules constants the manifest states are the published ones."""
    findings = []
    for record in db.records("game"):
        for part, published in (("components", COMPONENTS), ("rules", RULES)):
            stated = getattr(record.entity, part)
            for key, expected in published.items():
                if key in stated and stated[key] != expected:
                    message = f"{key} is {stated[key]}; the rulebook states {expected}"
                    findings.append(finding_at(record.where(part, key), "AG-FACT", message, "reference/adventure-game.md §22"))
    return findings


def _steps(db: Database) -> list[Finding]:
    findings = []
    for key, expected in STEPS.items():
        record = db.record("procedures", key)
        if record is not None and tuple(step.id for step in record.entity.steps) != expected:
            message = f"{record.entity.name} must have the rulebook's {len(expected)} steps in order: {', '.join(expected)}"
            findings.append(_fact(record, "steps", message))
    return findings
