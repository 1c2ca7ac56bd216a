"""A typed view of Old World's database: the manifest and every component list, ready to use."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from pipeline.content.database import Database

from .enums import ExplorationDeck, HelpCardKind
from .models import (
    ActionCard,
    AttributeTrophy,
    Board,
    Event,
    ExplorationCard,
    HelpCard,
    Location,
    LocationToken,
    Manifest,
    MapFile,
    Monster,
    MonsterFightCard,
    MonsterToken,
    Potion,
    School,
    WitcherTrophy,
)


@dataclass(frozen=True)
class OldWorldContent:
    db: Database

    @cached_property
    def manifest(self) -> Manifest | None:
        manifests = self.db.all("game")
        return manifests[0] if manifests else None

    @cached_property
    def board(self) -> Board | None:
        return next((content.board for content, _ in self.db.files_of(MapFile)), None)  # type: ignore[attr-defined]

    @cached_property
    def schools(self) -> list[School]:
        return self.db.all("schools")

    @cached_property
    def locations(self) -> list[Location]:
        return sorted(self.db.all("locations"), key=lambda loc: loc.number)

    @cached_property
    def location_by_id(self) -> dict[str, Location]:
        return {loc.id: loc for loc in self.locations}

    @cached_property
    def cards(self) -> list[ActionCard]:
        return self.db.all("action-cards")

    @cached_property
    def starting_cards(self) -> list[ActionCard]:
        return [c for c in self.cards if c.school is not None]

    @cached_property
    def market_cards(self) -> list[ActionCard]:
        return [c for c in self.cards if c.school is None]

    @cached_property
    def potions(self) -> list[Potion]:
        return self.db.all("potions")

    @cached_property
    def monsters(self) -> list[Monster]:
        return self.db.all("monsters")

    @cached_property
    def monster_tokens(self) -> list[MonsterToken]:
        return self.db.all("monster-tokens")

    @cached_property
    def location_tokens(self) -> list[LocationToken]:
        return self.db.all("location-tokens")

    @cached_property
    def fight_cards(self) -> list[MonsterFightCard]:
        return self.db.all("monster-fight-cards")

    @cached_property
    def exploration(self) -> list[ExplorationCard]:
        return self.db.all("exploration")

    def exploration_deck(self, deck: ExplorationDeck) -> list[ExplorationCard]:
        return [c for c in self.exploration if c.deck is deck]

    @cached_property
    def events(self) -> list[Event]:
        return sorted(self.db.all("events"), key=lambda e: e.number)

    @cached_property
    def event_by_number(self) -> dict[int, Event]:
        return {e.number: e for e in self.events}

    @cached_property
    def attribute_trophies(self) -> list[AttributeTrophy]:
        return self.db.all("attribute-trophies")

    @cached_property
    def witcher_trophies(self) -> list[WitcherTrophy]:
        return self.db.all("witcher-trophies")

    @cached_property
    def help_cards(self) -> list[HelpCard]:
        return self.db.all("help-cards")

    def help_card_copies(self, kind: HelpCardKind) -> int:
        return sum(c.copies for c in self.help_cards if c.kind is kind)
