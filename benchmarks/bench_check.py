"""`pnp check` on every shipped game: cold, warm after a content edit, and a no-change rerun.

Runs in a temporary folder holding a copy of the content, so the check's cache (`.pnp-cache/` in the
working directory) starts empty and the edit never touches the repository:
- cold: the first run (no cache: every simulation smoke run plays);
- warm (content edited): one Old World file changed, so Old World is checked again (its smoke run plays
  again) and the other games' checks are replayed (`pipeline/app/check_cache.py`);
- no change: the same command again (every game's check replayed).
Prints wall time and peak memory per run. Aim (issue 19): < 3 s warm, < 1 s for a no-change rerun.
Usage: .venv/bin/python benchmarks/bench_check.py [--game ID]...
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
from pathlib import Path

from harness import REPO, machine, pnp, table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", action="append", default=[], help="a game id (repeatable); default: every game")
    args = parser.parse_args()
    print(machine())
    with tempfile.TemporaryDirectory(prefix="pnp-bench-check-") as tmp:
        folder = Path(tmp)
        shutil.copytree(REPO / "content", folder / "content")
        argv = ["check", "--content", str(folder / "content"), *[f"--game={g}" for g in args.game]]
        cold = pnp(*argv, cwd=folder)
        edited = folder / "content" / "old-world" / "potions.yaml"
        edited.write_text(edited.read_text(encoding="utf-8") + "# edited by bench_check\n", encoding="utf-8")
        warm = pnp(*argv, cwd=folder)
        again = pnp(*argv, cwd=folder)
    rows = [(label, f"{run.seconds:.2f}", f"{run.peak_mb:.0f}", run.stdout.strip().splitlines()[-1].split(" (")[0])
            for label, run in (("cold (no cache)", cold), ("warm (content edited)", warm), ("no change", again))]
    print(table(["pnp " + " ".join(argv[:1] + argv[3:]), "wall (s)", "peak (MB)", "summary"], rows))


if __name__ == "__main__":
    main()
