"""The sections of a help card, shared by the games: each section and each line has a stable id, so a
translation follows its line when lines are added, removed or moved (`help-card:<card>:sections:<id>:lines:<id>:text`)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from .models import ContentModel, Slug
from .texts import Translated, UniqueKeys


class HelpLine(ContentModel):
    id: Slug
    text: Translated


class HelpSection(ContentModel):
    id: Slug
    heading: Translated
    lines: Annotated[list[HelpLine], Field(min_length=1), UniqueKeys]


# A help card's sections: at least one, ids unique on the card.
HelpSections = Annotated[list[HelpSection], Field(min_length=1), UniqueKeys]
