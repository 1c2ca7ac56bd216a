"""A full `pnp build` of every game and locale: wall time and peak memory, cold and for a no-change rebuild.

Cold builds into an empty output and cache folder (temporary); the rebuild runs the same command
again, so every target is up to date. Peak memory is the largest resident set of the build or any of
its worker processes (harness.py). Aim (issue 19): cold < 15 s on 2 cores, peak < 300 MB.
Usage: .venv/bin/python benchmarks/bench_build.py [--jobs N] [--game ID]... [--target T]...
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
from pathlib import Path

from harness import machine, pnp, table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--jobs", type=int, default=min(4, os.cpu_count() or 1))
    parser.add_argument("--game", action="append", default=[], help="a game id (repeatable); default: every game")
    parser.add_argument("--target", action="append", default=[], help="a target (repeatable); default: every target")
    args = parser.parse_args()
    print(machine())
    with tempfile.TemporaryDirectory(prefix="pnp-bench-build-") as tmp:
        folder = Path(tmp)
        argv = ["build", "--jobs", str(args.jobs), "--out", str(folder / "out"), "--cache-dir", str(folder / "cache"),
                "--format", "json", *[f"--game={g}" for g in args.game], *[f"--target={t}" for t in args.target]]
        cold = pnp(*argv, cwd=folder)
        again = pnp(*argv, cwd=folder)
    rows = []
    for label, build in (("cold", cold), ("no-change rebuild", again)):
        outputs = json.loads(build.stdout)["outputs"]
        games = len({o["game"] for o in outputs})
        locales = len({(o["game"], o["locale"]) for o in outputs})
        built = sum(1 for o in outputs if not o["cached"])
        rows.append((label, games, locales, f"{built}/{len(outputs)}", sum(o["pages"] for o in outputs),
                     f"{build.seconds:.2f}", f"{build.peak_mb:.0f}"))
    print(table([f"pnp build --jobs {args.jobs}", "games", "game-locales", "targets built", "pages", "wall (s)", "peak (MB)"],
                rows))


if __name__ == "__main__":
    main()
