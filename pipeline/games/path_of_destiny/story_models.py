"""Path of Destiny's story files (reference §16–§17): one story per file, its numbered story cards and
its own components (extra-effort cards, secret objectives, prerequisites, alliance cards and markers).

A story deck is a numbered graph: the intro leads to a chapter-1 path card; the two path cards of a
chapter's *spread* (same `spread` id, one `left`, one `right`) each name the card to turn to when their
symbol becomes the main symbol (`next`) and, in chapters 1–2, `preview` the next spread's symbols;
chapter-3 path cards lead to `ending` cards or straight to an `epilogue`, which ends the story.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from pipeline.content.models import ContentFile, ContentModel, Entity, Slug
from pipeline.content.texts import OptionalTranslated, Translated, UniqueKeys

from .effects import PathOfDestinyEffect
from .enums import Color, Faction, Holding, ObjectiveKind, Side, StoryCardKind, Symbol

Count = Annotated[int, Field(ge=0)]
Chapter = Annotated[int, Field(ge=1, le=9)]
CardNumber = Annotated[int, Field(ge=1, le=999)]
Effects = list[PathOfDestinyEffect]


class Preview(ContentModel):
    """The next chapter's active symbols, printed in the lower band of a chapter-1/2 path card."""

    left: Symbol
    right: Symbol

    def symbols(self) -> tuple[str, str]:
        return (self.left.value, self.right.value)


class PathMarkerRewards(ContentModel):
    """What the holders of the left and right path markers get (or pay) when this card is read."""

    left: Effects = Field(min_length=1)
    right: Effects = Field(min_length=1)


class StoryCard(ContentModel):
    """One numbered story card. `chapter`, `spread`, `side`, `symbol` are for path cards only."""

    number: CardNumber
    kind: StoryCardKind
    title: OptionalTranslated = ""
    text: Translated
    chapter: Chapter | None = None
    spread: Slug | None = None
    side: Side | None = None
    symbol: Symbol | None = None
    # The card to turn to next (intro, ending) or when this card's symbol becomes the main symbol (path).
    next: CardNumber | None = None
    preview: Preview | None = None
    # Read on entering this card after a chapter: rewards (or penalties) of the path-marker holders.
    path_markers: PathMarkerRewards | None = None
    # Effects on every player when the card is read.
    effects: Effects = []

    def text_key(self) -> str:
        return str(self.number)  # texts are `story:<id>:cards:7:text`, as the card prints its number


class ColorSequence(ContentModel):
    """Cards of these colours in this order, adjacent in the timeline, earn the rewards (reference §11.1)."""

    colors: list[Color] = Field(min_length=2, max_length=6)
    rewards: Effects = Field(min_length=1)


class ExtraEffortCard(Entity):
    chapter: Chapter
    title: Translated
    sequences: list[ColorSequence] = Field(min_length=1)


class Requirement(ContentModel):
    """Cards of a colour or symbols to hold at the end of chapter 3: exactly one of symbol and color."""

    symbol: Symbol | None = None
    color: Color | None = None
    holding: Holding = Holding.TIMELINE_OR_HAND


class SecretObjective(Entity):
    """Striga: revealed when the chapter-3 main symbol matches its kind (reference §11.2)."""

    kind: ObjectiveKind
    solo: bool = False
    title: Translated
    text: Translated
    requirement: Requirement
    # flat: everyone who holds at least one gets `vp`; ranked: the manifest's objective_ranked_vp.
    scoring: Literal["flat", "ranked"]
    vp: Annotated[int, Field(ge=1, le=20)] | None = None


class PrerequisiteCard(Entity):
    """Striga: cards of this colour in the timeline let a player look at the objective beside it."""

    color: Color


class SpecialSymbolMarker(Entity):
    """Striga: the rulebook gives no rule for these (reference §15.7); story cards say what they do."""

    name: Translated
    text: Translated


class AllianceCard(Entity):
    """The Lesser Evil: one of the four alliance effects (reference §11.3)."""

    faction: Faction
    copies: Annotated[int, Field(ge=1, le=16)] = 1
    effect: PathOfDestinyEffect


class AllianceMarker(Entity):
    factions: list[Faction] = Field(min_length=1, max_length=2)


class StoryRule(ContentModel):
    """A rule of one story printed on its overview card's back."""

    id: Slug
    text: Translated


class Story(Entity):
    title: Translated
    difficulty: Annotated[int, Field(ge=1, le=3)]
    # Highest initiative first: every character of the game line (reference §11).
    start_order: list[Slug] = Field(min_length=1)
    overview: Translated
    special_rules: Annotated[list[StoryRule], UniqueKeys] = []
    solo_rules: Annotated[list[StoryRule], UniqueKeys] = []
    uses_extra_xp_marker: bool = True
    cards: list[StoryCard] = Field(min_length=1)
    extra_effort_cards: list[ExtraEffortCard] = []
    secret_objectives: list[SecretObjective] = []
    prerequisite_cards: list[PrerequisiteCard] = []
    special_symbol_markers: list[SpecialSymbolMarker] = []
    alliance_cards: list[AllianceCard] = []
    alliance_markers: list[AllianceMarker] = []


class StoryFile(ContentFile):
    kind: Literal["story"]
    story: Story
    entities_field = "story"
    collection = "stories"
