"""Adventure Pack's content models (expansion sheet §4): its Quest tokens (Wild Hunt's box holds the same kind)."""

from __future__ import annotations

from typing import Literal

from pipeline.content.models import ContentFile, Copies, Entity


class QuestToken(Entity):
    """A pack's quest tokens (expansion sheet §4, §18 `QuestToken`): map markers for its quests' locations."""

    copies: Copies


class QuestTokensFile(ContentFile):
    kind: Literal["quest-tokens"]
    tokens: list[QuestToken]
    entities_field = "tokens"
