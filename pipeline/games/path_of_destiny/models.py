"""Path of Destiny content models (reference §17): one pydantic model per component, one file kind each.

Every YAML file under `content/path-of-destiny/` has a `kind:` naming one of the file models at the
end of this module; the JSON Schemas in `content/schema/path-of-destiny/` are generated from them.
Stories (kind `story`) are in story_models.py.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field

from pipeline.content.locales import DeclaredLocales
from pipeline.content.models import ContentFile, ContentModel, Entity, ListedComponent, Slug
from pipeline.content.refs import Ref
from pipeline.content.texts import OptionalTranslated, Translated
from pipeline.i18n.models import TextsFile

from .effects import CardCondition, CardEffect, PathOfDestinyEffect
from .enums import AutomaTrigger, Color, Holding, Side, Symbol, Timing, TokenKind
from .print_models import PRINT_FILE_KINDS
from .story_models import StoryFile

Count = Annotated[int, Field(ge=0)]
Positive = Annotated[int, Field(ge=1)]
Xp = Annotated[int, Field(ge=0, le=40)]
Effects = list[PathOfDestinyEffect]
# The id of a character, resolved by pipeline/content/refs.py.
CharacterId = Annotated[Slug, Ref("characters")]


# --- Manifest ---------------------------------------------------------------------------------


class StoryCounts(ContentModel):
    """What one story's box holds (reference §2.4); its story file must match."""

    id: Slug
    story_cards: Positive
    extra_effort_cards: Count = 0
    secret_objectives: Count = 0
    solo_objectives: Count = 0
    prerequisite_cards: Count = 0
    special_symbol_markers: Count = 0
    alliance_cards: Count = 0
    alliance_markers: Count = 0


class ComponentCounts(ContentModel):
    """How many of each component the box holds (reference §2); the database must match exactly."""

    characters: Count
    action_cards: Count
    starting_cards_per_character: Count
    ability_markers_per_character: Count
    character_markers_per_character: Count
    story_overview_cards: Count
    symbol_tokens_per_symbol: Count
    lost_symbol_markers: Count
    fate_markers: Count
    path_markers: Count
    extra_xp_markers: Count
    solo_fate_markers: Count
    automa_boards: Count
    solo_cards: Count
    stories: list[StoryCounts] = Field(min_length=1)


class RuleConstants(ContentModel):
    """Every rules number the engine reads and the guides print; written here once."""

    chapters: Positive
    rounds_per_chapter: Positive
    hand_size: Positive
    cards_per_pair: Positive
    cards_played_per_round: Positive
    # Timeline cards kept after chapter 1, 2, ... (one entry per chapter but the last).
    kept_after_chapter: list[Count]
    vp_per_main_symbol: Positive
    xp_per_secondary_symbol: Positive
    extra_xp_marker_xp: Positive
    xp_track_max: Positive
    golden_track_max: Positive
    scaled_max: Positive
    automa_second_ability_xp: Positive
    alliance_limit_per_faction: Positive
    prerequisite_first_cards: Positive
    prerequisite_first_xp: Positive
    prerequisite_later_cards: Positive
    prerequisite_later_xp: Positive
    objective_ranked_vp: list[Positive] = Field(min_length=1)
    # Story graph: ending cards allowed between a chapter-3 path card and its epilogue.
    max_ending_chain: Count


class SetupProfile(ContentModel):
    """What changes with the number of players (reference §5, §7.3, §14)."""

    players: Annotated[int, Field(ge=1, le=5)]
    supply_rows: Positive
    extra_xp_row: Positive
    automa: bool = False
    # Two players: the cards left in the supply vote as a third character (reference §7.3).
    supply_votes: bool = False


class SymbolInfo(ContentModel):
    id: Symbol
    name: Translated


class ColorInfo(ContentModel):
    id: Color
    name: Translated
    swatch: Annotated[str, Field(pattern=r"^#[0-9a-fA-F]{6}$")]


class Manifest(ContentModel, DeclaredLocales):
    text_prefix: ClassVar[str] = "game"

    id: Slug = Field(description="the game's id: path-of-destiny")
    name: Translated = Field(description="the game's name (translated)")
    player_min: Annotated[int, Field(ge=1, le=5)] = Field(description="the fewest players")
    player_max: Annotated[int, Field(ge=1, le=5)] = Field(description="the most players")
    character_line: list[Slug] = Field(min_length=1, description="every character of the game line (stories' start "
                                       "orders list them all; reference §11)")
    symbols: list[SymbolInfo] = Field(min_length=1, description="the symbols cards show, with their translated names")
    colors: list[ColorInfo] = Field(min_length=1, description="the card colours, with their names and swatches")
    components: ComponentCounts = Field(description="how many of each component the box holds")
    component_list: list[ListedComponent] = Field([], description="the component list as the rulebook gives it "
                                                  "(pipeline/rules/checklist.py): checked against the print")
    rules: RuleConstants = Field(description="every rules number, printed by `{key}` in the guides")
    initiative_after_take: Literal["rows-top-down-then-deck"] = Field(
        description="how the initiative order is read off the supply after taking cards (printed on the mat; §15.3)")
    setup: list[SetupProfile] = Field(min_length=1, description="what changes with the number of players")

    def text_key(self) -> str:
        return ""  # one manifest per game: its texts are `game:name`, `game:symbols:magic:name`


# --- Characters ---------------------------------------------------------------------------------


class Ability(ContentModel):
    """A once-per-game ability, unlocked when the XP cube reaches `unlock_xp` (reference §10)."""

    id: Slug
    name: Translated
    unlock_xp: Xp
    timing: Timing
    text: Translated
    effects: Effects = []


class QuestTier(ContentModel):
    at_least: Positive
    vp: Positive


class SideQuest(ContentModel):
    """Scored at game end against the hand (reference §9): the best tier reached pays."""

    id: Slug
    name: Translated
    text: Translated
    symbol: Symbol | None = None
    color: Color | None = None
    holding: Holding = Holding.HAND
    tiers: list[QuestTier] = Field(min_length=1)


class Character(Entity):
    name: Translated
    epithet: OptionalTranslated = ""
    abilities: list[Ability] = Field(min_length=1)
    side_quest: SideQuest


# --- Action cards --------------------------------------------------------------------------------


class ActionCard(Entity):
    """A main-deck card, or a character's starting card (`owner`). Reference §4.1, §13."""

    name: Translated
    owner: CharacterId | None = None
    symbol: Symbol | None = None
    colors: list[Color] = Field(min_length=1, max_length=4)
    condition: CardCondition | None = None
    effect: CardEffect | None = None
    # An author's wording of the effect; otherwise it is printed from condition and effect.
    text: OptionalTranslated = ""


# --- Tokens ----------------------------------------------------------------------------------


class Token(Entity):
    name: Translated
    kind: TokenKind
    count: Positive
    symbol: Symbol | None = None
    numeral: Annotated[int, Field(ge=1, le=9)] | None = None
    side: Side | None = None


# --- Solo mode -------------------------------------------------------------------------------


class AutomaAbility(ContentModel):
    """Usable any number of times, whenever its trigger is met (reference §14)."""

    id: Slug
    name: Translated
    trigger: AutomaTrigger
    text: Translated
    effects: Effects = []


class AutomaBoard(Entity):
    character: CharacterId
    symbols: list[Symbol] = Field(min_length=1)
    abilities: list[AutomaAbility] = Field(min_length=1)


class SoloLevel(Entity):
    name: Translated
    start_xp: Xp
    second_ability_from_start: bool = False
    # Designed (not in the rulebook): tokens of each active symbol the Automa gains at every chapter start on
    # this level, on top of the rulebook's; the knob that steps the levels from easy to hard (docs/balance/).
    chapter_symbols: Annotated[int, Field(ge=0, le=5)] = 0


class SoloCard(Entity):
    title: Translated
    text: Translated
    # The card that lists every difficulty level's values (start XP, second ability, chapter_symbols) below its text.
    levels: bool = False


class Automa(Entity):
    levels: list[SoloLevel] = Field(min_length=1)
    boards: list[AutomaBoard] = Field(min_length=1)
    solo_cards: list[SoloCard] = Field(min_length=1)

    def text_key(self) -> str:
        return ""  # one Automa per game: its texts are `automa:levels:normal:name`


# --- Files ----------------------------------------------------------------------------------


class GameFile(ContentFile):
    kind: Literal["game"]
    game: Manifest
    entities_field = "game"


class CharactersFile(ContentFile):
    kind: Literal["characters"]
    characters: list[Character] = Field(min_length=1)
    entities_field = "characters"


class ActionCardsFile(ContentFile):
    kind: Literal["action-cards"]
    cards: list[ActionCard] = Field(min_length=1)
    entities_field = "cards"
    collection = "action-cards"


class TokensFile(ContentFile):
    kind: Literal["tokens"]
    tokens: list[Token] = Field(min_length=1)
    entities_field = "tokens"


class AutomaFile(ContentFile):
    kind: Literal["automa"]
    automa: Automa
    entities_field = "automa"


# Message templates, help cards and the reference guide are what the print side reads (print_models.py).
FILE_KINDS: tuple[type[ContentFile], ...] = (
    GameFile, CharactersFile, ActionCardsFile, TokensFile, AutomaFile, StoryFile, TextsFile, *PRINT_FILE_KINDS,
)
