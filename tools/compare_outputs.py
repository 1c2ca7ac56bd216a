"""Compare two `pnp build` output trees file by file: every PDF and PNG must be byte-identical.

Used to prove a refactor changes no printed byte (build both trees with `--force`, then compare).
`build-report.json` is left out: it records seconds per target.
Usage: python tools/compare_outputs.py BEFORE_DIR AFTER_DIR   (exit 0 identical, 1 different)
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path

COMPARED = (".pdf", ".png", ".json")
SKIPPED = ("build-report.json",)


def digests(root: Path) -> dict[str, str]:
    """sha256 of every compared file below root, by its path relative to root."""
    return {
        path.relative_to(root).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(root.rglob("*"))
        if path.is_file() and path.suffix in COMPARED and path.name not in SKIPPED
    }


def compare(before: Path, after: Path) -> list[str]:
    """One line per difference: missing, added or changed files."""
    old, new = digests(before), digests(after)
    lines = [f"missing  {name}" for name in sorted(old.keys() - new.keys())]
    lines += [f"added    {name}" for name in sorted(new.keys() - old.keys())]
    lines += [f"changed  {name}" for name in sorted(old.keys() & new.keys()) if old[name] != new[name]]
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    args = parser.parse_args()
    for folder in (args.before, args.after):
        if not folder.is_dir():
            parser.error(f"{folder} is not a folder")
    differences = compare(args.before, args.after)
    print("\n".join(differences) if differences else f"identical: {len(digests(args.before))} file(s)")
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
