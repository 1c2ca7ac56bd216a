"""Card rendering against the plain reportlab baseline, in one run on the same machine.

Times the real `pnp build --game old-world --locale en --target cards --force` with `--jobs 1` and
`--jobs 2` (faces = card faces placed in every file the target wrote: sheets and 1-up pages), then
`baseline_reportlab.py` drawing as many cards. Every figure is the wall time of a whole process
(start-up included, for pnp and the baseline alike); the ratio is faces/s over the baseline's cards/s.
The same ratio by CPU time (user + system, workers included) follows: on a machine other processes
load, it is the steadier figure for --jobs 1 (with --jobs 2 only the wall time shows the gain).
Aim (issue 19): >= 0.5x per job, >= 0.9x with --jobs 2.

A second table splits each process in two, to show where a whole-process ratio is bounded:
- drawing: for pnp, the seconds of the cards job in its build-report.json (faces fitted and drawn, pages
  placed, files written and preflighted); for the baseline, the seconds it prints (fonts registered, cards
  drawn, file written);
- before: the rest of the process (interpreter, imports; for pnp also loading, validating and checking the
  game and reading its layouts, which a build does before it draws; the baseline has none of that).
The "bound" column is the best whole-process ratio left if drawing took no time at all: baseline wall / before.
Usage: .venv/bin/python benchmarks/bench_render.py [--game ID] [--locale CODE] [--target T]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
from pathlib import Path
from typing import Any

from harness import REPO, Run, machine, pnp, run, table

BASELINE = Path(__file__).resolve().parent / "baseline_reportlab.py"


def build_report(build: Run) -> dict[str, Any]:
    """The build-report.json of a one-game build."""
    output = json.loads(build.stdout)
    report: dict[str, Any] = json.loads(Path(output["reports"][0]).read_text(encoding="utf-8"))
    return report


def faces_placed(report: dict[str, Any]) -> int:
    """Card faces in every file the build wrote."""
    return sum(f["cards"] for target in report["targets"] for f in target["files"])


def drawing_seconds(report: dict[str, Any]) -> float:
    """The wall seconds of the build's jobs: drawing and writing, nothing before."""
    return float(sum(target["seconds"] for target in report["targets"]))


def baseline_drawing_seconds(baseline: Run) -> float:
    """What the baseline script prints: '<N> cards in <S> s: ...'."""
    match = re.search(r" cards in ([0-9.]+) s", baseline.stdout)
    if match is None:
        sys.exit(f"unexpected baseline output: {baseline.stdout!r}")
    return float(match.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="old-world")
    parser.add_argument("--locale", default="en")
    parser.add_argument("--target", default="cards")
    args = parser.parse_args()
    print(machine())
    rows = []
    with tempfile.TemporaryDirectory(prefix="pnp-bench-render-") as tmp:
        folder = Path(tmp)
        builds = []
        for jobs in (1, 2):
            build = pnp("build", "--game", args.game, "--locale", args.locale, "--target", args.target, "--jobs", str(jobs),
                        "--force", "--out", str(folder / f"out-{jobs}"), "--cache-dir", str(folder / f"cache-{jobs}"),
                        "--format", "json")
            report = build_report(build)
            label = f"pnp build --target {args.target} --jobs {jobs}"
            builds.append((label, build, faces_placed(report), drawing_seconds(report)))
        faces = builds[0][2]
        baseline = run([sys.executable, str(BASELINE), "--cards", str(faces), "--out", str(folder / "baseline.pdf")], REPO)
    base_rate = faces / baseline.seconds
    base_cpu_rate = faces / baseline.cpu_seconds
    rows.append((f"baseline_reportlab.py --cards {faces}", faces, f"{baseline.seconds:.2f}", f"{base_rate:.0f}", "1.00",
                 f"{baseline.cpu_seconds:.2f}", "1.00", f"{baseline.peak_mb:.0f}"))
    for label, build, placed, _ in builds:
        rate, cpu_rate = placed / build.seconds, placed / build.cpu_seconds
        rows.append((label, placed, f"{build.seconds:.2f}", f"{rate:.0f}", f"{rate / base_rate:.2f}", f"{build.cpu_seconds:.2f}",
                     f"{cpu_rate / base_cpu_rate:.2f}", f"{build.peak_mb:.0f}"))
    print(f"{args.game} {args.locale} {args.target}: {faces} faces")
    print(table(["process", "faces", "wall (s)", "faces/s", "x baseline", "CPU (s)", "x baseline (CPU)", "peak (MB)"], rows))
    base_drawing = baseline_drawing_seconds(baseline)
    base_before = baseline.seconds - base_drawing
    split = [(f"baseline_reportlab.py --cards {faces}", f"{base_before:.2f}", f"{base_drawing:.2f}",
              f"{faces / base_drawing:.0f}", "1.00", f"{baseline.seconds / base_before:.2f}")]
    for label, build, placed, drawing in builds:
        before = build.seconds - drawing
        split.append((label, f"{before:.2f}", f"{drawing:.2f}", f"{placed / drawing:.0f}",
                      f"{(placed / drawing) / (faces / base_drawing):.2f}", f"{baseline.seconds / before:.2f}"))
    print()
    print(table(["process", "before (s)", "drawing (s)", "faces/s drawing", "x baseline drawing", "bound (x baseline)"], split))


if __name__ == "__main__":
    main()
