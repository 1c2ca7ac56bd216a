"""A typed view of Old World's database: the manifest and every component list, ready to use."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

from pipeline.content.database import Database, Record, mode_entry, mode_of_file, pack_of_file
from pipeline.content.views import Entities, First, FirstRecord, Records
from pipeline.i18n.models import MessageTemplate

from .enums import ExplorationDeck, HelpCardKind, PackRule, Region
from .models.adventure_pack import QuestToken
from .models.base import (
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
from .models.legendary_hunt import DestructionToken, LegendaryHelpCard, LegendaryMonster, MovementCard, SpecialFightCard
from .models.lost_mount import LostMountCard
from .models.monster_trail import Bomb, LargeMonsterCard, Mutagen, SpecialAttackCard, WeaknessToken
from .models.skellige import DagonBonusCard, DagonTrailToken, HarborToken, SkelligeBoard, SkelligeEvent, SkelligeExplorationCard
from .models.wild_hunt import WildHuntBox, WildHuntEvent, WildHuntExplorationCard, WildHuntMember

if TYPE_CHECKING:
    from pipeline.rules.effects import Effect


@dataclass(frozen=True)
class OldWorldContent:
    db: Database

    manifest = First[Manifest]("game")

    manifest_record = FirstRecord[Manifest]("game")

    @cached_property
    def effects(self) -> list[tuple[Record, tuple[str | int, ...], Effect]]:
        """Every effect in the database with its record and path, walked once for every check that reads them."""
        from .checks.walk import effects_in  # the checks package imports this module

        return list(effects_in(self.db))

    @cached_property
    def board(self) -> Board | None:
        return next((content.board for content, _ in self.db.files_of(MapFile)), None)  # type: ignore[attr-defined]

    schools = Entities[School]("schools")
    school_records = Records[School]("schools")

    @cached_property
    def locations(self) -> list[Location]:
        return sorted(self.db.all("locations"), key=lambda loc: loc.number)

    @cached_property
    def location_by_id(self) -> dict[str, Location]:
        return {loc.id: loc for loc in self.locations}

    location_records = Records[Location]("locations")

    cards = Entities[ActionCard]("action-cards")

    card_records = Records[ActionCard]("action-cards")

    @cached_property
    def starting_cards(self) -> list[ActionCard]:
        return [c for c in self.cards if c.school is not None]

    @cached_property
    def market_cards(self) -> list[ActionCard]:
        """The witchers' Action deck (a Mage card has a spell branch) without Monster Trail's Advanced cards."""
        return [c for c in self.cards if c.school is None and c.branch is None and not c.trash_cost]

    @cached_property
    def advanced_cards(self) -> list[ActionCard]:
        """Monster Trail's Advanced Action cards (expansion sheet §9.6): shuffled into the Action deck in play."""
        return [c for c in self.cards if c.trash_cost]

    @cached_property
    def advanced_box(self) -> list[Record[ActionCard]]:
        """Every Advanced Action card the selection's modes hold, whichever kinds the table chose (§9.6: the box)."""
        return [rec for rec in self.db.every_record("action-cards") if rec.entity.trash_cost and self.db.in_selection(rec)]

    @cached_property
    def mode_kinds(self) -> dict[str, list[str]]:
        """The card kinds each mode that lets the table choose them offers (`choose_kinds`), by mode entry
        (`<pack>/<mode>`): the ids of the Action cards in its folder."""
        manifest = self.manifest
        kinds: dict[str, list[str]] = {mode_entry(pack.id, mode.id): [] for pack in (manifest.packs if manifest else [])
                                       for mode in pack.modes if mode.choose_kinds}
        root = self.db.root
        for rec in self.db.every_record("action-cards"):
            mode = mode_of_file(root, rec.loaded.path)
            entry = mode_entry(pack_of_file(root, rec.loaded.path), mode) if mode is not None else None
            if entry in kinds:  # a card of a mode that offers kinds
                kinds[entry].append(rec.entity.id)
        return kinds

    @cached_property
    def mage_cards(self) -> list[ActionCard]:
        """The Mage Action deck (expansion sheet §8.1): empty unless the Mages pack is selected."""
        return [c for c in self.cards if c.school is None and c.branch is not None]

    potions = Entities[Potion]("potions")

    monsters = Entities[Monster]("monsters")

    monster_records = Records[Monster]("monsters")

    monster_tokens = Entities[MonsterToken]("monster-tokens")

    location_tokens = Entities[LocationToken]("location-tokens")

    location_token_records = Records[LocationToken]("location-tokens")

    fight_cards = Entities[MonsterFightCard]("monster-fight-cards")

    fight_card_records = Records[MonsterFightCard]("monster-fight-cards")

    exploration = Entities[ExplorationCard]("exploration")

    exploration_records = Records[ExplorationCard]("exploration")

    def exploration_deck(self, deck: ExplorationDeck) -> list[ExplorationCard]:
        return [c for c in self.exploration if c.deck is deck]

    @cached_property
    def events(self) -> list[Event]:
        return sorted(self.db.all("events"), key=lambda e: e.number)

    @cached_property
    def event_by_number(self) -> dict[int, Event]:
        return {e.number: e for e in self.events}

    event_records = Records[Event]("events")

    attribute_trophies = Entities[AttributeTrophy]("attribute-trophies")

    attribute_trophy_records = Records[AttributeTrophy]("attribute-trophies")

    witcher_trophies = Entities[WitcherTrophy]("witcher-trophies")

    witcher_trophy_records = Records[WitcherTrophy]("witcher-trophies")

    help_cards = Entities[HelpCard]("help-cards")

    help_card_records = Records[HelpCard]("help-cards")

    def help_card_copies(self, kind: HelpCardKind) -> int:
        return sum(c.copies for c in self.help_cards if c.kind is kind)

    text_records = Records[MessageTemplate]("texts")

    @cached_property
    def rules_on(self) -> frozenset[PackRule]:
        """The engine rules the selected packs switch on (the manifest's `rules` of each)."""
        manifest = self.manifest
        packs = manifest.packs if manifest else []
        selected = [pack for pack in packs if pack.id in self.db.packs]
        return frozenset([*(rule for pack in selected for rule in pack.rules),
                          *(rule for pack in selected for mode in pack.modes_in(self.db.packs) for rule in mode.rules)])

    # Expansions: empty unless their pack is selected (Database.packs).
    lost_mount_cards = Entities[LostMountCard]("lost-mount-cards")

    lost_mount_records = Records[LostMountCard]("lost-mount-cards")

    legendary_monsters = Entities[LegendaryMonster]("legendary-monsters")

    legendary_monster_records = Records[LegendaryMonster]("legendary-monsters")

    quest_tokens = Entities[QuestToken]("quest-tokens")

    special_fight_cards = Entities[SpecialFightCard]("special-fight-cards")

    special_fight_card_records = Records[SpecialFightCard]("special-fight-cards")

    movement_cards = Entities[MovementCard]("movement-cards")

    movement_card_records = Records[MovementCard]("movement-cards")

    destruction_tokens = Entities[DestructionToken]("destruction-tokens")

    destruction_token_records = Records[DestructionToken]("destruction-tokens")

    legendary_help_cards = Entities[LegendaryHelpCard]("legendary-help-cards")

    legendary_help_card_records = Records[LegendaryHelpCard]("legendary-help-cards")
    harbor_tokens = Entities[HarborToken]("harbor-tokens")

    harbor_token_records = Records[HarborToken]("harbor-tokens")

    dagon_trail_tokens = Entities[DagonTrailToken]("dagon-trail-tokens")

    dagon_trail_token_records = Records[DagonTrailToken]("dagon-trail-tokens")

    dagon_bonus_cards = Entities[DagonBonusCard]("dagon-bonus-cards")

    dagon_bonus_card_records = Records[DagonBonusCard]("dagon-bonus-cards")

    @cached_property
    def skellige_events(self) -> list[SkelligeEvent]:
        """Skellige's Event deck in number order (its own sequence, expansion sheet §17)."""
        return sorted(self.db.all("skellige-events"), key=lambda e: e.number)

    skellige_event_records = Records[SkelligeEvent]("skellige-events")

    skellige_exploration = Entities[SkelligeExplorationCard]("skellige-exploration")

    skellige_exploration_records = Records[SkelligeExplorationCard]("skellige-exploration")

    skellige_boards = Entities[SkelligeBoard]("skellige-boards")

    skellige_board_records = Records[SkelligeBoard]("skellige-boards")

    @cached_property
    def continent(self) -> list[Location]:
        """The locations of the main board (the islands of Skellige's extension are drawn on their own board)."""
        return [loc for loc in self.locations if loc.region is Region.CONTINENT]

    mutagens = Entities[Mutagen]("mutagens")

    mutagen_records = Records[Mutagen]("mutagens")

    bombs = Entities[Bomb]("bombs")

    bomb_records = Records[Bomb]("bombs")

    @cached_property
    def modes_on(self) -> frozenset[str]:
        """The ids of the modes the selection plays (Monster Trail's `--mode`, or every playable one)."""
        manifest = self.manifest
        packs = manifest.packs if manifest else []
        return frozenset(mode.id for pack in packs if pack.id in self.db.packs for mode in pack.modes_in(self.db.packs))

    # Monster Trail's Weakness mode (Koshchey's large card comes with the Monster Pack).
    large_monster_cards = Entities[LargeMonsterCard]("large-monster-cards")

    large_monster_card_records = Records[LargeMonsterCard]("large-monster-cards")

    weakness_tokens = Entities[WeaknessToken]("weakness-tokens")

    weakness_token_records = Records[WeaknessToken]("weakness-tokens")

    special_attack_cards = Entities[SpecialAttackCard]("special-attack-cards")

    special_attack_card_records = Records[SpecialAttackCard]("special-attack-cards")

    wild_hunt_boxes = Entities[WildHuntBox]("wild-hunt")

    wild_hunt_box_records = Records[WildHuntBox]("wild-hunt")

    wild_hunt_members = Entities[WildHuntMember]("wild-hunt-members")

    wild_hunt_member_records = Records[WildHuntMember]("wild-hunt-members")

    wild_hunt_exploration = Entities[WildHuntExplorationCard]("wild-hunt-exploration")

    wild_hunt_exploration_records = Records[WildHuntExplorationCard]("wild-hunt-exploration")

    @cached_property
    def wild_hunt_events(self) -> list[WildHuntEvent]:
        return sorted(self.db.all("wild-hunt-events"), key=lambda e: e.number)

    wild_hunt_event_records = Records[WildHuntEvent]("wild-hunt-events")
