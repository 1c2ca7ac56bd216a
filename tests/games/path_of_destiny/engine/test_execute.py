"""Every effect class executes; conditions see the card itself and earlier cards; losing symbols."""

from __future__ import annotations

from typing import Any

from pipeline.games.path_of_destiny import effects as fx
from pipeline.games.path_of_destiny.engine import new_game
from pipeline.games.path_of_destiny.engine.actions import CoverSymbol, DiscardToken
from pipeline.games.path_of_destiny.engine.execute import CHECKS, EXECUTORS, Ctx, check, lose_options, resolve_card, run_effects
from pipeline.games.path_of_destiny.engine.tables import Tables
from pipeline.games.path_of_destiny.enums import Symbol

from .conftest import run

SAMPLES: dict[type, dict[str, Any]] = {
    fx.HaveSymbol: {"symbol": "combat"},
    fx.HaveColor: {"color": "red"},
    fx.PaySymbol: {"symbol": "combat"},
    fx.PaySymbolScaled: {"symbol": "combat"},
    fx.PayInactiveScaled: {},
    fx.ColorsAtLeast: {"color": "red", "count": 2},
    fx.ColorsExactly: {"color": "red", "count": 1},
    fx.ColorsScaled: {"color": "red"},
    fx.InactiveScaled: {},
    fx.InactiveAtLeast: {"count": 2},
    fx.GainXp: {"amount": 3},
    fx.GainXpScaled: {},
    fx.GainPathSymbol: {"path": "left", "amount": 2},
    fx.GainPathSymbolScaled: {"path": "right"},
    fx.GainEachActive: {},
    fx.GainSymbols: {"symbols": ["combat", "magic"]},
    fx.GainSymbolScaled: {"symbol": "magic"},
    fx.GainVp: {"amount": 2},
    fx.LoseVp: {"amount": 1},
    fx.LoseXp: {"amount": 1},
    fx.GainSymbol: {"symbol": "diplomacy", "amount": 2},
    fx.LoseSymbol: {"amount": 1},
    fx.TradeActive: {},
    fx.TradeInactiveForXp: {},
}


def test_every_effect_class_has_exactly_one_executor_or_check() -> None:
    classes = set(fx.EFFECTS)
    assert set(CHECKS) | set(EXECUTORS) == classes
    assert not set(CHECKS) & set(EXECUTORS)
    assert set(SAMPLES) == classes


def test_every_effect_class_executes(tables: Tables) -> None:
    for cls, fields in SAMPLES.items():
        s = new_game(tables, 2, 1, {"story": "drowned-bells", "characters": ["geralt", "yennefer"]})
        p = s.players[0]
        p.timeline = [p.hand[0]]
        for symbol in Symbol:
            s.gain(p, symbol, 2)
        s.gain_xp(p, 5)
        s.gain_vp(p, 5)
        effect = cls.model_validate({"type": cls.type_name(), **fields})
        before = (p.vp, p.xp, dict(p.tokens))
        if cls in CHECKS:
            times = run(check(s, Ctx(p.seat), effect))
            assert 0 <= times <= s.rules.scaled_max
        else:
            run(run_effects(s, Ctx(p.seat), [effect]))
            assert (p.vp, p.xp, dict(p.tokens)) != before, cls.__name__


def test_condition_sees_the_card_itself_and_earlier_cards_only(test_tables: Tables) -> None:
    s = new_game(test_tables, 2, 1, {"story": "drowned-bells", "characters": ["geralt", "yennefer"]})
    p = s.players[0]
    p.timeline = ["t-taker", "t-giver"]
    xp = p.xp
    run(resolve_card(s, p.seat, 0))  # the giver comes later: the taker's condition fails
    assert p.xp == xp
    run(resolve_card(s, p.seat, 1))
    assert p.tokens[Symbol.COMBAT] == 2


def test_paying_a_symbol_covers_a_printed_symbol_or_discards_a_token(tables: Tables) -> None:
    s = new_game(tables, 2, 1, {"story": "drowned-bells", "characters": ["geralt", "yennefer"]})
    p = s.players[0]
    combat = next(c for c in tables.main_ids if tables.cards[c].symbol is Symbol.COMBAT)
    p.timeline = [combat]
    s.gain(p, Symbol.COMBAT, 1)
    options = lose_options(s, p, {Symbol.COMBAT})
    assert options == [DiscardToken("combat"), CoverSymbol(0)]
    lost_supply = s.lost_supply
    paid = run(check(s, Ctx(p.seat), fx.PaySymbolScaled(type="pay-symbol-scaled", symbol=Symbol.COMBAT)))
    assert paid == 2  # everything available (a cost cannot be declined), at most 3
    assert s.count(p, Symbol.COMBAT) == 0
    assert p.covered == {0} and s.lost_supply == lost_supply - 1


def test_a_scaled_effect_gives_one_unit_per_time_the_condition_is_met(tables: Tables) -> None:
    s = new_game(tables, 2, 1, {"story": "drowned-bells", "characters": ["geralt", "yennefer"]})
    p = s.players[0]
    reds = [c for c in tables.main_ids if tables.cards[c].colors == ["red"]][:4]
    p.timeline = reds
    assert run(check(s, Ctx(p.seat), fx.ColorsScaled(type="colors-scaled", color="red"))) == 3  # capped at 3
    xp = p.xp
    run(run_effects(s, Ctx(p.seat, times=3), [fx.GainXpScaled(type="gain-xp-scaled")]))
    assert p.xp == xp + 3


def test_non_active_symbols_count_only_the_chapters_two_inactive_symbols(tables: Tables) -> None:
    # Rulebook glossary, last condition (C-INACT-123): 1/2/3 non-active symbols in your timeline.
    # Its second step is "have at least 2 non-active symbols"; active symbols never count.
    s = new_game(tables, 2, 1, {"story": "drowned-bells", "characters": ["geralt", "yennefer"]})
    p = s.players[0]
    p.timeline = []
    inactive = [sym for sym in Symbol if sym not in s.active]
    assert len(inactive) == 2
    condition = fx.InactiveScaled(type="inactive-scaled")
    for sym in s.active:
        s.gain(p, sym, 3)
    assert run(check(s, Ctx(p.seat), condition)) == 0
    s.gain(p, inactive[0], 1)
    s.gain(p, inactive[1], 1)
    assert run(check(s, Ctx(p.seat), condition)) == 2
    s.gain(p, inactive[1], 4)
    assert run(check(s, Ctx(p.seat), condition)) == 3  # capped at the third step


def test_at_least_two_non_active_symbols_is_a_condition_of_its_own(tables: Tables) -> None:
    # Rulebook glossary (reference §13, conditions; the audit of issue 41): "at least 2 non-active symbols" in your
    # timeline, met once or not at all; active symbols never count.
    s = new_game(tables, 2, 1, {"story": "drowned-bells", "characters": ["geralt", "yennefer"]})
    p = s.players[0]
    p.timeline = []
    inactive = [sym for sym in Symbol if sym not in s.active]
    condition = fx.InactiveAtLeast(type="inactive-at-least", count=2)
    for sym in s.active:
        s.gain(p, sym, 3)
    s.gain(p, inactive[0], 1)
    assert run(check(s, Ctx(p.seat), condition)) == 0
    s.gain(p, inactive[1], 1)
    assert run(check(s, Ctx(p.seat), condition)) == 1
    s.gain(p, inactive[1], 4)
    assert run(check(s, Ctx(p.seat), condition)) == 1  # not scaled
