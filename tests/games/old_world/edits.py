"""The shipped Old World content copied with one file changed, loaded with some packs, and checked."""

from __future__ import annotations

import shutil
from pathlib import Path

from pipeline.findings import Finding
from pipeline.games.old_world.spec import SPEC

CONTENT = Path(__file__).resolve().parents[3] / "content"


def checked_edit(tmp_path: Path, file: str, old: str, new: str, packs: tuple[str, ...],
                 structure_only: bool) -> tuple[Path, list[Finding]]:
    """The edited file's path and the findings of loading and checking the copy (old must be in the file)."""
    root = tmp_path / "content"
    shutil.copytree(CONTENT / "old-world", root / "old-world")
    path = root / "old-world" / file
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    db, findings = SPEC.load(root, packs)
    return path, findings + SPEC.checks(db, structure_only)
