"""What every benchmark shares: run a real command as a child process, time it, read its peak memory, print a table.

A figure is the wall time of the whole process (interpreter start-up included) as a user sees it.
Peak memory is the child's resource usage from `os.wait4`, the same accounting `resource.getrusage`
gives for children: the largest resident set of the command or any process it waited for (a build's
workers included), not their sum. CPU time (user + system, from the same accounting, workers included)
is what a loaded machine disturbs least: compare it where other processes share the cores.

Before and after in one run: `--before DIR` (the check, watch and incremental build benchmarks) runs the
same scenario first with the pipeline of another source tree (a checkout of the revision to compare, e.g.
`git worktree add DIR main` or `git archive main | tar -x -C DIR`; imported through PYTHONPATH by this
environment's `pnp`, so its dependencies must be those installed here), then with this checkout's.
"""

from __future__ import annotations

import compileall
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PNP = str(Path(sys.executable).parent / "pnp")


@dataclass(frozen=True)
class Run:
    argv: tuple[str, ...]
    seconds: float
    returncode: int
    stdout: str
    stderr: str
    peak_mb: float
    cpu_seconds: float  # user + system time of the child and the processes it waited for


def run(argv: Sequence[str], cwd: Path = REPO, ok: Sequence[int] = (0,), source: Path | None = None) -> Run:
    """One child process to its end, with the pipeline of `source` when given (`code_env`); a return code outside
    `ok` stops the benchmark with its output."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        started = time.perf_counter()
        child = subprocess.Popen(list(argv), cwd=cwd, stdout=out, stderr=err, env=code_env(source))
        _, status, usage = os.wait4(child.pid, 0)
        seconds = time.perf_counter() - started
        child.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        done = Run(tuple(argv), seconds, child.returncode, out.read().decode(), err.read().decode(), usage.ru_maxrss / 1024,
                   usage.ru_utime + usage.ru_stime)
    if done.returncode not in ok:
        sys.exit(f"{' '.join(argv)} exited {done.returncode}:\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}")
    return done


def pnp(*args: str, cwd: Path = REPO, ok: Sequence[int] = (0,), source: Path | None = None) -> Run:
    """The real `pnp` command of this checkout's environment (running the pipeline of `source` when given)."""
    return run([PNP, *args], cwd, ok, source)


def code_env(source: Path | None) -> dict[str, str]:
    """The environment of a child: Python's bytecode cache on, as on a user's machine, and the pipeline of another
    source tree when given (None: this checkout's).

    PYTHONDONTWRITEBYTECODE is taken out (issue 19 measures with it unset): set, as in some sandboxes, every process
    compiles the pipeline's ~250 modules from source again, about 0.5 s of each command. The tree's modules are
    compiled once before (`compileall`, what installing a package does), so no measured run pays for it either."""
    env = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
    tree = REPO if source is None else source.resolve()
    if not (tree / "pipeline" / "__init__.py").is_file():
        sys.exit(f"{source} holds no pipeline/ package: give the root of a source tree (--before)")
    _compiled(tree)
    return env if source is None else {**env, "PYTHONPATH": str(tree)}


@cache
def _compiled(tree: Path) -> None:
    compileall.compile_dir(tree / "pipeline", quiet=1)


def code_label(source: Path | None) -> str:
    """How a table names the code a row ran: `before` (another tree) or `after` (this checkout)."""
    return "after" if source is None else "before"


def sources(before: Path | None) -> list[Path | None]:
    """The code each scenario runs with: the tree to compare first when given, then this checkout."""
    return [before, None] if before is not None else [None]


def median_seconds(argv: Sequence[str], runs: int, cwd: Path = REPO) -> tuple[float, float]:
    """Median and fastest wall time of `runs` runs of one command (after one untimed run that warms the disk cache)."""
    run(argv, cwd)
    times = [run(argv, cwd).seconds for _ in range(runs)]
    return statistics.median(times), min(times)


def table(header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A plain text table: the first column left-aligned, the others right-aligned."""
    cells = [[str(c) for c in header], *[[str(c) for c in row] for row in rows]]
    widths = [max(len(row[i]) for row in cells) for i in range(len(header))]

    def line(row: list[str]) -> str:
        return "  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths, strict=True)))

    rule = "  ".join("-" * w for w in widths)
    return "\n".join([line(cells[0]), rule, *(line(row) for row in cells[1:])])


def machine() -> str:
    """The figures' context: cores and load now (the same machine may give other figures under other load)."""
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    return f"{os.cpu_count()} core(s), load average {load}, Python {sys.version.split()[0]}"
