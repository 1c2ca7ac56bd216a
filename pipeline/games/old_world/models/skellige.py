"""Skellige's content models (expansion sheet §10): the board, Harbor and Dagon Trail tokens, the Dagon Bonus cards,
the Skellige Exploration cards and Event deck with its islands."""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field, model_validator

from pipeline.content.models import ContentFile, ContentModel, Copies, Entity, Slug
from pipeline.content.texts import Translated, UniqueKeys

from ..enums import (
    Terrain,
)
from .base import Ability, Board, Effects, Event, Location, LocationActionSpec, LocationId


class HarborToken(Entity):
    """A Skellige Harbor token (§10.1): an anchor on the front; 3 of the 6 show a Ship on the back. They are
    shuffled onto the harbors at setup (§10.3 steps 7-8), so a token names no location."""

    ship: bool


class EventIsland(ContentModel):
    """An island a Skellige Event card reveals (§10.5): no number and no Location token; the card itself is laid
    by the other islands, and from then on anyone may sail there from a harbor with a Ship."""

    id: Slug
    name: Translated
    # The card a traveller plays to sail there (§10.6 step 1). Designed: the source prints none.
    terrain: Terrain
    action: LocationActionSpec


class SkelligeEvent(Event):
    """A Skellige Event card (§10.2, §17): its own number sequence, read by number like the base events."""

    island: EventIsland | None = None

    @property
    def id(self) -> str:
        return f"skellige-event-{self.number}"


class VoyageChoice(ContentModel):
    id: Slug
    label: Translated
    effects: Effects = []


class VoyageSection(ContentModel):
    """One half of a Skellige Exploration card: what happens on the voyage, then its effects or a choice of two."""

    text: Translated
    effects: Effects = []
    choices: Annotated[list[VoyageChoice], UniqueKeys] = []

    @model_validator(mode="after")
    def _no_or_two_choices(self) -> VoyageSection:
        if len(self.choices) not in (0, 2):
            raise ValueError(f"a voyage section offers no choice or 2 choices, not {len(self.choices)}")
        return self


class SkelligeExplorationCard(Entity):
    """A Skellige Exploration card (§10.2): the player on your right reads the upper section on a safe voyage,
    the lower one on a dangerous voyage (§10.6 step 4)."""

    text_prefix: ClassVar[str] = "skellige-exploration"

    title: Translated
    safe: VoyageSection
    dangerous: VoyageSection


class DagonTrailToken(Entity):
    """Skellige's Dagon Trail tokens (§10.1, §10.7): gained only when Dagon emerges during your voyage or beats you."""

    copies: Copies


class DagonBonusCard(Entity):
    """A Dagon Bonus card (§10.1, §10.7): the top one goes to the witcher who drives Dagon away, kept with their
    trophies; its ability works like a trophy's."""

    name: Translated
    description: Translated
    ability: Ability


class DangerSpot(ContentModel):
    """One die spot of the Danger Track (§10.2): rolls from `safe_from` up are safe, the rest dangerous."""

    safe_from: Annotated[int, Field(ge=2, le=6)]


class DangerStart(ContentModel):
    """Dagon's start spot (1 = the bottom spot) for a range of player counts (§10.3 step 5)."""

    players: tuple[Annotated[int, Field(ge=1, le=5)], Annotated[int, Field(ge=1, le=5)]]
    spot: Annotated[int, Field(ge=1)]


class SkelligeBoard(Entity):
    """Skellige's map extension (§10.1-§10.3): its size, the Ships, the Danger Track up to the Dagon Location."""

    name: Translated
    size: Board
    # The continent locations that get a Harbor token (§10.3 step 7); every sea link ends at one of them.
    harbors: list[LocationId] = Field(min_length=1)
    ships: Annotated[int, Field(ge=1)]
    danger_track: list[DangerSpot] = Field(min_length=1)
    starts: list[DangerStart] = Field(min_length=1)


class IslandsFile(ContentFile):
    kind: Literal["islands"]
    islands: list[Location]
    entities_field = "islands"
    collection = "locations"


class SkelligeExplorationFile(ContentFile):
    kind: Literal["skellige-exploration"]
    cards: list[SkelligeExplorationCard]
    entities_field = "cards"
    collection = "skellige-exploration"


class SkelligeEventsFile(ContentFile):
    kind: Literal["skellige-events"]
    events: list[SkelligeEvent]
    entities_field = "events"
    collection = "skellige-events"


class HarborTokensFile(ContentFile):
    kind: Literal["harbor-tokens"]
    tokens: list[HarborToken]
    entities_field = "tokens"
    collection = "harbor-tokens"


class DagonTrailTokensFile(ContentFile):
    kind: Literal["dagon-trail-tokens"]
    tokens: list[DagonTrailToken]
    entities_field = "tokens"
    collection = "dagon-trail-tokens"


class DagonBonusCardsFile(ContentFile):
    kind: Literal["dagon-bonus-cards"]
    cards: list[DagonBonusCard]
    entities_field = "cards"
    collection = "dagon-bonus-cards"


class SkelligeBoardFile(ContentFile):
    kind: Literal["skellige-board"]
    boards: list[SkelligeBoard]
    entities_field = "boards"
    collection = "skellige-boards"
