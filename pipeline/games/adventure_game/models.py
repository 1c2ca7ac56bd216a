"""Adventure Game content models (reference §21): the guide's text and the rule data it talks about.

Every YAML file under `content/adventure-game/` has a `kind:` naming one of the file models at the
end of this module; the JSON Schemas in `content/schema/adventure-game/` are generated from them.
English text lives here; German comes from `locales/de.po` (see strings.py for the msgctxt paths).
Entry text is written with the markup of markup.py: `{rule_key}`, `{kind:id}`, `{kind_field:id}`,
`{icon:name}`, `[[entry-or-term]]` and `[[id|shown words]]`.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import Field, model_validator

from pipeline.content.models import ContentFile, ContentModel, Entity, Slug, Text
from pipeline.i18n.models import TermsFile

Count = Annotated[int, Field(ge=0)]
Positive = Annotated[int, Field(ge=1)]
RuleKey = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$", max_length=64)]
LocaleCode = Annotated[str, Field(pattern=r"^[a-z]{2,3}$")]
Order = Literal["as-written", "alphabetical"]


# --- Manifest ---------------------------------------------------------------------------------


class Collation(ContentModel):
    """How a locale sorts its glossary and lists; German DIN 5007-2 reads ä as ae ("expand")."""

    umlauts: Literal["expand", "base"] = "expand"


class Variant(ContentModel):
    """An optional way to play: which rule constants take another constant's value."""

    id: Slug
    name: Text
    replaces: dict[RuleKey, RuleKey] = Field(min_length=1)


class GuideText(ContentModel):
    """The words the guide's layout prints around the content (translated like every text)."""

    title: Text
    contents: Text
    index: Text
    related: Text
    see: Text
    page: Text
    quick_reference: Text
    only_for: Text  # "({hero} only)" after a hero's own action
    no_result: Text  # what a blank die face produces


class Manifest(ContentModel):
    """The game: locales, the facts the guide states about its components, and every rules number."""

    id: Slug
    name: Text
    source_locale: LocaleCode
    locales: list[LocaleCode] = Field(min_length=1)
    collation: dict[LocaleCode, Collation] = {}
    components: dict[RuleKey, Count] = Field(min_length=1)
    rules: dict[RuleKey, int] = Field(min_length=1)
    variants: list[Variant] = []
    guide: GuideText

    @model_validator(mode="after")
    def _source_is_a_locale(self) -> Manifest:
        if self.source_locale not in self.locales:
            raise ValueError(f"source_locale {self.source_locale!r} must be one of locales {self.locales}")
        return self


class GameFile(ContentFile):
    kind: Literal["game"]
    game: Manifest
    entities_field = "game"


# --- Guide text -------------------------------------------------------------------------------

BlockKind = Literal["paragraph", "example", "note", "bullets", "numbered", "table", "list-of", "steps"]
# Rule data a `list-of` block can print, one item per entity (name and summary).
ListSource = Literal["actions", "operations", "dice-faces", "tokens", "discards", "quests"]


class GuideBlock(ContentModel):
    """A paragraph, example, note, list or table; `list-of` and `steps` print rule data instead of text."""

    kind: BlockKind
    text: str = ""
    items: list[Text] = []
    rows: list[list[Text]] = []  # tables: the first row is the header
    order: Order = "as-written"
    source: ListSource | None = None  # list-of: which rule data
    procedure: Slug | None = None  # steps: which procedure

    @model_validator(mode="after")
    def _fields_fit_kind(self) -> GuideBlock:
        wanted = {
            "paragraph": "text",
            "example": "text",
            "note": "text",
            "bullets": "items",
            "numbered": "items",
            "table": "rows",
            "list-of": "source",
            "steps": "procedure",
        }[self.kind]
        given = {name for name in ("text", "items", "rows", "source", "procedure") if getattr(self, name)}
        if given != {wanted}:
            raise ValueError(f"a {self.kind} block takes exactly '{wanted}', got {sorted(given) or 'nothing'}")
        if self.order == "alphabetical" and self.kind not in ("bullets", "list-of"):
            raise ValueError("only bullets and list-of blocks can be sorted alphabetically")
        return self


class GlossaryEntry(Entity):
    """One glossary topic: a title, blocks of text, related topics (entry ids) and extra index terms."""

    title: Text
    blocks: list[GuideBlock] = Field(min_length=1)
    related: list[Slug] = []
    index_terms: list[Text] = []


class GlossaryFile(ContentFile):
    kind: Literal["glossary"]
    entries: list[GlossaryEntry] = Field(min_length=1)
    entities_field = "entries"


SectionRole = Literal["text", "glossary", "quick-reference"]


class GuideSection(Entity):
    """A part of the guide in print order; `variant` fills its numbers with that variant's rules."""

    title: Text
    role: SectionRole = "text"
    blocks: list[GuideBlock] = []
    variant: Slug | None = None
    quick_reference: list[Slug] = []  # token ids shown as icon rows (quick-reference role)


class GuideSectionsFile(ContentFile):
    kind: Literal["guide-sections"]
    sections: list[GuideSection] = Field(min_length=1)
    entities_field = "sections"


# --- Rule data --------------------------------------------------------------------------------


class Named(Entity):
    """A rules thing the text names: `name` is its English name, translated under `<kind>:<id>:name`."""

    name: Text


class Hero(Named):
    title: Text
    action: Slug  # the hero-specific action
    armor_spaces: Count = 0
    companion_cards: Count = 0


class Action(Named):
    hero: Slug | None = None  # None: every hero has it
    woundable: bool
    summary: Text


class Operation(Named):
    hero: Slug | None = None
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
    hero: Slug | None = None
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
    summary: Text
    color: Literal["red", "blue", "purple", "bronze", "silver", "gold"] | None = None


class Discard(Named):
    """Where one kind of component goes when discarded."""

    summary: Text


class Region(Named):
    color: Literal["gray", "purple", "red", "blue", "yellow", "green"]
    adjacent: list[Slug] = Field(min_length=1)


class Location(Named):
    region: Slug | None = None  # not stated by the guide for most locations
    leads: bool = True
    heals: bool = False


class Route(Entity):
    between: tuple[Slug, Slug]
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
    GlossaryFile,
    GuideSectionsFile,
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
