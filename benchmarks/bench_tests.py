"""The README's test command (the default tier, on every core): its wall time, CPU time and test count.

Runs `python -m pytest` as the README gives it, with the options given after `--` added (e.g. `-- -m slow` for the
slow tier, `-- -n 0` for one process), and prints one row: wall time, CPU time (user + system of pytest and every
process it waited for: its xdist workers and what they started; what a loaded machine disturbs least), and the
tests run (passed, failed, errors, skipped, xfailed, as pytest's summary line counts them). Aim (issue 40): under 5 minutes
wall on a 2-core machine. A failing test run still prints its row, and the benchmark then exits 1.
Usage: .venv/bin/python benchmarks/bench_tests.py [-- PYTEST OPTION...]
"""

from __future__ import annotations

import argparse
import re
import sys

from harness import REPO, machine, run, table

COUNTED = ("passed", "failed", "errors", "skipped", "xfailed")  # xdist's summary line counts no deselected tests


def counts(summary: str) -> dict[str, int]:
    """pytest's last summary line (`12 passed, 3 deselected in 5.1s`) as {outcome: count}."""
    found = {word: int(number) for number, word in re.findall(r"(\d+) (\w+)", summary)}
    found["errors"] = found.pop("error", 0) + found.get("errors", 0)
    return {word: found.get(word, 0) for word in COUNTED}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pytest_args", nargs="*", help="options added to the README's command (after --)")
    options = parser.parse_args()
    argv = [sys.executable, "-m", "pytest", *options.pytest_args]
    done = run(argv, cwd=REPO, ok=(0, 1, 5))  # 1: a failure is reported below; 5: no test selected
    lines = [line for line in done.stdout.splitlines() if line.strip()]
    summary = counts(lines[-1] if lines else "")
    print(machine())
    print(f"command: {' '.join(['python', '-m', 'pytest', *options.pytest_args])}")
    print(table(["run", "wall s", "cpu s", "tests", *COUNTED],
                [["pytest", f"{done.seconds:.1f}", f"{done.cpu_seconds:.1f}", sum(summary.values()),
                  *(summary[word] for word in COUNTED)]]))
    return 0 if done.returncode in (0, 5) else 1


if __name__ == "__main__":
    sys.exit(main())
