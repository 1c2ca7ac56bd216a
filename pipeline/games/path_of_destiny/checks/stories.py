"""Story decks as numbered graphs (reference §16.4, §18.5), through the shared numbered-deck checks.

The shared module checks numbering (GAP, DUPLICATE, RANGE), references (REF), reachability
(UNREACHABLE), cycles (CYCLE), endings (DEAD-END, TOO-LONG), chapters in order on every path (STAGES)
and previews (PREVIEW); the two cards of a spread are one group, entered together. This module adds
what only a story card knows: the fields each kind needs, the intro, and the shape of each spread.
"""

from __future__ import annotations

from collections import defaultdict

from pipeline.content.database import Record, finding_at
from pipeline.content.numbered import NumberedDeck, NumberedEntry, Ref, check_numbered_deck
from pipeline.findings import Finding, Severity, warning

from ..content import PathOfDestinyContent
from ..enums import Side, StoryCardKind
from ..models import Manifest
from ..story_models import Story, StoryCard

PATH_FIELDS = ("chapter", "spread", "side", "symbol")


def check(content: PathOfDestinyContent) -> list[Finding]:
    manifest = content.manifest
    if manifest is None:
        return []
    findings: list[Finding] = []
    for record in content.story_records:
        findings.extend(_fields(record, manifest))
        findings.extend(_intro(record))
        findings.extend(_spreads(record))
        findings.extend(_rewards(record, manifest.rules.chapters))
        findings.extend(_graph(record, manifest))
    return findings


def _fields(record: Record, manifest: Manifest) -> list[Finding]:
    """Path cards carry chapter, spread, side, symbol and next; previews up to the next-to-last chapter;
    intro and ending cards lead on, epilogues end the story (reference §16.4 E4, E7, E10, E11)."""
    story: Story = record.entity
    last = manifest.rules.chapters
    findings = []
    for i, card in enumerate(story.cards):

        def bad(message: str, *path: str, i: int = i, card: StoryCard = card) -> None:
            where = record.where("cards", i, *path) if path else record.where("cards", i, "kind")
            findings.append(finding_at(where, "POD-STORY-CARD", f"story card {card.number}: {message}"))

        is_path = card.kind is StoryCardKind.PATH
        for name in PATH_FIELDS:
            if is_path and getattr(card, name) is None:
                bad(f"a path card needs {name}")
            if not is_path and getattr(card, name) is not None:
                bad(f"only path cards have {name}", name)
        if card.kind is StoryCardKind.EPILOGUE and card.next is not None:
            bad("an epilogue ends the story: it has no next", "next")
        if card.kind is not StoryCardKind.EPILOGUE and card.next is None:
            bad(f"a{'n' if card.kind.value[0] in 'ie' else ''} {card.kind.value} card needs next")
        if is_path and card.chapter is not None and card.chapter > last:
            bad(f"the game has {last} chapters", "chapter")
        wants_preview = is_path and card.chapter is not None and card.chapter < last
        if wants_preview and card.preview is None:
            bad(f"a chapter-{card.chapter} path card previews the next chapter's symbols")
        if not wants_preview and card.preview is not None:
            bad("only path cards before the last chapter have a preview", "preview")
    return findings


def _intro(record: Record) -> list[Finding]:
    """Exactly one intro, and it is card 1 (reference §16.4 E2)."""
    story: Story = record.entity
    intros = [(i, c) for i, c in enumerate(story.cards) if c.kind is StoryCardKind.INTRO]
    if len(intros) != 1:
        message = f"story {story.id} has {len(intros)} intro cards; it needs exactly one"
        return [finding_at(record.where("cards"), "POD-STORY-INTRO", message)]
    i, intro = intros[0]
    if intro.number != 1:
        return [finding_at(record.where("cards", i, "number"), "POD-STORY-INTRO", "the intro is story card 1")]
    return []


def _spread_members(story: Story) -> dict[str, list[tuple[int, StoryCard]]]:
    members: dict[str, list[tuple[int, StoryCard]]] = defaultdict(list)
    for i, card in enumerate(story.cards):
        if card.kind is StoryCardKind.PATH and card.spread is not None:
            members[card.spread].append((i, card))
    return members


def _spreads(record: Record) -> list[Finding]:
    """A spread is one left and one right card of one chapter, with different symbols (reference §16.4 E5)."""
    findings = []
    for spread, members in _spread_members(record.entity).items():
        i, first = members[0]
        where = record.where("cards", i, "spread")
        sides = sorted(c.side.value for _, c in members if c.side is not None)
        if sides != ["left", "right"]:
            message = f"spread {spread} needs one left and one right card, has {', '.join(sides) or 'none'}"
            findings.append(finding_at(where, "POD-STORY-SPREAD", message))
        elif len({c.chapter for _, c in members}) != 1:
            findings.append(finding_at(where, "POD-STORY-SPREAD", f"the cards of spread {spread} belong to different chapters"))
        elif len({c.symbol for _, c in members}) != len(members):
            findings.append(finding_at(where, "POD-STORY-SPREAD", f"the two cards of spread {spread} show the same symbol"))
    return findings


def spread_symbols(story: Story) -> dict[str, tuple[str, str]]:
    """The (left, right) active symbols of every well-formed spread."""
    shown = {}
    for spread, members in _spread_members(story).items():
        by_side = {c.side: c.symbol for _, c in members}
        left, right = by_side.get(Side.LEFT), by_side.get(Side.RIGHT)
        if len(members) == 2 and left is not None and right is not None:
            shown[spread] = (left.value, right.value)
    return shown


def after_chapters(story: Story, chapters: int) -> list[tuple[StoryCard, list[int]]]:
    """Each way a chapter can end, as the path card whose symbol became the main symbol and the story
    cards then read, in order: the card it leads to after chapters 1 to n-1; after the last chapter,
    the whole ending chain up to the epilogue (reference §8.5, §9)."""
    by_number = {card.number: card for card in story.cards}
    ends = []
    for card in story.cards:
        if card.kind is not StoryCardKind.PATH or card.next not in by_number:
            continue
        chain = [card.next]
        if card.chapter == chapters:
            number = by_number[card.next].next
            while number in by_number and number not in chain and by_number[number].kind is not StoryCardKind.PATH:
                chain.append(number)
                number = by_number[number].next
        ends.append((card, chain))
    return ends


def _rewards(record: Record, chapters: int) -> list[Finding]:
    """The cards read after a chapter's end pay both path markers (reference §16.4 W3); the first of
    them with path_markers pays and the markers are discarded, so a later one is never paid."""
    story: Story = record.entity
    index = {card.number: i for i, card in enumerate(story.cards)}
    findings = []

    def warn(number: int, message: str) -> None:
        where = record.where("cards", index[number], "number")
        findings.append(warning("POD-STORY-REWARDS", message, where.file, where.line, where.column))

    for _, chain in after_chapters(story, chapters):
        paying = [n for n in chain if story.cards[index[n]].path_markers is not None]
        if not paying:
            if len(chain) == 1:
                message = f"story card {chain[0]} follows a chapter's end; it should reward both path-marker holders"
            else:
                shown = ", ".join(map(str, chain))
                message = f"story cards {shown} follow the last chapter's end; one of them should reward both path-marker holders"
            warn(chain[0], message)
        for number in paying[1:]:
            warn(number, f"story card {number}'s path_markers are never paid: story card {paying[0]} before it pays them")
    return sorted(set(findings))


def _graph(record: Record, manifest: Manifest) -> list[Finding]:
    story: Story = record.entity
    listed = next((s for s in manifest.components.stories if s.id == story.id), None)
    shown = spread_symbols(story)
    spread_of = {c.number: c.spread for c in story.cards if c.kind is StoryCardKind.PATH and c.spread is not None}

    def shows(number: int) -> tuple[str, ...] | None:
        spread = spread_of.get(number)
        return shown.get(spread) if spread is not None else None

    entries = []
    for i, card in enumerate(story.cards):
        refs: tuple[Ref, ...] = ()
        if card.next is not None:
            expects = card.preview.symbols() if card.preview is not None and shows(card.next) is not None else None
            refs = (Ref(card.next, record.where("cards", i, "next"), f"story card {card.number}", expects),)
        is_path = card.kind is StoryCardKind.PATH
        group = f"spread:{card.spread}" if is_path and card.spread in shown else None
        entries.append(
            NumberedEntry(
                card.number,
                record.where("cards", i, "number"),
                refs,
                group=group,
                stage=card.chapter if is_path else None,
                shows=shows(card.number),
            )
        )
    rules = manifest.rules
    deck = NumberedDeck(
        name="story card",
        code="POD-STORY",
        first=1,
        last=listed.story_cards if listed else len(story.cards),
        unreachable=Severity.ERROR,
        terminals=frozenset(c.number for c in story.cards if c.kind is StoryCardKind.EPILOGUE),
        # intro, one spread per chapter, the ending chain, the epilogue
        max_path_length=1 + rules.chapters + rules.max_ending_chain + 1,
        stages=rules.chapters,
        stage_name="chapter",
        declared=record.where("cards"),  # a story with no cards left is found at its list of cards
    )
    start = Ref(1, record.where("id"), f"story {story.id}")
    return check_numbered_deck(deck, entries, [start])
