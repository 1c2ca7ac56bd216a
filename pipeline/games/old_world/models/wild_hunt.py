"""Wild Hunt's content models (expansion sheet §11, §18): the box, the members, the Exploration cards and Events."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from pipeline.content.models import ContentFile, ContentModel, Copies, Entity, Slug
from pipeline.content.texts import Translated, UniqueKeys

from ..enums import (
    PokerCategory,
    Terrain,
)
from .base import AttackAmount, Count, Effects, Level

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
    copies: Copies


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
