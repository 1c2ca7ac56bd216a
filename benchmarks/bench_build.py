"""A full `pnp build` of every game and locale: wall time and peak memory, cold and for a no-change rebuild.

Cold builds into an empty output and cache folder (temporary); the rebuild runs the same command
again, so every target is up to date. Peak memory is the largest resident set of the build or any of
its worker processes (harness.py). Aim (issue 19): cold < 15 s on 2 cores, peak < 300 MB.
In the same run, `baseline_reportlab.py` draws as many plain cards as the cold build placed faces (every
file of every build report), and the cold build's faces per second are given as a ratio of the
baseline's, by wall and by CPU time (issue 19, item 4).
Usage: .venv/bin/python benchmarks/bench_build.py [--jobs N] [--game ID]... [--target T]...
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

from harness import REPO, Run, machine, pnp, run, table

BASELINE = Path(__file__).resolve().parent / "baseline_reportlab.py"


def faces_placed(build: Run) -> int:
    """Card and token faces in every file the build wrote (from its build-report.json files)."""
    reports = [json.loads(Path(path).read_text(encoding="utf-8")) for path in json.loads(build.stdout)["reports"]]
    return sum(f.get("cards", 0) for report in reports for target in report["targets"] for f in target["files"])


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
        faces = faces_placed(cold)
        again = pnp(*argv, cwd=folder)
        baseline = run([sys.executable, str(BASELINE), "--cards", str(faces), "--out", str(folder / "baseline.pdf")],
                       REPO) if faces else None
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
    if baseline is None:
        return  # targets without card faces: nothing to compare with the baseline
    print()
    ratio = (faces / cold.seconds) / (faces / baseline.seconds)
    cpu_ratio = (faces / cold.cpu_seconds) / (faces / baseline.cpu_seconds)
    print(table(["faces placed", "process", "wall (s)", "faces/s", "x baseline", "CPU (s)", "x baseline (CPU)"], [
        (faces, f"baseline_reportlab.py --cards {faces}", f"{baseline.seconds:.2f}", f"{faces / baseline.seconds:.0f}",
         "1.00", f"{baseline.cpu_seconds:.2f}", "1.00"),
        (faces, "pnp build (cold)", f"{cold.seconds:.2f}", f"{faces / cold.seconds:.0f}", f"{ratio:.2f}",
         f"{cold.cpu_seconds:.2f}", f"{cpu_ratio:.2f}"),
    ]))


if __name__ == "__main__":
    main()
