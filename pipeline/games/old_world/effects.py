"""Old World's effect vocabulary (reference §20.2): what cards, potions, trophies and events can do.

Content may only use these classes; anything else fails schema validation. The engine gives each
class its behaviour; i18n prints each through the message `effect.<type>`.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal, Union

from pydantic import Field, model_validator

from pipeline.content.models import ContentModel
from pipeline.rules.effects import Effect, EffectRegistry

from .enums import Attribute, Terrain

Amount = Annotated[int, Field(ge=1, le=20)]


class AttributeChoice(StrEnum):
    """Which attribute an effect changes: a named one, or one the player picks."""

    COMBAT = "combat"
    DEFENSE = "defense"
    ALCHEMY = "alchemy"
    SPECIALTY = "specialty"
    ANY = "any"
    LOWEST = "lowest"


class TerrainChoice(StrEnum):
    FOREST = "forest"
    MOUNTAIN = "mountain"
    WATER = "water"
    ANY = "any"


class Destination(StrEnum):
    HAND = "hand"
    DISCARD = "discard"


class TrashSource(StrEnum):
    ANY = "any"
    HAND = "hand"
    DECK = "deck"
    DISCARD = "discard"


# --- Gold, attributes, shield, potions -------------------------------------------------------


class GainGold(Effect):
    type: Literal["gain-gold"]
    amount: Amount


class LoseGold(Effect):
    type: Literal["lose-gold"]
    amount: Amount


class RaiseAttribute(Effect):
    """Raise an attribute one or more levels (Defense also raises Shield, Alchemy draws a Potion)."""

    type: Literal["raise-attribute"]
    attribute: AttributeChoice
    amount: Amount = 1


class LowerAttribute(Effect):
    type: Literal["lower-attribute"]
    attribute: AttributeChoice
    amount: Amount = 1


class RaiseShield(Effect):
    type: Literal["raise-shield"]
    amount: Amount


class LowerShield(Effect):
    type: Literal["lower-shield"]
    amount: Amount


class SetShield(Effect):
    """Set the Shield to a value (capped by Defense); `value: 0` breaks it."""

    type: Literal["set-shield"]
    value: Annotated[int, Field(ge=0, le=5)]


class LowerDefenseThisFight(Effect):
    """For this fight only, Defense counts lower; Shield drops to the new maximum."""

    type: Literal["lower-defense-this-fight"]
    amount: Amount = 1


class GainPotion(Effect):
    type: Literal["gain-potion"]
    amount: Amount = 1


class DiscardPotions(Effect):
    type: Literal["discard-potions"]
    amount: Amount | Literal["all"]


# --- Cards -------------------------------------------------------------------------------------


class DrawCards(Effect):
    type: Literal["draw-cards"]
    amount: Amount


class DrawModifier(Effect):
    """Change how many cards are drawn in fight step 4 (positive or negative)."""

    type: Literal["draw-modifier"]
    amount: Annotated[int, Field(ge=-5, le=5)]

    @model_validator(mode="after")
    def _not_zero(self) -> DrawModifier:
        if self.amount == 0:
            raise ValueError("a draw modifier of 0 changes nothing")
        return self


class DiscardRandomFromHand(Effect):
    type: Literal["discard-random-from-hand"]
    amount: Amount


class DiscardFromDeckTop(Effect):
    type: Literal["discard-from-deck-top"]
    amount: Amount


class TrashCards(Effect):
    type: Literal["trash-cards"]
    amount: Amount
    source: TrashSource = TrashSource.ANY


class TakeTopOfDiscard(Effect):
    """Take the top card of your discard pile into your hand (fight step 3c)."""

    type: Literal["take-top-of-discard"]


class SearchDiscardForAny(Effect):
    """Take any one card of your choice from your discard pile into your hand."""

    type: Literal["search-discard-for-any"]


class ReturnThisCardToHand(Effect):
    """After the combo resolves, this card goes back to hand instead of the discard pile."""

    type: Literal["return-this-card-to-hand"]


class PutBackOnDeck(Effect):
    """Put cards from hand back on top of your deck in any order."""

    type: Literal["put-back-on-deck"]
    amount: Amount


class LookAtDeck(Effect):
    """Look through your deck (then shuffle it)."""

    type: Literal["look-at-deck"]


class GainMarketCard(Effect):
    """Take a market card whose printed cost is at most `max_cost` (or exactly `cost`)."""

    type: Literal["gain-market-card"]
    max_cost: Annotated[int, Field(ge=0, le=10)] | None = None
    cost: Annotated[int, Field(ge=0, le=10)] | None = None
    destination: Destination = Destination.HAND

    @model_validator(mode="after")
    def _one_filter(self) -> GainMarketCard:
        if (self.max_cost is None) == (self.cost is None):
            raise ValueError("give exactly one of max_cost and cost")
        return self


class GainZeroCostCard(Effect):
    """Add a printed-0-cost market card to your discard pile (the standard penalty)."""

    type: Literal["gain-zero-cost-card"]


class TrashMarketCards(Effect):
    type: Literal["trash-market-cards"]
    amount: Amount


# --- Fight -------------------------------------------------------------------------------------


class DealDamage(Effect):
    type: Literal["deal-damage"]
    amount: Amount


class ExtraComboCard(Effect):
    """Add cards to this combo ignoring extension colours."""

    type: Literal["extra-combo-card"]
    amount: Amount = 1


class PeekOpponentDeck(Effect):
    """Look at the top cards of the opponent's deck (Life Pool), discard some, return the rest."""

    type: Literal["peek-opponent-deck"]
    amount: Amount
    discard: Annotated[int, Field(ge=0, le=10)] = 0


class MonsterChoosesWorseAttack(Effect):
    """The monster's controller picks the attack half that costs the witcher more cards."""

    type: Literal["monster-chooses-worse-attack"]


class IgnoreTrailFirstStrike(Effect):
    """The monster acts first even if the witcher holds its Trail."""

    type: Literal["monster-strikes-first"]


# --- Map, trails, quests, events ----------------------------------------------------------------


class GainTrail(Effect):
    type: Literal["gain-trail"]
    terrain: TerrainChoice = TerrainChoice.ANY


class StartQuest(Effect):
    """Keep this card as a Quest; its location is drawn from the terrain's tokens."""

    type: Literal["start-quest"]
    terrain: Terrain | None = None
    enter_event: Annotated[int, Field(ge=1)]


class EnterEvent(Effect):
    type: Literal["enter-event"]
    event: Annotated[int, Field(ge=1)]


class DieBranch(ContentModel):
    """One outcome of a d6 roll: the effects for results min..max."""

    min: Annotated[int, Field(ge=1, le=6)]
    max: Annotated[int, Field(ge=1, le=6)]
    text: str = ""
    effects: list[OldWorldEffect] = []


class RollDie(Effect):
    """Roll one die; the branches must cover 1–6 exactly once."""

    type: Literal["roll-die"]
    branches: list[DieBranch] = Field(min_length=2)


class AttributeTest(Effect):
    """Succeed if an attribute is at least `at_least`; else the failure effects."""

    type: Literal["attribute-test"]
    attribute: Attribute
    at_least: Annotated[int, Field(ge=1, le=5)]
    success: list[OldWorldEffect] = []
    failure: list[OldWorldEffect] = []


class ShortFight(Effect):
    """A short fight: the opponent has `life` cards of Monster Fight deck; each attack deals `damage`."""

    type: Literal["short-fight"]
    life: Annotated[int, Field(ge=1, le=20)]
    damage: Annotated[int, Field(ge=1, le=10)]
    win: list[OldWorldEffect] = []
    lose: list[OldWorldEffect] = []


OldWorldEffect = Annotated[
    Union[  # noqa: UP007 - a Union keeps the discriminated union explicit and ordered
        GainGold,
        LoseGold,
        RaiseAttribute,
        LowerAttribute,
        RaiseShield,
        LowerShield,
        SetShield,
        LowerDefenseThisFight,
        GainPotion,
        DiscardPotions,
        DrawCards,
        DrawModifier,
        DiscardRandomFromHand,
        DiscardFromDeckTop,
        TrashCards,
        TakeTopOfDiscard,
        SearchDiscardForAny,
        ReturnThisCardToHand,
        PutBackOnDeck,
        LookAtDeck,
        GainMarketCard,
        GainZeroCostCard,
        TrashMarketCards,
        DealDamage,
        ExtraComboCard,
        PeekOpponentDeck,
        MonsterChoosesWorseAttack,
        IgnoreTrailFirstStrike,
        GainTrail,
        StartQuest,
        EnterEvent,
        RollDie,
        AttributeTest,
        ShortFight,
    ],
    Field(discriminator="type"),
]

DieBranch.model_rebuild()
RollDie.model_rebuild()
AttributeTest.model_rebuild()
ShortFight.model_rebuild()

EFFECTS = EffectRegistry(OldWorldEffect)

# Effects that make sense when a combo resolves (reference §21 rule 18).
COMBO_EFFECTS = frozenset(
    {
        "deal-damage",
        "raise-shield",
        "draw-modifier",
        "take-top-of-discard",
        "search-discard-for-any",
        "return-this-card-to-hand",
        "peek-opponent-deck",
        "discard-random-from-hand",
        "draw-cards",
        "put-back-on-deck",
    }
)
