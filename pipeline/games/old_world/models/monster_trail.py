"""Monster Trail's content models (expansion sheet §9): Mutagens, Bombs, and the Weakness mode's large monster cards,
Weakness tokens and Special Attack cards."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from pipeline.content.models import ContentFile, ContentModel, Copies, Entity, Slug
from pipeline.content.texts import Translated, UniqueKeys

from ..enums import (
    Terrain,
)
from .base import Ability, Count, Effects, MonsterId
from .legendary_hunt import SpecialAttack


class Mutagen(Entity):
    """A Mutagen card (Monster Trail, expansion sheet §9.3): gained at a level-up and kept in the play area;
    its fight ability works once per fight (rule 21)."""

    name: Translated
    ability: Ability


class Bomb(Entity):
    """A Bomb card (Monster Trail, expansion sheet §9.5): taken instead of a Potion and used like one in step 1
    of a fight turn, with one effect against a monster and another against a witcher; not a Potion (rule 21)."""

    name: Translated
    copies: Copies = 1
    vs_monster: Effects = Field(min_length=1)
    vs_witcher: Effects = Field(min_length=1)
    # A Monster Trail mode the bomb needs: without it the bomb leaves the deck (Dimeritium: `weakness`, rule 21).
    requires_mode: Slug | None = None


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
