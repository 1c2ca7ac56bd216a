"""Read-only lookups the engine needs from the content, built once per game setup."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any

from ..content import OldWorldContent
from ..enums import Attribute, ExplorationDeck, PackRule, Region, Terrain
from ..models.base import (
    ActionCard,
    AttributeTrophy,
    Event,
    ExplorationCard,
    Location,
    LocationToken,
    Manifest,
    Monster,
    MonsterFightCard,
    Position,
    Potion,
    RuleConstants,
    School,
    SetupProfile,
    WitcherTrophy,
)
from ..models.legendary_hunt import DestructionToken, LegendaryHelpCard, LegendaryMonster, MovementCard, SpecialFightCard
from ..models.lost_mount import LostMountCard
from ..models.monster_trail import Bomb, LargeMonsterCard, Mutagen, SpecialAttackCard, WeaknessToken
from ..models.skellige import DagonBonusCard, EventIsland, SkelligeBoard, SkelligeEvent, SkelligeExplorationCard
from ..models.wild_hunt import WildHuntBox, WildHuntEvent, WildHuntExplorationCard, WildHuntMember

# An event island has no number (§19 rule 1) and no Location token; it stands in the engine under 0, the number
# of the map's other location without a token, which no monster, trail, quest or Legendary move reaches.
EVENT_ISLAND_NUMBER = 0


def event_island_location(island: EventIsland, harbors: list[str]) -> Location:
    """An island revealed by a Skellige Event card, as the engine's location: sea links to every harbor (§10.5)."""
    return Location(id=island.id, number=EVENT_ISLAND_NUMBER, name=island.name, terrain=island.terrain,
                    action=island.action, connections=list(harbors), region=Region.EVENT_ISLAND,
                    position=Position(x=0, y=0))


ATTRIBUTES: tuple[Attribute, ...] = (Attribute.COMBAT, Attribute.DEFENSE, Attribute.ALCHEMY, Attribute.SPECIALTY)
TERRAINS: tuple[Terrain, ...] = (Terrain.FOREST, Terrain.MOUNTAIN, Terrain.WATER)


@dataclass(frozen=True)
class Legendary:
    """Legendary Hunt's content (engine/legendary_hunt.py): the monsters to choose from (the Kayran too with the
    Monster Pack), the Special Fight cards, Movement cards, Destruction tokens and the Help card."""

    monsters: dict[str, LegendaryMonster]
    fight_cards: dict[str, SpecialFightCard]
    movement: dict[str, MovementCard]
    tokens: dict[str, DestructionToken]
    help: LegendaryHelpCard


@dataclass(frozen=True)
class WeaknessContent:
    """Monster Trail's Weakness mode (engine/weakness.py): the large card each monster fights with (the Siren
    with Dagon's), the Weakness tokens and the Special Attack cards."""

    cards: dict[str, LargeMonsterCard]
    tokens: dict[str, WeaknessToken]
    specials: dict[str, SpecialAttackCard]


@dataclass(frozen=True)
class WildHunt:
    """Wild Hunt's content (engine/wild_hunt.py): the box (difficulty table, Round Tracking boards, Hounds), the
    members, the Exploration cards and the Events by number."""

    box: WildHuntBox
    members: dict[str, WildHuntMember]
    exploration: dict[str, WildHuntExplorationCard]
    events: dict[int, WildHuntEvent]


@dataclass(eq=False)  # Hashed by identity: one Tables per loaded content.
class Tables:
    """Every content lookup by id, plus the manifest's rule constants."""

    manifest: Manifest
    rules: RuleConstants
    cards: dict[str, ActionCard]
    potions: dict[str, Potion]
    monsters: dict[str, Monster]
    fight_cards: dict[str, MonsterFightCard]
    locations: dict[str, Location]
    neighbours: dict[str, tuple[str, ...]]
    tokens: dict[str, LocationToken]
    schools: dict[str, School]
    exploration: dict[str, ExplorationCard]
    events: dict[int, Event]
    attribute_trophies: dict[str, AttributeTrophy]
    witcher_trophies: dict[str, WitcherTrophy]
    school_sites: dict[str, str] = field(default_factory=dict)
    lost_mount: LostMountCard | None = None  # the Lost Mount card when its pack is selected (engine/lost_mount.py)
    legendary: Legendary | None = None  # Legendary Hunt's content when its pack is selected (engine/legendary_hunt.py)
    wild_hunt: WildHunt | None = None  # Wild Hunt's content when its pack is selected (engine/wild_hunt.py)
    # With Skellige (engine/skellige.py): its board, the Ship icons of its Harbor tokens, and the sea links
    # both ways (an island lists its own; `neighbours` holds the roads only).
    skellige: SkelligeBoard | None = None
    harbor_ships: tuple[bool, ...] = ()
    dagon_trails: int = 0
    dagon_bonus: dict[str, DagonBonusCard] = field(default_factory=dict)
    sea: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # Skellige's Exploration cards and its Event deck (its own numbers); the islands its Events reveal stand in
    # `locations` (event_island_location) and in `sea`, sailable once revealed (engine/skellige.py).
    skellige_exploration: dict[str, SkelligeExplorationCard] = field(default_factory=dict)
    skellige_events: dict[int, SkelligeEvent] = field(default_factory=dict)
    event_islands: dict[str, int] = field(default_factory=dict)  # island id -> the number of the Event revealing it
    mutagens: dict[str, Mutagen] = field(default_factory=dict)  # with Monster Trail's Mutagen mode (engine/mutagens.py)
    bombs: dict[str, Bomb] = field(default_factory=dict)  # with Monster Trail's Bomb mode (engine/bombs.py)
    weakness: WeaknessContent | None = None  # with Monster Trail's Weakness mode (engine/weakness.py)
    # Values derived from the content by the rules, computed once on first use (interned actions,
    # payable cards per destination, ...): see `memo` users in turn.py and abilities.py.
    memo: dict[Any, Any] = field(default_factory=dict, repr=False)

    @classmethod
    def from_content(cls, content: OldWorldContent) -> Tables:
        """Index a loaded content database; the manifest must be present."""
        manifest = content.manifest
        if manifest is None:
            raise ValueError("the content has no game manifest")
        locations = {loc.id: loc for loc in content.locations}
        tables = cls(
            manifest=manifest,
            rules=manifest.rules,
            # A Unique card (Ciri's, in her pack) joins its deck only with Monster Trail's unique-actions mode (§9.7).
            cards={c.id: c for c in content.cards if not c.unique or PackRule.UNIQUE_ACTIONS in content.rules_on},
            potions={p.id: p for p in content.potions},
            monsters={m.id: m for m in content.monsters},
            fight_cards={f.id: f for f in content.fight_cards},
            locations=locations,
            neighbours={loc.id: tuple(loc.connections) if loc.region is Region.CONTINENT else ()
                        for loc in content.locations},
            tokens={t.id: t for t in content.location_tokens},
            schools={s.id: s for s in content.schools},
            exploration={e.id: e for e in content.exploration},
            events={e.number: e for e in content.events},
            attribute_trophies={t.id: t for t in content.attribute_trophies},
            witcher_trophies={t.id: t for t in content.witcher_trophies},
        )
        tables.school_sites = {loc.id: loc.action.school for loc in content.locations if loc.action.school}
        if PackRule.LOST_MOUNT in content.rules_on:
            tables.lost_mount = next(iter(content.lost_mount_cards), None)
        if PackRule.LEGENDARY_HUNT in content.rules_on and content.legendary_help_cards:
            tables.legendary = Legendary(
                monsters={m.id: m for m in content.legendary_monsters},
                fight_cards={c.id: c for c in content.special_fight_cards},
                movement={c.id: c for c in content.movement_cards},
                tokens={t.id: t for t in content.destruction_tokens},
                help=content.legendary_help_cards[0],
            )
        if PackRule.WILD_HUNT in content.rules_on and content.wild_hunt_boxes:
            tables.wild_hunt = WildHunt(
                box=content.wild_hunt_boxes[0],
                members={m.id: m for m in content.wild_hunt_members},
                exploration={c.id: c for c in content.wild_hunt_exploration},
                events={e.number: e for e in content.wild_hunt_events},
            )
        tables.skellige = next(iter(content.skellige_boards), None)
        if tables.skellige is not None:
            tables.harbor_ships = tuple(token.ship for token in content.harbor_tokens)
            tables.dagon_trails = sum(token.copies for token in content.dagon_trail_tokens)
            tables.dagon_bonus = {card.id: card for card in content.dagon_bonus_cards}
            tables.skellige_exploration = {c.id: c for c in content.skellige_exploration}
            tables.skellige_events = {e.number: e for e in content.skellige_events}
            for event in content.skellige_events:
                if event.island is not None:
                    tables.event_islands[event.island.id] = event.number
                    tables.locations[event.island.id] = event_island_location(event.island, tables.skellige.harbors)
                    tables.neighbours[event.island.id] = ()
            sea: dict[str, list[str]] = {}
            for loc in tables.locations.values():
                if loc.region is not Region.CONTINENT:
                    sea[loc.id] = list(loc.connections)
                    for harbor in loc.connections:
                        sea.setdefault(harbor, []).append(loc.id)
            tables.sea = {loc: tuple(links) for loc, links in sea.items()}
        if PackRule.MUTAGENS in content.rules_on:
            tables.mutagens = {m.id: m for m in content.mutagens}
        if PackRule.BOMBS in content.rules_on:
            # §9.5: a bomb whose mode is not played (Dimeritium without `weakness`) is removed from the deck.
            tables.bombs = {b.id: b for b in content.bombs if b.requires_mode is None or b.requires_mode in content.modes_on}
        if PackRule.WEAKNESS in content.rules_on:
            tables.weakness = WeaknessContent(
                cards={monster: card for card in content.large_monster_cards for monster in (card.monster, *card.also_for)},
                tokens={t.id: t for t in content.weakness_tokens},
                specials={c.id: c for c in content.special_attack_cards},
            )
        return tables

    def profile(self, players: int) -> SetupProfile:
        """The setup profile for a player count (reference §5, §14)."""
        for profile in self.manifest.setup:
            if profile.players == players:
                return profile
        raise ValueError(f"no setup profile for {players} players")

    def market_ids(self) -> list[str]:
        """Every card id of the witchers' Action deck, once per copy (a new list)."""
        return [c for c in self.starting_ids(None) if self.cards[c].branch is None]

    def mage_ids(self) -> list[str]:
        """Every card id of the Mage Action deck (expansion sheet §8.1), once per copy (a new list)."""
        return [c for c in self.starting_ids(None) if self.cards[c].branch is not None]

    def school_homes(self) -> dict[str, str]:
        """Each school a player board stands on (not Ciri's share, not a Mage) and its location."""
        homes: dict[str, str] | None = self.memo.get("school-homes")
        if homes is None:
            homes = self.memo["school-homes"] = {
                s.id: s.home for s in self.schools.values() if s.home is not None and s.shares_school is None}
        return homes

    def starting_ids(self, school: str | None) -> list[str]:
        """Every card id of a school's starting deck (None: the market), once per copy (a new list)."""
        key = ("card-ids", school)
        ids: tuple[str, ...] | None = self.memo.get(key)
        if ids is None:
            ids = self.memo[key] = tuple(c.id for c in self.cards.values() if c.school == school for _ in range(c.copies))
        return list(ids)

    def takes_by_cost(self, card: str) -> bool:
        """Whether an effect that takes a card of some cost may take this one: never an Advanced Action card, whose
        price is a trash (Monster Trail, expansion sheet §9.6, rule 20; the Vengerberg exchange included)."""
        return not self.cards[card].trash_cost

    def potion_ids(self) -> list[str]:
        return [p.id for p in self.potions.values() for _ in range(p.copies)]

    def bomb_ids(self) -> list[str]:
        return [b.id for b in self.bombs.values() for _ in range(b.copies)]

    def exploration_ids(self, deck: ExplorationDeck) -> list[str]:
        return [e.id for e in self.exploration.values() if e.deck is deck]

    def road_distances(self, start: str) -> dict[str, int]:
        """Fewest moves along roads from `start` to every location (computed once per content and start)."""
        key = ("road-distances", start)
        found: dict[str, int] | None = self.memo.get(key)
        if found is None:
            found = {start: 0}
            queue = deque([start])
            while queue:
                here = queue.popleft()
                for nxt in self.neighbours[here]:
                    if nxt not in found:
                        found[nxt] = found[here] + 1
                        queue.append(nxt)
            self.memo[key] = found
        return found

    def token_location(self, token: str) -> str:
        return self.tokens[token].location

    def token_terrain(self, token: str) -> Terrain:
        return self.tokens[token].terrain
