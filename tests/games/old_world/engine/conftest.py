"""Shared fixtures: the shipped content's tables, fresh seeded states, and a driver for rule flows."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pipeline.games.old_world.content import OldWorldContent
from pipeline.games.old_world.engine import GameState, Tables, new_game
from pipeline.games.old_world.engine.actions import Action
from pipeline.games.old_world.engine.state import Decision, Flow
from pipeline.games.old_world.spec import SPEC
from pipeline.rules.spec import GameSpec

ROOT = Path(__file__).resolve().parents[4]


@pytest.fixture(scope="session")
def spec() -> GameSpec:
    return SPEC


@pytest.fixture(scope="session")
def db(spec: GameSpec) -> Any:
    database, _ = spec.load(ROOT / "content")
    return database


@pytest.fixture(scope="session")
def tables(db: Any) -> Tables:
    return Tables.from_content(OldWorldContent(db))


@pytest.fixture
def game(tables: Tables) -> Callable[..., GameState]:
    def make(players: int = 2, seed: int = 1, **options: Any) -> GameState:
        """A new game past its setup choices (monster placement, bonus attributes)."""
        state = new_game(tables, players, seed, options or None)
        while state.decision is not None and state.decision.kind in ("place-monster", "bonus-attribute"):
            state.apply(state.decision.actions[0])
        return state

    return make


def drive(flow: Flow, pick: Callable[[Decision], Action] | None = None) -> Any:
    """Run a rules flow to its end, answering each decision with `pick` (default: the first action)."""
    choose = pick or (lambda d: d.actions[0])
    try:
        decision = next(flow)
        while True:
            decision = flow.send(choose(decision))
    except StopIteration as stop:
        return stop.value


def decisions(flow: Flow, answers: list[Action]) -> list[Decision]:
    """Run a flow answering with `answers` in order; return the decisions seen."""
    seen: list[Decision] = []
    it = iter(answers)
    try:
        decision = next(flow)
        while True:
            seen.append(decision)
            decision = flow.send(next(it))
    except StopIteration:
        return seen
