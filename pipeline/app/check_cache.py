"""`pnp check` results replayed while nothing a game's check reads has changed.

A game's record holds its findings and component counts under a key that hashes everything the
check of that game reads: every file of its content folder (YAML, catalogs, art), the layouts, every
file of the pipeline package, the versions of the libraries whose answers reach a finding, the package
version, and the run's options (locales, smoke games, the content root and the working directory, since
findings name files relative to it). A record that is missing, unreadable or under another key is a
miss: the game is checked again. The layout findings, reported once per run however many games print,
have a record of their own.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pipeline.atomic import write_atomic
from pipeline.cache_keys import code_digest, read_record, tree_digest
from pipeline.cache_keys import key as target_key
from pipeline.findings import Finding, Severity


@dataclass(frozen=True)
class CheckInputs:
    """The digests every record of one run shares: the pipeline's files, libraries, layouts and the run's place."""

    code: str
    layouts: str
    place: str

    @classmethod
    def of(cls, layouts_dir: Path, root: Path) -> CheckInputs:
        place = f"{root.resolve()}|{Path.cwd().resolve()}"
        return cls(code_digest(), tree_digest(layouts_dir), place)


@dataclass(frozen=True)
class GameRecord:
    findings: list[Finding]
    stats: dict[str, int]


class CheckCache:
    """Records of checked games under `<cache_dir>/check/`."""

    def __init__(self, cache_dir: Path, inputs: CheckInputs) -> None:
        self.dir = cache_dir / "check"
        self.inputs = inputs

    def game_key(self, game_id: str, content_dir: Path, locales: Sequence[str] | None, options: dict[str, Any]) -> str:
        inputs = {"content": tree_digest(content_dir), "code": self.inputs.code, "layouts": self.inputs.layouts}
        return target_key(inputs, {"game": game_id, "place": self.inputs.place,
                                   "locales": list(locales) if locales is not None else None, **options})

    def layouts_key(self, own: dict[str, Path]) -> str:
        """The key of the layout findings: the shared layouts and each game's own layout folder."""
        owned = {game: tree_digest(folder) for game, folder in sorted(own.items())}
        return target_key({"code": self.inputs.code, "layouts": self.inputs.layouts, **owned}, {"place": self.inputs.place})

    def load(self, name: str, key: str) -> GameRecord | None:
        try:
            stored = read_record(self.dir / f"{name}.json") or {}
            if stored.get("key") != key:
                return None
            findings = [Finding(**{**found, "severity": Severity(found["severity"])}) for found in stored["findings"]]
            return GameRecord(findings, {str(k): int(v) for k, v in stored["stats"].items()})
        except (OSError, ValueError, KeyError, TypeError):
            return None  # no record, or one this version cannot read: check again

    def store(self, name: str, key: str, record: GameRecord) -> None:
        data = {"key": key, "findings": [f.as_dict() for f in record.findings], "stats": record.stats}
        write_atomic(self.dir / f"{name}.json", json.dumps(data, indent=1).encode())
