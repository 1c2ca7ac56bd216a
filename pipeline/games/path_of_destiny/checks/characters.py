"""Characters, their starting cards and the stories' starting orders (reference §18.1.3, §18.2)."""

from __future__ import annotations

from collections import Counter

from pipeline.content.database import Record, finding_at
from pipeline.findings import Finding

from ..content import PathOfDestinyContent
from ..models import Character


def check(content: PathOfDestinyContent) -> list[Finding]:
    if content.manifest is None:
        return []
    return [*_boards(content), *_line(content), *_starting_cards(content), *_side_quests(content), *_unreachable_tiers(content),
            *_start_orders(content)]


def _boards(content: PathOfDestinyContent) -> list[Finding]:
    """One ability per ability marker; thresholds strictly increasing on the track; the first unlocked at 0."""
    assert content.manifest is not None
    markers = content.manifest.components.ability_markers_per_character
    track = content.manifest.rules.xp_track_max
    findings = []
    for record in content.character_records:
        character = record.entity

        def bad(message: str, *path: str | int, record: Record[Character] = record) -> None:
            findings.append(finding_at(record.where(*path), "POD-CHARACTER", message))

        abilities = character.abilities
        if len(abilities) != markers:
            bad(f"{character.id} has {len(abilities)} abilities; there are {markers} ability markers", "abilities")
        if abilities and abilities[0].unlock_xp != 0:
            bad("the first ability is unlocked from the start: its unlock_xp must be 0", "abilities", 0, "unlock_xp")
        for i in range(1, len(abilities)):
            if abilities[i].unlock_xp <= abilities[i - 1].unlock_xp:
                bad("ability thresholds must rise from left to right", "abilities", i, "unlock_xp")
        for i, ability in enumerate(abilities):
            if ability.unlock_xp > track:
                bad(f"unlock_xp {ability.unlock_xp} is beyond the XP track (0–{track})", "abilities", i, "unlock_xp")
    return findings


def _starting_cards(content: PathOfDestinyContent) -> list[Finding]:
    assert content.manifest is not None
    wanted = content.manifest.components.starting_cards_per_character
    findings = []
    for record in content.character_records:
        character = record.entity
        have = len(content.starting_cards(character.id))
        if have != wanted:
            message = f"{character.id} has {have} starting cards (owner: {character.id}); every character has {wanted}"
            findings.append(finding_at(record.where("id"), "POD-START-CARDS", message))
    return findings


def _side_quests(content: PathOfDestinyContent) -> list[Finding]:
    """A side quest counts one symbol or one colour, with tiers that ask and pay more each step."""
    findings = []
    for record in content.character_records:
        quest = record.entity.side_quest
        where = record.where("side_quest")
        if (quest.symbol is None) == (quest.color is None):
            findings.append(
                finding_at(where, "POD-SIDE-QUEST", f"side quest {quest.id} must name exactly one of symbol and color")
            )
        steps = list(zip(quest.tiers, quest.tiers[1:], strict=False))
        if any(b.at_least <= a.at_least or b.vp <= a.vp for a, b in steps):
            findings.append(
                finding_at(where, "POD-SIDE-QUEST", f"side quest {quest.id}: each tier must ask for more and pay more")
            )
    return findings


def _unreachable_tiers(content: PathOfDestinyContent) -> list[Finding]:
    """A side quest tier no game can reach: it asks for more matching cards than the main deck and the character's own
    starting cards hold together (the only cards a player's hand or timeline ever holds)."""
    findings = []
    for record in content.character_records:
        character = record.entity
        quest = character.side_quest
        pool = [*content.main_cards, *content.starting_cards(character.id)]
        have = sum(1 for c in pool if (quest.symbol is not None and c.symbol is quest.symbol)
                   or (quest.color is not None and quest.color in c.colors))
        for i, tier in enumerate(quest.tiers):
            if tier.at_least > have:
                message = (f"side quest {quest.id}: tier {i + 1} asks for {tier.at_least} cards, but only {have} cards "
                           f"{character.id} can hold match it: no legal game reaches it")
                findings.append(finding_at(record.where("side_quest", "tiers", i, "at_least"), "POD-SIDE-QUEST-DEAD", message))
    return findings


def _line(content: PathOfDestinyContent) -> list[Finding]:
    """Every character stands in the manifest's character line (reference §17)."""
    assert content.manifest is not None
    line = set(content.manifest.character_line)
    return [
        finding_at(record.where("id"), "POD-CHARACTER-LINE",
                   f"character {record.entity.id} is not in the manifest's character_line")
        for record in content.character_records
        if record.entity.id not in line
    ]


def _start_orders(content: PathOfDestinyContent) -> list[Finding]:
    """Every story's start order is the character line, each character once (reference §18.2.6)."""
    assert content.manifest is not None
    line = content.manifest.character_line
    findings = []
    for record in content.story_records:
        story = record.entity
        where = record.where("start_order")
        doubled = sorted(c for c, n in Counter(story.start_order).items() if n > 1)
        unknown = [c for c in story.start_order if c not in line]
        missing = [c for c in line if c not in story.start_order]
        parts = [f"{', '.join(xs)} {what}" for xs, what in ((doubled, "twice"), (unknown, "unknown"), (missing, "missing")) if xs]
        if parts:
            message = f"the start order of {story.id} must list the character line once each: " + "; ".join(parts)
            findings.append(finding_at(where, "POD-START-ORDER", message))
    return findings
