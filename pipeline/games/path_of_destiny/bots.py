"""Bots that play Path of Destiny through the engine contract: `RandomBot` and `GreedyBot`.

A bot is made from a seed and answers `choose(state, actions) -> action` for whichever player must
decide; the registry `BOTS` maps the names `pnp simulate --bot` accepts to their factories.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from pipeline.rules.engine import RandomBot

from . import effects as fx
from .engine.actions import (
    Action,
    ChooseDeck,
    ChooseMain,
    CoverSymbol,
    DiscardAlliance,
    DiscardToken,
    DrawFromDeck,
    KeepCards,
    PlayCards,
    TakeRow,
    UseAbility,
)
from .engine.state import GameState, PlayerState
from .enums import Side, Symbol

# What a unit is worth to the greedy bot: an active symbol pays a VP or an XP at chapter end.
ACTIVE = 2.0
INACTIVE = 0.4
XP = 0.8
COLOR = 0.3  # a colour in the timeline feeds colour conditions, prerequisites and extra-effort sequences
DECK_PAIR = 3.0  # the expected worth of a blind pair


class GreedyBot:
    """Plays to win: takes and plays the cards worth most for this chapter's active symbols, keeps the
    cards the next chapter wants, holds its side quest's cards, uses an ability at once unless it only gains
    symbols that are not active in this chapter (then it waits for a chapter where they are, or the last one)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: Any, actions: Sequence[Action]) -> Action:
        s: GameState = state
        assert s.decision is not None
        if s.decision.player >= len(s.players):  # the character draft: the seat has no character yet
            return actions[0]
        p = s.players[s.decision.player]
        handler = getattr(self, "_" + s.decision.kind.replace("-", "_"), None)
        choice = handler(s, p, actions) if handler else None
        return choice if choice is not None else actions[0]

    # --- Values -------------------------------------------------------------------------------

    def symbol_value(self, s: GameState, symbol: Symbol | None, active: tuple[Symbol, ...] | None = None) -> float:
        if symbol is None:
            return 0.0
        return ACTIVE if symbol in (active or s.active) else INACTIVE

    def effect_value(self, s: GameState, effect: Any, times: float) -> float:
        if isinstance(effect, (fx.GainXp, fx.GainXpScaled)):
            return XP * (effect.amount if isinstance(effect, fx.GainXp) else times)
        if isinstance(effect, fx.GainPathSymbol):
            return ACTIVE * effect.amount
        if isinstance(effect, fx.GainEachActive):
            return ACTIVE * 2
        if isinstance(effect, fx.GainSymbols):
            return sum(self.symbol_value(s, sym) for sym in effect.symbols)
        if isinstance(effect, (fx.GainPathSymbolScaled, fx.GainSymbolScaled)):
            sym = effect.symbol if isinstance(effect, fx.GainSymbolScaled) else s.side_symbol(effect.path)
            return self.symbol_value(s, sym) * times
        return 0.0

    def card_value(self, s: GameState, p: PlayerState, card: str, playing: bool = True) -> float:
        c = s.tables.cards[card]
        value = self.symbol_value(s, c.symbol) + COLOR * len(c.colors)
        if c.effect is not None:
            times, cost = self.times_met(s, p, card)
            if times:
                value += self.effect_value(s, c.effect, times) - cost
        if playing and s.chapter == s.rules.chapters and self._quest_card(s, p, card):
            value -= 2.5  # Keep it in hand for the side quest.
        return value

    def times_met(self, s: GameState, p: PlayerState, card: str) -> tuple[int, float]:
        """How often the card's condition would be met if played now, and what paying it costs."""
        c = s.tables.cards[card]
        cond = c.condition
        top = s.rules.scaled_max
        if cond is None:
            return 1, 0.0
        cards = s.tables.cards

        def colors(color: str) -> int:
            return sum(1 for x in p.timeline if color in cards[x].colors) + (color in c.colors)

        def symbols(symbol: Symbol) -> int:
            return s.count(p, symbol) + (c.symbol is symbol)

        inactive = [sym for sym in Symbol if sym not in s.active]
        if isinstance(cond, fx.HaveSymbol):
            return int(symbols(cond.symbol) >= 1), 0.0
        if isinstance(cond, fx.HaveColor):
            return int(colors(cond.color) >= 1), 0.0
        if isinstance(cond, fx.ColorsAtLeast):
            return int(colors(cond.color) >= cond.count), 0.0
        if isinstance(cond, fx.ColorsExactly):
            return int(colors(cond.color) == cond.count), 0.0
        if isinstance(cond, fx.ColorsScaled):
            return min(top, colors(cond.color)), 0.0
        if isinstance(cond, fx.InactiveScaled):
            return min(top, sum(symbols(sym) for sym in inactive)), 0.0
        if isinstance(cond, fx.InactiveAtLeast):
            return int(sum(symbols(sym) for sym in inactive) >= cond.count), 0.0
        if isinstance(cond, (fx.PaySymbol, fx.PaySymbolScaled)):
            n = min(1 if isinstance(cond, fx.PaySymbol) else top, symbols(cond.symbol))
            return n, n * self.symbol_value(s, cond.symbol)
        n = min(top, sum(symbols(sym) for sym in inactive))
        return n, n * INACTIVE

    def _quest_card(self, s: GameState, p: PlayerState, card: str) -> bool:
        quest = s.tables.characters[p.character].side_quest
        c = s.tables.cards[card]
        return (quest.symbol is not None and c.symbol is quest.symbol) or (quest.color is not None and quest.color in c.colors)

    # --- Decisions ----------------------------------------------------------------------------

    def _take(self, s: GameState, p: PlayerState, actions: Sequence[Action]) -> Action:
        def worth(a: Action) -> float:
            if isinstance(a, DrawFromDeck):
                return DECK_PAIR
            assert isinstance(a, TakeRow)
            bonus = s.rules.extra_xp_marker_xp * XP if a.row == s.extra_xp_row else 0.0
            return sum(self.card_value(s, p, c, playing=False) for c in s.rows[a.row]) + bonus

        return max(actions, key=worth)

    def _play(self, s: GameState, p: PlayerState, actions: Sequence[Action]) -> Action:
        values = {c: self.card_value(s, p, c) for c in p.hand}

        def worth(a: Action) -> float:
            assert isinstance(a, PlayCards)
            return values[a.first] + values[a.second]

        return max(actions, key=worth)

    def _lose_symbol(self, s: GameState, p: PlayerState, actions: Sequence[Action]) -> Action:
        def cost(a: Action) -> float:
            if isinstance(a, DiscardToken):
                return self.symbol_value(s, Symbol(a.symbol))
            assert isinstance(a, CoverSymbol)
            return self.symbol_value(s, s.tables.cards[p.timeline[a.position]].symbol) + 0.1

        return min(actions, key=cost)

    def _ability(self, s: GameState, p: PlayerState, actions: Sequence[Action]) -> Action:
        ready = [a for a in actions if isinstance(a, UseAbility) and not self._hold(s, p, a.ability)]
        return ready[0] if ready else next((a for a in actions if not isinstance(a, UseAbility)), actions[0])

    def _hold(self, s: GameState, p: PlayerState, ability_id: str) -> bool:
        """Keep a once-per-game ability that only gains fixed symbols while none of them is active: the tokens
        are discarded at the chapter end unscored. In the last chapter it is used whatever it gains."""
        if s.chapter >= s.rules.chapters:
            return False
        ability = next(a for a in s.tables.characters[p.character].abilities if a.id == ability_id)
        fixed = [e for e in ability.effects if isinstance(e, (fx.GainSymbol, fx.GainSymbols))]
        if not fixed or len(fixed) < len(ability.effects):
            return False
        symbols = {e.symbol for e in fixed if isinstance(e, fx.GainSymbol)}
        symbols |= {sym for e in fixed if isinstance(e, fx.GainSymbols) for sym in e.symbols}
        return not symbols & set(s.active)

    def _main(self, s: GameState, p: PlayerState, actions: Sequence[Action]) -> Action:
        def mine(a: Action) -> int:
            assert isinstance(a, ChooseMain)
            return s.count(p, s.side_symbol(Side(a.side)))

        return max(actions, key=mine)

    def _keep(self, s: GameState, p: PlayerState, actions: Sequence[Action]) -> Action:
        winner = s.story.cards[s.spread[0] if s.mains[-1] is Side.LEFT else s.spread[1]]
        upcoming = (winner.preview.left, winner.preview.right) if winner.preview else s.active
        cards = s.tables.cards

        def worth(a: Action) -> float:
            assert isinstance(a, KeepCards)
            return sum(self.symbol_value(s, cards[c].symbol, upcoming) + (0.5 if cards[c].effect else 0.0) for c in a.cards)

        return max(actions, key=worth)

    def _alliance_deck(self, s: GameState, p: PlayerState, actions: Sequence[Action]) -> Action:
        from .engine.stories import FACTION_OF_SIDE

        leading = Side.RIGHT if len(s.fate[Side.RIGHT]) > len(s.fate[Side.LEFT]) else Side.LEFT
        wanted = FACTION_OF_SIDE[leading]
        return next((a for a in actions if isinstance(a, ChooseDeck) and a.faction == wanted), actions[0])

    def _alliance_discard(self, s: GameState, p: PlayerState, actions: Sequence[Action]) -> Action:
        from .engine.stories import alliance_card

        def worth(a: Action) -> float:
            assert isinstance(a, DiscardAlliance)
            return 1.0 if isinstance(alliance_card(s, a.card).effect, fx.GainXp) else 2.0

        return min(actions, key=worth)


BOTS: dict[str, Callable[[int], Any]] = {"random": RandomBot, "greedy": GreedyBot}
