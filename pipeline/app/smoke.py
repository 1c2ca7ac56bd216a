"""The simulation smoke run of `pnp check`, replayed from the cache while nothing it depends on changed.

The key hashes what the engine plays with, as loaded: every content file's model (so a comment or a
reordered key replays the run, and a catalog edit, which the engine never reads, too) and where each entity
is written (a SIM-UNUSED warning names its line, so an edit that moves an entity plays again), the
pipeline's code with the drawing libraries' versions, the package version, and the run's options: the
packs selected, and the content folder and working directory, because the findings name files in it.

A run played again plays each round's player counts side by side in `jobs` forked processes, and runs
alongside the rest of the check: `start_smoke` forks the workers and returns at once, and the caller asks
for the findings when it needs them. The rounds and the order of the findings are those of the run played
in one process.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from pipeline.atomic import write_atomic
from pipeline.cache_keys import code_digest, key, read_record
from pipeline.content.database import Database
from pipeline.findings import Finding, Severity
from pipeline.processes import bind_to_parent, fork_pool
from pipeline.rules.simulation import SimulationReport, run_simulation, smoke_run
from pipeline.rules.spec import EngineSpec

# The findings of a smoke run, asked for once the rest of the check is done (they may still be playing).
PendingSmoke = Callable[[], list[Finding]]


def smoke_findings(engine: EngineSpec, game_id: str, db: Database, cache_dir: Path, seed: int = 1,
                   games_per_count: int = 10, bot: str = "greedy", jobs: int = 1) -> list[Finding]:
    """The findings of `smoke_run`, from `<cache_dir>/simulation/<game>.json` when its key still holds."""
    return start_smoke(engine, game_id, db, cache_dir, seed, games_per_count, bot, jobs)()


def start_smoke(engine: EngineSpec, game_id: str, db: Database, cache_dir: Path, seed: int = 1,
                games_per_count: int = 10, bot: str = "greedy", jobs: int = 1) -> PendingSmoke:
    """`smoke_findings` started: replayed at once, or played in `jobs` worker processes (forked here, holding the
    game) while the caller goes on; calling the result waits for the findings and records them."""
    key = smoke_key(game_id, db, seed, games_per_count, bot)
    path = cache_dir / "simulation" / f"{game_id}.json"
    try:
        stored = read_record(path) or {}
        if stored.get("key") == key:
            replayed = [Finding(**{**found, "severity": Severity(found["severity"])}) for found in stored["findings"]]
            return lambda: replayed
    except (OSError, ValueError, KeyError, TypeError):
        pass  # no record, or one this version cannot read: play again

    def recorded(findings: list[Finding]) -> list[Finding]:
        write_atomic(path, json.dumps({"key": key, "findings": [f.as_dict() for f in findings]}, indent=1).encode())
        return findings

    tables = engine.tables(db)
    workers = min(jobs, len(engine.player_counts(db)))
    if workers <= 1:
        findings = smoke_run(engine, game_id, db, seed, games_per_count, bot, tables=tables)[0]
        return lambda: recorded(findings)
    # Forked here, before any other thread of this run exists: a fork copies only the thread that calls it.
    pool = fork_pool(workers, _start_worker, (os.getpid(), engine, game_id, db, tables, bot))
    pool.submit(int).result()  # the first task forks every worker

    def play_round(runs: Sequence[tuple[int, int, int]]) -> list[SimulationReport]:
        played = [pool.submit(_play, *run) for run in runs]
        return [future.result() for future in played]  # in the order of `runs`, whichever worker finished first

    def play() -> list[Finding]:
        with pool:
            return smoke_run(engine, game_id, db, seed, games_per_count, bot, play_round, tables)[0]

    return _in_background(play, recorded)


def smoke_key(game_id: str, db: Database, seed: int, games_per_count: int, bot: str) -> str:
    """What a smoke run's findings depend on (see the module's docstring)."""
    models = hashlib.sha256()
    for content, loaded in db.files:
        models.update(f"{loaded.display}\0{content.model_dump_json()}\0".encode())
    for collection, records in db.collections.items():
        for entity, record in records.items():
            where = record.where()
            models.update(f"{collection}\0{entity}\0{where.file}:{where.line}:{where.column}\0".encode())
    inputs = {"models": models.hexdigest(), "code": code_digest()}
    return key(inputs, {"game": game_id, "root": str(db.root), "cwd": str(Path.cwd()), "packs": list(db.packs),
                               "seed": seed, "games": games_per_count, "bot": bot})


def _in_background(play: Callable[[], list[Finding]], recorded: Callable[[list[Finding]], list[Finding]]) -> PendingSmoke:
    """play() on a thread of its own (it mostly waits for the workers); the result waits for it and re-raises
    what it raised. A daemon thread: an interrupted check does not wait for the run."""
    outcome: list[list[Finding]] = []
    failure: list[BaseException] = []

    def run() -> None:
        try:
            outcome.append(play())
        except BaseException as error:  # handed to the caller, which raises it in its own thread
            failure.append(error)

    thread = threading.Thread(target=run, name="smoke-run", daemon=True)
    thread.start()

    def findings() -> list[Finding]:
        thread.join()
        if failure:
            raise failure[0]
        return recorded(outcome[0])

    return findings


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
