"""Adventure Game content models (reference §21): the manifest and the rule data the guide talks about.

Every YAML file under `content/adventure-game/` has a `kind:` naming one of the file models at the
end of this module; the guide's own files (`guide`, `guide-sections`, `glossary`) are the shared ones
of pipeline/content/guide.py. The JSON Schemas in `content/schema/adventure-game/` are generated from
them. Every file kind of the rule data declares what the guide may print of it (`rule_data`,
pipeline/content/rule_data.py): guide text names a thing as `{kind:id}` (its name) and `{kind_field:id}`
(a number field), the kind being its model's text prefix (`hero`, `face`...); its text is translated
under `<kind>:<id>:name`, `:summary`... (derived from the `Translated` fields); German comes from
`locales/de.po`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Annotated, ClassVar, Literal

from pydantic import Field

from pipeline.content.database import Database
from pipeline.content.guide import GUIDE_FILE_KINDS, GuideEntry
from pipeline.content.models import ContentFile, ContentModel, Entity, Slug
from pipeline.content.refs import Ref
from pipeline.content.rule_data import RuleData
from pipeline.content.texts import Translated
from pipeline.content.views import Entities, First, FirstRecord, Records
from pipeline.i18n.locales import DeclaredLocales
from pipeline.i18n.models import TermsFile

Count = Annotated[int, Field(ge=0)]
Positive = Annotated[int, Field(ge=1)]
RuleKey = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$", max_length=64)]


# --- Manifest ---------------------------------------------------------------------------------


# Ids of the rule data, resolved by the shared reference check (REF-UNKNOWN).
ActionId = Annotated[Slug, Ref("actions")]
HeroId = Annotated[Slug, Ref("heroes")]
RegionId = Annotated[Slug, Ref("regions")]
LocationId = Annotated[Slug, Ref("locations")]


class Variant(ContentModel):
    """An optional way to play: which rule constants take another constant's value."""

    id: Slug
    name: Translated
    replaces: dict[RuleKey, RuleKey] = Field(min_length=1)


class Manifest(ContentModel, DeclaredLocales):
    """The game: locales, the facts the guide states about its components, and every rules number."""

    text_prefix: ClassVar[str] = "game"

    id: Slug
    name: Translated
    components: dict[RuleKey, Count] = Field(min_length=1)
    rules: dict[RuleKey, int] = Field(min_length=1)
    variants: list[Variant] = []

    def text_key(self) -> str:
        return ""  # one manifest per game: its texts are `game:name`, `game:variants:<id>:name`

    def rule_values(self) -> dict[str, int]:
        """Every number a `{rule_key}` placeholder can print: the component facts and the rules."""
        return {**self.components, **self.rules}


class GameFile(ContentFile):
    kind: Literal["game"]
    game: Manifest
    entities_field = "game"


# --- Rule data --------------------------------------------------------------------------------


class Named(Entity):
    """A rules thing the text names: `name` is its English name, translated under `<kind>:<id>:name`."""

    name: Translated


class Hero(Named):
    title: Translated
    action: ActionId  # the hero-specific action
    armor_spaces: Count = 0
    companion_cards: Count = 0


class Action(Named):
    hero: HeroId | None = None  # None: every hero has it
    woundable: bool
    summary: Translated


class Operation(Named):
    hero: HeroId | None = None
    summary: Translated


class Result(StrEnum):
    SWORD = "sword"
    SHIELD = "shield"
    DODGE = "dodge"
    RITUAL = "ritual"
    SIGN = "sign"


class DieFace(Named):
    text_prefix: ClassVar[str] = "face"

    results: dict[Result, Positive] = {}  # empty: a blank face

    def result_icons(self) -> str:
        """What the guide's list of faces says of this one: its results as icons ("": a blank face)."""
        return " + ".join(f"{n} {{icon:{result.value}}}" for result, n in self.results.items())


class Die(Named):
    group: Literal["battle", "hero"]
    hero: HeroId | None = None
    count: Positive
    blank_faces: Count = 0


class TokenKind(StrEnum):
    LEAD = "lead"
    PROOF = "proof"
    GOLD = "gold"
    MARKER = "marker"
    WOUND = "wound"
    FOUL_FATE = "foul-fate"
    MONSTER = "monster"
    PLAYER = "player"


class Token(Named):
    token: TokenKind
    icon: Slug
    quick_reference: bool = False  # one of the guide's quick-reference rows (in file order)
    summary: Translated
    color: Literal["red", "blue", "purple", "bronze", "silver", "gold"] | None = None


class Discard(Named):
    """Where one kind of component goes when discarded."""

    summary: Translated


class Region(Named):
    color: Literal["gray", "purple", "red", "blue", "yellow", "green"]
    adjacent: list[RegionId] = Field(min_length=1)


class Location(Named):
    region: RegionId | None = None  # not stated by the guide for most locations
    leads: bool = True
    heals: bool = False


class Route(Entity):
    between: tuple[LocationId, LocationId]
    sea: bool = False
    gold_cost: Count = 0


class Trait(Named):
    cards: Literal["investigation", "development"]


class Quest(Named):
    """A part of a quest card: how many each card carries and whether it is bound to a location."""

    per_card_min: Positive
    per_card_max: Positive | None = None  # None: no upper limit stated
    at_location: bool
    summary: Translated


class Step(ContentModel):
    id: Slug
    text: Translated


class Procedure(Named):
    """An ordered list of steps (turn, battle, tiebreakers): printed as written, never sorted."""

    steps: list[Step] = Field(min_length=1)


class HeroesFile(ContentFile):
    kind: Literal["heroes"]
    heroes: list[Hero] = Field(min_length=1)
    entities_field = "heroes"
    rule_data = RuleData()


class ActionsFile(ContentFile):
    kind: Literal["actions"]
    actions: list[Action] = Field(min_length=1)
    entities_field = "actions"
    rule_data = RuleData(listed=True, owner="hero")


class OperationsFile(ContentFile):
    kind: Literal["operations"]
    operations: list[Operation] = Field(min_length=1)
    entities_field = "operations"
    rule_data = RuleData(listed=True, owner="hero")


class DieFacesFile(ContentFile):
    kind: Literal["dice-faces"]
    faces: list[DieFace] = Field(min_length=1)
    entities_field = "faces"
    rule_data = RuleData(listed=True, item=DieFace.result_icons)


class DiceFile(ContentFile):
    kind: Literal["dice"]
    dice: list[Die] = Field(min_length=1)
    entities_field = "dice"
    rule_data = RuleData()


class TokensFile(ContentFile):
    kind: Literal["tokens"]
    tokens: list[Token] = Field(min_length=1)
    entities_field = "tokens"
    rule_data = RuleData(listed=True, quick_reference=True)


class DiscardsFile(ContentFile):
    kind: Literal["discards"]
    discards: list[Discard] = Field(min_length=1)
    entities_field = "discards"
    rule_data = RuleData(listed=True)


class RegionsFile(ContentFile):
    kind: Literal["regions"]
    regions: list[Region] = Field(min_length=1)
    entities_field = "regions"
    rule_data = RuleData()


class LocationsFile(ContentFile):
    kind: Literal["locations"]
    locations: list[Location] = Field(min_length=1)
    entities_field = "locations"
    rule_data = RuleData()


class RoutesFile(ContentFile):
    kind: Literal["routes"]
    routes: list[Route] = Field(min_length=1)
    entities_field = "routes"
    rule_data = RuleData()


class TraitsFile(ContentFile):
    kind: Literal["traits"]
    traits: list[Trait] = Field(min_length=1)
    entities_field = "traits"
    rule_data = RuleData(bold=True)


class QuestsFile(ContentFile):
    kind: Literal["quests"]
    quests: list[Quest] = Field(min_length=1)
    entities_field = "quests"
    rule_data = RuleData(listed=True)


class ProceduresFile(ContentFile):
    kind: Literal["procedures"]
    procedures: list[Procedure] = Field(min_length=1)
    entities_field = "procedures"
    rule_data = RuleData(parts="steps")


FILE_KINDS: tuple[type[ContentFile], ...] = (
    GameFile,
    *GUIDE_FILE_KINDS,
    TermsFile,
    HeroesFile,
    ActionsFile,
    OperationsFile,
    DieFacesFile,
    DiceFile,
    TokensFile,
    DiscardsFile,
    RegionsFile,
    LocationsFile,
    RoutesFile,
    TraitsFile,
    QuestsFile,
    ProceduresFile,
)


@dataclass(frozen=True)
class AdventureContent:
    """A typed view of the Adventure Game's database: the manifest, the glossary and the rule data the checks count."""

    db: Database

    manifest = First[Manifest]("game")
    manifest_record = FirstRecord[Manifest]("game")
    entries = Entities[GuideEntry]("glossary")
    heroes = Entities[Hero]("heroes")
    regions = Entities[Region]("regions")
    region_records = Records[Region]("regions")
    dice = Entities[Die]("dice")
    faces = Entities[DieFace]("dice-faces")
    tokens = Entities[Token]("tokens")

    @property
    def rule_values(self) -> dict[str, int]:
        """Every number a `{rule_key}` placeholder can print (none without a manifest)."""
        return self.manifest.rule_values() if self.manifest is not None else {}
