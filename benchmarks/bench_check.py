"""`pnp check` on every shipped game: cold, warm after a real card edit, warm after a comment edit, and a no-change rerun.

Runs in a temporary folder holding a copy of the content, so the check's cache (`.pnp-cache/` in the
working directory) starts empty and the edits never touch the repository:
- cold: the first run (no cache: every simulation smoke run plays, every face is fitted);
- warm (card edited): one Old World market card's printed cost changed in place, so the model, the
  engine's tables and that card's face change in every locale: Old World is checked again and the
  other games' checks are replayed (`pipeline/app/check_cache.py`);
- warm (comment edited): a comment appended to one Old World file, which changes no model;
- warm (every game commented): a comment appended to one file of each game: every game's check record
  (`.pnp-cache/check/<game>.json`) is stale, so every game is loaded and checked again, while what the
  comments do not change is replayed: the simulation smoke runs, each face's fit, the translation
  findings, and every other parsed YAML file. This is issue 19's "warm" check;
- no change: the same command again (every game's check replayed).
Prints wall time, CPU time (user + system, workers included: what a loaded machine disturbs least) and
peak memory per run. Aim (issue 19): < 3 s warm, < 1 s for a no-change rerun.
With `--before DIR` (another source tree, see harness.py) each run is made with that code first, then with
this checkout's, each in a fresh copy of the content.
Usage: .venv/bin/python benchmarks/bench_check.py [--game ID]... [--before DIR]
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
from pathlib import Path

from harness import REPO, Run, code_label, machine, pnp, sources, table

# The card edit: Aard's printed cost 2 -> 3, one line of cards/market.yaml.
CARD_FILE = Path("old-world") / "cards" / "market.yaml"
CARD_BEFORE = "  - id: aard\n    name: Aard\n    color: purple\n    terrain: mountain\n    cost: 2\n"
CARD_AFTER = CARD_BEFORE.replace("cost: 2", "cost: 3")


def edit_card(content: Path) -> None:
    path = content / CARD_FILE
    text = path.read_text(encoding="utf-8")
    if text.count(CARD_BEFORE) != 1:
        raise SystemExit(f"{path}: the benchmark's card (Aard, cost 2) is not there once; update CARD_BEFORE")
    path.write_text(text.replace(CARD_BEFORE, CARD_AFTER), encoding="utf-8")


def scenario(games: list[str], source: Path | None) -> list[tuple[str, Run]]:
    """The four runs, with the pipeline of `source` (None: this checkout's), in a fresh copy of the content."""
    with tempfile.TemporaryDirectory(prefix="pnp-bench-check-") as tmp:
        folder = Path(tmp)
        content = folder / "content"
        shutil.copytree(REPO / "content", content)
        argv = ["check", "--content", str(content), *[f"--game={g}" for g in games]]
        cold = pnp(*argv, cwd=folder, source=source)
        edit_card(content)
        card = pnp(*argv, cwd=folder, source=source)
        commented = content / "old-world" / "potions.yaml"
        commented.write_text(commented.read_text(encoding="utf-8") + "# edited by bench_check\n", encoding="utf-8")
        comment = pnp(*argv, cwd=folder, source=source)
        for game in sorted(path for path in content.iterdir() if (path / "game.yaml").is_file()):
            manifest = game / "game.yaml"
            manifest.write_text(manifest.read_text(encoding="utf-8") + "# edited by bench_check\n", encoding="utf-8")
        every = pnp(*argv, cwd=folder, source=source)
        again = pnp(*argv, cwd=folder, source=source)
    return [("cold (no cache)", cold), ("warm (card edited)", card), ("warm (comment edited)", comment),
            ("warm (every game commented)", every), ("no change", again)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", action="append", default=[], help="a game id (repeatable); default: every game")
    parser.add_argument("--before", type=Path, help="a source tree of the code to compare (see harness.py)")
    args = parser.parse_args()
    print(machine())
    rows = []
    for source in sources(args.before):
        rows += [(label, code_label(source), f"{run.seconds:.2f}", f"{run.cpu_seconds:.2f}", f"{run.peak_mb:.0f}",
                  run.stdout.strip().splitlines()[-1].split(" (")[0]) for label, run in scenario(args.game, source)]
    games = " ".join(f"--game={g}" for g in args.game)
    print(table([f"pnp check {games}".strip(), "code", "wall (s)", "CPU (s)", "peak (MB)", "summary"], rows))
    print(machine())


if __name__ == "__main__":
    main()
