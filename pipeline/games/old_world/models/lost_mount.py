"""Lost Mount's content models (expansion sheet §3): the card and its die table."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from pipeline.content.models import ContentFile, ContentModel, Entity, Slug
from pipeline.content.texts import Translated, UniqueKeys

from .base import Count


class LostMountRoll(ContentModel):
    """One band of the Lost Mount's die table: the results it covers and how many cards it draws."""

    id: Slug
    results: tuple[Annotated[int, Field(ge=1, le=6)], Annotated[int, Field(ge=1, le=6)]]
    draw: Count
    text: Translated


class LostMountCard(Entity):
    """Lost Mount (expansion sheet §3): the die table on the front, the placement steps on the back."""

    name: Translated
    rolls: Annotated[list[LostMountRoll], UniqueKeys] = Field(min_length=1)
    # Drawn from one terrain pile: how many Location tokens the placing player looks at (keeps one).
    placement_choices: Annotated[int, Field(ge=1, le=6)]
    placement: Translated
    visit: Translated


class LostMountFile(ContentFile):
    kind: Literal["lost-mount"]
    cards: list[LostMountCard]
    entities_field = "cards"
    collection = "lost-mount-cards"
