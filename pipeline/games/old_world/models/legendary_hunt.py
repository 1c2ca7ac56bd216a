"""Legendary Hunt's content models (expansion sheet §7): the legendary monsters and their Special Attacks, the Special
Fight and Movement cards, the Destruction tokens and the Help card."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from pipeline.content.models import ContentFile, ContentModel, Copies, Entity, Slug
from pipeline.content.texts import Translated, UniqueKeys

from ..enums import (
    AttackType,
    Attribute,
    Color,
)
from .base import AttackAmount, Count, LocationId


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
    copies: Copies = 1
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
