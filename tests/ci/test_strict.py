"""`--strict`: a warning fails check, validate and build (exit 1) while each finding keeps its severity."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from pipeline.cli import app
from pipeline.findings import Report, error, warning
from tests.conftest import CONTENT

runner = CliRunner()


def test_a_strict_report_fails_on_a_warning_and_says_it_is_strict() -> None:
    report = Report([warning("SIM-UNUSED", "a warning", "a.yaml")])
    assert report.ok and report.exit_code == 0
    report.strict = True
    assert not report.ok and report.exit_code == 1
    assert report.summary() == "0 error(s), 1 warning(s) [strict: warnings fail]"
    assert Report([], strict=True).exit_code == 0
    assert Report([error("LAYOUT-CYCLE", "an error", "a.yaml")], strict=True).exit_code == 1


def test_check_passes_with_warnings_and_fails_on_them_when_strict(warned_tree: Path) -> None:
    lenient = runner.invoke(app, ["check", "--content", str(warned_tree)])
    assert lenient.exit_code == 0, lenient.output
    assert "warning OW-CARD-EMPTY" in lenient.output
    strict = runner.invoke(app, ["check", "--content", str(warned_tree), "--strict", "--format", "json"])
    assert strict.exit_code == 1, strict.output
    payload = json.loads(strict.output)
    assert payload["ok"] is False
    assert {f["severity"] for f in payload["findings"]} == {"warning"}  # severities unchanged
    assert "OW-CARD-EMPTY" in {f["code"] for f in payload["findings"]}


def test_strict_summary_line_names_the_mode(warned_tree: Path) -> None:
    result = runner.invoke(app, ["check", "--content", str(warned_tree), "--strict"])
    assert result.exit_code == 1
    assert result.output.splitlines()[-1].startswith("check: 0 error(s), 3 warning(s) [strict: warnings fail]")


def test_validate_strict_on_content_without_warnings_exits_0() -> None:
    result = runner.invoke(app, ["validate", "--content", str(CONTENT), "--strict"])
    assert result.exit_code == 0, result.output
    assert "[strict: warnings fail]" in result.output


def test_build_strict_fails_on_a_build_warning(tmp_path: Path) -> None:
    # adventure-game has no tokens: asking for them is a BUILD-UNSUPPORTED warning and nothing is drawn.
    args = ["build", "--content", str(CONTENT), "--game", "adventure-game", "--target", "tokens",
            "--out", str(tmp_path / "out"), "--cache-dir", str(tmp_path / "cache")]
    assert runner.invoke(app, args).exit_code == 0
    strict = runner.invoke(app, [*args, "--strict"])
    assert strict.exit_code == 1, strict.output
    assert "warning BUILD-UNSUPPORTED" in strict.output
