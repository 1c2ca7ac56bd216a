"""The solo Automa (reference §14): symbols at chapter start, taking the pair with the most active
symbols, the solo fate marker, its two abilities and its keep between chapters."""

from __future__ import annotations

from ..enums import AutomaTrigger, Side
from ..models import SoloLevel
from .execute import Ctx, run_effects
from .state import Flow, GameState, PlayerState
from .tables import SIDES


def flip(s: GameState) -> Side:
    """The solo fate marker, flipped like a coin: its two faces are the left and right path."""
    return s.rng.choice(SIDES)


def fire(s: GameState, a: PlayerState, trigger: AutomaTrigger) -> Flow:
    """Every unlocked Automa ability with this trigger (any number of times per game)."""
    assert a.automa is not None
    for ability in a.automa.abilities:
        if ability.trigger is trigger and ability.id in a.unlocked:
            yield from run_effects(s, Ctx(a.seat), ability.effects)


def chapter_start(s: GameState, a: PlayerState) -> Flow:
    """Flip the solo fate marker once per chapter number and gain each face's symbol; then 1 token for
    each board symbol that is active this chapter, and the difficulty level's tokens of each active symbol;
    then the chapter-start abilities."""
    assert a.automa is not None
    for _ in range(s.chapter):
        s.gain(a, s.side_symbol(flip(s)), 1)
    for symbol in a.automa.symbols:
        if s.is_active(symbol):
            s.gain(a, symbol, 1)
    bonus = level_of(s).chapter_symbols
    if bonus:
        for symbol in s.active:
            s.gain(a, symbol, bonus)
    yield from fire(s, a, AutomaTrigger.CHAPTER_START)


def level_of(s: GameState) -> SoloLevel:
    """The difficulty level the solo game is played on."""
    assert s.tables.automa is not None
    return next(level for level in s.tables.automa.levels if level.id == s.level)


def pick_row(s: GameState, free: list[int]) -> int | None:
    """The free row whose pair shows the most active printed symbols (the higher row on a tie);
    None (the main deck) when no pair shows one."""
    cards = s.tables.cards
    best, best_row = 0, None
    for row in free:
        shown = sum(1 for c in s.rows[row] if s.is_active(cards[c].symbol))
        if shown > best:
            best, best_row = shown, row
    return best_row


def fate_vote(s: GameState, a: PlayerState) -> Side | None:
    """Flip the solo fate marker, gain the symbol shown; the marker goes to the active symbol the
    Automa has more of (None on a tie)."""
    s.gain(a, s.side_symbol(flip(s)), 1)
    left, right = (s.count(a, symbol) for symbol in s.active)
    if left == right:
        return None
    return Side.LEFT if left > right else Side.RIGHT


def keep(s: GameState, a: PlayerState, count: int) -> list[str]:
    """Between chapters the Automa keeps as many cards as a player, its most recent ones (§15.16: our reading)."""
    return a.timeline[-count:] if count else []


def choose_main(s: GameState, a: PlayerState) -> Side:
    """Top of the initiative track with no fate marker placed: the active symbol it has more of."""
    left, right = (s.count(a, symbol) for symbol in s.active)
    return Side.RIGHT if right > left else Side.LEFT
