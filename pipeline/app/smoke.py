"""The simulation smoke run of `pnp check`, replayed from the cache while nothing it depends on changed.

The key hashes the game's content files (YAML and sheets: the engine reads nothing else, so a catalog
edit replays the run), the pipeline's code with the drawing libraries' versions, the package version,
and the run's options: the packs selected, and the content folder and working directory, because the
findings name files in it.

A run played again plays each round's player counts side by side in `jobs` forked processes; the rounds
and the order of the findings are those of the run played in one process.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from importlib import metadata
from multiprocessing import get_context
from pathlib import Path
from typing import Any

from pipeline.atomic import write_atomic
from pipeline.build.cache import code_digest, files_digest, target_key
from pipeline.build.runner import bind_to_parent
from pipeline.content.database import Database, content_files
from pipeline.findings import Finding, Severity
from pipeline.rules.simulation import RoundPlayer, SimulationReport, run_simulation, smoke_run
from pipeline.rules.spec import EngineSpec


def smoke_findings(engine: EngineSpec, game_id: str, db: Database, cache_dir: Path, seed: int = 1,
                   games_per_count: int = 10, bot: str = "greedy", jobs: int = 1) -> list[Finding]:
    """The findings of `smoke_run`, from `<cache_dir>/simulation/<game>.json` when its key still holds."""
    # The engine reads the content files only: a catalog edit (a translator's day) replays the run.
    inputs = {"content": files_digest(db.root, content_files(db.root)), "code": code_digest(),
              "package": metadata.version("pnp-pipeline")}
    key = target_key(inputs, {"game": game_id, "root": str(db.root), "cwd": str(Path.cwd()), "packs": list(db.packs),
                              "seed": seed, "games": games_per_count, "bot": bot})
    path = cache_dir / "simulation" / f"{game_id}.json"
    try:
        stored = json.loads(path.read_text(encoding="utf-8"))
        if stored["key"] == key:
            return [Finding(**{**found, "severity": Severity(found["severity"])}) for found in stored["findings"]]
    except (OSError, ValueError, KeyError, TypeError):
        pass  # no record, or one this version cannot read: play again
    tables = engine.tables(db)
    workers = min(jobs, len(engine.player_counts(db)))
    if workers > 1:
        with side_by_side(engine, game_id, db, tables, bot, workers) as play_round:
            findings = smoke_run(engine, game_id, db, seed, games_per_count, bot, play_round, tables)[0]
    else:
        findings = smoke_run(engine, game_id, db, seed, games_per_count, bot, tables=tables)[0]
    write_atomic(path, json.dumps({"key": key, "findings": [f.as_dict() for f in findings]}, indent=1).encode())
    return findings


def usable_cores() -> int:
    """The cores this process may run on (the smoke run's worker count)."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


@contextmanager
def side_by_side(engine: EngineSpec, game_id: str, db: Database, tables: Any, bot: str, workers: int) -> Iterator[RoundPlayer]:
    """A round player on `workers` forked processes, each holding the game (forked: nothing is pickled but the
    runs and their reports); the processes end with the block."""
    game = (os.getpid(), engine, game_id, db, tables, bot)
    with ProcessPoolExecutor(workers, get_context("fork"), _start_worker, game) as pool:
        def play_round(runs: Sequence[tuple[int, int, int]]) -> list[SimulationReport]:
            played = [pool.submit(_play, *run) for run in runs]
            return [future.result() for future in played]  # in the order of `runs`, whichever worker finished first

        yield play_round


# A worker's game: set once as it starts (inherited through the fork), read by each run it plays.
_worker_game: tuple[EngineSpec, str, Database, Any, str] | None = None


def _start_worker(parent: int, engine: EngineSpec, game_id: str, db: Database, tables: Any, bot: str) -> None:
    bind_to_parent(parent)
    global _worker_game
    _worker_game = (engine, game_id, db, tables, bot)


def _play(players: int, games: int, seed: int) -> SimulationReport:
    assert _worker_game is not None, "a worker is started with the game it plays"
    engine, game_id, db, tables, bot = _worker_game
    return run_simulation(engine, game_id, db, players, games, seed, bot, tables=tables)
