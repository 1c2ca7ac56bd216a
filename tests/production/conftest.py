"""Builds of the shipped content, made once per session and shared by the output tests; the `build` fixture, whose
cache starts with the shipped Old World's inputs already parsed."""

from __future__ import annotations

import json
import shutil
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


# What a build keeps in its cache about its inputs, not its outputs: the parsed YAML files (content/kept_files.py), the
# parsed hyphenation patterns (render/hyphenation.py) and the parsed catalogs (i18n/kept_catalogs.py).
INPUT_RECORDS = ("parsed", "hyphenation", "catalogs")


@pytest.fixture(scope="session")
def input_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A cache folder holding only the input records of a build of the shipped Old World in English and German, made
    once per session: each test's build starts from a copy, so it parses no file the shipped content has unchanged."""
    base = tmp_path_factory.mktemp("inputs")
    code, _, _ = run_build(base / "out", base / "built", "--locale", "en", "--locale", "de", "--target", "help")
    assert code == 0
    assert (base / "built" / "parsed").is_dir()
    for name in INPUT_RECORDS:  # no hyphenation record when this process had parsed the patterns already
        if (base / "built" / name).is_dir():
            shutil.copytree(base / "built" / name, base / "cache" / name)
    return base / "cache"


# The tests of a4_build, on one xdist worker: the build is made once, not once on each worker.
A4_BUILD = pytest.mark.xdist_group("a4-build")


@pytest.fixture(scope="session")
def a4_build(tmp_path_factory: pytest.TempPathFactory, input_cache: Path) -> Path:
    base = tmp_path_factory.mktemp("a4")
    shutil.copytree(input_cache, base / "cache")
    code, _, out = run_build(base / "out", base / "cache", "--locale", "en")
    assert code == 0
    return out / "old-world" / "en"


@pytest.fixture(scope="session")
def letter_build(tmp_path_factory: pytest.TempPathFactory, input_cache: Path) -> Path:
    base = tmp_path_factory.mktemp("letter")
    shutil.copytree(input_cache, base / "cache")
    code, _, out = run_build(base / "out", base / "cache", "--locale", "en", "--paper", "letter", "--backs", "none",
                             "--target", "cards")
    assert code == 0
    return out / "old-world" / "en"


@pytest.fixture
def build(tmp_path: Path, input_cache: Path) -> Build:
    """`pnp build` on the shipped content into tmp_path/<out>; a cache folder not made yet starts as a copy of
    input_cache (the tests of the caches themselves build with run_build and an empty folder)."""
    def run(*args: str, out: str = "out") -> tuple[int, dict[str, Any], Path]:
        if not (tmp_path / "cache").exists():
            shutil.copytree(input_cache, tmp_path / "cache")
        return run_build(tmp_path / out, tmp_path / "cache", *args)

    return run
