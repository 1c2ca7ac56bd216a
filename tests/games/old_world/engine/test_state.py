"""The contract: legal actions, apply, the log, reproducible games."""

from __future__ import annotations

import pytest

from pipeline.games.old_world.bots import RandomBot
from pipeline.games.old_world.engine import GameState, IllegalAction, Tables, new_game
from pipeline.games.old_world.engine.actions import Pass


def play(tables: Tables, players: int, seed: int) -> GameState:
    s = new_game(tables, players, seed)
    bot = RandomBot(seed)
    while not s.is_terminal():
        s.apply(bot.choose(s, s.legal_actions()))
    return s


def test_same_seed_same_game(tables: Tables) -> None:
    a, b = play(tables, 3, 11), play(tables, 3, 11)
    assert [str(x) for x in a.log] == [str(x) for x in b.log]
    assert a.result() == b.result()


def test_a_game_replays_from_its_seed_and_actions(tables: Tables) -> None:
    original = play(tables, 2, 4)
    replay = new_game(tables, 2, 4)
    for action in original.log:
        replay.apply(action)
    assert replay.result() == original.result()
    assert [p.trophies for p in replay.players] == [p.trophies for p in original.players]


def test_illegal_actions_are_refused(tables: Tables) -> None:
    s = new_game(tables, 3, 1)
    with pytest.raises(IllegalAction):
        s.apply(Pass()) if Pass() not in s.legal_actions() else s.apply(object())  # type: ignore[arg-type]


def test_a_finished_game_has_an_outcome_and_no_actions(tables: Tables) -> None:
    s = play(tables, 2, 2)
    outcome = s.result()
    assert s.is_terminal() and outcome is not None and s.legal_actions() == []
    assert outcome.winner is not None and outcome.turns == s.turn
    assert outcome.faction == s.players[outcome.winner].school


def test_coverage_names_database_collections(tables: Tables) -> None:
    s = play(tables, 2, 2)
    assert set(s.coverage()) == {"action-cards", "potions", "monsters", "exploration", "events"}
    assert s.coverage()["action-cards"]
