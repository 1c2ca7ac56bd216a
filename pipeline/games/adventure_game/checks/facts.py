"""What the published game states about particular things (reference §22 rules 8–13, 15–17, 19, 20, 23, 24, 26):
the guide documents a game that exists, so rule data that says otherwise prints a wrong guide (an error)."""

from __future__ import annotations

import re
from typing import Any

from pipeline.content.database import Database, Record, finding_at
from pipeline.findings import Finding

from .rule_data import HasDatabase

HEROES = ("geralt", "triss", "dandelion", "yarpen")  # rule 13
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
        *_targets(db), *_rules(db), *_steps(db),
    ]


def _fact(source_record: Record, field: str | None, message: str) -> Finding:
    where = source_record.where(field) if field and source_record.is_written(field) else source_record.where()
    return finding_at(where, "AG-FACT", message, "reference/adventure-game.md §22")


def _heroes(db: Database) -> list[Finding]:
    findings = []
    records = db.records("heroes")
    for record in records:
        if record.entity.id not in HEROES:
            findings.append(_fact(record, "id", f"{record.entity.id!r} is not a hero of the game ({', '.join(HEROES)})"))
    missing = [h for h in HEROES if db.get("heroes", h) is None]
    if missing and records:
        findings.append(_fact(records[0], None, f"the game's heroes {', '.join(missing)} are missing"))
    return findings


def _fields(db: Database) -> list[Finding]:
    findings = []
    for collection, entities in FIELDS.items():
        for key, fields in entities.items():
            record = db.record(collection, key)
            if record is None:
                continue  # a missing hero is reported once by _heroes; other ids are the data's own choice
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
    for pair in SEA_ROUTES.keys() - found:
        if records:
            findings.append(_fact(records[0], None, f"the sea route {' – '.join(sorted(pair))} is missing"))
    return findings


def _regions(db: Database) -> list[Finding]:
    findings = []
    for record in db.records("regions"):
        region = record.entity
        stated = {other for pair in REGION_PAIRS if region.id in pair for other in pair - {region.id}}
        if region.id not in {r for pair in REGION_PAIRS for r in pair}:
            continue  # a region the rulebook does not know is a count problem (AG-COUNT), not a fact about adjacency
        if set(region.adjacent) != stated:
            shown, board = ", ".join(sorted(region.adjacent)), ", ".join(sorted(stated))
            message = f"{region.id} is adjacent to {shown}; the board has {board}"
            findings.append(_fact(record, "adjacent", message))
    return findings


def _targets(db: Database) -> list[Finding]:
    findings = []
    for (collection, key), trait in TARGET_TRAITS.items():
        record = db.record(collection, key)
        if record is None:
            continue
        named = set(TRAIT_REF.findall(record.entity.summary))
        if named != {trait}:
            shown = ", ".join(sorted(named)) or "no trait"
            message = f"{key} targets {shown}; the rulebook lets it target only {{trait:{trait}}} cards"
            findings.append(_fact(record, "summary", message))
    return findings


def _rules(db: Database) -> list[Finding]:
    findings = []
    for record in db.records("game"):
        rules = record.entity.rules
        for key, expected in RULES.items():
            if key in rules and rules[key] != expected:
                message = f"{key} is {rules[key]}; the rulebook states {expected}"
                findings.append(finding_at(record.where("rules", key), "AG-FACT", message, "reference/adventure-game.md §22"))
    return findings


def _steps(db: Database) -> list[Finding]:
    findings = []
    for key, expected in STEPS.items():
        record = db.record("procedures", key)
        if record is not None and tuple(step.id for step in record.entity.steps) != expected:
            message = f"{record.entity.name} must have the rulebook's {len(expected)} steps in order: {', '.join(expected)}"
            findings.append(_fact(record, "steps", message))
    return findings
