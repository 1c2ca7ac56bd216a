"""Path of Destiny's effect vocabulary (reference §13): conditions and effects of action cards, and the
few effects story cards, abilities and alliance cards add.

An action card pairs one condition with one effect. A *scaled* condition ("1/2/3") is met up to three
times; a scaled effect gives one unit for each time (reference §13). Content may only use these
classes; anything else fails schema validation. Each class prints as one sentence (its `sentence()`);
the engine registers a check for each condition and an executor for each effect (engine/execute.py).
Symbols and colours print as icons (`{icon:magic}`, `{icon:red}`), so one sentence serves every symbol.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal, Union

from pydantic import Field

from pipeline.i18n.messages import Message, Param
from pipeline.rules.effects import Effect, EffectRegistry

from .enums import Color, Side, Symbol

Amount = Annotated[int, Field(ge=1, le=10)]
CardCount = Annotated[int, Field(ge=1, le=8)]
_SIDE_VARIANTS = tuple(side.value for side in Side)


def icon(name: str) -> str:
    """The markup that prints a symbol's or colour's icon."""
    return f"{{icon:{name}}}"


class PodEffect(Effect):
    """Base of this game's vocabulary: `scaled` marks the "1/2/3" members of the glossary."""

    scaled: ClassVar[bool] = False
    # The glossary id of reference §13 (C-* / E-*), or "" for an effect only stories and boards use.
    glossary: ClassVar[str] = ""

    def printed_value(self, name: str) -> Param:
        """Symbols and colours print as icons, so one sentence serves every symbol."""
        value = getattr(self, name)
        if isinstance(value, (Symbol, Color)):
            return icon(value.value)
        if isinstance(value, list):
            return " ".join(icon(item.value) for item in value)
        return value


class PodCondition(PodEffect):
    """A condition prints as a phrase before the effect (`condition:have-symbol`)."""

    family = "condition"


# --- Conditions (reference §13, left list) ------------------------------------------------------


class HaveSymbol(PodCondition):
    """C-HAVE-SYM: you have 1 of a symbol (pool, earlier timeline cards or this card)."""

    glossary = "C-HAVE-SYM"
    printed = ("symbol",)
    type: Literal["have-symbol"]
    symbol: Symbol


class HaveColor(PodCondition):
    """C-HAVE-COL: a card of this colour is in your timeline."""

    glossary = "C-HAVE-COL"
    printed = ("color",)
    type: Literal["have-color"]
    color: Color


class PaySymbol(PodCondition):
    """C-LOSE-1: lose 1 of a symbol."""

    glossary = "C-LOSE-1"
    printed = ("symbol",)
    type: Literal["pay-symbol"]
    symbol: Symbol


class PaySymbolScaled(PodCondition):
    """C-LOSE-123: lose 1, 2 or 3 of a symbol."""

    scaled = True
    glossary = "C-LOSE-123"
    printed = ("symbol",)
    type: Literal["pay-symbol-scaled"]
    symbol: Symbol


class PayInactiveScaled(PodCondition):
    """C-LOSE-INACT-123: lose 1, 2 or 3 non-active symbols."""

    scaled = True
    glossary = "C-LOSE-INACT-123"
    printed = ()
    type: Literal["pay-inactive-scaled"]


class ColorsAtLeast(PodCondition):
    """C-COL-GE2 / C-COL-GE3: at least `count` cards of a colour in your timeline."""

    glossary = "C-COL-GE"
    printed = ("color", "count")
    type: Literal["colors-at-least"]
    color: Color
    count: CardCount


class ColorsExactly(PodCondition):
    """C-COL-EQ1 / C-COL-EQ2: exactly `count` cards of a colour in your timeline (fails with more)."""

    glossary = "C-COL-EQ"
    printed = ("color", "count")
    type: Literal["colors-exactly"]
    color: Color
    count: CardCount


class ColorsScaled(PodCondition):
    """C-COL-123: 1, 2 or 3 cards of a colour in your timeline."""

    scaled = True
    glossary = "C-COL-123"
    printed = ("color",)
    type: Literal["colors-scaled"]
    color: Color


class InactiveScaled(PodCondition):
    """C-INACT-123: 1, 2 or 3 non-active symbols in your timeline."""

    scaled = True
    glossary = "C-INACT-123"
    printed = ()
    type: Literal["inactive-scaled"]


class InactiveAtLeast(PodCondition):
    """C-INACT-GE2: at least `count` non-active symbols in your timeline (the rulebook's glossary condition the
    audit of issue 41 found missing; the fact sheet's §13 table lost it)."""

    glossary = "C-INACT-GE"
    printed = ("count",)
    type: Literal["inactive-at-least"]
    count: CardCount


# --- Effects (reference §13, right list) --------------------------------------------------------


class GainXp(PodEffect):
    """E-XP3 (amount 3 on action cards); also story rewards and alliance cards (gain 1 XP)."""

    glossary = "E-XP3"
    printed = ("amount",)
    type: Literal["gain-xp"]
    amount: Amount


class GainXpScaled(PodEffect):
    """E-XP123: gain 1, 2 or 3 XP."""

    scaled = True
    glossary = "E-XP123"
    printed = ()
    type: Literal["gain-xp-scaled"]


class GainPathSymbol(PodEffect):
    """E-LEFT2 / E-RIGHT2 (amount 2): gain the left or right path's active symbol of this chapter."""

    glossary = "E-PATH2"
    variants = _SIDE_VARIANTS  # a path's side picks its own sentence
    type: Literal["gain-path-symbol"]
    path: Side
    amount: Amount

    def sentence(self) -> Message:
        return self.message(self.path.value, amount=self.amount)


class GainPathSymbolScaled(PodEffect):
    """E-LEFT123 / E-RIGHT123: gain 1, 2 or 3 of the left or right path's active symbol."""

    scaled = True
    glossary = "E-PATH123"
    variants = _SIDE_VARIANTS
    type: Literal["gain-path-symbol-scaled"]
    path: Side

    def sentence(self) -> Message:
        return self.message(self.path.value)


class GainEachActive(PodEffect):
    """E-EACH-ACTIVE: gain 1 of each active symbol."""

    glossary = "E-EACH-ACTIVE"
    printed = ()
    type: Literal["gain-each-active"]


class GainSymbols(PodEffect):
    """E-SHOWN2: gain the symbols printed in the effect (two on action cards, may be the same)."""

    glossary = "E-SHOWN2"
    printed = ("symbols",)
    type: Literal["gain-symbols"]
    symbols: list[Symbol] = Field(min_length=1, max_length=4)


class GainSymbolScaled(PodEffect):
    """E-SYM123: gain 1, 2 or 3 of a symbol."""

    scaled = True
    glossary = "E-SYM123"
    printed = ("symbol",)
    type: Literal["gain-symbol-scaled"]
    symbol: Symbol


# --- Story cards, abilities and alliance cards (reference §8.3, §10, §11.3) ----------------------


class GainVp(PodEffect):
    """Gain victory points (path-marker rewards, abilities)."""

    printed = ("amount",)
    type: Literal["gain-vp"]
    amount: Amount


class LoseVp(PodEffect):
    """Lose victory points (The Lesser Evil's penalties)."""

    printed = ("amount",)
    type: Literal["lose-vp"]
    amount: Amount


class LoseXp(PodEffect):
    """Lose XP (The Lesser Evil only; unlocked abilities stay, reference §10)."""

    printed = ("amount",)
    type: Literal["lose-xp"]
    amount: Amount


class GainSymbol(PodEffect):
    """Gain `amount` tokens of one symbol."""

    printed = ("symbol", "amount")
    type: Literal["gain-symbol"]
    symbol: Symbol
    amount: Amount


class LoseSymbol(PodEffect):
    """Lose `amount` of a symbol (any symbol when none is named): a token or a covered printed symbol."""

    variants = ("", "any")
    type: Literal["lose-symbol"]
    symbol: Symbol | None = None
    amount: Amount

    def sentence(self) -> Message:
        if self.symbol is None:
            return self.message("any", amount=self.amount)
        return self.message(symbol=icon(self.symbol.value), amount=self.amount)


class TradeActive(PodEffect):
    """Alliance card: lose 1 active symbol, then gain 2 of the other active symbol."""

    printed = ()
    type: Literal["trade-active"]


class TradeInactiveForXp(PodEffect):
    """Alliance card: lose 1 non-active symbol, then gain 2 XP."""

    printed = ()
    type: Literal["trade-inactive-for-xp"]


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
        InactiveAtLeast,
    ],
    Field(discriminator="type"),
]

# The effects an action card may carry (reference §13); stories and boards may use every effect.
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

# The whole vocabulary, conditions included: what i18n prints.
EFFECTS: EffectRegistry[PodEffect] = EffectRegistry(CardCondition, PathOfDestinyEffect)
