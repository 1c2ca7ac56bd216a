"""`--format github` in GitHub Actions: annotations on stdout and a Markdown job summary appended to
the file $GITHUB_STEP_SUMMARY names (counts per severity, a table of the findings)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline.cli import app
from pipeline.findings import Report, error, warning

runner = CliRunner()


def test_check_github_writes_annotations_and_appends_a_job_summary(warned_tree: Path, tmp_path: Path) -> None:
    summary = tmp_path / "step-summary.md"
    summary.write_text("earlier step\n", encoding="utf-8")
    accept = '[[tool.pnp.suppress]]\ncode = "SIM-UNUSED"\nid = "igni-inferno"\nreason = "bots skip it"\n'
    (warned_tree.parent / "pyproject.toml").write_text(accept, encoding="utf-8")
    result = runner.invoke(app, ["check", "--content", str(warned_tree), "--format", "github"],
                           env={"GITHUB_STEP_SUMMARY": str(summary)})
    assert result.exit_code == 0, result.output
    assert "::warning file=content/old-world/cards/market.yaml,line=12,col=5,title=OW-CARD-EMPTY::" in result.output
    text = summary.read_text(encoding="utf-8")
    assert text.startswith("earlier step\n### pnp check\n")  # appended, never replacing another step's summary
    lines = text.splitlines()
    assert "| error | 0 |" in lines and "| warning | 2 |" in lines and "| suppressed | 1 |" in lines
    row = next(line for line in lines if "OW-CARD-EMPTY" in line)
    assert row == "| warning | `OW-CARD-EMPTY` | `content/old-world/cards/market.yaml:12:5` | Jab has an empty fight ability |"
    assert any("I18N-POT-STALE" in line and "<br>hint: run `pnp i18n extract" in line for line in lines)


def test_no_job_summary_without_the_variable_or_in_another_format(warned_tree: Path, tmp_path: Path) -> None:
    summary = tmp_path / "step-summary.md"
    result = runner.invoke(app, ["validate", "--content", str(warned_tree), "--format", "text"],
                           env={"GITHUB_STEP_SUMMARY": str(summary)})
    assert result.exit_code == 0 and not summary.exists()
    result = runner.invoke(app, ["validate", "--content", str(warned_tree), "--format", "github"], env={"GITHUB_STEP_SUMMARY": ""})
    assert result.exit_code == 0 and not summary.exists()


def test_an_unwritable_job_summary_is_said_and_changes_no_exit_code(warned_tree: Path, tmp_path: Path) -> None:
    result = runner.invoke(app, ["validate", "--content", str(warned_tree), "--format", "github"],
                           env={"GITHUB_STEP_SUMMARY": str(tmp_path)})  # a folder: cannot be opened for appending
    assert result.exit_code == 0
    assert "pnp: warning: cannot write the job summary" in result.output


@pytest.mark.parametrize("message", ["a | b", "line one\nline two"])
def test_a_message_cannot_break_the_table(message: str) -> None:
    markdown = Report([error("LAYOUT-CYCLE", message, "x.yaml"), warning("SIM-UNUSED", "fine", "y.yaml")]).to_markdown("pnp check")
    rows = [line for line in markdown.splitlines() if line.startswith("| error | `LAYOUT-CYCLE`")]
    assert len(rows) == 1 and rows[0].count(" | ") == 3 and "\n" not in rows[0]
