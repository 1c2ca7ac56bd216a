"""Old World's effect vocabulary (reference §20.2): what cards, potions, trophies and events can do.

Content may only use these classes; anything else fails schema validation. Each class prints as one
sentence (its `sentence()`); the engine registers an executor for each (engine/execute.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import Annotated, ClassVar, Literal, Union

from pydantic import Field, model_validator

from pipeline.content.models import ContentModel
from pipeline.content.texts import OptionalTranslated
from pipeline.i18n.messages import Message
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


def _values(choices: type[StrEnum]) -> tuple[str, ...]:
    return tuple(choice.value for choice in choices)


class OwEffect(Effect):
    """Base of this game's vocabulary: `in_combo` marks what makes sense when a combo resolves (§21 rule 18)."""

    in_combo: ClassVar[bool] = False


# "Nothing happens.": the sentence of an empty list of effects (a die result, a test's failure).
NOTHING = Message("effect:none")


def sentences(effects: Sequence[Effect]) -> tuple[Message, ...]:
    """A nested effect list as a placeholder value: one sentence each, or 'Nothing happens.'"""
    return tuple(e.sentence() for e in effects) or (NOTHING,)


# --- Gold, attributes, shield, potions -------------------------------------------------------


class GainGold(OwEffect):
    printed = ("amount",)
    type: Literal["gain-gold"]
    amount: Amount


class LoseGold(OwEffect):
    printed = ("amount",)
    type: Literal["lose-gold"]
    amount: Amount


class RaiseAttribute(OwEffect):
    """Raise an attribute one or more levels (Defense also raises Shield, Alchemy draws a Potion)."""

    variants = _values(AttributeChoice)
    type: Literal["raise-attribute"]
    attribute: AttributeChoice
    amount: Amount = 1

    def sentence(self) -> Message:
        return self.message(self.attribute.value, amount=self.amount)


class LowerAttribute(OwEffect):
    variants = _values(AttributeChoice)
    type: Literal["lower-attribute"]
    attribute: AttributeChoice
    amount: Amount = 1

    def sentence(self) -> Message:
        return self.message(self.attribute.value, amount=self.amount)


class RaiseShield(OwEffect):
    in_combo = True
    printed = ("amount",)
    type: Literal["raise-shield"]
    amount: Amount


class LowerShield(OwEffect):
    printed = ("amount",)
    type: Literal["lower-shield"]
    amount: Amount


class LowerShieldPerTrophy(OwEffect):
    """Lower the Shield by `amount` for each Trophy card the witcher owns (Dagon's Special Ability, §10.2)."""

    printed = ("amount",)
    type: Literal["lower-shield-per-trophy"]
    amount: Amount = 1


class SetShield(OwEffect):
    """Set the Shield to a value (capped by Defense); `value: 0` breaks it."""

    printed = ("value",)
    type: Literal["set-shield"]
    value: Annotated[int, Field(ge=0, le=5)]


class LowerDefenseThisFight(OwEffect):
    """For this fight only, Defense counts lower; Shield drops to the new maximum."""

    printed = ("amount",)
    type: Literal["lower-defense-this-fight"]
    amount: Amount = 1


class GainPotion(OwEffect):
    printed = ("amount",)
    type: Literal["gain-potion"]
    amount: Amount = 1


class DiscardPotions(OwEffect):
    variants = ("", "all")
    type: Literal["discard-potions"]
    amount: Amount | Literal["all"]

    def sentence(self) -> Message:
        return self.message("all") if self.amount == "all" else self.message(amount=self.amount)


# --- Cards -------------------------------------------------------------------------------------


class DrawCards(OwEffect):
    in_combo = True
    printed = ("amount",)
    type: Literal["draw-cards"]
    amount: Amount


class DrawModifier(OwEffect):
    """Change how many cards are drawn in fight step 4 (positive or negative)."""

    in_combo = True
    variants = ("more", "fewer")
    type: Literal["draw-modifier"]
    amount: Annotated[int, Field(ge=-5, le=5)]

    @model_validator(mode="after")
    def _not_zero(self) -> DrawModifier:
        if self.amount == 0:
            raise ValueError("a draw modifier of 0 changes nothing")
        return self

    def sentence(self) -> Message:
        return self.message("more" if self.amount > 0 else "fewer", amount=abs(self.amount))


class DiscardRandomFromHand(OwEffect):
    in_combo = True
    printed = ("amount",)
    type: Literal["discard-random-from-hand"]
    amount: Amount


class DiscardFromDeckTop(OwEffect):
    printed = ("amount",)
    type: Literal["discard-from-deck-top"]
    amount: Amount


class TrashCards(OwEffect):
    variants = _values(TrashSource)
    type: Literal["trash-cards"]
    amount: Amount
    source: TrashSource = TrashSource.ANY

    def sentence(self) -> Message:
        return self.message(self.source.value, amount=self.amount)


class TakeTopOfDiscard(OwEffect):
    """Take the top card of your discard pile into your hand (fight step 3c), then discard up to
    `then_discard` hand cards (Griffin Magic: "then discard 0-2 cards")."""

    in_combo = True
    printed = ()
    variants = ("", "then-discard")  # the discard prints whenever the engine offers it
    type: Literal["take-top-of-discard"]
    then_discard: Annotated[int, Field(ge=0, le=7)] = 0

    def sentence(self) -> Message:
        return self.message("then-discard", amount=self.then_discard) if self.then_discard else self.message()


class SearchDiscardForAny(OwEffect):
    """Take any one card of your choice from your discard pile into your hand, then discard up to
    `then_discard` hand cards."""

    in_combo = True
    printed = ()
    variants = ("", "then-discard")  # the discard prints whenever the engine offers it
    type: Literal["search-discard-for-any"]
    then_discard: Annotated[int, Field(ge=0, le=7)] = 0

    def sentence(self) -> Message:
        return self.message("then-discard", amount=self.then_discard) if self.then_discard else self.message()


class ReturnThisCardToHand(OwEffect):
    """After the combo resolves, this card goes back to hand instead of the discard pile."""

    in_combo = True
    printed = ()
    type: Literal["return-this-card-to-hand"]


class PutBackOnDeck(OwEffect):
    """Put cards from hand back on top of your deck in any order."""

    in_combo = True
    printed = ("amount",)
    type: Literal["put-back-on-deck"]
    amount: Amount


class LookAtDeck(OwEffect):
    """Look through your deck (then shuffle it)."""

    printed = ()
    type: Literal["look-at-deck"]


class GainMarketCard(OwEffect):
    """Take a market card whose printed cost is at most `max_cost` (or exactly `cost`)."""

    variants = tuple(f"{rule}:{destination.value}" for rule in ("max-cost", "cost") for destination in Destination)
    type: Literal["gain-market-card"]
    max_cost: Annotated[int, Field(ge=0, le=10)] | None = None
    cost: Annotated[int, Field(ge=0, le=10)] | None = None
    destination: Destination = Destination.HAND

    @model_validator(mode="after")
    def _one_filter(self) -> GainMarketCard:
        if (self.max_cost is None) == (self.cost is None):
            raise ValueError("give exactly one of max_cost and cost")
        return self

    def sentence(self) -> Message:
        rule, cost = ("max-cost", self.max_cost) if self.max_cost is not None else ("cost", self.cost)
        return self.message(f"{rule}:{self.destination.value}", cost=cost if cost is not None else 0)


class GainAnyMarketCard(OwEffect):
    """Take any market card, whatever its cost: an Advanced Action card too, without its trash (Monster Trail FAQ,
    expansion sheet §9.6)."""

    variants = tuple(destination.value for destination in Destination)
    type: Literal["gain-any-market-card"]
    destination: Destination = Destination.HAND

    def sentence(self) -> Message:
        return self.message(self.destination.value)


class GainZeroCostCard(OwEffect):
    """Add a printed-0-cost market card to your discard pile (the standard penalty)."""

    printed = ()
    type: Literal["gain-zero-cost-card"]


class TrashMarketCards(OwEffect):
    printed = ("amount",)
    type: Literal["trash-market-cards"]
    amount: Amount


# --- Fight -------------------------------------------------------------------------------------


class DealDamage(OwEffect):
    in_combo = True
    printed = ("amount",)
    type: Literal["deal-damage"]
    amount: Amount


class GainEnergy(OwEffect):
    """A Mage gains Energy; in a fight it may exceed Wisdom (expansion sheet §8.4)."""

    in_combo = True
    printed = ("amount",)
    type: Literal["gain-energy"]
    amount: Amount


class GainProtection(OwEffect):
    """A Mage's Protection: cuts the ordinary damage of the opponent's very next fight turn (§8.4)."""

    in_combo = True
    printed = ("amount",)
    type: Literal["gain-protection"]
    amount: Amount


class PerEnergy(OwEffect):
    """Deal damage, gain Protection or draw more cards in step 4, as much as your Energy (§8.5 icons)."""

    in_combo = True
    variants = ("damage", "protection", "draw")
    type: Literal["per-energy"]
    gain: Literal["damage", "protection", "draw"]

    def sentence(self) -> Message:
        return self.message(self.gain)


class ExtraComboCard(OwEffect):
    """Add cards to this combo ignoring extension colours."""

    printed = ("amount",)
    type: Literal["extra-combo-card"]
    amount: Amount = 1


class PeekOpponentDeck(OwEffect):
    """Look at the top cards of the opponent's deck (Life Pool), discard some, return the rest."""

    in_combo = True
    variants = ("", "discard")
    type: Literal["peek-opponent-deck"]
    amount: Amount
    discard: Annotated[int, Field(ge=0, le=10)] = 0

    def sentence(self) -> Message:
        if self.discard:
            return self.message("discard", amount=self.amount, discard=self.discard)
        return self.message(amount=self.amount)


class OpponentSpecialtyLevel(OwEffect):
    """In a duel, played before the life pools are made: the opponent's Specialty counts as this level for the fight
    (the Dimeritium Bomb against a witcher, expansion sheet §9.5)."""

    printed = ("level",)
    type: Literal["opponent-specialty-level"]
    level: Annotated[int, Field(ge=1, le=5)] = 1


class MonsterChoosesWorseAttack(OwEffect):
    """The monster's controller picks the attack half that costs the witcher more cards."""

    printed = ()
    type: Literal["monster-chooses-worse-attack"]


class IgnoreTrailFirstStrike(OwEffect):
    """The monster acts first even if the witcher holds its Trail."""

    printed = ()
    type: Literal["monster-strikes-first"]


# --- Map, trails, quests, events ----------------------------------------------------------------


class GainTrail(OwEffect):
    variants = _values(TerrainChoice)
    type: Literal["gain-trail"]
    terrain: TerrainChoice = TerrainChoice.ANY

    def sentence(self) -> Message:
        return self.message(self.terrain.value)


class StartQuest(OwEffect):
    """Keep this card as a Quest; its location is drawn from the terrain's tokens."""

    variants = ("", *_values(Terrain))
    type: Literal["start-quest"]
    terrain: Terrain | None = None
    enter_event: Annotated[int, Field(ge=1)]

    def sentence(self) -> Message:
        return self.message(self.terrain.value if self.terrain else "", event=self.enter_event)


class EnterEvent(OwEffect):
    printed = ("event",)
    type: Literal["enter-event"]
    event: Annotated[int, Field(ge=1)]


class EnterSkelligeEvent(OwEffect):
    """Read a card of Skellige's Event deck, its own number sequence (expansion sheet §10.2, §17)."""

    printed = ("event",)
    type: Literal["enter-skellige-event"]
    event: Annotated[int, Field(ge=1)]


class MoveDagon(OwEffect):
    """Move Dagon up (positive) or down the Danger Track (expansion sheet §10.7); up to its top spot is its
    emergence."""

    variants = ("up", "down")
    type: Literal["move-dagon"]
    amount: Annotated[int, Field(ge=-3, le=3)]

    @model_validator(mode="after")
    def _not_zero(self) -> MoveDagon:
        if self.amount == 0:
            raise ValueError("Dagon moves 1 to 3 spots up (positive) or down (negative), not 0")
        return self

    def sentence(self) -> Message:
        return self.message("up" if self.amount > 0 else "down", amount=abs(self.amount))


class DieBranch(ContentModel):
    """One outcome of a d6 roll: the effects for results min..max."""

    min: Annotated[int, Field(ge=1, le=6)]
    max: Annotated[int, Field(ge=1, le=6)]
    text: OptionalTranslated = ""
    effects: list[OldWorldEffect] = []

    def text_key(self) -> str:
        return f"roll-{self.min}-{self.max}"  # a branch is named by the results it covers


class RollDie(OwEffect):
    """Roll one die; the branches must cover 1–6 exactly once."""

    in_combo = True  # Monster Trail's Advanced Action cards roll in a combo (expansion sheet §9.6)
    variants = ("", "range", "result")  # the roll, then a line per branch: a range of results or one
    type: Literal["roll-die"]
    branches: list[DieBranch] = Field(min_length=2)

    def sentence(self) -> Message:
        return self.message(branches=tuple(self._branch(b) for b in self.branches))

    def _branch(self, branch: DieBranch) -> Message:
        effects = sentences(branch.effects)
        if branch.min == branch.max:
            return self.message("result", result=branch.min, effects=effects)
        return self.message("range", min=branch.min, max=branch.max, effects=effects)


class RollTier(ContentModel):
    """One tier of a Mage's die table: reached by a modified result of at least `at_least`."""

    at_least: Annotated[int, Field(ge=0, le=12)]
    effects: list[OldWorldEffect] = []

    def text_key(self) -> str:
        return f"tier-{self.at_least}"


class RollTiers(OwEffect):
    """Roll a die and add `modifier` (the Specialty level's bonus); take any tier the result reaches,
    a lower one if you like (Thunder, Polymorph: expansion sheet §8.2)."""

    in_combo = True
    variants = ("", "tier")
    type: Literal["roll-tiers"]
    modifier: Annotated[int, Field(ge=0, le=6)] = 0
    tiers: list[RollTier] = Field(min_length=1)

    def sentence(self) -> Message:
        tiers = tuple(self.message("tier", at_least=t.at_least, effects=sentences(t.effects)) for t in self.tiers)
        return self.message(modifier=self.modifier, tiers=tiers)


class AttributeTest(OwEffect):
    """Succeed if an attribute is at least `at_least`; else the failure effects."""

    variants = _values(Attribute)
    type: Literal["attribute-test"]
    attribute: Attribute
    at_least: Annotated[int, Field(ge=1, le=5)]
    success: list[OldWorldEffect] = []
    failure: list[OldWorldEffect] = []

    def sentence(self) -> Message:
        return self.message(
            self.attribute.value, at_least=self.at_least, success=sentences(self.success), failure=sentences(self.failure)
        )


class ShortFight(OwEffect):
    """A short fight: the opponent has `life` cards of Monster Fight deck; each attack deals `damage`."""

    type: Literal["short-fight"]
    life: Annotated[int, Field(ge=1, le=20)]
    damage: Annotated[int, Field(ge=1, le=10)]
    win: list[OldWorldEffect] = []
    lose: list[OldWorldEffect] = []

    def sentence(self) -> Message:
        return self.message(life=self.life, damage=self.damage, win=sentences(self.win), lose=sentences(self.lose))


OldWorldEffect = Annotated[
    Union[  # noqa: UP007 - a Union keeps the discriminated union explicit and ordered
        GainGold,
        LoseGold,
        RaiseAttribute,
        LowerAttribute,
        RaiseShield,
        LowerShield,
        LowerShieldPerTrophy,
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
        GainAnyMarketCard,
        GainZeroCostCard,
        TrashMarketCards,
        DealDamage,
        GainEnergy,
        GainProtection,
        PerEnergy,
        ExtraComboCard,
        PeekOpponentDeck,
        OpponentSpecialtyLevel,
        MonsterChoosesWorseAttack,
        IgnoreTrailFirstStrike,
        GainTrail,
        StartQuest,
        EnterEvent,
        EnterSkelligeEvent,
        MoveDagon,
        RollDie,
        RollTiers,
        AttributeTest,
        ShortFight,
    ],
    Field(discriminator="type"),
]

DieBranch.model_rebuild()
RollDie.model_rebuild()
RollTier.model_rebuild()
RollTiers.model_rebuild()
AttributeTest.model_rebuild()
ShortFight.model_rebuild()

EFFECTS: EffectRegistry[OwEffect] = EffectRegistry(OldWorldEffect)
