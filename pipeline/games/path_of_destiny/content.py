"""A typed view of Path of Destiny's database: the manifest and every component list, ready to use."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from pipeline.content.database import Database
from pipeline.content.views import Entities, First, FirstRecord, Records

from .models import ActionCard, Automa, Character, Manifest, Token
from .story_models import Story


@dataclass(frozen=True)
class PathOfDestinyContent:
    db: Database

    manifest = First[Manifest]("game")

    manifest_record = FirstRecord[Manifest]("game")

    characters = Entities[Character]("characters")

    character_records = Records[Character]("characters")

    cards = Entities[ActionCard]("action-cards")

    card_records = Records[ActionCard]("action-cards")

    @cached_property
    def main_cards(self) -> list[ActionCard]:
        return [c for c in self.cards if c.owner is None]

    def starting_cards(self, character: str) -> list[ActionCard]:
        return [c for c in self.cards if c.owner == character]

    tokens = Entities[Token]("tokens")

    token_records = Records[Token]("tokens")

    automa = First[Automa]("automa")

    automa_record = FirstRecord[Automa]("automa")

    stories = Entities[Story]("stories")

    story_records = Records[Story]("stories")
