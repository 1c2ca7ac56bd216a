"""Incremental `pnp build` of every game and locale: one card edited, and nothing changed.

Runs in a temporary copy of the content. After a cold build (its figure is printed too), each row runs
the same default build again:
- no change: every target up to date;
- one card's data: Old World's Jab deals 2 damage instead of 1 (its rules text changes in every locale:
  the cards and TTS sheets of en and de are redrawn);
- one card's German name (de.po): only the German cards and TTS sheets are redrawn.
Aim (issue 13): < 3 s for a one-card edit; issue 44: a one-card edit <= 0.25 of the cold build of the same targets
(the "x cold" columns: each row's wall and CPU time over the cold build's, in the same run). Figures from a loaded
machine say little (harness.py); the ratios say more. `--game` and `--target` narrow the build (issue 44's bar:
`--game old-world --target cards`).
With `--before DIR` (another source tree, see harness.py) the rows are made with that code first, then with
this checkout's, each in a fresh copy of the content.
With `--repeat N` each edit row is built N times, the edit made and undone in turn; it shows the median and range.
Usage: .venv/bin/python benchmarks/bench_incremental.py [--jobs N] [--before DIR] [--repeat N] [--game ID]... [--target T]...
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import tempfile
from pathlib import Path

from harness import REPO, Run, code_label, machine, pnp, sources, table

EDITS = (
    ("one card's data", "old-world/cards/market.yaml", "    fight: {damage: 1}", "    fight: {damage: 2}"),
    ("one card's German name", "old-world/locales/de.po", 'msgstr "Stich"', 'msgstr "Schneller Stich"'),
)


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    if old not in text:
        raise SystemExit(f"{old!r} is not in {path}: the benchmark's edit needs updating")
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def row(label: str, source: Path | None, builds: list[Run], cold: Run | None = None) -> tuple[object, ...]:
    """One row: the targets the last build redrew, the median wall and CPU time of the builds (with their range when
    there are several), and each over the cold build's (`cold`; the cold row itself is 1.00)."""
    outputs = json.loads(builds[-1].stdout)["outputs"]
    redrawn = sorted(f"{o['game']} {o['locale']} {o['target']}" for o in outputs if not o["cached"])
    walls = sorted(build.seconds for build in builds)
    spread = f" ({walls[0]:.2f}-{walls[-1]:.2f})" if len(walls) > 1 else ""
    wall, cpu = statistics.median(walls), statistics.median(build.cpu_seconds for build in builds)
    base = cold or builds[0]
    return (label, code_label(source), f"{len(redrawn)}/{len(outputs)}", f"{wall:.2f}{spread}", f"{cpu:.2f}",
            f"{wall / base.seconds:.2f}", f"{cpu / base.cpu_seconds:.2f}", ", ".join(redrawn) or "-")


def scenario(jobs: int, source: Path | None, repeat: int, narrow: list[str]) -> list[tuple[object, ...]]:
    """The cold build, then each row, with the pipeline of `source` (None: this checkout's). An edit row is built
    `repeat` times, the edit made and undone in turn (undoing it is the same kind of edit)."""
    with tempfile.TemporaryDirectory(prefix="pnp-bench-incremental-") as tmp:
        folder = Path(tmp)
        content = folder / "content"
        shutil.copytree(REPO / "content", content)
        argv = ["build", "--jobs", str(jobs), "--content", str(content), "--layouts", str(REPO / "pipeline" / "layouts"),
                "--out", str(folder / "out"), "--cache-dir", str(folder / "cache"), "--format", "json", *narrow]
        cold = pnp(*argv, cwd=folder, source=source)
        rows = [row("cold", source, [cold]), row("no change", source, [pnp(*argv, cwd=folder, source=source)], cold)]
        for label, relative, old, new in EDITS:
            builds = []
            for turn in range(repeat):
                edit(content / relative, *((old, new) if turn % 2 == 0 else (new, old)))
                builds.append(pnp(*argv, cwd=folder, source=source))
            rows.append(row(label, source, builds, cold))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--jobs", type=int, default=min(4, os.cpu_count() or 1))
    parser.add_argument("--before", type=Path, help="a source tree of the code to compare (see harness.py)")
    parser.add_argument("--repeat", type=int, default=1, help="builds per edit row (median and range)")
    parser.add_argument("--game", action="append", default=[], help="a game id (repeatable); default: every game")
    parser.add_argument("--target", action="append", default=[], help="a target (repeatable); default: every target")
    args = parser.parse_args()
    narrow = [*(f"--game={game}" for game in args.game), *(f"--target={target}" for target in args.target)]
    print(machine())
    rows = [line for source in sources(args.before) for line in scenario(args.jobs, source, max(1, args.repeat), narrow)]
    print(table([f"pnp build --jobs {args.jobs} {' '.join(narrow)}".strip(), "code", "targets built", "wall (s)", "cpu (s)",
                 "x cold (wall)", "x cold (cpu)", "redrawn"], rows))
    print(machine())


if __name__ == "__main__":
    main()
