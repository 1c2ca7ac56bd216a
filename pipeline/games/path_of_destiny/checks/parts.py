"""Each story's own components (reference §11, §16.4 story-specific, §18.1.4, §18.4.16, 22–23)."""

from __future__ import annotations

from collections import Counter

from pipeline.content.database import Record, finding_at
from pipeline.findings import Finding

from .. import effects as fx
from ..content import PathOfDestinyContent
from ..enums import Faction, ObjectiveKind, StoryCardKind, Symbol
from ..story_models import Story

ALLIANCE_EFFECTS = (fx.GainXp, fx.GainPathSymbol, fx.TradeActive, fx.TradeInactiveForXp)
SOLO_KINDS = frozenset({ObjectiveKind.COMBAT, ObjectiveKind.MAGIC})
REVEALED_PER_SYMBOL = 2


def check(content: PathOfDestinyContent) -> list[Finding]:
    if content.manifest is None:
        return []
    chapters = content.manifest.rules.chapters
    findings: list[Finding] = []
    for record in content.story_records:
        findings.extend(_extra_effort(record, chapters))
        findings.extend(_objectives(record))
        findings.extend(_alliances(record))
    return findings


def _bad(record: Record, message: str, *path: str | int) -> Finding:
    return finding_at(record.where(*path), "POD-STORY-PARTS", message)


def _extra_effort(record: Record, chapters: int) -> list[Finding]:
    """Extra-effort cards belong to the game's chapters, the same number to each."""
    cards = record.entity.extra_effort_cards
    if not cards:
        return []
    findings = []
    for i, card in enumerate(cards):
        if card.chapter > chapters:
            findings.append(_bad(record, f"the game has {chapters} chapters", "extra_effort_cards", i, "chapter"))
    per_chapter = Counter(card.chapter for card in cards)
    if len({per_chapter.get(k, 0) for k in range(1, chapters + 1)}) != 1:
        shown = ", ".join(f"chapter {k}: {per_chapter.get(k, 0)}" for k in range(1, chapters + 1))
        findings.append(
            _bad(record, f"each chapter needs as many extra-effort cards as the others ({shown})", "extra_effort_cards")
        )
    return findings


def _objectives(record: Record) -> list[Finding]:
    """Kinds in equal numbers, each symbol revealing exactly two kinds; solo ones combat or magic; scoring complete."""
    story: Story = record.entity
    objectives = story.secret_objectives
    if not objectives:
        return []
    findings = []
    for i, objective in enumerate(objectives):
        req = objective.requirement
        if (req.symbol is None) == (req.color is None):
            findings.append(
                _bad(record, "a requirement names exactly one of symbol and color", "secret_objectives", i, "requirement")
            )
        if (objective.scoring == "flat") != (objective.vp is not None):
            findings.append(
                _bad(record, "flat scoring needs vp; ranked scoring takes it from the rules", "secret_objectives", i, "scoring")
            )
        if objective.solo and objective.kind not in SOLO_KINDS:
            findings.append(_bad(record, "solo objectives replace the combat and magic ones", "secret_objectives", i, "kind"))
    team = Counter(o.kind for o in objectives if not o.solo)
    if len(set(team.values())) > 1 or set(team) != set(ObjectiveKind):
        findings.append(_bad(record, "every objective kind needs the same number of cards", "secret_objectives"))
    for symbol in Symbol:
        revealed = sum(1 for kind in team if symbol in kind.reveals())
        if team and revealed != REVEALED_PER_SYMBOL:
            message = f"a chapter-3 main symbol of {symbol.value} reveals {revealed} objective kinds, not {REVEALED_PER_SYMBOL}"
            findings.append(_bad(record, message, "secret_objectives"))
    last = max((c.chapter or 0 for c in story.cards if c.kind is StoryCardKind.PATH), default=0)
    finals = {c.symbol for c in story.cards if c.kind is StoryCardKind.PATH and c.chapter == last}
    for kind in team:
        if not kind.reveals() & finals:
            message = f"no chapter-{last} symbol reveals the {kind.value} objectives"
            findings.append(_bad(record, message, "secret_objectives"))
    return findings


def _alliances(record: Record) -> list[Finding]:
    """Two equal faction decks of the four alliance effects; markers cover both factions; no extra-XP marker."""
    story: Story = record.entity
    if not story.alliance_cards and not story.alliance_markers:
        return []
    findings = []
    for i, card in enumerate(story.alliance_cards):
        if not isinstance(card.effect, ALLIANCE_EFFECTS):
            findings.append(_bad(record, "an alliance card has one of the four alliance effects", "alliance_cards", i, "effect"))
    decks = Counter({faction: 0 for faction in Faction})
    for card in story.alliance_cards:
        decks[card.faction] += card.copies
    if len(set(decks.values())) != 1:
        shown = ", ".join(f"{f.value}: {n}" for f, n in decks.items())
        findings.append(_bad(record, f"the two alliance decks must be the same size ({shown})", "alliance_cards"))
    covered = {f for marker in story.alliance_markers for f in marker.factions}
    sets = [frozenset(marker.factions) for marker in story.alliance_markers]
    if covered != set(Faction) or len(set(sets)) != len(sets):
        findings.append(_bad(record, "alliance markers must differ and show both factions between them", "alliance_markers"))
    if story.uses_extra_xp_marker:
        findings.append(_bad(record, "alliance markers take the extra-XP marker's place: set uses_extra_xp_marker: false", "id"))
    return findings
