"""The simulation smoke run of `pnp check`, replayed from the cache while nothing it depends on changed.

The key hashes the game's content files (YAML and sheets: the engine reads nothing else, so a catalog
edit replays the run), the pipeline's code with the drawing libraries' versions, the package version,
and the run's options: the packs selected, and the content folder and working directory, because the
findings name files in it.
"""

from __future__ import annotations

import json
from importlib import metadata
from pathlib import Path

from pipeline.atomic import write_atomic
from pipeline.build.cache import code_digest, files_digest, target_key
from pipeline.content.database import Database, content_files
from pipeline.findings import Finding, Severity
from pipeline.rules.simulation import smoke_run
from pipeline.rules.spec import EngineSpec


def smoke_findings(engine: EngineSpec, game_id: str, db: Database, cache_dir: Path, seed: int = 1,
                   games_per_count: int = 10, bot: str = "greedy") -> list[Finding]:
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
    findings = smoke_run(engine, game_id, db, seed, games_per_count, bot)[0]
    write_atomic(path, json.dumps({"key": key, "findings": [f.as_dict() for f in findings]}, indent=1).encode())
    return findings
