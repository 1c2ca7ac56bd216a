"""Old World content models of the base game (reference §20.3): one pydantic model per component, one file kind
each; the manifest declares the packs. Each pack's own kinds are its module beside this one (`models/__init__.py`
lists every file kind)."""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field, model_validator

from pipeline.content import guide as shared_guide
from pipeline.content.help_cards import HelpSections
from pipeline.content.images import ImageFile
from pipeline.content.locales import DeclaredLocales
from pipeline.content.models import ContentFile, ContentModel, Copies, Entity, ListedComponent, Slug
from pipeline.content.refs import Ref
from pipeline.content.texts import Lettered, Translated, UniqueKeys
from pipeline.rules.effects import RulesWording

from ..effects import OldWorldEffect
from ..enums import (
    AttackType,
    Attribute,
    Branch,
    CardTerrain,
    Color,
    EventType,
    ExplorationDeck,
    HelpCardKind,
    Limit,
    LocationAction,
    PackRule,
    PokerCategory,
    Region,
    ResultKind,
    Terrain,
    Timing,
)

Count = Annotated[int, Field(ge=0)]
Level = Annotated[int, Field(ge=1, le=3)]
Effects = list[OldWorldEffect]
# An image for the art box, relative to the game's content folder (render/art.py crops it to the box).
Art = Annotated[str, Field(min_length=1, max_length=200, pattern=r"^[^/\\].*\.(png|jpg|jpeg)$"), ImageFile()]
AttackAmount = Annotated[int, Field(ge=0, le=10)]
# Ids of other entities, resolved by pipeline/content/refs.py.
LocationId = Annotated[Slug, Ref("locations")]
SchoolId = Annotated[Slug, Ref("schools")]
MonsterId = Annotated[Slug, Ref("monsters")]
MonsterTokenId = Annotated[Slug, Ref("monster-tokens")]


# --- Shared pieces ----------------------------------------------------------------------------


class Condition(ContentModel):
    """When an ability may be used: Shield at 0, a combo of N+ cards, a hand of at most N cards..."""

    shield_zero: bool = False
    combo_size_at_least: Annotated[int, Field(ge=2, le=7)] | None = None
    hand_size_at_most: Annotated[int, Field(ge=0, le=7)] | None = None
    has_trail: bool = False


class Ability(ContentModel):
    """A triggered or usable ability: when, how often, under which condition, doing what."""

    timing: Timing
    limit: Limit = Limit.NONE
    condition: Condition | None = None
    effects: Effects = Field(min_length=1)
    text: RulesWording = ""


# --- Manifest ---------------------------------------------------------------------------------


class PackMode(ContentModel):
    """A mode of a pack that is a toolbox of independent modes (Monster Trail, expansion sheet §9): each can be
    switched on alone with `--mode ID`; its content lives in `packs/<pack id>/<mode id>/`."""

    id: Slug
    name: Translated
    # declared: described here, its content not written yet (it cannot be selected; the whole pack leaves it out).
    status: Literal["playable", "declared"] = "playable"
    adds: dict[str, Count] = {}
    rules: list[PackRule] = []
    # Other modes of the same pack it needs.
    requires: list[Slug] = []
    # The table may add only chosen kinds of the mode's Action cards, all copies of each (`--mode <mode>/<card id>`;
    # Advanced cards, §9.6); without a choice every kind is played.
    choose_kinds: bool = False


class Pack(ContentModel):
    """The base game or an expansion: what it holds, what it adds, which rules it switches on, what it combines with.

    An expansion's content lives in `packs/<id>/`; `pnp check/simulate/build --pack ID` selects it.
    """

    id: Slug
    name: Translated
    year: Annotated[int, Field(ge=1990, le=2100)]
    requires: list[Slug] = []
    player_min: Annotated[int, Field(ge=1, le=8)]
    player_max: Annotated[int, Field(ge=1, le=8)]
    event_numbers: tuple[int, int] | None = None
    # The mark printed on every card of the pack, so its cards can be sorted back out of the base decks.
    symbol: Annotated[str, Field(min_length=1, max_length=3)] | None = None
    # declared: its rules and compatibility are known, its content is not written yet (it cannot be selected).
    status: Literal["playable", "declared"] = "playable"
    components: list[ListedComponent] = []  # its component list, as its rulebook gives it (rules/checklist.py)
    # What its content adds to the manifest's component counts (keys as in `components` of the game).
    adds: dict[str, Count] = {}
    rules: list[PackRule] = []
    # Compatibility (expansion sheet §2, rules 30-31): packs it never combines with, or the only ones it combines with.
    incompatible_with: list[Slug] = []
    combines_only_with: list[Slug] | None = None
    # A monster of the pack that enters play only with its partner pack (Monster Pack: monster id -> pack id).
    partners: dict[Slug, Slug] = {}
    # Independent modes selected with `--mode` (Monster Trail); selecting the pack alone plays every playable one.
    modes: list[PackMode] = []

    def modes_in(self, selection: tuple[str, ...]) -> list[PackMode]:
        """The modes a selection (Database.packs) plays: those it names, else every playable one."""
        named = [entry.removeprefix(self.id + "/") for entry in selection if entry.startswith(self.id + "/")]
        if named:
            return [mode for mode in self.modes if mode.id in named]
        return [mode for mode in self.modes if mode.status == "playable"]


class HelpCardCounts(ContentModel):
    action: Count
    fight: Count
    solo: Count


class ComponentCounts(ContentModel):
    """How many of each component the box holds; the database must match exactly."""

    schools: Count
    starting_cards: Count
    market_cards: Count
    potions: Count
    city_exploration: Count
    wilds_exploration: Count
    events: Count
    monsters: Count
    monster_tokens: Count
    monster_fight_cards: Count
    attribute_trophies: Count
    witcher_trophies: Count
    location_tokens: Count
    locations: Count
    help_cards: HelpCardCounts


class RuleConstants(ContentModel):
    """Every rules number the engine reads and the guides print; written here once."""

    hand_limit: Annotated[int, Field(ge=1)]
    potion_hold_limit: Annotated[int, Field(ge=1)]
    # Monster Trail's Bombs are held apart from the Potions, up to this many (expansion sheet §9.5).
    bomb_hold_limit: Annotated[int, Field(ge=1)] = 4
    phase3_draw: Annotated[int, Field(ge=0)]
    phase3_draw_after_loss: Annotated[int, Field(ge=0)]
    phase3_hand_cap: Annotated[int, Field(ge=0)]
    win_trophies: Annotated[int, Field(ge=1)]
    attribute_min: Annotated[int, Field(ge=1)]
    attribute_max: Annotated[int, Field(ge=1)]
    witcher_level_max: Annotated[int, Field(ge=1)]
    shield_start: Annotated[int, Field(ge=0)]
    gold_defeat_monster: Count
    gold_drive_away: Count
    poker_stake: Annotated[int, Field(ge=1)]
    poker_bank_add_vs_witcher: Count
    poker_bank_add_vs_locals: Count
    school_train_cost_base: Count
    exchange_cost_above: Count
    drive_away_max_life: Count
    duel_defender_draw_win: Count
    duel_defender_draw_loss: Count
    monster_fight_deck: Annotated[int, Field(ge=1)]
    levelup_draw: dict[int, Count]
    solo_start_cards: Count
    solo_start_gold: Count
    solo_charge_max_roll: Annotated[int, Field(ge=1, le=5)]
    wager_gold: Count
    wager_min_players: Annotated[int, Field(ge=2)]
    turn_cap: Annotated[int, Field(ge=10)]


class TrophyTrackPosition(ContentModel):
    fatigue: Count
    reputation: Annotated[int, Field(ge=1, le=3)]


class Market(ContentModel):
    slot_modifiers: list[int] = Field(min_length=1)
    zero_cost_slots: Annotated[int, Field(ge=0)]


class Seat(ContentModel):
    cards: Count
    gold: Count


class SetupProfile(ContentModel):
    """What changes with the number of players (reference §5, §14)."""

    players: Annotated[int, Field(ge=1, le=8)]
    seats: list[Seat] = Field(min_length=1)
    monster_levels: list[Level] = Field(min_length=1)
    extra_level1_stack: Count
    attribute_trophies: Count
    witcher_trophies_per_player: Count
    bonus_attribute_levels: Count
    wagers: bool

    @model_validator(mode="after")
    def _one_seat_per_player(self) -> SetupProfile:
        if len(self.seats) != self.players:
            raise ValueError(f"{self.players} players need {self.players} seats, got {len(self.seats)}")
        return self


class DicePoker(ContentModel):
    ranking: list[PokerCategory]
    solo_payout: dict[PokerCategory, Count]


class SoloTier(ContentModel):
    id: Slug
    min_turns: Annotated[int, Field(ge=1)] | None = None
    max_turns: Annotated[int, Field(ge=1)] | None = None
    title: Translated
    text: Translated


class Manifest(ContentModel, DeclaredLocales):
    text_prefix: ClassVar[str] = "game"

    id: Slug = Field(description="the game's id: old-world")
    name: Translated = Field(description="the game's name (translated)")
    packs: list[Pack] = Field(min_length=1, description="the base game and each expansion (`--pack ID`)")
    components: ComponentCounts = Field(description="how many of each component the box holds")
    rules: RuleConstants = Field(description="every rules number, printed by `{key}` in help cards and guides")
    trophy_track: list[TrophyTrackPosition] = Field(min_length=2, description="the trophy track's positions in order")
    market: Market = Field(description="the market row: slot cost modifiers and free slots")
    setup: list[SetupProfile] = Field(min_length=1, description="what changes with the number of players")
    dice_poker: DicePoker = Field(description="the poker hands' ranking and the solo payouts")
    solo_tiers: list[SoloTier] = Field(min_length=1, description="the solo game's result tiers by turns taken")

    def text_key(self) -> str:
        return ""  # one manifest per game: its texts are `game:name`, `game:packs:base:name`


# --- Schools and the map -----------------------------------------------------------------------


class SpecialtyCost(ContentModel):
    """What a Specialty costs to use: a Mage's Energy or hand cards (expansion sheet §8.2), the unused potions the
    Manticore witcher discards (Potion Tolerance, §9.2: one per Specialty level, levels[0] = level 1)."""

    energy: Count = 0
    discard: Count = 0
    potions: list[Count] = Field(default=[], max_length=5)

    @model_validator(mode="after")
    def _potions_per_level(self) -> SpecialtyCost:
        if self.potions and len(self.potions) != 5:
            raise ValueError("potions gives the cost at each of the 5 Specialty levels")
        return self


class Specialty(ContentModel):
    name: Translated
    timing: Timing
    condition: Condition | None = None
    limit: Limit = Limit.ONCE_PER_FIGHT
    # levels[0] is Specialty level 1 ... levels[4] is level 5.
    levels: list[Effects] = Field(min_length=5, max_length=5)
    cost: SpecialtyCost | None = None
    text: RulesWording = ""


class School(Entity):
    """A playable character: a witcher of a school, or a Mage (expansion sheet §8) who claims a school at setup."""

    name: Translated
    color: Annotated[str, Field(pattern=r"^#[0-9a-fA-F]{6}$")]
    # A Mage has no home of their own: they claim a school no witcher uses in the game (rule 18).
    character: Literal["witcher", "mage"] = "witcher"
    home: LocationId | None = None
    specialty: Specialty
    # A character who trains at another school's location and keeps her Specialty token in its slot
    # (Ciri at the School of the Wolf, expansion sheet §5, rule 18).
    shares_school: SchoolId | None = None

    @model_validator(mode="after")
    def _home_by_character(self) -> School:
        if self.character == "witcher" and self.home is None:
            raise ValueError("a witcher starts at a home location: give `home`")
        if self.character == "mage" and self.home is not None:
            raise ValueError("a Mage has no home: they claim a school no witcher uses at setup")
        return self


class Position(ContentModel):
    """A point on the printed board, in millimetres from the top-left corner."""

    x: Annotated[float, Field(ge=0)]
    y: Annotated[float, Field(ge=0)]


class LocationActionSpec(ContentModel):
    type: LocationAction
    attribute: Attribute | None = None
    school: SchoolId | None = None


class Location(Entity):
    number: Annotated[int, Field(ge=0)]
    name: Translated
    terrain: Terrain
    action: LocationActionSpec
    # An island's connections are its sea links (to continent harbors, by Ship: expansion sheet §10.6).
    connections: list[LocationId] = Field(min_length=1)
    # Skellige's islands are drawn on the map extension (its `position` is on the extension board).
    region: Region = Region.CONTINENT
    position: Position


class Board(ContentModel):
    width_mm: Annotated[float, Field(gt=0)]
    height_mm: Annotated[float, Field(gt=0)]


# --- Cards -------------------------------------------------------------------------------------


class FightAbility(ContentModel):
    damage: Count = 0
    shield: Count = 0
    draw: Annotated[int, Field(ge=-5, le=5)] = 0
    effects: Effects = []


class Extension(FightAbility):
    """A combo extension: the colours a following card may have, and what attaching one adds."""

    colors: list[Color] = Field(min_length=1)


class Boost(FightAbility):
    """A Mage card's boost (expansion sheet §8.5): after the basic ability, pay `energy` for these effects."""

    energy: Count


class ActionCard(Entity):
    name: Translated
    school: SchoolId | None = None
    color: Color
    terrain: CardTerrain
    cost: Count
    copies: Copies = 1
    # A Mage Action card's spell branch (expansion sheet §8.5; its colour decides it, rule 19); witcher cards have none.
    branch: Branch | None = None
    fight: FightAbility
    extensions: list[Extension] = []
    boost: Boost | None = None
    # A character's Unique Action card (Monster Trail, expansion sheet §9.7): it joins the owner's starting deck
    # only with the `unique-actions` mode (rule 17: 10 starting cards, 11 with it).
    unique: bool = False
    # An Advanced Action card (Monster Trail, expansion sheet §9.6): bought by trashing 1 hand card, the whole price
    # (`cost` stays 0 and no slot modifier applies); never matches a "take a 0-, 1- or 2-cost card" effect.
    trash_cost: bool = False
    # Its traveling ability: played from hand in Phase I, then discarded.
    travel: Effects = []
    # Its passive: fires when damage discards it from the deck or the hand.
    damage_discard: Effects = []
    text: RulesWording = ""
    art: Art | None = None


class Potion(Entity):
    name: Translated
    copies: Copies = 1
    timing: Timing = Timing.FIGHT_TURN
    effects: Effects = Field(min_length=1)
    text: RulesWording = ""
    art: Art | None = None


# --- Monsters ---------------------------------------------------------------------------------


class Monster(Entity):
    name: Translated
    level: Level
    life: Annotated[int, Field(ge=1)]
    special: Ability
    # Dagon has no trophy card: driving it away gives a Dagon Bonus card instead (expansion sheet §10.7).
    trophy: Ability | None = None
    description: Translated
    # A monster without a token never enters the monster piles (the Siren, expansion sheet §6, rule 10).
    token: MonsterTokenId | None = None
    spawnable: bool = True
    # Whether killing it steps the trophy track (with Fatigue); the Siren's kill does not (rule 10).
    grants_track_step: bool = True
    art: Art | None = None


class MonsterToken(Entity):
    monster: MonsterId
    level: Level


class LocationToken(Entity):
    location: LocationId
    terrain: Terrain


class Attack(ContentModel):
    """One half of a Monster Fight card. `amount` is fixed, or per monster level [I, II, III]."""

    type: Literal["damage", "lower-alchemy", "discard-random", "trash-chosen"]
    amount: AttackAmount | Annotated[list[AttackAmount], Field(min_length=3, max_length=3)]

    def amount_for(self, level: int) -> int:
        return self.amount[level - 1] if isinstance(self.amount, list) else self.amount


class MonsterFightCard(Entity):
    charge: Attack
    bite: Attack

    def attack(self, kind: AttackType) -> Attack:
        return self.charge if kind is AttackType.CHARGE else self.bite


# --- Exploration and events ----------------------------------------------------------------------


class Quest(ContentModel):
    terrain: Terrain | None = None
    enter_event: Annotated[int, Field(ge=1)]


class Result(ContentModel):
    kind: ResultKind
    text: Translated
    effects: Effects = []
    quest: Quest | None = None


class ExplorationOption(ContentModel):
    label: Translated
    gold_cost: Count = 0
    result: Result


class ExplorationCard(Entity):
    text_prefix: ClassVar[str] = "exploration"

    deck: ExplorationDeck
    title: Translated
    intro: Translated
    # Printed as options A and B: the letter names an option.
    options: Annotated[list[ExplorationOption], Lettered()] = Field(min_length=2, max_length=2)


class EventOption(ContentModel):
    id: Slug
    label: Translated
    gold_cost: Count = 0
    text: Translated
    effects: Effects = []


class KeptCard(ContentModel):
    """An Equipment or Companion card kept by the board for the rest of the game."""

    name: Translated
    ability: Ability


class Event(ContentModel):
    number: Annotated[int, Field(ge=1)]
    title: Translated
    type: EventType
    intro: Translated
    options: Annotated[list[EventOption], UniqueKeys] = []
    effects: Effects = []
    keep: KeptCard | None = None

    @property
    def id(self) -> str:
        return f"event-{self.number}"

    def text_key(self) -> str:
        return str(self.number)  # texts are `event:12:intro`, as the card prints its number


# --- Trophies and help cards ---------------------------------------------------------------------


class AttributeTrophy(Entity):
    attribute: Attribute
    copy_index: Annotated[int, Field(ge=1, le=2)]
    name: Translated
    text: Translated
    ability: Ability


class WitcherTrophy(Entity):
    school: SchoolId
    name: Translated
    description: Translated
    ability: Ability


class HelpCard(Entity):
    kind: HelpCardKind
    copies: Copies = 1
    title: Translated
    sections: HelpSections




# --- File kinds ---------------------------------------------------------------------------------


class GameFile(ContentFile):
    kind: Literal["game"]
    game: Manifest
    entities_field = "game"


class SchoolsFile(ContentFile):
    kind: Literal["schools"]
    schools: list[School]
    entities_field = "schools"


class MapFile(ContentFile):
    kind: Literal["map"]
    board: Board
    locations: list[Location]
    entities_field = "locations"
    collection = "locations"


class ActionCardsFile(ContentFile):
    kind: Literal["action-cards"]
    cards: list[ActionCard]
    entities_field = "cards"


class PotionsFile(ContentFile):
    kind: Literal["potions"]
    potions: list[Potion]
    entities_field = "potions"


class MonstersFile(ContentFile):
    kind: Literal["monsters"]
    monsters: list[Monster]
    entities_field = "monsters"


class MonsterTokensFile(ContentFile):
    kind: Literal["monster-tokens"]
    tokens: list[MonsterToken]
    entities_field = "tokens"


class LocationTokensFile(ContentFile):
    kind: Literal["location-tokens"]
    tokens: list[LocationToken]
    entities_field = "tokens"


class MonsterFightCardsFile(ContentFile):
    kind: Literal["monster-fight-cards"]
    cards: list[MonsterFightCard]
    entities_field = "cards"


class ExplorationFile(ContentFile):
    kind: Literal["exploration"]
    cards: list[ExplorationCard]
    entities_field = "cards"


class EventsFile(ContentFile):
    kind: Literal["events"]
    events: list[Event]
    entities_field = "events"


class AttributeTrophiesFile(ContentFile):
    kind: Literal["attribute-trophies"]
    trophies: list[AttributeTrophy]
    entities_field = "trophies"


class WitcherTrophiesFile(ContentFile):
    kind: Literal["witcher-trophies"]
    trophies: list[WitcherTrophy]
    entities_field = "trophies"


class HelpCardsFile(ContentFile):
    kind: Literal["help-cards"]
    cards: list[HelpCard]
    entities_field = "cards"


# --- Reference guide and player aid -----------------------------------------------------------
# The guide's files are shared by the games (pipeline/content/guide.py); table sources: guide.py.


class GuideSettings(shared_guide.GuideSettings):
    """The guide's titles, the words its layout prints, and its quick-reference icons."""

    aid_title: Translated  # Old World prints a player aid: its title is required


class GuideFile(shared_guide.GuideFile):
    guide: GuideSettings
