"""Read-only lookups the engine needs from the content, built once per database."""

from __future__ import annotations

from dataclasses import dataclass

from ..content import PathOfDestinyContent
from ..enums import Side, StoryCardKind, Symbol, TokenKind
from ..models import ActionCard, Automa, Character, Manifest, RuleConstants, SetupProfile
from ..story_models import Story, StoryCard

SYMBOLS: tuple[Symbol, ...] = (Symbol.MAGIC, Symbol.DIPLOMACY, Symbol.EXPLORATION, Symbol.COMBAT)
SIDES: tuple[Side, Side] = (Side.LEFT, Side.RIGHT)


@dataclass(eq=False)  # Hashed by identity: one StoryTables per loaded story.
class StoryTables:
    """One story deck: its cards by number and the spread partner of every path card."""

    story: Story
    cards: dict[int, StoryCard]
    partner: dict[int, int]

    @classmethod
    def of(cls, story: Story) -> StoryTables:
        cards = {c.number: c for c in story.cards}
        by_spread: dict[tuple[int, str], list[StoryCard]] = {}
        for c in story.cards:
            if c.kind is StoryCardKind.PATH and c.spread is not None:
                by_spread.setdefault((c.chapter or 0, c.spread), []).append(c)
        partner: dict[int, int] = {}
        for pair in by_spread.values():
            for c in pair:
                for other in pair:
                    if other.number != c.number:
                        partner[c.number] = other.number
        return cls(story, cards, partner)

    @property
    def id(self) -> str:
        return self.story.id

    def intro(self) -> StoryCard:
        return next(c for c in self.story.cards if c.kind is StoryCardKind.INTRO)

    def spread(self, number: int) -> tuple[StoryCard, StoryCard]:
        """The (left, right) path cards of the spread that card `number` belongs to."""
        card = self.cards[number]
        other = self.cards[self.partner[number]]
        return (card, other) if card.side is Side.LEFT else (other, card)

    def card_id(self, number: int) -> str:
        return f"{self.story.id}:{number}"


@dataclass(eq=False)  # Hashed by identity: one Tables per loaded content.
class Tables:
    """Every content lookup by id, plus the manifest's rule constants."""

    manifest: Manifest
    rules: RuleConstants
    cards: dict[str, ActionCard]
    main_ids: list[str]
    characters: dict[str, Character]
    automa: Automa | None
    stories: dict[str, StoryTables]
    symbol_tokens: dict[Symbol, int]  # the general supply of each symbol
    lost_markers: int

    @classmethod
    def from_content(cls, content: PathOfDestinyContent) -> Tables:
        manifest = content.manifest
        assert manifest is not None, "the engine needs a manifest"
        return cls(
            manifest=manifest,
            rules=manifest.rules,
            cards={c.id: c for c in content.cards},
            main_ids=[c.id for c in content.main_cards],
            characters={c.id: c for c in content.characters},
            automa=content.automa,
            stories={s.id: StoryTables.of(s) for s in sorted(content.stories, key=lambda s: (s.difficulty, s.id))},
            symbol_tokens={
                sym: sum(t.count for t in content.tokens if t.kind is TokenKind.SYMBOL and t.symbol is sym) for sym in SYMBOLS
            },
            lost_markers=sum(t.count for t in content.tokens if t.kind is TokenKind.LOST_SYMBOL),
        )

    def profile(self, players: int) -> SetupProfile:
        for p in self.manifest.setup:
            if p.players == players:
                return p
        raise ValueError(f"{players} player(s) is not a supported player count")

    def starting_ids(self, character: str) -> list[str]:
        return [c.id for c in self.cards.values() if c.owner == character]
