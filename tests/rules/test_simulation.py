"""The game-agnostic simulation runner on the shipped Old World content."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pipeline.findings import Severity
from pipeline.games.old_world.spec import SPEC
from pipeline.rules.simulation import GameError, SimulationReport, run_simulation, smoke_run, unused_findings

ROOT = Path(__file__).resolve().parents[2]


ENGINE = SPEC.engine


@pytest.fixture(scope="module")
def db() -> Any:
    return SPEC.load(ROOT / "content")[0]


def test_report_figures_and_json(db: Any) -> None:
    report = run_simulation(ENGINE, SPEC.id, db, players=3, games=5, seed=1, bot="greedy")
    data = report.to_dict()
    json.dumps(data)
    assert data["completed"] == 5 and data["errors"] == []
    assert sum(data["wins_by_seat"].values()) == 5 == sum(data["wins_by_faction"].values())
    assert data["turns"]["max"] >= data["turns"]["median"] > 0
    assert data["coverage"]["monsters"]["total"] == len(db.all("monsters"))  # the base and the selected packs


def test_game_i_uses_seed_plus_i(db: Any) -> None:
    one = run_simulation(ENGINE, SPEC.id, db, players=2, games=1, seed=8, bot="random")
    both = run_simulation(ENGINE, SPEC.id, db, players=2, games=2, seed=7, bot="random")
    assert one.turns[0] == both.turns[1]


def test_errors_become_findings_with_the_seed() -> None:
    report = SimulationReport("old-world", 2, "random", 1, 3, errors=[GameError("SIM-CRASH", 2, "KeyError: 'x'")])
    [finding] = report.findings("content/old-world/game.yaml")
    assert finding.severity is Severity.ERROR and finding.code == "SIM-CRASH"
    assert "seed 2" in finding.message and "--seed 2" in finding.hint


def test_the_reproduce_hint_selects_the_packs_and_modes_that_were_played() -> None:
    db, _ = SPEC.load(ROOT / "content", ("wild-hunt", "monster-trail", "monster-trail/bombs"))
    report = run_simulation(ENGINE, SPEC.id, db, players=3, games=0, seed=18, bot="greedy")
    report.errors.append(GameError("SIM-INVARIANT", 18, "invariant broken: x"))
    [finding] = report.findings("content/old-world/game.yaml")
    assert finding.hint == ("reproduce with: pnp simulate --game old-world --players 3 --games 1 --seed 18 --bot greedy"
                            " --pack wild-hunt --pack monster-trail --mode bombs")


def test_games_at_the_turn_cap_are_one_warning_with_their_rate() -> None:
    crash = GameError("SIM-CRASH", 5, "KeyError: 'x'")
    report = SimulationReport("old-world", 1, "random", 1, 8, errors=[crash], capped=[2, 4])
    crashed, capped = report.findings("content/old-world/game.yaml")
    assert crashed.severity is Severity.ERROR and crashed.code == "SIM-CRASH"
    assert capped.severity is Severity.WARNING and capped.code == "SIM-TURN-CAP"
    assert "2/8 games (25%), seeds 2, 4 hit the turn cap" in capped.message and "--seed 2" in capped.hint
    assert report.to_dict()["turn_cap"] == {"games": 2, "rate": 0.25, "seeds": [2, 4]}


def test_a_run_names_the_seeds_that_hit_the_turn_cap(db: Any) -> None:
    report = run_simulation(ENGINE, SPEC.id, db, players=1, games=6, seed=4, bot="random")
    assert report.capped == [4, 5, 8, 9] and report.errors == [] and report.completed == 2


def test_unused_warnings_only_for_a_large_enough_run(db: Any) -> None:
    small = SimulationReport("old-world", 2, "greedy", 1, 1, coverage={"monsters": {"drowner"}})
    small.sightings["monsters"] = 3
    assert unused_findings(small, db) == []
    large = SimulationReport("old-world", 2, "greedy", 1, 100, coverage={"monsters": {"drowner"}})
    large.sightings["monsters"] = 10_000
    found = unused_findings(large, db)
    assert len(found) == len(db.all("monsters")) - 1  # the entities the selection shows
    assert all(f.code == "SIM-UNUSED" and f.file.endswith("monsters.yaml") and f.line > 1 for f in found)


def test_smoke_run_covers_every_player_count(db: Any) -> None:
    findings, coverage = smoke_run(ENGINE, SPEC.id, db, seed=1, games_per_count=2)
    assert [f for f in findings if f.severity is Severity.ERROR] == []
    assert coverage["monsters"] and coverage["exploration"]
