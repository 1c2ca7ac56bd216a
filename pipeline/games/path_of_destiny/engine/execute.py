"""The condition checks and effect executors: the code of each class, registered beside it for the class.

A check is `(state, ctx, condition) -> int | Flow`: how many times the condition is met (0-3; a
plain condition 0 or 1), or a generator returning that count when paying needs a player's choice.
An executor is `(state, ctx, effect) -> Flow | None`: a generator when it needs a choice, else it
acts at once. Effects apply to `ctx.seat`; scaled effects give `ctx.times` units (reference §13).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from pipeline.rules.effects import EffectTable

from .. import effects as fx
from ..enums import Symbol
from ..models import ActionCard
from .actions import Action, CoverSymbol, DiscardToken
from .state import Decision, Flow, GameState, PlayerState
from .tables import SYMBOLS


@dataclass(slots=True)
class Ctx:
    """Whose effect it is, what it sees (`upto` timeline cards; None = all) and how often it was met."""

    seat: int
    upto: int | None = None
    times: int = 1


Check = Callable[[GameState, Ctx, Any], "int | Flow"]
Executor = Callable[[GameState, Ctx, Any], "Flow | None"]


def _me(s: GameState, ctx: Ctx) -> PlayerState:
    return s.players[ctx.seat]


def _cards(s: GameState, p: PlayerState, upto: int | None) -> list[ActionCard]:
    cards = s.tables.cards
    return [cards[c] for c in (p.timeline if upto is None else p.timeline[:upto])]


def _colors(s: GameState, ctx: Ctx, color: str) -> int:
    """Cards of a colour among the visible timeline cards (a multicoloured card counts as each)."""
    return sum(1 for c in _cards(s, _me(s, ctx), ctx.upto) if color in c.colors)


def _inactive(s: GameState) -> set[Symbol]:
    return {sym for sym in SYMBOLS if sym not in s.active}


# --- Losing symbols (reference §3) ------------------------------------------------------------------


def lose_options(s: GameState, p: PlayerState, symbols: Iterable[Symbol], upto: int | None = None) -> list[Action]:
    """Ways to lose one of `symbols`: a token from the pool, or a marker on a visible printed symbol."""
    wanted = set(symbols)
    options: list[Action] = [DiscardToken(sym.value) for sym in SYMBOLS if sym in wanted and p.tokens[sym] > 0]
    if s.lost_supply > 0:
        cards = s.tables.cards
        for i, card in enumerate(p.timeline if upto is None else p.timeline[:upto]):
            symbol = cards[card].symbol
            if symbol is not None and symbol in wanted and i not in p.covered:
                options.append(CoverSymbol(i))
    return options


def lose_one(s: GameState, p: PlayerState, symbols: Iterable[Symbol], upto: int | None = None) -> Flow:
    """Lose one of `symbols` (the player chooses how when there is a choice); the symbol lost, or None."""
    options = lose_options(s, p, symbols, upto)
    if not options:
        return None
    choice = options[0] if len(options) == 1 else (yield Decision(p.seat, "lose-symbol", tuple(options)))
    if isinstance(choice, DiscardToken):
        symbol = Symbol(choice.symbol)
        p.tokens[symbol] -= 1
        s.token_supply[symbol] += 1
        return symbol
    assert isinstance(choice, CoverSymbol)
    p.covered.add(choice.position)
    s.lost_supply -= 1
    return s.tables.cards[p.timeline[choice.position]].symbol


def _lose_up_to(s: GameState, ctx: Ctx, symbols: set[Symbol], most: int) -> Flow:
    """Lose as many of `symbols` as possible, at most `most` (a cost cannot be declined): the count lost."""
    lost = 0
    while lost < most:
        got = yield from lose_one(s, _me(s, ctx), symbols, ctx.upto)
        if got is None:
            break
        lost += 1
    return lost


# --- Conditions ---------------------------------------------------------------------------------

_checks: EffectTable[Check] = EffectTable(fx.CardCondition, "check")


@_checks.register(fx.HaveSymbol)
def _have_symbol(s: GameState, ctx: Ctx, c: fx.HaveSymbol) -> int:
    return 1 if s.count(_me(s, ctx), c.symbol, ctx.upto) >= 1 else 0


@_checks.register(fx.HaveColor)
def _have_color(s: GameState, ctx: Ctx, c: fx.HaveColor) -> int:
    return 1 if _colors(s, ctx, c.color) >= 1 else 0


@_checks.register(fx.PaySymbol)
def _pay_symbol(s: GameState, ctx: Ctx, c: fx.PaySymbol) -> Flow:
    return (yield from _lose_up_to(s, ctx, {c.symbol}, 1))


@_checks.register(fx.PaySymbolScaled)
def _pay_symbol_scaled(s: GameState, ctx: Ctx, c: fx.PaySymbolScaled) -> Flow:
    return (yield from _lose_up_to(s, ctx, {c.symbol}, s.rules.scaled_max))


@_checks.register(fx.PayInactiveScaled)
def _pay_inactive_scaled(s: GameState, ctx: Ctx, c: fx.PayInactiveScaled) -> Flow:
    return (yield from _lose_up_to(s, ctx, _inactive(s), s.rules.scaled_max))


@_checks.register(fx.ColorsAtLeast)
def _colors_at_least(s: GameState, ctx: Ctx, c: fx.ColorsAtLeast) -> int:
    return 1 if _colors(s, ctx, c.color) >= c.count else 0


@_checks.register(fx.ColorsExactly)
def _colors_exactly(s: GameState, ctx: Ctx, c: fx.ColorsExactly) -> int:
    return 1 if _colors(s, ctx, c.color) == c.count else 0


@_checks.register(fx.ColorsScaled)
def _colors_scaled(s: GameState, ctx: Ctx, c: fx.ColorsScaled) -> int:
    return min(s.rules.scaled_max, _colors(s, ctx, c.color))


@_checks.register(fx.InactiveScaled)
def _inactive_scaled(s: GameState, ctx: Ctx, c: fx.InactiveScaled) -> int:
    p = _me(s, ctx)
    return min(s.rules.scaled_max, sum(s.count(p, sym, ctx.upto) for sym in _inactive(s)))


@_checks.register(fx.InactiveAtLeast)
def _inactive_at_least(s: GameState, ctx: Ctx, c: fx.InactiveAtLeast) -> int:
    p = _me(s, ctx)
    return 1 if sum(s.count(p, sym, ctx.upto) for sym in _inactive(s)) >= c.count else 0


CHECKS = _checks.build()  # every condition has its check, or importing the engine fails


# --- Effects ------------------------------------------------------------------------------------

_executors: EffectTable[Executor] = EffectTable(fx.PathOfDestinyEffect, "executor")


@_executors.register(fx.GainXp)
def _gain_xp(s: GameState, ctx: Ctx, e: fx.GainXp) -> None:
    s.gain_xp(_me(s, ctx), e.amount)


@_executors.register(fx.GainXpScaled)
def _gain_xp_scaled(s: GameState, ctx: Ctx, e: fx.GainXpScaled) -> None:
    s.gain_xp(_me(s, ctx), ctx.times)


@_executors.register(fx.GainPathSymbol)
def _gain_path_symbol(s: GameState, ctx: Ctx, e: fx.GainPathSymbol) -> None:
    s.gain(_me(s, ctx), s.side_symbol(e.path), e.amount)


@_executors.register(fx.GainPathSymbolScaled)
def _gain_path_symbol_scaled(s: GameState, ctx: Ctx, e: fx.GainPathSymbolScaled) -> None:
    s.gain(_me(s, ctx), s.side_symbol(e.path), ctx.times)


@_executors.register(fx.GainEachActive)
def _gain_each_active(s: GameState, ctx: Ctx, e: fx.GainEachActive) -> None:
    for symbol in s.active:
        s.gain(_me(s, ctx), symbol, 1)


@_executors.register(fx.GainSymbols)
def _gain_symbols(s: GameState, ctx: Ctx, e: fx.GainSymbols) -> None:
    for symbol in e.symbols:
        s.gain(_me(s, ctx), symbol, 1)


@_executors.register(fx.GainSymbolScaled)
def _gain_symbol_scaled(s: GameState, ctx: Ctx, e: fx.GainSymbolScaled) -> None:
    s.gain(_me(s, ctx), e.symbol, ctx.times)


@_executors.register(fx.GainVp)
def _gain_vp(s: GameState, ctx: Ctx, e: fx.GainVp) -> None:
    s.gain_vp(_me(s, ctx), e.amount)


@_executors.register(fx.LoseVp)
def _lose_vp(s: GameState, ctx: Ctx, e: fx.LoseVp) -> None:
    s.gain_vp(_me(s, ctx), -e.amount)


@_executors.register(fx.LoseXp)
def _lose_xp(s: GameState, ctx: Ctx, e: fx.LoseXp) -> None:
    s.lose_xp(_me(s, ctx), e.amount)


@_executors.register(fx.GainSymbol)
def _gain_symbol(s: GameState, ctx: Ctx, e: fx.GainSymbol) -> None:
    s.gain(_me(s, ctx), e.symbol, e.amount)


@_executors.register(fx.LoseSymbol)
def _lose_symbol(s: GameState, ctx: Ctx, e: fx.LoseSymbol) -> Flow:
    symbols = {e.symbol} if e.symbol is not None else set(SYMBOLS)
    yield from _lose_up_to(s, ctx, symbols, e.amount)


@_executors.register(fx.TradeActive)
def _trade_active(s: GameState, ctx: Ctx, e: fx.TradeActive) -> Flow:
    """Lose 1 active symbol, then gain 2 of the other active symbol (nothing to lose: nothing gained)."""
    lost = yield from lose_one(s, _me(s, ctx), set(s.active), ctx.upto)
    if lost is not None:
        other = s.active[1] if lost is s.active[0] else s.active[0]
        s.gain(_me(s, ctx), other, 2)


@_executors.register(fx.TradeInactiveForXp)
def _trade_inactive_for_xp(s: GameState, ctx: Ctx, e: fx.TradeInactiveForXp) -> Flow:
    """Lose 1 non-active symbol, then gain 2 XP (nothing to lose: nothing gained)."""
    lost = yield from lose_one(s, _me(s, ctx), _inactive(s), ctx.upto)
    if lost is not None:
        s.gain_xp(_me(s, ctx), 2)


EXECUTORS = _executors.build()  # every effect has its executor, or importing the engine fails


def check(s: GameState, ctx: Ctx, condition: Any) -> Flow:
    """How many times a condition is met (paying its cost on the way)."""
    result = CHECKS[type(condition)](s, ctx, condition)
    if isinstance(result, int):
        return result
    return (yield from result)


def run_effects(s: GameState, ctx: Ctx, effects: Iterable[Any]) -> Flow:
    """Run effects in order for `ctx.seat`."""
    for effect in effects:
        flow = EXECUTORS[type(effect)](s, ctx, effect)
        if flow is not None:
            yield from flow


def resolve_card(s: GameState, seat: int, position: int) -> Flow:
    """Resolve the timeline card at `position`: it sees itself, earlier cards and the pool (§4.1)."""
    p = s.players[seat]
    card = s.tables.cards[p.timeline[position]]
    if card.effect is None:
        return
    ctx = Ctx(seat, upto=position + 1)
    times = 1
    if card.condition is not None:
        times = yield from check(s, ctx, card.condition)
    if times <= 0:
        return
    ctx.times = times
    yield from run_effects(s, ctx, [card.effect])
