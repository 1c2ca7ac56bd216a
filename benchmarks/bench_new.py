"""`pnp new` to the first PDF: scaffold a game in an empty project and build it, then a second game beside it.

Runs in a temporary folder (content in `./content`, outputs in `./output`, the cache in `./.pnp-cache`):
- `pnp new my-game`;
- its first build (`pnp build --game my-game`) with an empty cache: what a new user waits for;
- `pnp new my-other` and its first build, with the cache the first build left (the parsed hyphenation
  dictionaries are kept there, see pipeline/render/hyphenation.py): a new game in a project that has built.
Prints wall time, CPU time (user + system, workers included: what a loaded machine disturbs least) and peak
memory per run. With `--before DIR` (another source tree, see harness.py) the scenario runs with that code
first, then with this checkout's, each in a fresh folder.
Usage: .venv/bin/python benchmarks/bench_new.py [--before DIR]
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from harness import Run, code_label, machine, pnp, sources, table


def scenario(source: Path | None) -> list[tuple[str, Run]]:
    """The four runs, with the pipeline of `source` (None: this checkout's), in a fresh project folder."""
    with tempfile.TemporaryDirectory(prefix="pnp-bench-new-") as tmp:
        folder = Path(tmp)
        runs = []
        for game, label in (("my-game", "empty cache"), ("my-other", "cache of my-game's build")):
            runs.append((f"pnp new {game}", pnp("new", game, cwd=folder, source=source)))
            runs.append((f"first build of {game} ({label})", pnp("build", "--game", game, cwd=folder, source=source)))
    return runs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--before", type=Path, help="a source tree of the code to compare (see harness.py)")
    args = parser.parse_args()
    print(machine())
    rows = []
    for source in sources(args.before):
        rows += [(label, code_label(source), f"{run.seconds:.2f}", f"{run.cpu_seconds:.2f}", f"{run.peak_mb:.0f}")
                 for label, run in scenario(source)]
    print(table(["run", "code", "wall (s)", "CPU (s)", "peak (MB)"], rows))
    print(machine())


if __name__ == "__main__":
    main()
