"""Old World content models (reference §20.3): one pydantic model per component, one file kind each.

Every YAML file under `content/old-world/` has a `kind:` naming one of the file models at the end
of this module; the JSON Schemas in `content/schema/old-world/` are generated from them.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field, model_validator

from pipeline.content import guide as shared_guide
from pipeline.content.guide import GlossaryFile, GuideSectionsFile
from pipeline.content.help_cards import HelpSections
from pipeline.content.images import ImageFile
from pipeline.content.locales import DeclaredLocales
from pipeline.content.models import ContentFile, ContentModel, Entity, Slug
from pipeline.content.refs import Ref
from pipeline.content.texts import Lettered, Translated, UniqueKeys
from pipeline.i18n.models import TermsFile, TextsFile
from pipeline.rules.effects import RulesWording

from .effects import OldWorldEffect
from .enums import (
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


class PackComponent(ContentModel):
    """One line of a pack's component list, as its rulebook counts it."""

    item: Slug
    count: Annotated[int, Field(ge=1)]


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
    components: list[PackComponent] = []
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

    id: Slug
    name: Translated
    packs: list[Pack] = Field(min_length=1)
    components: ComponentCounts
    rules: RuleConstants
    trophy_track: list[TrophyTrackPosition] = Field(min_length=2)
    market: Market
    setup: list[SetupProfile] = Field(min_length=1)
    dice_poker: DicePoker
    solo_tiers: list[SoloTier] = Field(min_length=1)

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
    copies: Annotated[int, Field(ge=1)] = 1
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
    copies: Annotated[int, Field(ge=1)] = 1
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
    copies: Annotated[int, Field(ge=1)] = 1
    title: Translated
    sections: HelpSections


# --- Expansion content (packs/<id>/) --------------------------------------------------------------


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


class QuestToken(Entity):
    """A pack's quest tokens (expansion sheet §4, §18 `QuestToken`): map markers for its quests' locations."""

    copies: Annotated[int, Field(ge=1)]


class Mutagen(Entity):
    """A Mutagen card (Monster Trail, expansion sheet §9.3): gained at a level-up and kept in the play area;
    its fight ability works once per fight (rule 21)."""

    name: Translated
    ability: Ability


class Bomb(Entity):
    """A Bomb card (Monster Trail, expansion sheet §9.5): taken instead of a Potion and used like one in step 1
    of a fight turn, with one effect against a monster and another against a witcher; not a Potion (rule 21)."""

    name: Translated
    copies: Annotated[int, Field(ge=1)] = 1
    vs_monster: Effects = Field(min_length=1)
    vs_witcher: Effects = Field(min_length=1)
    # A Monster Trail mode the bomb needs: without it the bomb leaves the deck (Dimeritium: `weakness`, rule 21).
    requires_mode: Slug | None = None


class SpecialAttack(ContentModel):
    """One of a legendary monster's Special Attacks, read when a Special Fight card shows its marker (§7.2).

    What the engine plays (engine/legendary_hunt.py): `damage`, then one card of `discard` from the hand
    (`instead` more damage when the witcher cannot, or, with `choice`, would rather not), then `forbid`:
    no card of that colour in the witcher's next fight turn."""

    id: Slug
    name: Translated
    text: Translated
    damage: AttackAmount = 0
    discard: Color | Literal["potion"] | None = None
    instead: AttackAmount = 0
    choice: bool = False
    forbid: Color | None = None


class WeaknessParagraph(ContentModel):
    """A numbered paragraph on the back of a large monster card (Monster Trail, expansion sheet §9.8): read when a
    Weakness token with its number is picked up on the monster's terrain, spent before a fight against it.

    What the engine plays (engine/weakness.py): the Life Pool `amount` cards smaller, `amount` cards drawn when the
    fight starts, or the witcher strikes first."""

    number: Annotated[int, Field(ge=1, le=6)]
    text: Translated
    effect: Literal["smaller-life-pool", "draw-cards", "strike-first"]
    amount: Count = 0

    def text_key(self) -> str:
        return str(self.number)  # texts are `large-monster-card:<id>:weaknesses:2:text`, as the card prints it


class LargeMonsterCard(Entity):
    """A Large Monster card (Monster Trail's Weakness mode, expansion sheet §9.8, rule 8): the normal card's Life
    Pool and Monster Ability on the front; 4 Special Attacks (fired by the Special Attack cards), 1 Passive ability
    (fired when the witcher's damage reveals one) and the numbered weakness paragraphs on the back."""

    monster: MonsterId
    # Other monsters that fight with this card (the Siren uses Dagon's, §6).
    also_for: list[MonsterId] = []
    # The Life Pool as the normal card prints it (rule 8: they match).
    life: Annotated[int, Field(ge=1)]
    attacks: Annotated[list[SpecialAttack], UniqueKeys]
    passive: SpecialAttack
    weaknesses: Annotated[list[WeaknessParagraph], UniqueKeys]


class WeaknessToken(Entity):
    """A Weakness token (§9.8, rule 9): 3 terrain sets of 6; its number names a paragraph on the large card of the
    monster on its terrain."""

    terrain: Terrain
    number: Annotated[int, Field(ge=1, le=6)]


class SpecialAttackCard(Entity):
    """One of the 4 Special Monster Fight cards (§9.8, rule 11) shuffled into the attack deck: revealed by the monster's
    attack it fires that Special Attack of the large card; revealed by the witcher's damage, its Passive ability."""

    attack: Annotated[int, Field(ge=1, le=4)]


class LegendaryRule(ContentModel):
    """A Special Fight Ability as the engine plays it, for the whole fight (engine/legendary_hunt.py):
    at most `amount` damage per fight turn; `amount` more Protection; `amount` fewer cards drawn in step 4;
    `amount` Shield lost before the fight; or the first card of each combo deals no damage."""

    type: Literal["damage-cap", "extra-protection", "draw-penalty", "shield-loss", "first-card-no-damage"]
    amount: Count = 0


class LegendaryMonster(Entity):
    """A Large Legendary Monster card (expansion sheet §7.2): its start location, the Special Fight Ability that
    holds for the whole fight and its Special Attacks (rule 16: exactly 4)."""

    name: Translated
    start: LocationId
    ability: Translated
    rule: LegendaryRule
    attacks: Annotated[list[SpecialAttack], UniqueKeys]
    description: Translated


class FightBlow(ContentModel):
    """One half of a Special Fight card (§7.2): its damage, and the Special Attack marker (1-4) it may show."""

    damage: AttackAmount
    special: Annotated[int, Field(ge=1, le=4)] | None = None


class SpecialFightCard(Entity):
    """A Legendary Hunt Special Fight card (§7.2): a Monster Fight card with stronger attacks, used only
    against the legendary monster (rule 14: 20 of them)."""

    charge: FightBlow
    bite: FightBlow

    def blow(self, kind: AttackType) -> FightBlow:
        return self.charge if kind is AttackType.CHARGE else self.bite


class MovementCard(Entity):
    """A Legendary Monster Movement card (§7.2, rule 13): main and secondary location, moves per player count.
    `moves` is checked by checks/legendary_hunt.py (player counts 1-5, each a positive number), so a slip is
    a finding at its line rather than a schema error."""

    main: LocationId
    secondary: LocationId
    moves: dict[int, int]


class DestructionToken(Entity):
    """A Destruction token (§7.5, rule 14): one effect; the attribute token names its attribute."""

    effect: Literal["gold-and-draw", "shield-for-draws", "zero-cost-card", "attribute", "shield-zero-any-attribute"]
    attribute: Attribute | None = None
    copies: Annotated[int, Field(ge=1)] = 1
    text: Translated


class ProtectionSide(ContentModel):
    """One side of the large Help card: the Monster Protection by trophy-track position (rule 15)."""

    id: Literal["a", "b"]
    name: Translated
    note: Translated
    protection: list[Count] = Field(min_length=1)


class LegendaryHelpCard(Entity):
    """The large Legendary Hunt Help card (§7.2): side A for a first game, side B for a longer one."""

    title: Translated
    sides: Annotated[list[ProtectionSide], UniqueKeys]


# --- Wild Hunt (expansion sheet §11, §18) --------------------------------------------------------


class HuntLevelRow(ContentModel):
    """One player count of a difficulty level (§11.3): the starting monsters' levels (the first from the Forest
    pile, a second from the Water pile) and the Wild Hunt Shields on its card."""

    players: Annotated[int, Field(ge=1, le=5)]
    monsters: list[Level] = Field(min_length=1, max_length=2)
    shields: Annotated[int, Field(ge=1)]


class HuntDifficulty(ContentModel):
    """A difficulty level of the difficulty table (§11.3, rule 27)."""

    id: Slug
    name: Translated
    rows: list[HuntLevelRow] = Field(min_length=1)


class RoundRow(ContentModel):
    """One row of the Round Tracking board (§11.4): the Exploration stage of Phase II (none in the last round),
    and the Hound and/or Monster level Phase IV adds. The last row flips the Wild Hunt card to side B."""

    stage: Literal[1, 2] | None = None
    hound: Level | None = None
    monster: Level | None = None


class RoundTrack(ContentModel):
    """The Round Tracking board for a range of player counts (rule 28: 8 rows for 1-3, 7 for 4-5)."""

    players: tuple[Annotated[int, Field(ge=1, le=5)], Annotated[int, Field(ge=1, le=5)]]
    rows: list[RoundRow] = Field(min_length=2)


class HoundStats(ContentModel):
    """A Hound's line on the Hound card (§11.5): its life points, the cards each fighter draws and the Shield
    each fighter loses before the fight."""

    level: Level
    life: Annotated[int, Field(ge=1)]
    draw: Count
    shield_loss: Count


class HoundCard(ContentModel):
    """One side of a two-sided Hound card: one player count, or 4/5 (rule 26)."""

    players: list[Annotated[int, Field(ge=1, le=5)]] = Field(min_length=1)
    levels: list[HoundStats] = Field(min_length=3, max_length=3)


class HoundToken(ContentModel):
    """A Hound token (§11.5): a defeated Hound reveals one of its level; every fighter gains its bonus."""

    id: Slug
    level: Level
    bonus: Literal["trail", "draw", "zero-cost-card", "one-cost-card", "any-attribute", "lowest-attribute"]
    text: Translated


class ShieldDenomination(ContentModel):
    """Wild Hunt Shield tokens of one value (§11.1: 20 tokens worth 1, 5, 10, ...)."""

    value: Annotated[int, Field(ge=1)]
    copies: Annotated[int, Field(ge=1)]


class WildHuntBox(Entity):
    """What the Wild Hunt box sets up besides its cards (§11.1-§11.4): the difficulty table, the Round Tracking
    boards, the Hound cards and tokens, the Shield tokens, and the table's choice of level and member."""

    name: Translated
    difficulties: Annotated[list[HuntDifficulty], UniqueKeys] = Field(min_length=1)
    round_tracks: list[RoundTrack] = Field(min_length=1)
    hounds_per_level: Annotated[int, Field(ge=1)]
    hound_cards: list[HoundCard] = Field(min_length=1)
    hound_tokens: Annotated[list[HoundToken], UniqueKeys] = Field(min_length=1)
    shield_tokens: list[ShieldDenomination] = Field(min_length=1)
    # The Exploration deck of a game (§11.3 step 3): Stage I cards on top of 3 Stage II, by player count.
    stage_one_cards: dict[int, int]
    stage_two_cards: Annotated[int, Field(ge=1)]
    # Dice Poker against the locals (§11.5, the Wild Hunt Help card): Gold paid per result, lower than the solo table.
    poker_payout: dict[PokerCategory, Count]
    # Monster buffs (§11.5): each Hound and the Wild Hunt on or next to a monster adds 1, up to this many cards.
    life_pool_cap: Annotated[int, Field(ge=1)]
    # The final fight's life pool (§11.6): the Monster Attack cards kept with the 4 Special Attack cards.
    final_attack_cards: Annotated[int, Field(ge=1)]
    # The monster level whose line of a Monster Attack card the Wild Hunt deals in the final fight.
    attack_level: Level
    # The table's choices (`pnp balance --set` plays every level): the difficulty and the member fought.
    difficulty: Slug
    member: Slug


class HuntAttack(ContentModel):
    """A Special Attack card (§11.6): its top half hits every witcher (damage, then effects); its bottom half,
    the Passive Ability, fires when a witcher's damage or ability discards it: `passive_damage` to that witcher,
    and `passive_shields` back onto the Wild Hunt."""

    id: Slug
    name: Translated
    damage: AttackAmount = 0
    effects: Effects = []
    passive: Translated
    passive_damage: AttackAmount = 0
    passive_shields: Count = 0


class WildHuntMember(Entity):
    """A member of the Wild Hunt (§11.1, §18): side A fires in Phase IV when it enters a location with witchers
    (each witcher there takes the effects), side B's effects hit every witcher before the final fight's life pool
    is built; 4 Special Attack cards (rule 26)."""

    name: Translated
    order: Annotated[int, Field(ge=1, le=4)]
    side_a: Translated
    side_a_effects: Effects = Field(min_length=1)
    side_b: Translated
    side_b_effects: Effects = Field(min_length=1)
    attacks: Annotated[list[HuntAttack], UniqueKeys] = Field(min_length=1)


class WildHuntExplorationCard(Entity):
    """A Wild Hunt Exploration card (§11.5 Phase II): read by one player; its effects go to that player, its
    Shields to the Wild Hunt (negative: the Hunt loses them), and it may start a Quest whose location is drawn
    from `quest_terrain` and whose event the first witcher to enter reads."""

    stage: Literal[1, 2]
    title: Translated
    text: Translated
    effects: Effects = []
    shields: Annotated[int, Field(ge=-5, le=5)] = 0
    quest_terrain: Terrain | None = None
    quest_event: Annotated[int, Field(ge=1)] | None = None


class WildHuntEvent(ContentModel):
    """A Wild Hunt Event card (§11.5, §17: own sequence, 35 cards, not shuffled): what the witcher who enters a
    quest location gets, and the Shields the Wild Hunt loses."""

    number: Annotated[int, Field(ge=1)]
    title: Translated
    text: Translated
    effects: Effects = []
    shields: Annotated[int, Field(ge=0, le=10)] = 0

    @property
    def id(self) -> str:
        return f"wild-hunt-event-{self.number}"

    def text_key(self) -> str:
        return str(self.number)  # texts are `wild-hunt-event:7:title`, as the card prints its number


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


class LostMountFile(ContentFile):
    kind: Literal["lost-mount"]
    cards: list[LostMountCard]
    entities_field = "cards"
    collection = "lost-mount-cards"


class QuestTokensFile(ContentFile):
    kind: Literal["quest-tokens"]
    tokens: list[QuestToken]
    entities_field = "tokens"


class MutagensFile(ContentFile):
    kind: Literal["mutagens"]
    mutagens: list[Mutagen]
    entities_field = "mutagens"


class BombsFile(ContentFile):
    kind: Literal["bombs"]
    bombs: list[Bomb]
    entities_field = "bombs"


class LargeMonsterCardsFile(ContentFile):
    kind: Literal["large-monster-cards"]
    cards: list[LargeMonsterCard]
    entities_field = "cards"
    collection = "large-monster-cards"


class WeaknessTokensFile(ContentFile):
    kind: Literal["weakness-tokens"]
    tokens: list[WeaknessToken]
    entities_field = "tokens"
    collection = "weakness-tokens"


class SpecialAttackCardsFile(ContentFile):
    kind: Literal["special-attack-cards"]
    cards: list[SpecialAttackCard]
    entities_field = "cards"
    collection = "special-attack-cards"


class LegendaryMonstersFile(ContentFile):
    kind: Literal["legendary-monsters"]
    monsters: list[LegendaryMonster]
    entities_field = "monsters"
    collection = "legendary-monsters"


class SpecialFightCardsFile(ContentFile):
    kind: Literal["special-fight-cards"]
    cards: list[SpecialFightCard]
    entities_field = "cards"
    collection = "special-fight-cards"


class MovementCardsFile(ContentFile):
    kind: Literal["movement-cards"]
    cards: list[MovementCard]
    entities_field = "cards"
    collection = "movement-cards"


class DestructionTokensFile(ContentFile):
    kind: Literal["destruction-tokens"]
    tokens: list[DestructionToken]
    entities_field = "tokens"
    collection = "destruction-tokens"


class LegendaryHelpCardsFile(ContentFile):
    kind: Literal["legendary-help-cards"]
    cards: list[LegendaryHelpCard]
    entities_field = "cards"
    collection = "legendary-help-cards"
class HarborToken(Entity):
    """A Skellige Harbor token (§10.1): an anchor on the front; 3 of the 6 show a Ship on the back. They are
    shuffled onto the harbors at setup (§10.3 steps 7-8), so a token names no location."""

    ship: bool


class EventIsland(ContentModel):
    """An island a Skellige Event card reveals (§10.5): no number and no Location token; the card itself is laid
    by the other islands, and from then on anyone may sail there from a harbor with a Ship."""

    id: Slug
    name: Translated
    # The card a traveller plays to sail there (§10.6 step 1). Designed: the source prints none.
    terrain: Terrain
    action: LocationActionSpec


class SkelligeEvent(Event):
    """A Skellige Event card (§10.2, §17): its own number sequence, read by number like the base events."""

    island: EventIsland | None = None

    @property
    def id(self) -> str:
        return f"skellige-event-{self.number}"


class VoyageChoice(ContentModel):
    id: Slug
    label: Translated
    effects: Effects = []


class VoyageSection(ContentModel):
    """One half of a Skellige Exploration card: what happens on the voyage, then its effects or a choice of two."""

    text: Translated
    effects: Effects = []
    choices: Annotated[list[VoyageChoice], UniqueKeys] = []

    @model_validator(mode="after")
    def _no_or_two_choices(self) -> VoyageSection:
        if len(self.choices) not in (0, 2):
            raise ValueError(f"a voyage section offers no choice or 2 choices, not {len(self.choices)}")
        return self


class SkelligeExplorationCard(Entity):
    """A Skellige Exploration card (§10.2): the player on your right reads the upper section on a safe voyage,
    the lower one on a dangerous voyage (§10.6 step 4)."""

    text_prefix: ClassVar[str] = "skellige-exploration"

    title: Translated
    safe: VoyageSection
    dangerous: VoyageSection


class DagonTrailToken(Entity):
    """Skellige's Dagon Trail tokens (§10.1, §10.7): gained only when Dagon emerges during your voyage or beats you."""

    copies: Annotated[int, Field(ge=1)]


class DagonBonusCard(Entity):
    """A Dagon Bonus card (§10.1, §10.7): the top one goes to the witcher who drives Dagon away, kept with their
    trophies; its ability works like a trophy's."""

    name: Translated
    description: Translated
    ability: Ability


class DangerSpot(ContentModel):
    """One die spot of the Danger Track (§10.2): rolls from `safe_from` up are safe, the rest dangerous."""

    safe_from: Annotated[int, Field(ge=2, le=6)]


class DangerStart(ContentModel):
    """Dagon's start spot (1 = the bottom spot) for a range of player counts (§10.3 step 5)."""

    players: tuple[Annotated[int, Field(ge=1, le=5)], Annotated[int, Field(ge=1, le=5)]]
    spot: Annotated[int, Field(ge=1)]


class SkelligeBoard(Entity):
    """Skellige's map extension (§10.1-§10.3): its size, the Ships, the Danger Track up to the Dagon Location."""

    name: Translated
    size: Board
    # The continent locations that get a Harbor token (§10.3 step 7); every sea link ends at one of them.
    harbors: list[LocationId] = Field(min_length=1)
    ships: Annotated[int, Field(ge=1)]
    danger_track: list[DangerSpot] = Field(min_length=1)
    starts: list[DangerStart] = Field(min_length=1)


class IslandsFile(ContentFile):
    kind: Literal["islands"]
    islands: list[Location]
    entities_field = "islands"
    collection = "locations"


class SkelligeExplorationFile(ContentFile):
    kind: Literal["skellige-exploration"]
    cards: list[SkelligeExplorationCard]
    entities_field = "cards"
    collection = "skellige-exploration"


class SkelligeEventsFile(ContentFile):
    kind: Literal["skellige-events"]
    events: list[SkelligeEvent]
    entities_field = "events"
    collection = "skellige-events"


class HarborTokensFile(ContentFile):
    kind: Literal["harbor-tokens"]
    tokens: list[HarborToken]
    entities_field = "tokens"
    collection = "harbor-tokens"


class DagonTrailTokensFile(ContentFile):
    kind: Literal["dagon-trail-tokens"]
    tokens: list[DagonTrailToken]
    entities_field = "tokens"
    collection = "dagon-trail-tokens"


class DagonBonusCardsFile(ContentFile):
    kind: Literal["dagon-bonus-cards"]
    cards: list[DagonBonusCard]
    entities_field = "cards"
    collection = "dagon-bonus-cards"


class SkelligeBoardFile(ContentFile):
    kind: Literal["skellige-board"]
    boards: list[SkelligeBoard]
    entities_field = "boards"
    collection = "skellige-boards"


class WildHuntBoxFile(ContentFile):
    kind: Literal["wild-hunt"]
    boxes: list[WildHuntBox]
    entities_field = "boxes"
    collection = "wild-hunt"


class WildHuntMembersFile(ContentFile):
    kind: Literal["wild-hunt-members"]
    members: list[WildHuntMember]
    entities_field = "members"


class WildHuntExplorationFile(ContentFile):
    kind: Literal["wild-hunt-exploration"]
    cards: list[WildHuntExplorationCard]
    entities_field = "cards"


class WildHuntEventsFile(ContentFile):
    kind: Literal["wild-hunt-events"]
    events: list[WildHuntEvent]
    entities_field = "events"


# --- Reference guide and player aid -----------------------------------------------------------
# The guide's files are shared by the games (pipeline/content/guide.py); table sources: guide.py.


class GuideSettings(shared_guide.GuideSettings):
    """The guide's titles, the words its layout prints, and its quick-reference icons."""

    aid_title: Translated  # Old World prints a player aid: its title is required


class GuideFile(shared_guide.GuideFile):
    guide: GuideSettings


FILE_KINDS: tuple[type[ContentFile], ...] = (
    GameFile,
    SchoolsFile,
    MapFile,
    ActionCardsFile,
    PotionsFile,
    MonstersFile,
    MonsterTokensFile,
    LocationTokensFile,
    MonsterFightCardsFile,
    ExplorationFile,
    EventsFile,
    AttributeTrophiesFile,
    WitcherTrophiesFile,
    HelpCardsFile,
    LostMountFile,
    LegendaryMonstersFile,
    SpecialFightCardsFile,
    MovementCardsFile,
    DestructionTokensFile,
    LegendaryHelpCardsFile,
    QuestTokensFile,
    IslandsFile,
    HarborTokensFile,
    SkelligeBoardFile,
    DagonTrailTokensFile,
    DagonBonusCardsFile,
    SkelligeEventsFile,
    SkelligeExplorationFile,
    MutagensFile,
    BombsFile,
    LargeMonsterCardsFile,
    WeaknessTokensFile,
    SpecialAttackCardsFile,
    WildHuntBoxFile,
    WildHuntMembersFile,
    WildHuntExplorationFile,
    WildHuntEventsFile,
    TextsFile,
    TermsFile,
    GuideFile,
    GuideSectionsFile,
    GlossaryFile,
)
