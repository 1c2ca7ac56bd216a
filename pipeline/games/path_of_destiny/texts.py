"""How Path of Destiny prints its structured rules: each condition and effect as a Message.

The English templates are content (`texts/effects.yaml`, `texts/labels.yaml`); translations live in
the locale catalogs. Symbols and colours print as icons (`{icon:magic}`, `{icon:red}`), so one
sentence serves every symbol; a path's side picks its own message (`effect:gain-path-symbol:left`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from pipeline.content.database import Database
from pipeline.i18n.content import game_localizer
from pipeline.i18n.localizer import Localizer
from pipeline.i18n.messages import Message
from pipeline.rules.effects import Effect

from . import effects as fx
from .enums import Side


def icon(name: str) -> str:
    return f"{{icon:{name}}}"


def _plain(context: str) -> Callable[[Any], Message]:
    return lambda e: Message(context)


def _amount(context: str) -> Callable[[Any], Message]:
    return lambda e: Message(context, {"amount": e.amount})


def _symbol(context: str) -> Callable[[Any], Message]:
    return lambda e: Message(context, {"symbol": icon(e.symbol.value)})


def _color(context: str) -> Callable[[Any], Message]:
    return lambda e: Message(context, {"color": icon(e.color.value)})


def _color_count(context: str) -> Callable[[Any], Message]:
    return lambda e: Message(context, {"color": icon(e.color.value), "count": e.count})


def _gain_symbol(e: fx.GainSymbol) -> Message:
    return Message("effect:gain-symbol", {"symbol": icon(e.symbol.value), "amount": e.amount})


def _lose_symbol(e: fx.LoseSymbol) -> Message:
    if e.symbol is None:
        return Message("effect:lose-symbol:any", {"amount": e.amount})
    return Message("effect:lose-symbol", {"symbol": icon(e.symbol.value), "amount": e.amount})


_DESCRIBE: dict[type[Effect], Callable[[Any], Message]] = {
    # Conditions: a phrase before the effect.
    fx.HaveSymbol: _symbol("condition:have-symbol"),
    fx.HaveColor: _color("condition:have-color"),
    fx.PaySymbol: _symbol("condition:pay-symbol"),
    fx.PaySymbolScaled: _symbol("condition:pay-symbol-scaled"),
    fx.PayInactiveScaled: _plain("condition:pay-inactive-scaled"),
    fx.ColorsAtLeast: _color_count("condition:colors-at-least"),
    fx.ColorsExactly: _color_count("condition:colors-exactly"),
    fx.ColorsScaled: _color("condition:colors-scaled"),
    fx.InactiveScaled: _plain("condition:inactive-scaled"),
    # Effects: one sentence each.
    fx.GainXp: _amount("effect:gain-xp"),
    fx.GainXpScaled: _plain("effect:gain-xp-scaled"),
    fx.GainPathSymbol: lambda e: Message(f"effect:gain-path-symbol:{e.path.value}", {"amount": e.amount}),
    fx.GainPathSymbolScaled: lambda e: Message(f"effect:gain-path-symbol-scaled:{e.path.value}"),
    fx.GainEachActive: _plain("effect:gain-each-active"),
    fx.GainSymbols: lambda e: Message("effect:gain-symbols", {"symbols": " ".join(icon(s.value) for s in e.symbols)}),
    fx.GainSymbolScaled: _symbol("effect:gain-symbol-scaled"),
    fx.GainVp: _amount("effect:gain-vp"),
    fx.LoseVp: _amount("effect:lose-vp"),
    fx.LoseXp: _amount("effect:lose-xp"),
    fx.GainSymbol: _gain_symbol,
    fx.LoseSymbol: _lose_symbol,
    fx.TradeActive: _plain("effect:trade-active"),
    fx.TradeInactiveForXp: _plain("effect:trade-inactive-for-xp"),
}


def effect_message(effect: Effect) -> Message:
    """The message that prints one condition or effect."""
    describe = _DESCRIBE.get(type(effect))
    if describe is None:
        raise TypeError(f"no message for effect class {type(effect).__name__}")
    return describe(effect)


def effect_contexts() -> Iterator[str]:
    """Every message context a condition or effect can print with."""
    sides = [side.value for side in Side]
    for cls, describe in _DESCRIBE.items():
        if cls is fx.GainPathSymbol:
            yield from (f"effect:gain-path-symbol:{side}" for side in sides)
        elif cls is fx.GainPathSymbolScaled:
            yield from (f"effect:gain-path-symbol-scaled:{side}" for side in sides)
        elif cls is fx.LoseSymbol:
            yield from ("effect:lose-symbol", "effect:lose-symbol:any")
        else:
            fields = {name: _sample(name) for name in cls.model_fields if name != "type"}
            yield describe(cls.model_construct(**fields)).context


def _sample(name: str) -> Any:
    from .enums import Color, Symbol

    return {"symbol": Symbol.MAGIC, "color": Color.RED, "symbols": [Symbol.MAGIC]}.get(name, 1)


def localizer(db: Database, locale: str) -> Localizer:
    """Path of Destiny's Localizer for a locale: its catalog, the message templates and the effect sentences."""
    return game_localizer(db, locale, effect_message)
