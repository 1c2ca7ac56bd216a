"""The story graph's advice (reference §16.4 W1, W2, W4 and E11's general profile): warnings, because a sound
story may differ.

The canonical base-game shape doubles the spreads each chapter; numbers grow along every path with the
two cards of a spread side by side, so a reader leafs forward; a spread that repeats the pair of symbols
of the chapter before offers no new choice, and neither does a spread whose two cards lead to one card.
"""

from __future__ import annotations

from collections import Counter

from pipeline.content.database import Record
from pipeline.findings import Finding, warning

from ..content import PathOfDestinyContent
from ..enums import Side, StoryCardKind
from ..story_models import StoryCard


def check(content: PathOfDestinyContent) -> list[Finding]:
    manifest = content.manifest
    if manifest is None:
        return []
    findings: list[Finding] = []
    for record in content.story_records:
        findings.extend(_profile(record, manifest.rules.chapters))
        findings.extend(_order(record))
        findings.extend(_variety(record))
        findings.extend(_merges(record))
    return findings


def _warn(record: Record, path: tuple[str | int, ...], code: str, message: str) -> Finding:
    where = record.where(*path)
    return warning(code, message, where.file, where.line, where.column)


def _profile(record: Record, chapters: int) -> list[Finding]:
    """W1: chapter k has 2^(k-1) spreads and the story 2^chapters epilogues."""
    story = record.entity
    spreads = Counter(c.chapter for c in {c.spread: c for c in story.cards if c.kind is StoryCardKind.PATH}.values())
    shape = [spreads.get(k, 0) for k in range(1, chapters + 1)]
    epilogues = sum(1 for c in story.cards if c.kind is StoryCardKind.EPILOGUE)
    canonical = [2 ** (k - 1) for k in range(1, chapters + 1)]
    if shape == canonical and epilogues == 2**chapters:
        return []
    message = (f"story {story.id} has {'/'.join(map(str, shape))} spreads per chapter and {epilogues} epilogues; "
               f"the base game's shape is {'/'.join(map(str, canonical))} and {2 ** chapters}")
    return [_warn(record, ("id",), "POD-STORY-PROFILE", message)]


def _order(record: Record) -> list[Finding]:
    """W2: every `next` leads to a higher number; a spread's left card is n and its right card n + 1."""
    story = record.entity
    findings = []
    by_number = {c.number: c for c in story.cards}
    for i, card in enumerate(story.cards):
        if card.next is not None and card.next in by_number and card.next <= card.number:
            message = f"story card {card.number} leads back to card {card.next}; numbers grow along a path"
            findings.append(_warn(record, ("cards", i, "next"), "POD-STORY-ORDER", message))
        if card.kind is StoryCardKind.PATH and card.side is Side.RIGHT:
            left = _partner(story.cards, card)
            if left is not None and card.number != left.number + 1:
                spread = f"the right card of spread {card.spread}"
                message = f"story card {card.number} is {spread}; it follows its left card {left.number}"
                findings.append(_warn(record, ("cards", i, "number"), "POD-STORY-ORDER", message))
    return findings


def _partner(cards: list[StoryCard], card: StoryCard) -> StoryCard | None:
    others = [c for c in cards if c.kind is StoryCardKind.PATH and c.spread == card.spread and c is not card]
    return others[0] if len(others) == 1 else None


def _variety(record: Record) -> list[Finding]:
    """W4: the spread a path card leads to does not show its own spread's pair again, each symbol on the same side."""
    story = record.entity
    findings = []
    by_number = {c.number: c for c in story.cards}
    for i, card in enumerate(story.cards):
        target = by_number.get(card.next) if card.next is not None else None
        if card.kind is not StoryCardKind.PATH or target is None or target.kind is not StoryCardKind.PATH:
            continue
        mine, theirs = _partner(story.cards, card), _partner(story.cards, target)
        if mine is None or theirs is None:
            continue
        if _sides(card, mine) == _sides(target, theirs):
            message = f"spread {target.spread} repeats the symbols and sides of spread {card.spread}, which leads to it"
            findings.append(_warn(record, ("cards", i, "next"), "POD-STORY-VARIETY", message))
    return findings


def _sides(card: StoryCard, partner: StoryCard) -> tuple[object, object]:
    """(left symbol, right symbol) of the spread of two partner cards."""
    left, right = (card, partner) if card.side is Side.LEFT else (partner, card)
    return left.symbol, right.symbol


def _merges(record: Record) -> list[Finding]:
    """E11 (general profile): the two cards of a spread lead to different cards, or the vote decides nothing."""
    story = record.entity
    findings = []
    for i, card in enumerate(story.cards):
        partner = _partner(story.cards, card) if card.kind is StoryCardKind.PATH and card.side is Side.RIGHT else None
        if partner is not None and card.next is not None and card.next == partner.next:
            message = f"both cards of spread {card.spread} lead to story card {card.next}: the chapter's vote changes nothing"
            findings.append(_warn(record, ("cards", i, "next"), "POD-STORY-MERGE", message))
    return findings
