"""A small old-world tree whose `pnp check` finds warnings and no error, for the CI gate's tests."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.conftest import FIXTURES


@pytest.fixture
def warned_tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """tmp_path/content/old-world: the example tree with Jab's fight ability emptied (OW-CARD-EMPTY at
    cards/market.yaml:12) and no translation template (I18N-POT-STALE); the working directory is tmp_path,
    so the smoke run's cache and any pyproject.toml stay there."""
    root = tmp_path / "content"
    shutil.copytree(FIXTURES / "old-world", root / "old-world")
    market = root / "old-world" / "cards" / "market.yaml"
    market.write_text(market.read_text(encoding="utf-8").replace("fight: {damage: 1}", "fight: {}", 1), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return root
