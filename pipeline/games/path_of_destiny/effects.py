"""Path of Destiny's effect vocabulary (reference §13): conditions and effects of action cards, and the
few effects story cards, abilities and alliance cards add.

An action card pairs one condition with one effect. A *scaled* condition ("1/2/3") is met up to three
times; a scaled effect gives one unit for each time (reference §13). Content may only use these
classes; anything else fails schema validation. i18n prints each through the message `effect.<type>`.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal, Union

from pydantic import Field

from pipeline.rules.effects import Effect, EffectRegistry

from .enums import Color, Side, Symbol

Amount = Annotated[int, Field(ge=1, le=10)]
CardCount = Annotated[int, Field(ge=1, le=8)]


class PodEffect(Effect):
    """Base of this game's vocabulary: `scaled` marks the "1/2/3" members of the glossary."""

    scaled: ClassVar[bool] = False
    # The glossary id of reference §13 (C-* / E-*), or "" for an effect only stories and boards use.
    glossary: ClassVar[str] = ""


# --- Conditions (reference §13, left list) ------------------------------------------------------


class HaveSymbol(PodEffect):
    """C-HAVE-SYM: you have 1 of a symbol (pool, earlier timeline cards or this card)."""

    glossary: ClassVar[str] = "C-HAVE-SYM"
    type: Literal["have-symbol"]
    symbol: Symbol


class HaveColor(PodEffect):
    """C-HAVE-COL: a card of this colour is in your timeline."""

    glossary: ClassVar[str] = "C-HAVE-COL"
    type: Literal["have-color"]
    color: Color


class PaySymbol(PodEffect):
    """C-LOSE-1: lose 1 of a symbol."""

    glossary: ClassVar[str] = "C-LOSE-1"
    type: Literal["pay-symbol"]
    symbol: Symbol


class PaySymbolScaled(PodEffect):
    """C-LOSE-123: lose 1, 2 or 3 of a symbol."""

    scaled: ClassVar[bool] = True
    glossary: ClassVar[str] = "C-LOSE-123"
    type: Literal["pay-symbol-scaled"]
    symbol: Symbol


class PayInactiveScaled(PodEffect):
    """C-LOSE-INACT-123: lose 1, 2 or 3 non-active symbols."""

    scaled: ClassVar[bool] = True
    glossary: ClassVar[str] = "C-LOSE-INACT-123"
    type: Literal["pay-inactive-scaled"]


class ColorsAtLeast(PodEffect):
    """C-COL-GE2 / C-COL-GE3: at least `count` cards of a colour in your timeline."""

    glossary: ClassVar[str] = "C-COL-GE"
    type: Literal["colors-at-least"]
    color: Color
    count: CardCount


class ColorsExactly(PodEffect):
    """C-COL-EQ1 / C-COL-EQ2: exactly `count` cards of a colour in your timeline (fails with more)."""

    glossary: ClassVar[str] = "C-COL-EQ"
    type: Literal["colors-exactly"]
    color: Color
    count: CardCount


class ColorsScaled(PodEffect):
    """C-COL-123: 1, 2 or 3 cards of a colour in your timeline."""

    scaled: ClassVar[bool] = True
    glossary: ClassVar[str] = "C-COL-123"
    type: Literal["colors-scaled"]
    color: Color


class InactiveScaled(PodEffect):
    """C-INACT-123: 1, 2 or 3 non-active symbols in your timeline."""

    scaled: ClassVar[bool] = True
    glossary: ClassVar[str] = "C-INACT-123"
    type: Literal["inactive-scaled"]


# --- Effects (reference §13, right list) --------------------------------------------------------


class GainXp(PodEffect):
    """E-XP3 (amount 3 on action cards); also story rewards and alliance cards (gain 1 XP)."""

    glossary: ClassVar[str] = "E-XP3"
    type: Literal["gain-xp"]
    amount: Amount


class GainXpScaled(PodEffect):
    """E-XP123: gain 1, 2 or 3 XP."""

    scaled: ClassVar[bool] = True
    glossary: ClassVar[str] = "E-XP123"
    type: Literal["gain-xp-scaled"]


class GainPathSymbol(PodEffect):
    """E-LEFT2 / E-RIGHT2 (amount 2): gain the left or right path's active symbol of this chapter."""

    glossary: ClassVar[str] = "E-PATH2"
    type: Literal["gain-path-symbol"]
    path: Side
    amount: Amount


class GainPathSymbolScaled(PodEffect):
    """E-LEFT123 / E-RIGHT123: gain 1, 2 or 3 of the left or right path's active symbol."""

    scaled: ClassVar[bool] = True
    glossary: ClassVar[str] = "E-PATH123"
    type: Literal["gain-path-symbol-scaled"]
    path: Side


class GainEachActive(PodEffect):
    """E-EACH-ACTIVE: gain 1 of each active symbol."""

    glossary: ClassVar[str] = "E-EACH-ACTIVE"
    type: Literal["gain-each-active"]


class GainSymbols(PodEffect):
    """E-SHOWN2: gain the symbols printed in the effect (two on action cards, may be the same)."""

    glossary: ClassVar[str] = "E-SHOWN2"
    type: Literal["gain-symbols"]
    symbols: list[Symbol] = Field(min_length=1, max_length=4)


class GainSymbolScaled(PodEffect):
    """E-SYM123: gain 1, 2 or 3 of a symbol."""

    scaled: ClassVar[bool] = True
    glossary: ClassVar[str] = "E-SYM123"
    type: Literal["gain-symbol-scaled"]
    symbol: Symbol


# --- Story cards, abilities and alliance cards (reference §8.3, §10, §11.3) ----------------------


class GainVp(PodEffect):
    """Gain victory points (path-marker rewards, abilities)."""

    type: Literal["gain-vp"]
    amount: Amount


class LoseVp(PodEffect):
    """Lose victory points (The Lesser Evil's penalties)."""

    type: Literal["lose-vp"]
    amount: Amount


class LoseXp(PodEffect):
    """Lose XP (The Lesser Evil only; unlocked abilities stay, reference §10)."""

    type: Literal["lose-xp"]
    amount: Amount


class GainSymbol(PodEffect):
    """Gain `amount` tokens of one symbol."""

    type: Literal["gain-symbol"]
    symbol: Symbol
    amount: Amount


class LoseSymbol(PodEffect):
    """Lose `amount` of a symbol (any symbol when none is named): a token or a covered printed symbol."""

    type: Literal["lose-symbol"]
    symbol: Symbol | None = None
    amount: Amount


class TradeActive(PodEffect):
    """Alliance card: lose 1 active symbol, then gain 2 of the other active symbol."""

    type: Literal["trade-active"]


class TradeInactiveForXp(PodEffect):
    """Alliance card: lose 1 non-active symbol, then gain 2 XP."""

    type: Literal["trade-inactive-for-xp"]


CONDITION_CLASSES = (
    HaveSymbol,
    HaveColor,
    PaySymbol,
    PaySymbolScaled,
    PayInactiveScaled,
    ColorsAtLeast,
    ColorsExactly,
    ColorsScaled,
    InactiveScaled,
)
# The effects an action card may carry (reference §13); stories and boards may use every effect.
CARD_EFFECT_CLASSES = (
    GainXp,
    GainXpScaled,
    GainPathSymbol,
    GainPathSymbolScaled,
    GainEachActive,
    GainSymbols,
    GainSymbolScaled,
)

CardCondition = Annotated[
    Union[  # noqa: UP007 - an explicit union is the discriminated vocabulary
        HaveSymbol,
        HaveColor,
        PaySymbol,
        PaySymbolScaled,
        PayInactiveScaled,
        ColorsAtLeast,
        ColorsExactly,
        ColorsScaled,
        InactiveScaled,
    ],
    Field(discriminator="type"),
]

CardEffect = Annotated[
    Union[  # noqa: UP007
        GainXp,
        GainXpScaled,
        GainPathSymbol,
        GainPathSymbolScaled,
        GainEachActive,
        GainSymbols,
        GainSymbolScaled,
    ],
    Field(discriminator="type"),
]

# What story cards, abilities, rewards and alliance cards do: every effect (no conditions).
PathOfDestinyEffect = Annotated[
    Union[  # noqa: UP007
        GainXp,
        GainXpScaled,
        GainPathSymbol,
        GainPathSymbolScaled,
        GainEachActive,
        GainSymbols,
        GainSymbolScaled,
        GainVp,
        LoseVp,
        LoseXp,
        GainSymbol,
        LoseSymbol,
        TradeActive,
        TradeInactiveForXp,
    ],
    Field(discriminator="type"),
]

# The whole vocabulary, conditions included: what the registry indexes and i18n prints.
AnyEffect = Annotated[
    Union[  # noqa: UP007
        HaveSymbol,
        HaveColor,
        PaySymbol,
        PaySymbolScaled,
        PayInactiveScaled,
        ColorsAtLeast,
        ColorsExactly,
        ColorsScaled,
        InactiveScaled,
        GainXp,
        GainXpScaled,
        GainPathSymbol,
        GainPathSymbolScaled,
        GainEachActive,
        GainSymbols,
        GainSymbolScaled,
        GainVp,
        LoseVp,
        LoseXp,
        GainSymbol,
        LoseSymbol,
        TradeActive,
        TradeInactiveForXp,
    ],
    Field(discriminator="type"),
]

EFFECTS = EffectRegistry(AnyEffect)
