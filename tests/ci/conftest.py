"""A small old-world tree whose `pnp check` finds warnings and no error, for the CI gate's tests."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from pipeline.findings import Finding, warning
from tests.conftest import FIXTURES, line_of


@pytest.fixture
def warned_tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """tmp_path/content/old-world: the example tree with Jab's fight ability emptied (OW-CARD-EMPTY at
    cards/market.yaml:12), no translation template (I18N-POT-STALE) and a simulation that never used
    igni-inferno (SIM-UNUSED; the smoke run is replaced, so these tests of the gate do not depend on
    what the bots happen to play); the working directory is tmp_path, so any pyproject.toml stays there."""
    root = tmp_path / "content"
    shutil.copytree(FIXTURES / "old-world", root / "old-world")
    market = root / "old-world" / "cards" / "market.yaml"
    market.write_text(market.read_text(encoding="utf-8").replace("fight: {damage: 1}", "fight: {}", 1), encoding="utf-8")
    unused = warning("SIM-UNUSED", "action-cards 'igni-inferno' was never used in 10 simulated game(s) per player count",
                     str(market), line_of(market, "id: igni-inferno"), 5, "check that the rules can reach it")

    def start_smoke(*args: object, **kwargs: object) -> Callable[[], list[Finding]]:
        return lambda: [unused]

    monkeypatch.setattr("pipeline.app.smoke.start_smoke", start_smoke)
    monkeypatch.chdir(tmp_path)
    return root
