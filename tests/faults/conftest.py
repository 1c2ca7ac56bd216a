"""The fault suite's game: a declared card game as `pnp new` writes it, under a content root of its own."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.app.new import new_game


@pytest.fixture
def root(tmp_path: Path) -> Path:
    """A content root holding the cards template's game `my-game` (beside it, `tmp_path/outside` is not content)."""
    new_game("my-game", "cards", tmp_path / "content")
    (tmp_path / "outside").mkdir()
    return tmp_path / "content"
