"""Path of Destiny's printed texts beyond the components: help cards, and the reference guide (`guide/*.yaml`,
its file kinds shared by the games: pipeline/content/guide.py).

Rules numbers in these texts are `{name}` placeholders naming keys of `rules` in game.yaml, filled
per locale after translation; `[[entry-id]]` links another guide entry.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from pipeline.content.guide import GUIDE_FILE_KINDS
from pipeline.content.help_cards import HelpSections
from pipeline.content.models import ContentFile, Entity
from pipeline.content.texts import Translated

# --- Help cards ---------------------------------------------------------------------------------


class HelpCard(Entity):
    """A large reference card: a title and sections of short lines."""

    title: Translated
    copies: int = Field(default=1, ge=1, le=10)
    sections: HelpSections


# --- Files ----------------------------------------------------------------------------------------


class HelpCardsFile(ContentFile):
    kind: Literal["help-cards"]
    cards: list[HelpCard] = Field(min_length=1)
    entities_field = "cards"
    collection = "help-cards"


PRINT_FILE_KINDS: tuple[type[ContentFile], ...] = (HelpCardsFile, *GUIDE_FILE_KINDS)
