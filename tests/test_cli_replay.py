"""`pnp simulate --trace FILE` writes a seeded game's transcript; `pnp replay FILE` plays it again and
stops at the first line the engine plays differently."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline.cli import app
from tests.conftest import CONTENT

runner = CliRunner()


def traced(tmp_path: Path, game: str, players: int, seed: int = 3) -> Path:
    trace = tmp_path / "game.txt"
    args = ["simulate", "-g", game, "-p", str(players), "-n", "2", "-s", str(seed), "--trace", str(trace), "--content", str(CONTENT)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    return trace


def replayed(trace: Path) -> tuple[int, str]:
    result = runner.invoke(app, ["replay", str(trace), "--content", str(CONTENT)])
    return result.exit_code, result.output


@pytest.mark.parametrize(("game", "players"), [("old-world", 2), ("path-of-destiny", 1)])
def test_a_traced_game_replays_step_by_step(tmp_path: Path, game: str, players: int) -> None:
    trace = traced(tmp_path, game, players)
    text = trace.read_text(encoding="utf-8")
    assert text.startswith(f"# pnp transcript 1\ngame: {game}\nplayers: {players}\nseed: 3\nbot: greedy\n")
    assert "\noutcome: " in text
    assert replayed(trace) == (0, f"replay {trace}: every step plays as recorded\n")


def tamper(trace: Path, pattern: str, change: str) -> tuple[int, int]:
    """Rewrite the 5th line matching `pattern` to `change(line)`: its 1-based line and its decision number."""
    lines = trace.read_text(encoding="utf-8").splitlines(keepends=True)
    decision = re.compile(r"^  p\d+ \S+ \d+ choices: ")
    hits = [i for i, line in enumerate(lines) if re.search(pattern, line)]
    at = hits[4]
    lines[at] = re.sub(pattern, change, lines[at])
    trace.write_text("".join(lines), encoding="utf-8")
    step = sum(1 for line in lines[: at + 1] if decision.match(line))
    return at + 1, step


def test_a_tampered_decision_fails_at_its_step(tmp_path: Path) -> None:
    trace = traced(tmp_path, "old-world", 3)
    line, step = tamper(trace, r"choices: Move\('", "choices: Move('nowhere-", )
    code, output = replayed(trace)
    assert code == 1
    assert output.startswith(f"{trace}:{line}: error REPLAY-DIVERGED: step {step}: recorded \"Move('nowhere-")
    assert "not among the" in output


def test_a_tampered_standing_fails_at_its_line(tmp_path: Path) -> None:
    trace = traced(tmp_path, "old-world", 2)
    line, step = tamper(trace, r"gold (\d+)", "gold 99")
    code, output = replayed(trace)
    assert code == 1
    assert f"{trace}:{line}: error REPLAY-DIVERGED: step {step}: recorded '  = p" in output and "gold 99" in output


def test_a_replay_reports_as_json(tmp_path: Path) -> None:
    trace = traced(tmp_path, "path-of-destiny", 2)
    lines = trace.read_text(encoding="utf-8").splitlines(keepends=True)
    trace.write_text("".join(lines[:-3]), encoding="utf-8")  # the game goes on past the end of the file
    result = runner.invoke(app, ["replay", str(trace), "--content", str(CONTENT), "--format", "json"])
    assert result.exit_code == 1
    divergence = json.loads(result.output)["divergence"]
    assert divergence["line"] == len(lines) - 2 and divergence["recorded"] == "(end of transcript)"


@pytest.mark.parametrize("text", ["game: old-world\n", "# pnp transcript 1\ngame: old-world\n\nturn 1\n"])
def test_a_file_that_is_not_a_transcript_is_a_usage_error(tmp_path: Path, text: str) -> None:
    trace = tmp_path / "not.txt"
    trace.write_text(text, encoding="utf-8")
    code, output = replayed(trace)
    assert code == 2 and "Traceback" not in output


def test_a_missing_transcript_is_a_usage_error(tmp_path: Path) -> None:
    code, output = replayed(tmp_path / "missing.txt")
    assert code == 2 and "cannot read the transcript" in output
