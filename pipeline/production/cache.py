"""Content-addressed build cache: a target is rebuilt only when what it is made from changes.

A target's key hashes its inputs (what it prints in its locale, production/inputs.py; the layouts; the
pipeline's own code and the library versions) and its options (pipeline/cache_keys.py: the one recipe). The
record beside the key lists the files it wrote (size and
SHA-256 of their bytes), its findings and figures; a hit needs the same key and every file still
hashing to what was written. A record that cannot be read is a miss, never an error.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from pipeline.atomic import write_atomic
from pipeline.cache_keys import read_record
from pipeline.findings import Finding, Severity

# An incomplete draft locale's jobs write nothing and say so in a warning of this code (production/targets.py).
DRAFT_HELD_BACK = "BUILD-LOCALE-DRAFT"

@dataclass
class OutputFile:
    path: str  # relative to the output root
    bytes: int
    pages: int = 0
    cards: int = 0
    sha256: str = ""


@dataclass
class TargetRecord:
    """What one target built: its files, findings and figures (also the cache entry)."""

    game: str
    locale: str
    target: str
    key: str
    files: list[OutputFile] = field(default_factory=list)
    findings: list[dict[str, Any]] = field(default_factory=list)
    seconds: float = 0.0
    cached: bool = False
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def refused(self) -> bool:
        """Not built: an error stopped it before it wrote a file (an incomplete locale, a broken layout), or it is
        an incomplete draft locale's, held back (BUILD-LOCALE-DRAFT, a warning)."""
        return not self.files and any(f["severity"] == Severity.ERROR.value or f["code"] == DRAFT_HELD_BACK
                                      for f in self.findings)

    def finding_objects(self) -> list[Finding]:
        return [Finding(f["file"], f["line"], f["column"], Severity(f["severity"]), f["code"], f["message"], f["hint"])
                for f in self.findings]

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TargetRecord:
        files = [OutputFile(**f) for f in data.get("files", [])]
        return cls(data["game"], data["locale"], data["target"], data["key"], files, data.get("findings", []),
                   data.get("seconds", 0.0), False, data.get("extra", {}))


class Cache:
    """Records of built targets under `<cache_dir>/targets/`."""

    def __init__(self, cache_dir: Path, out_dir: Path) -> None:
        self.dir = cache_dir / "targets"
        self.out_dir = out_dir

    def _path(self, game: str, locale: str, target: str) -> Path:
        return self.dir / f"{game}--{locale}--{target}.json"

    def hit(self, game: str, locale: str, target: str, key: str) -> TargetRecord | None:
        """The stored record if its key matches and every file it wrote still has the bytes written."""
        path = self._path(game, locale, target)
        try:
            record = TargetRecord.from_json(read_record(path) or {})
        except (ValueError, KeyError, TypeError, AttributeError):
            return None
        if record.key != key:
            return None
        if any(finding.get("severity") == "error" for finding in record.findings):
            # Built again until it is right: an error names a line (a catalog's msgstr, say) the key may not hold.
            return None
        if not all(_is_intact(self.out_dir / output.path, output) for output in record.files):
            return None
        record.cached = True
        return record

    def store(self, record: TargetRecord) -> None:
        data = json.dumps(record.to_json(), indent=1, sort_keys=True).encode()
        write_atomic(self._path(record.game, record.locale, record.target), data)


def _is_intact(path: Path, output: OutputFile) -> bool:
    """Whether an output file holds the bytes its record says were written (size first: it costs no read)."""
    try:
        if path.stat().st_size != output.bytes:
            return False
        with path.open("rb") as handle:
            return hashlib.file_digest(handle, "sha256").hexdigest() == output.sha256
    except OSError:
        return False
