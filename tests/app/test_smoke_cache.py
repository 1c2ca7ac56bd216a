"""`pnp check`'s smoke run is replayed from the cache while the content and the code are unchanged."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from pipeline.app import smoke
from pipeline.app.smoke import smoke_findings
from pipeline.content.database import Database
from pipeline.games import find_game
from pipeline.rules import simulation
from tests.conftest import CONTENT, FIXTURES, PROCESSES

GAME = find_game("old-world")
ENGINE = GAME.engine
assert ENGINE is not None


@pytest.fixture
def root(tmp_path: Path) -> Path:
    """The fixture tree with one market card no witcher can pay for (cost 12): the smoke run always reports it
    SIM-UNUSED, whatever the bots' play, so the replay and the moved-line tests have a finding to replay."""
    root = tmp_path / "content"
    shutil.copytree(FIXTURES / "old-world", root / "old-world")
    market = root / "old-world" / "cards" / "market.yaml"
    text = market.read_text(encoding="utf-8")
    at = text.index("cost: 5\n", text.index("  - id: igni-inferno\n"))
    market.write_text(text[:at] + "cost: 12\n" + text[at + len("cost: 5\n"):], encoding="utf-8")
    return root


@pytest.fixture
def runs(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The player count of every simulation the smoke run starts."""
    started: list[int] = []
    real = simulation.run_simulation

    def counted(*args: Any, **kwargs: Any) -> simulation.SimulationReport:
        started.append(args[3])
        return real(*args, **kwargs)

    monkeypatch.setattr(simulation, "run_simulation", counted)
    return started


def database(root: Path) -> Database:
    db, findings = GAME.load(root)
    assert findings == []
    return db


def test_a_rerun_or_a_comment_replays_the_findings_and_a_model_edit_runs_again(root: Path, runs: list[int],
                                                                                tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    first = smoke_findings(ENGINE, GAME.id, database(root), cache, games_per_count=10)  # run and recorded
    per_run = len(runs)
    assert per_run > 0 and [f.code for f in first] == ["SIM-UNUSED"]

    assert smoke_findings(ENGINE, GAME.id, database(root), cache, games_per_count=10) == first  # replayed
    assert len(runs) == per_run

    potions = root / "old-world" / "potions.yaml"
    potions.write_text(potions.read_text(encoding="utf-8") + "# edited\n", encoding="utf-8")
    assert smoke_findings(ENGINE, GAME.id, database(root), cache, games_per_count=10) == first  # no model changed
    assert len(runs) == per_run

    market = root / "old-world" / "cards" / "market.yaml"
    text = market.read_text(encoding="utf-8")
    assert text.count("cost: 2\n") > 1
    market.write_text(text.replace("cost: 2\n", "cost: 3\n", 1), encoding="utf-8")  # the engine's tables change
    smoke_findings(ENGINE, GAME.id, database(root), cache, games_per_count=10)
    assert len(runs) > per_run  # played again (its coverage rounds may differ)


def test_a_comment_that_moves_the_unused_entity_runs_again_and_names_its_new_line(root: Path, runs: list[int],
                                                                                  tmp_path: Path) -> None:
    """A SIM-UNUSED warning names where its entity is written: a comment above it changes the finding."""
    cache = tmp_path / "cache"
    [unused] = smoke_findings(ENGINE, GAME.id, database(root), cache, games_per_count=10)
    per_run = len(runs)
    written = Path(unused.file)
    lines = written.read_text(encoding="utf-8").splitlines(keepends=True)
    written.write_text("".join(lines[:unused.line - 1] + ["# a note above it\n"] + lines[unused.line - 1:]), encoding="utf-8")
    [moved] = smoke_findings(ENGINE, GAME.id, database(root), cache, games_per_count=10)
    assert len(runs) == 2 * per_run  # the same games played again
    assert (moved.message, moved.line) == (unused.message, unused.line + 1)


def test_a_code_change_or_other_options_run_again(root: Path, runs: list[int], tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    cache = tmp_path / "cache"
    smoke_findings(ENGINE, GAME.id, database(root), cache, games_per_count=1)
    per_run = len(runs)
    smoke_findings(ENGINE, GAME.id, database(root), cache, games_per_count=1, seed=2)
    assert len(runs) == 2 * per_run
    monkeypatch.setattr(smoke, "code_digest", lambda: "an edited engine")
    smoke_findings(ENGINE, GAME.id, database(root), cache, games_per_count=1, seed=2)
    assert len(runs) == 3 * per_run


def test_a_catalog_edit_replays_and_a_pack_selection_plays_its_own_games(root: Path, runs: list[int], tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    shutil.copytree(CONTENT / "old-world" / "packs", root / "old-world" / "packs")
    base = smoke_findings(ENGINE, GAME.id, database(root), cache, games_per_count=1)
    per_run = len(runs)
    catalog = root / "old-world" / "locales" / "de.po"
    catalog.parent.mkdir(exist_ok=True)
    catalog.write_text("# a translator's edit\n", encoding="utf-8")
    assert smoke_findings(ENGINE, GAME.id, database(root), cache, games_per_count=1) == base  # replayed
    assert len(runs) == per_run
    with_pack, findings = GAME.load(root, ("lost-mount",))
    assert findings == []
    smoke_findings(ENGINE, GAME.id, with_pack, cache, games_per_count=1)  # the base's record is not the pack's
    assert len(runs) == 2 * per_run


@PROCESSES
def test_the_counts_played_side_by_side_in_processes_give_the_findings_of_one_process(
        root: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    played_in = tmp_path / "pids"
    real = smoke.run_simulation

    def noted(*args: Any, **kwargs: Any) -> simulation.SimulationReport:
        with played_in.open("a", encoding="utf-8") as out:  # a forked worker's note reaches the test through the file
            out.write(f"{os.getpid()}\n")
        return real(*args, **kwargs)

    monkeypatch.setattr(smoke, "run_simulation", noted)
    db = database(root)
    alone = smoke_findings(ENGINE, GAME.id, db, tmp_path / "one", games_per_count=2)
    assert not played_in.exists()  # one process plays through `simulation.run_simulation` itself
    side_by_side = smoke_findings(ENGINE, GAME.id, db, tmp_path / "two", games_per_count=2, jobs=2)
    pids = set(played_in.read_text(encoding="utf-8").split())
    assert len(pids) == 2 and str(os.getpid()) not in pids
    assert side_by_side == alone
