"""The command-line contract: formats, exit codes 0/1/2, --content, schema --check."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from typer.testing import CliRunner

from pipeline.cli import app
from tests.conftest import CONTENT, FIXTURES

runner = CliRunner()


def broken_tree(tmp_path: Path) -> Path:
    """The small Old World example tree with a city quest entering an event it does not hold."""
    root = tmp_path / "content"
    shutil.copytree(FIXTURES / "old-world", root / "old-world")
    city = root / "old-world" / "exploration" / "city.yaml"
    city.write_text(city.read_text(encoding="utf-8").replace("enter_event: 1}", "enter_event: 61}", 1), encoding="utf-8")
    return root


def test_validate_on_shipped_content_exits_0_with_a_one_line_summary() -> None:
    result = runner.invoke(app, ["validate", "--content", str(CONTENT)])
    assert result.exit_code == 0, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("validate: 0 error(s)") and "90 market cards" in lines[0] and "56 events" in lines[0]


def test_check_on_shipped_content_exits_0() -> None:
    result = runner.invoke(app, ["check", "--content", str(CONTENT), "--game", "old-world"])
    assert result.exit_code == 0, result.output


def test_findings_print_like_a_compiler_and_exit_1(tmp_path: Path) -> None:
    result = runner.invoke(app, ["validate", "--content", str(broken_tree(tmp_path))])
    assert result.exit_code == 1
    first = next(line for line in result.output.splitlines() if "OW-EVENT-REF" in line)
    assert "exploration/city.yaml:" in first and ": error OW-EVENT-REF: quest city-" in first
    assert first.endswith("enters event 61, which does not exist")


def test_json_format_has_ok_findings_and_stats(tmp_path: Path) -> None:
    result = runner.invoke(app, ["validate", "--content", str(broken_tree(tmp_path)), "--format", "json"])
    assert result.exit_code == 1
    payload = json.loads(result.output)
    assert payload["ok"] is False
    finding = next(f for f in payload["findings"] if f["severity"] == "error")
    assert set(finding) == {"severity", "code", "message", "file", "line", "column", "hint"}
    assert finding["code"] == "OW-EVENT-REF" and finding["line"] > 1
    assert payload["stats"]["old-world"]["events"] == 4  # the example tree's events 1-4


def test_github_format_prints_annotations(tmp_path: Path) -> None:
    result = runner.invoke(app, ["validate", "--content", str(broken_tree(tmp_path)), "--format", "github"])
    assert result.exit_code == 1
    annotation = next(line for line in result.output.splitlines() if line.startswith("::error file="))
    assert ",line=" in annotation and ",col=" in annotation and "OW-EVENT-REF" in annotation


def test_an_unknown_game_is_a_usage_error() -> None:
    result = runner.invoke(app, ["validate", "--game", "chess", "--content", str(CONTENT)])
    assert result.exit_code == 2
    assert "unknown game 'chess'" in result.output


def test_a_bad_option_value_is_a_usage_error() -> None:
    assert runner.invoke(app, ["validate", "--format", "xml"]).exit_code == 2


def test_a_missing_content_folder_is_a_usage_error(tmp_path: Path) -> None:
    result = runner.invoke(app, ["validate", "--content", str(tmp_path / "nowhere")])
    assert result.exit_code == 2


def test_games_lists_the_games_with_content(tmp_path: Path) -> None:
    result = runner.invoke(app, ["games", "--content", str(CONTENT), "--format", "json"])
    assert result.exit_code == 0
    assert json.loads(result.output)["games"][0] == {"id": "old-world", "name": "The Witcher: Old World"}
    shutil.copytree(CONTENT / "adventure-game", tmp_path / "adventure-game")
    assert runner.invoke(app, ["games", "--content", str(tmp_path)]).output == "adventure-game  The Witcher Adventure Game\n"


def test_schema_check_passes_on_committed_schemas_and_fails_when_stale(tmp_path: Path) -> None:
    assert runner.invoke(app, ["schema", "--check", "--content", str(CONTENT)]).exit_code == 0
    root = tmp_path / "content"
    shutil.copytree(CONTENT / "schema", root / "schema")
    (root / "old-world").mkdir()  # a shipped game's schemas are judged where its folder is
    (root / "schema" / "old-world" / "events.schema.json").write_text("{}")
    result = runner.invoke(app, ["schema", "--check", "--content", str(root)])
    assert result.exit_code == 1 and "events.schema.json" in result.output
    assert runner.invoke(app, ["schema", "--content", str(root)]).exit_code == 0
    assert runner.invoke(app, ["schema", "--check", "--content", str(root)]).exit_code == 0


def test_schema_writes_and_checks_only_the_games_of_a_designers_content_root(tmp_path: Path) -> None:
    root = tmp_path / "content"
    assert runner.invoke(app, ["new", "my-game", "--content", str(root)]).exit_code == 0
    assert runner.invoke(app, ["schema", "--check", "--content", str(root)]).exit_code == 0
    shutil.rmtree(root / "schema")
    written = runner.invoke(app, ["schema", "--content", str(root)])
    assert written.exit_code == 0 and "my-game" in written.output
    assert sorted(p.name for p in (root / "schema").iterdir()) == ["layouts.schema.json", "my-game"]  # no shipped game's schemas


def test_simulate_is_reproducible_and_reports_figures() -> None:
    args = ["simulate", "--game", "old-world", "--players", "3", "--games", "4", "--seed", "7", "--content", str(CONTENT)]
    first = runner.invoke(app, [*args, "--format", "json"])
    second = runner.invoke(app, [*args, "--format", "json"])
    assert first.exit_code == 0, first.output
    assert first.output == second.output
    sim = json.loads(first.output)["simulation"]
    assert sim["completed"] == 4 and sim["players"] == 3
    assert set(sim) >= {"turns", "wins_by_seat", "wins_by_faction", "coverage", "errors"}


def test_simulate_text_summary_names_the_seeds() -> None:
    result = runner.invoke(app, ["simulate", "--game", "old-world", "--players", "1", "--games", "2", "--content", str(CONTENT)])
    assert result.exit_code == 0, result.output
    assert "2/2 games completed with 1 player(s), bot greedy, seeds 1–2" in result.output
    assert "coverage monsters:" in result.output


def test_solo_random_games_at_the_turn_cap_are_a_rate_not_a_failure() -> None:
    # Seeds 4, 5, 8 and 9 of the random solo bot wander until the turn cap; the engine did nothing wrong.
    args = ["simulate", "--game", "old-world", "-p", "1", "--bot", "random", "--games", "10", "--content", str(CONTENT)]
    text = runner.invoke(app, args)
    assert text.exit_code == 0, text.output
    assert "turn cap reached: 4/10 games (40%), seeds 4, 5, 8, 9" in text.output
    assert "warning SIM-TURN-CAP" in text.output and "error" not in text.output
    result = runner.invoke(app, [*args, "--format", "json"])
    assert result.exit_code == 0, result.output
    sim = json.loads(result.output)["simulation"]
    assert sim["turn_cap"] == {"games": 4, "rate": 0.4, "seeds": [4, 5, 8, 9]}
    assert sim["errors"] == [] and sim["completed"] == 6


def test_simulate_rejects_an_unsupported_player_count() -> None:
    result = runner.invoke(app, ["simulate", "--game", "old-world", "--players", "7", "--content", str(CONTENT)])
    assert result.exit_code == 2
