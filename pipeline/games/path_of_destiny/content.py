"""A typed view of Path of Destiny's database: the manifest and every component list, ready to use."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from pipeline.content.database import Database, Record

from .models import ActionCard, Automa, Character, Manifest, Token
from .story_models import Story


@dataclass(frozen=True)
class PathOfDestinyContent:
    db: Database

    @cached_property
    def manifest(self) -> Manifest | None:
        manifests = self.db.all("game")
        return manifests[0] if manifests else None

    @cached_property
    def characters(self) -> list[Character]:
        return self.db.all("characters")

    @cached_property
    def cards(self) -> list[ActionCard]:
        return self.db.all("action-cards")

    @cached_property
    def main_cards(self) -> list[ActionCard]:
        return [c for c in self.cards if c.owner is None]

    def starting_cards(self, character: str) -> list[ActionCard]:
        return [c for c in self.cards if c.owner == character]

    @cached_property
    def tokens(self) -> list[Token]:
        return self.db.all("tokens")

    @cached_property
    def automa(self) -> Automa | None:
        found = self.db.all("automa")
        return found[0] if found else None

    @cached_property
    def stories(self) -> list[Story]:
        return self.db.all("stories")

    @cached_property
    def story_records(self) -> list[Record]:
        return self.db.records("stories")
