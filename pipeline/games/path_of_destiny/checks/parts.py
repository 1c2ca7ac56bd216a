"""Each story's own components (reference §11, §16.4 story-specific, §18.1.4, §18.4.16, 22–23)."""

from __future__ import annotations

from collections import Counter

from pipeline.content.database import Record, finding_at
from pipeline.findings import Finding

from .. import effects as fx
from ..content import PathOfDestinyContent
from ..enums import Faction, ObjectiveKind, Side, StoryCardKind, Symbol
from ..story_models import Story
from .stories import after_chapters

ALLIANCE_EFFECTS = (fx.GainXp, fx.GainPathSymbol, fx.TradeActive, fx.TradeInactiveForXp)
# Alliance cards gain 1 XP or 1 of an active symbol (reference §11.3).
ALLIANCE_AMOUNT = 1
SOLO_KINDS = frozenset({ObjectiveKind.COMBAT, ObjectiveKind.MAGIC})
REVEALED_PER_SYMBOL = 2


# A path-marker effect that costs its holder something is a penalty; any other is a reward (§11.3).
PENALTIES = (fx.LoseXp, fx.LoseVp, fx.LoseSymbol)


def check(content: PathOfDestinyContent) -> list[Finding]:
    if content.manifest is None:
        return []
    chapters = content.manifest.rules.chapters
    findings: list[Finding] = []
    for record in content.story_records:
        findings.extend(_extra_effort(record, chapters))
        findings.extend(_objectives(record))
        findings.extend(_alliances(record))
        findings.extend(_lesser_evil(record, chapters))
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
    solo = Counter(o.kind for o in objectives if o.solo)
    if solo:  # in the solo game, each combat and magic objective is replaced by a solo one of its kind (§11.2)
        for kind in sorted(SOLO_KINDS):
            if solo[kind] != team[kind]:
                message = f"{solo[kind]} solo {kind.value} objectives replace {team[kind]} {kind.value} ones: they need as many"
                findings.append(_bad(record, message, "secret_objectives"))
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
        elif isinstance(card.effect, (fx.GainXp, fx.GainPathSymbol)) and card.effect.amount != ALLIANCE_AMOUNT:
            message = f"an alliance card's {card.effect.type} gains {ALLIANCE_AMOUNT}, not {card.effect.amount}"
            findings.append(_bad(record, message, "alliance_cards", i, "effect", "amount"))
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


def _lesser_evil(record: Record, chapters: int) -> list[Finding]:
    """The alliance story inverts the reward: every card read after a chapter penalises the holder of
    the main path's marker and rewards the secondary path's holder (reference §11.3, §16.4). The main
    path is the side of the path card whose symbol won; a penalty is an effect that takes something
    (lose XP, VP or a symbol), a reward one that does not."""
    story: Story = record.entity
    if not story.alliance_cards:
        return []
    index = {card.number: i for i, card in enumerate(story.cards)}
    findings = []
    for path_card, chain in after_chapters(story, chapters):
        main = path_card.side
        if main is None:
            continue
        for number in chain:
            i = index[number]
            rewards = story.cards[i].path_markers
            if rewards is None:
                continue
            on_main, on_secondary = (rewards.left, rewards.right) if main is Side.LEFT else (rewards.right, rewards.left)
            main_penalised = any(isinstance(e, PENALTIES) for e in on_main)
            secondary_penalised = any(isinstance(e, PENALTIES) for e in on_secondary)
            if main_penalised and not secondary_penalised:
                continue
            other = "right" if main is Side.LEFT else "left"
            swapped = "swapped: " if secondary_penalised and not main_penalised else ""
            message = (
                f"story card {number} follows story card {path_card.number} ({main.value} path main): {swapped}"
                f"the lesser evil penalises the {main.value} path-marker holder and rewards the {other} one"
            )
            findings.append(finding_at(record.where("cards", i, "path_markers"), "POD-LESSER-EVIL", message))
    return sorted(set(findings))
