"""The rule data's own shape (reference §22 rules 7, 9, 11, 13–15, 18, 19): routes, tokens, dice, hero actions
and quest parts agree with each other. What the published game states about particular things: checks/facts.py."""

from __future__ import annotations

from collections import Counter
from typing import Protocol

from pipeline.content.database import Database, Record, finding_at
from pipeline.findings import Finding

from ..models import TokenKind

# The colours each kind of token may have (reference §22 rules 11 and 18); other tokens have none.
TOKEN_COLORS = {
    TokenKind.LEAD: {"red", "blue", "purple"},
    TokenKind.MONSTER: {"bronze", "silver", "gold"},
}


class HasDatabase(Protocol):
    """What these checks read of the game's content view: only its database and the models."""

    @property
    def db(self) -> Database: ...


def check(content: HasDatabase) -> list[Finding]:
    db = content.db
    return [*_routes(db), *_tokens(db), *_dice(db), *_faces(db), *_hero_actions(db), *_quests(db)]


def _routes(db: Database) -> list[Finding]:
    """Routes are undirected and unique; only a sea route costs gold (rules 7 and 9)."""
    findings = []
    seen: dict[frozenset[str], str] = {}
    for record in db.records("routes"):
        route = record.entity
        pair = frozenset(route.between)
        if len(pair) == 1:
            message = f"route {route.id!r} joins {route.between[0]!r} to itself"
            findings.append(finding_at(record.where("between"), "AG-MAP", message))
        elif pair in seen:
            message = f"route {route.id!r} joins the same locations as {seen[pair]!r} (routes are undirected)"
            findings.append(finding_at(record.where("between"), "AG-MAP", message))
        seen.setdefault(pair, route.id)
        if not route.sea and route.gold_cost:
            message = f"land route {route.id!r} costs {route.gold_cost} gold; only sea routes cost gold"
            findings.append(finding_at(record.where("gold_cost"), "AG-MAP", message))
    return findings


def _tokens(db: Database) -> list[Finding]:
    """Leads come in red, blue and purple, monsters in bronze, silver and gold, one token per colour (rules 11, 18)."""
    findings = []
    used: Counter[tuple[TokenKind, str]] = Counter()
    for record in db.records("tokens"):
        token = record.entity
        allowed = TOKEN_COLORS.get(token.token, set())
        where = record.where("color") if record.is_written("color") else record.where()
        if token.color is None and allowed:
            message = f"{token.token.value} token {token.id!r} has no color (one of {', '.join(sorted(allowed))})"
            findings.append(finding_at(where, "AG-TOKEN", message))
        elif token.color is not None and token.color not in allowed:
            shown = f"one of {', '.join(sorted(allowed))}" if allowed else "none"
            message = f"{token.token.value} token {token.id!r} is {token.color}; its colors are {shown}"
            findings.append(finding_at(where, "AG-TOKEN", message))
        elif token.color is not None:
            used[token.token, token.color] += 1
            if used[token.token, token.color] == 2:
                message = f"a second {token.color} {token.token.value} token: {token.id!r}"
                findings.append(finding_at(where, "AG-TOKEN", message))
    return findings


def _dice(db: Database) -> list[Finding]:
    """Battle dice belong to no hero and have the manifest's blank faces; every hero has one set of hero dice
    without a blank face (rule 13)."""
    findings = []
    manifests = db.all("game")
    blanks = manifests[0].components.get("blank_faces_per_battle_die") if manifests else None
    dice_of: dict[str, str] = {}
    for record in db.records("dice"):
        die = record.entity
        if die.group == "battle":
            if die.hero is not None:
                findings.append(finding_at(record.where("hero"), "AG-DICE", f"battle die {die.id!r} names a hero"))
            if blanks is not None and die.blank_faces != blanks:
                where = record.where("blank_faces") if record.is_written("blank_faces") else record.where()
                message = f"battle die {die.id!r} has {die.blank_faces} blank faces; the manifest states {blanks}"
                findings.append(finding_at(where, "AG-DICE", message))
            continue
        if die.hero is None:
            findings.append(finding_at(record.where("group"), "AG-DICE", f"hero die {die.id!r} names no hero"))
            continue
        if die.blank_faces:
            message = f"hero die {die.id!r} has {die.blank_faces} blank faces; only battle dice have blanks"
            findings.append(finding_at(record.where("blank_faces"), "AG-DICE", message))
        if die.hero in dice_of:
            message = f"hero {die.hero!r} already has hero dice {dice_of[die.hero]!r}; count them in one entry"
            findings.append(finding_at(record.where("hero"), "AG-DICE", message))
        dice_of.setdefault(die.hero, die.id)
    for record in db.records("heroes"):
        if record.entity.id not in dice_of:
            findings.append(finding_at(record.where("id"), "AG-DICE", f"hero {record.entity.id!r} has no hero die"))
    return findings


def _faces(db: Database) -> list[Finding]:
    """Each die face shows its own results, and the blank face exists exactly when a die has blanks (rule 14)."""
    findings = []
    seen: dict[tuple[tuple[str, int], ...], str] = {}
    blank: list[Record] = []
    for record in db.records("dice-faces"):
        face = record.entity
        results = tuple(sorted((result.value, n) for result, n in face.results.items()))
        if results in seen:
            message = f"face {face.id!r} shows the same results as {seen[results]!r}"
            findings.append(finding_at(record.where("id"), "AG-DICE", message))
        seen.setdefault(results, face.id)
        if not results:
            blank.append(record)
    has_blanks = any(die.blank_faces for die in db.all("dice"))
    records = db.records("dice-faces")
    if has_blanks and not blank and records:
        findings.append(finding_at(records[0].where(), "AG-DICE", "battle dice have blank faces but no face is blank"))
    if blank and not has_blanks:
        message = f"face {blank[0].entity.id!r} is blank but no die has a blank face"
        findings.append(finding_at(blank[0].where("id"), "AG-DICE", message))
    return findings


def _hero_actions(db: Database) -> list[Finding]:
    """Each hero's own action is that hero's and no other action is (rule 15); it can be wounded like every action
    but Rest."""
    findings = []
    heroes = {h.id: h for h in db.all("heroes")}
    for record in db.records("heroes"):
        hero = record.entity
        action = db.get("actions", hero.action)
        if action is not None and action.hero != hero.id:
            owner = f"belongs to {action.hero!r}" if action.hero else "is every hero's"
            message = f"hero {hero.id!r} names {hero.action!r} as its own action, but that action {owner}"
            findings.append(finding_at(record.where("action"), "AG-HERO", message))
    for record in db.records("actions"):
        action = record.entity
        if action.hero is None:
            continue
        hero = heroes.get(action.hero)
        if hero is not None and hero.action != action.id:
            message = f"action {action.id!r} belongs to {action.hero!r}, whose own action is {hero.action!r}"
            findings.append(finding_at(record.where("hero"), "AG-HERO", message))
        if not action.woundable:
            findings.append(finding_at(record.where("woundable"), "AG-HERO", f"hero action {action.id!r} must be woundable"))
    return findings


def _quests(db: Database) -> list[Finding]:
    """A quest part's per-card range is not empty (rule 19)."""
    findings = []
    for record in db.records("quests"):
        quest = record.entity
        if quest.per_card_max is not None and quest.per_card_max < quest.per_card_min:
            message = f"{quest.id!r} has at most {quest.per_card_max} but at least {quest.per_card_min} per card"
            findings.append(finding_at(record.where("per_card_max"), "AG-QUEST", message))
    return findings
