"""Shared fixtures: the shipped content, and copies of it with one deliberate mistake."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from pipeline.findings import Finding
from pipeline.games import find_game

REPO = Path(__file__).resolve().parent.parent
CONTENT = REPO / "content"


@pytest.fixture(scope="session")
def content_root() -> Path:
    return CONTENT


def line_of(path: Path, text: str, occurrence: int = 1) -> int:
    """1-based line of the n-th occurrence of text in a file."""
    count = 0
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if text in line:
            count += 1
            if count == occurrence:
                return number
    raise AssertionError(f"{text!r} not found in {path}")


Mutate = Callable[..., tuple[Path, list[Finding]]]


@pytest.fixture
def mutated(tmp_path: Path) -> Mutate:
    """Copy the shipped Old World content, replace text in one file, load and check it.

    Returns (path of the changed file, findings of validate + check).
    """

    def run(relative: str, old: str, new: str, count: int = 1, game: str = "old-world") -> tuple[Path, list[Finding]]:
        root = tmp_path / "content"
        if not root.exists():
            shutil.copytree(CONTENT / game, root / game)
        path = root / game / relative
        text = path.read_text(encoding="utf-8")
        assert old in text, f"{old!r} not in {relative}"
        path.write_text(text.replace(old, new, count), encoding="utf-8")
        ruleset = find_game(game)
        db, findings = ruleset.load(root)
        return path, findings + ruleset.checks(db)

    return run


def codes(findings: list[Finding]) -> list[str]:
    return [f.code for f in findings]
