"""Runtime invariants hold over hundreds of seeded random and greedy games (reference §21.9)."""

from __future__ import annotations

from typing import Any

import pytest

from pipeline.games.old_world.engine import Tables, new_game
from pipeline.games.old_world.engine.invariants import violations
from pipeline.rules.simulation import run_simulation
from pipeline.rules.spec import GameSpec


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_invariants_hold_after_every_step(spec: GameSpec, db: Any, players: int, bot: str) -> None:
    report = run_simulation(spec.engine, spec.id, db, players, games=20, seed=100, bot=bot)
    assert report.errors == []  # games at the turn cap are counted apart (report.capped)
    if bot == "greedy":
        assert report.completed == report.games  # greedy games end


def test_a_fresh_game_is_sound(tables: Tables) -> None:
    assert violations(new_game(tables, 4, 9)) == []


def test_a_lost_card_is_detected(tables: Tables) -> None:
    s = new_game(tables, 2, 9)
    s.players[0].hand.pop()
    assert "action cards are not conserved across the zones" in violations(s)
    s.players[0].gold += 1
    assert any("gold is not conserved" in v for v in violations(s))


def test_the_incremental_tallies_follow_every_change(tables: Tables) -> None:
    s = new_game(tables, 3, 5)
    assert violations(s) == []  # The tallies start counting here.
    p = s.players[1]
    p.discard.append(p.hand.pop(0))  # A legal move between zones.
    assert violations(s) == []
    card = p.discard[-1]
    p.discard[-1] = next(c for c in tables.cards if c != card)  # Same number of cards, one of them wrong.
    assert violations(s) == ["action cards are not conserved across the zones"]
    p.discard[-1] = card
    assert violations(s) == []
    p.trail_tokens.append(s.token_piles[next(iter(s.token_piles))][-1])  # A token in two places.
    assert violations(s) == ["location tokens are not conserved"]
