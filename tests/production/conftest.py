"""Builds of the shipped content, made once per session and shared by the output tests."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from pipeline.cli import app

REPO = Path(__file__).resolve().parents[2]
Build = Callable[..., tuple[int, dict[str, Any], Path]]


def run_build(out: Path, cache: Path, *args: str) -> tuple[int, dict[str, Any], Path]:
    """Run `pnp build` on the shipped content; returns (exit code, JSON output, out folder)."""
    argv = ["build", "--game", "old-world", "--content", str(REPO / "content"), "--layouts", str(REPO / "pipeline" / "layouts"),
            "--out", str(out), "--cache-dir", str(cache), "--format", "json", "--jobs", "1", *args]
    result = CliRunner().invoke(app, argv)
    assert result.exit_code in (0, 1), result.output
    return result.exit_code, json.loads(result.stdout), out


@pytest.fixture(scope="session")
def a4_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("a4")
    code, _, out = run_build(base / "out", base / "cache", "--locale", "en")
    assert code == 0
    return out / "old-world" / "en"


@pytest.fixture(scope="session")
def letter_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("letter")
    code, _, out = run_build(base / "out", base / "cache", "--locale", "en", "--paper", "letter", "--backs", "none",
                             "--target", "cards")
    assert code == 0
    return out / "old-world" / "en"


@pytest.fixture
def build(tmp_path: Path) -> Build:
    def run(*args: str, out: str = "out") -> tuple[int, dict[str, Any], Path]:
        return run_build(tmp_path / out, tmp_path / "cache", *args)

    return run
