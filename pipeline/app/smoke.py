"""The simulation smoke run of `pnp check`, replayed from the cache while nothing it depends on changed.

The key hashes the same digests as the build cache (pipeline/build/cache.py): the game's content
files, the pipeline's code with the drawing libraries' versions, the package version, and the run's
options. The content folder is part of it because the findings name files in it.
"""

from __future__ import annotations

import json
from importlib import metadata
from pathlib import Path

from pipeline.atomic import write_atomic
from pipeline.build.cache import code_digest, target_key, tree_digest
from pipeline.content.database import Database
from pipeline.findings import Finding, Severity
from pipeline.rules.simulation import smoke_run
from pipeline.rules.spec import EngineSpec


def smoke_findings(engine: EngineSpec, game_id: str, db: Database, cache_dir: Path, seed: int = 1,
                   games_per_count: int = 10, bot: str = "greedy") -> list[Finding]:
    """The findings of `smoke_run`, from `<cache_dir>/simulation/<game>.json` when its key still holds."""
    inputs = {"content": tree_digest(db.root), "code": code_digest(), "package": metadata.version("pnp-pipeline")}
    key = target_key(inputs, {"game": game_id, "root": str(db.root), "seed": seed, "games": games_per_count, "bot": bot})
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
