"""The example workflow and the pre-commit hook run real `pnp` commands that pass on the shipped content."""

from __future__ import annotations

import re
import shlex
from pathlib import Path
from typing import Any

import pytest
from ruamel.yaml import YAML
from typer.testing import CliRunner

from pipeline.cli import app
from tests.conftest import REPO

runner = CliRunner()


def load(path: Path) -> Any:
    return YAML(typ="safe").load(path.read_text(encoding="utf-8"))


def pnp_commands_of_the_workflow() -> list[str]:
    workflow = load(REPO / ".github" / "workflows" / "check.yml")
    steps = [step for job in workflow["jobs"].values() for step in job["steps"]]
    return [step["run"] for step in steps if step.get("run", "").startswith("pnp ")]


def test_the_workflow_runs_strict_github_check_on_push_and_pull_request_with_python_3_11() -> None:
    workflow = load(REPO / ".github" / "workflows" / "check.yml")
    assert set(workflow["on"]) == {"push", "pull_request"}
    setup = next(s for job in workflow["jobs"].values() for s in job["steps"] if s.get("uses", "").startswith("actions/setup-python"))
    assert setup["with"]["python-version"] == "3.11"
    assert pnp_commands_of_the_workflow() == ["pnp check --format github --strict"]


def test_the_pre_commit_hook_runs_pnp_check_on_content_and_layouts() -> None:
    [hook] = load(REPO / ".pre-commit-hooks.yaml")
    assert hook["id"] == "pnp-check" and hook["entry"] == "pnp check"
    assert hook["language"] == "python" and hook["pass_filenames"] is False
    files = re.compile(hook["files"])
    assert files.search("content/old-world/cards/market.yaml") and files.search("layouts/cards.yaml")
    assert not files.search("pipeline/cli/commands.py")


@pytest.mark.parametrize("command", [*pnp_commands_of_the_workflow(), load(REPO / ".pre-commit-hooks.yaml")[0]["entry"]])
def test_each_example_command_passes_on_the_shipped_content(command: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)  # where CI and pre-commit run it: ./content, ./layouts and pyproject.toml's suppressions
    program, *args = shlex.split(command)
    assert program == "pnp"
    result = runner.invoke(app, args, env={"GITHUB_STEP_SUMMARY": ""})
    assert result.exit_code == 0, result.output
