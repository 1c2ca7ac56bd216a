"""Shared fixtures: the shipped content's tables, fresh seeded states, and drivers for rule flows."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pipeline.games.path_of_destiny.content import PathOfDestinyContent
from pipeline.games.path_of_destiny.engine import GameState, Tables, new_game
from pipeline.games.path_of_destiny.engine.actions import Action
from pipeline.games.path_of_destiny.engine.state import Decision, Flow
from pipeline.games.path_of_destiny.models import ActionCard
from pipeline.games.path_of_destiny.spec import SPEC
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
    return Tables.from_content(PathOfDestinyContent(db))


@pytest.fixture
def game(tables: Tables) -> Callable[..., GameState]:
    def make(players: int = 2, seed: int = 1, **options: Any) -> GameState:
        """A new game past its character draft (each player keeps the first board drawn)."""
        state = new_game(tables, players, seed, options or None)
        while state.decision is not None and state.decision.kind == "character":
            state.apply(state.decision.actions[0])
        return state

    return make


@pytest.fixture
def test_tables(db: Any) -> Tables:
    """Fresh tables (per test) with a few made-up action cards for scenarios."""
    t = Tables.from_content(PathOfDestinyContent(db))
    made_up = [
        {
            "id": "t-giver",
            "name": "Giver",
            "colors": ["red"],
            "effect": {"type": "gain-symbols", "symbols": ["combat", "combat"]},
        },
        {
            "id": "t-taker",
            "name": "Taker",
            "colors": ["green"],
            "condition": {"type": "have-symbol", "symbol": "combat"},
            "effect": {"type": "gain-xp", "amount": 3},
        },
        {"id": "t-combat", "name": "Blade", "symbol": "combat", "colors": ["blue"]},
        {"id": "t-magic", "name": "Staff", "symbol": "magic", "colors": ["yellow"]},
    ]
    for card in made_up:
        model = ActionCard.model_validate(card)
        t.cards[model.id] = model
    return t


def run(flow: Flow, choose: Callable[[Decision], Action] | None = None) -> Any:
    """Drive a rule flow to its end (first offered action unless `choose` says otherwise); its return value."""
    try:
        decision = next(flow)
        while True:
            decision = flow.send(choose(decision) if choose else decision.actions[0])
    except StopIteration as stop:
        return stop.value


def advance(state: GameState, kind: str, choose: Callable[[GameState], Action] | None = None) -> None:
    """Play first-offered actions until a decision of `kind` is pending."""
    while not state.is_terminal():
        assert state.decision is not None
        if state.decision.kind == kind:
            return
        state.apply(choose(state) if choose else state.legal_actions()[0])
    raise AssertionError(f"the game ended before a {kind!r} decision")
