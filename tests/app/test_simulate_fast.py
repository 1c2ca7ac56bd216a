"""`pnp simulate --fast`: the same games without the invariant check after every step (sweeps, long runs)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline.cli import app
from pipeline.games.old_world.engine.state import GameState

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
ARGS = ["simulate", "--game", "old-world", "--players", "2", "--games", "2", "--format", "json", "--content", str(FIXTURES)]


@pytest.fixture
def broken_invariant(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every step breaks an invariant: only a run that checks them can see it."""
    monkeypatch.setattr(GameState, "invariant_violations", lambda self: ["planted break"])


@pytest.mark.usefixtures("broken_invariant")
def test_simulate_checks_every_step_by_default() -> None:
    result = CliRunner().invoke(app, ARGS)
    assert result.exit_code == 1
    codes = [f["code"] for f in json.loads(result.output)["findings"]]
    assert codes == ["SIM-INVARIANT", "SIM-INVARIANT"] and "planted break" in result.output


@pytest.mark.usefixtures("broken_invariant")
def test_fast_skips_the_invariant_checks() -> None:
    fast = CliRunner().invoke(app, [*ARGS, "--fast"])
    assert fast.exit_code == 0, fast.output
    assert "SIM-INVARIANT" not in fast.output


def test_fast_plays_the_same_games() -> None:
    checked, fast = CliRunner().invoke(app, ARGS), CliRunner().invoke(app, [*ARGS, "--fast"])
    assert checked.exit_code == fast.exit_code == 0
    assert checked.output == fast.output
