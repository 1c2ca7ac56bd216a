"""The bots: an explicit registry; random is uniform and seeded; greedy plays to win."""

from __future__ import annotations

from pathlib import Path

from pipeline.games.old_world.bots import BOTS, GreedyBot, RandomBot
from pipeline.games.old_world.spec import SPEC
from pipeline.rules.simulation import run_simulation

ROOT = Path(__file__).resolve().parents[3]


def test_registry_names() -> None:
    assert BOTS == {"random": RandomBot, "greedy": GreedyBot}


def test_random_bot_is_seeded() -> None:
    actions = list(range(10))
    assert [RandomBot(3).choose(None, actions) for _ in range(3)] == [RandomBot(3).choose(None, actions)] * 3


def test_greedy_wins_faster_than_random() -> None:
    db, _ = SPEC.load(ROOT / "content")
    greedy = run_simulation(SPEC.engine, SPEC.id, db, 2, 10, 1, "greedy", check_invariants=False)
    random = run_simulation(SPEC.engine, SPEC.id, db, 2, 10, 1, "random", check_invariants=False)
    assert greedy.completed == 10
    assert sum(greedy.turns) / len(greedy.turns) < sum(random.turns) / max(1, len(random.turns))
