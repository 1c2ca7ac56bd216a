"""Start-up: the median wall time of `pnp --help`, `pnp games` and `pnp validate`, and what `--help` imports.

Prints a table (median and fastest of N runs, after one warm-up run each; the bare interpreter and
`import pipeline.cli` for reference), then the slowest imports of `pnp --help` by cumulative time from
`python -X importtime`. Aim (issue 19): `pnp --help` < 0.2 s.
Usage: .venv/bin/python benchmarks/bench_startup.py [--runs N] [--imports K]
"""

from __future__ import annotations

import argparse
import sys

from harness import PNP, REPO, machine, median_seconds, run, table

COMMANDS = {
    "python -c pass (interpreter)": [sys.executable, "-c", "pass"],
    "import pipeline.cli": [sys.executable, "-c", "import pipeline.cli"],
    "pnp --help": [PNP, "--help"],
    "pnp build --help": [PNP, "build", "--help"],
    "pnp games": [PNP, "games"],
    "pnp validate --game old-world": [PNP, "validate", "--game", "old-world"],
    "pnp validate (every game)": [PNP, "validate"],
}


def slowest_imports(count: int) -> list[tuple[str, float, float]]:
    """(module, self ms, cumulative ms) of the `count` imports of `pnp --help` with the most cumulative time."""
    script = "import sys; sys.argv = ['pnp', '--help']; from pipeline.cli import main; main()"
    done = run([sys.executable, "-X", "importtime", "-c", script], REPO)
    rows = []
    for line in done.stderr.splitlines():
        if not line.startswith("import time:") or "|" not in line or "self [us]" in line:
            continue
        own, cumulative, name = (part.strip() for part in line.removeprefix("import time:").split("|"))
        rows.append((name, int(own) / 1000, int(cumulative) / 1000))
    return sorted(rows, key=lambda row: -row[2])[:count]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--imports", type=int, default=12)
    args = parser.parse_args()
    print(machine())
    rows = []
    for label, argv in COMMANDS.items():
        median, fastest = median_seconds(argv, args.runs)
        rows.append((label, f"{median:.3f}", f"{fastest:.3f}"))
    print(table(["command", f"median of {args.runs} (s)", "fastest (s)"], rows))
    print()
    print(table(["pnp --help imports (python -X importtime)", "self (ms)", "cumulative (ms)"],
                [(name, f"{own:.1f}", f"{total:.1f}") for name, own, total in slowest_imports(args.imports)]))


if __name__ == "__main__":
    main()
