"""Adventure Game content models (reference §21): the manifest and the rule data the guide talks about.

Every YAML file under `content/adventure-game/` has a `kind:` naming one of the file models at the
end of this module; the guide's own files (`guide`, `guide-sections`, `glossary`) are the shared ones
of pipeline/content/guide.py. The JSON Schemas in `content/schema/adventure-game/` are generated from
them. Guide text names the rule data as `{kind:id}` (its name) and `{kind_field:id}` (a number field),
the kinds of REF_KINDS; German comes from `locales/de.po`.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import AfterValidator, Field, model_validator

from pipeline.content.guide import GUIDE_FILE_KINDS
from pipeline.content.models import ContentFile, ContentModel, Entity, Slug, Text
from pipeline.content.refs import Ref
from pipeline.i18n.locales import locale_tag
from pipeline.i18n.models import TermsFile

Count = Annotated[int, Field(ge=0)]
Positive = Annotated[int, Field(ge=1)]
RuleKey = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$", max_length=64)]
LocaleCode = Annotated[str, Field(pattern=r"^[a-z]{2,3}$"), AfterValidator(locale_tag)]


# --- Manifest ---------------------------------------------------------------------------------


# Ids of the rule data, resolved by the shared reference check (REF-UNKNOWN).
ActionId = Annotated[Slug, Ref("actions")]
HeroId = Annotated[Slug, Ref("heroes")]
RegionId = Annotated[Slug, Ref("regions")]
LocationId = Annotated[Slug, Ref("locations")]


class Variant(ContentModel):
    """An optional way to play: which rule constants take another constant's value."""

    id: Slug
    name: Text
    replaces: dict[RuleKey, RuleKey] = Field(min_length=1)


class Manifest(ContentModel):
    """The game: locales, the facts the guide states about its components, and every rules number."""

    id: Slug
    name: Text
    source_locale: LocaleCode
    locales: list[LocaleCode] = Field(min_length=1)
    components: dict[RuleKey, Count] = Field(min_length=1)
    rules: dict[RuleKey, int] = Field(min_length=1)
    variants: list[Variant] = []

    @model_validator(mode="after")
    def _source_is_a_locale(self) -> Manifest:
        if self.source_locale not in self.locales:
            raise ValueError(f"source_locale {self.source_locale!r} must be one of locales {self.locales}")
        return self


class GameFile(ContentFile):
    kind: Literal["game"]
    game: Manifest
    entities_field = "game"


# --- Rule data --------------------------------------------------------------------------------


class Named(Entity):
    """A rules thing the text names: `name` is its English name, translated under `<kind>:<id>:name`."""

    name: Text


class Hero(Named):
    title: Text
    action: ActionId  # the hero-specific action
    armor_spaces: Count = 0
    companion_cards: Count = 0


class Action(Named):
    hero: HeroId | None = None  # None: every hero has it
    woundable: bool
    summary: Text


class Operation(Named):
    hero: HeroId | None = None
    summary: Text


class Result(StrEnum):
    SWORD = "sword"
    SHIELD = "shield"
    DODGE = "dodge"
    RITUAL = "ritual"
    SIGN = "sign"


class DieFace(Named):
    results: dict[Result, Positive] = {}  # empty: a blank face


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
    summary: Text
    color: Literal["red", "blue", "purple", "bronze", "silver", "gold"] | None = None


class Discard(Named):
    """Where one kind of component goes when discarded."""

    summary: Text


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
    summary: Text


class Step(ContentModel):
    id: Slug
    text: Text


class Procedure(Named):
    """An ordered list of steps (turn, battle, tiebreakers): printed as written, never sorted."""

    steps: list[Step] = Field(min_length=1)


class HeroesFile(ContentFile):
    kind: Literal["heroes"]
    heroes: list[Hero] = Field(min_length=1)
    entities_field = "heroes"


class ActionsFile(ContentFile):
    kind: Literal["actions"]
    actions: list[Action] = Field(min_length=1)
    entities_field = "actions"


class OperationsFile(ContentFile):
    kind: Literal["operations"]
    operations: list[Operation] = Field(min_length=1)
    entities_field = "operations"


class DieFacesFile(ContentFile):
    kind: Literal["dice-faces"]
    faces: list[DieFace] = Field(min_length=1)
    entities_field = "faces"


class DiceFile(ContentFile):
    kind: Literal["dice"]
    dice: list[Die] = Field(min_length=1)
    entities_field = "dice"


class TokensFile(ContentFile):
    kind: Literal["tokens"]
    tokens: list[Token] = Field(min_length=1)
    entities_field = "tokens"


class DiscardsFile(ContentFile):
    kind: Literal["discards"]
    discards: list[Discard] = Field(min_length=1)
    entities_field = "discards"


class RegionsFile(ContentFile):
    kind: Literal["regions"]
    regions: list[Region] = Field(min_length=1)
    entities_field = "regions"


class LocationsFile(ContentFile):
    kind: Literal["locations"]
    locations: list[Location] = Field(min_length=1)
    entities_field = "locations"


class RoutesFile(ContentFile):
    kind: Literal["routes"]
    routes: list[Route] = Field(min_length=1)
    entities_field = "routes"


class TraitsFile(ContentFile):
    kind: Literal["traits"]
    traits: list[Trait] = Field(min_length=1)
    entities_field = "traits"


class QuestsFile(ContentFile):
    kind: Literal["quests"]
    quests: list[Quest] = Field(min_length=1)
    entities_field = "quests"


class ProceduresFile(ContentFile):
    kind: Literal["procedures"]
    procedures: list[Procedure] = Field(min_length=1)
    entities_field = "procedures"


# The reference kind used in text (`{action:travel}`) -> the collection holding it.
REF_KINDS: dict[str, str] = {
    "hero": "heroes",
    "action": "actions",
    "operation": "operations",
    "face": "dice-faces",
    "die": "dice",
    "token": "tokens",
    "discard": "discards",
    "region": "regions",
    "location": "locations",
    "route": "routes",
    "trait": "traits",
    "quest": "quests",
    "procedure": "procedures",
}

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
