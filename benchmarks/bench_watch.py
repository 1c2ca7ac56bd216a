"""`pnp watch`: seconds from saving a one-card edit to its page being written, in cards-changed.pdf and in cards-1up.pdf.

Starts `pnp watch --game old-world` on a temporary copy of the content, waits for the first build,
then edits one card's English name in cards/market.yaml N times (alternating two names) and times each
save until cards-changed.pdf (the cards the round printed differently, written first) exists and until the
1-up PDF's modification time changes (both polled every 10 ms). The watch then writes the sheets and TTS
images and runs `pnp check` of the game; the next edit waits for that round to end. Ends the watch
with SIGINT (it must exit 130; the watch starts with SIGINT at its default even from a background shell, which
ignores it in its children, and one that has not ended 60 s after it is killed and reported as `killed`).
Aim (issue 13): the changed card's page < 1 s. Figures from a loaded machine say little.
With `--before DIR` (another source tree, see harness.py) the watch runs with that code first, then with
this checkout's (code without cards-changed.pdf gets no row for it). Each row gives the CPU time of the whole
watch (user + system, workers included), the steadier figure on a loaded machine.
Usage: .venv/bin/python benchmarks/bench_watch.py [--edits N] [--jobs N] [--before DIR]
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from harness import PNP, REPO, code_env, code_label, machine, sources, table

ROUND_DONE = "Ctrl-C stops"  # the line pnp watch prints after each round
TIMEOUT = 600.0
EXIT_TIMEOUT = 60.0  # how long the watch may take to end after SIGINT before it is killed
TIMED_OUT = "killed"  # the exit column when the watch did not end on SIGINT within EXIT_TIMEOUT


def default_sigint() -> None:
    """In the watch child, before it runs: SIGINT back to its default. A background shell starts children with
    SIGINT ignored, and Python then installs no KeyboardInterrupt handler: the bench's SIGINT would never end
    the watch."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def wait_exit(child: subprocess.Popen[bytes], timeout: float) -> tuple[int | str, float]:
    """The child's exit code and CPU seconds (its workers included); killed after `timeout` s (code `killed`)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        pid, status, usage = os.wait4(child.pid, os.WNOHANG)
        if pid:
            child.returncode = os.waitstatus_to_exitcode(status)
            return child.returncode, usage.ru_utime + usage.ru_stime
        time.sleep(0.05)
    child.kill()
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    print(f"pnp watch did not end within {timeout:.0f} s of SIGINT: killed")
    return TIMED_OUT, usage.ru_utime + usage.ru_stime


def rewritten(path: Path, before: int) -> Callable[[], bool]:
    return lambda: path.stat().st_mtime_ns != before


def rounds_done(log: Path, count: int) -> Callable[[], bool]:
    return lambda: log.read_text().count(ROUND_DONE) >= count


def wait_for(ready: Callable[[], bool], watcher: subprocess.Popen[bytes], poll: float) -> None:
    deadline = time.monotonic() + TIMEOUT
    while not ready():
        if watcher.poll() is not None or time.monotonic() > deadline:
            raise SystemExit("pnp watch ended or stalled")
        time.sleep(poll)


def scenario(edits: int, jobs: int, source: Path | None) -> tuple[dict[str, list[float]], int | str, float]:
    """Seconds from each save to cards-changed.pdf written and to the rewritten 1-up PDF (by file), the exit code
    on SIGINT and the watch's CPU seconds, with the pipeline of `source` (None: this checkout's)."""
    with tempfile.TemporaryDirectory(prefix="pnp-bench-watch-") as tmp:
        folder = Path(tmp)
        shutil.copytree(REPO / "content" / "old-world", folder / "content" / "old-world")
        log = folder / "watch.log"
        one_up = folder / "out" / "old-world" / "en" / "cards-1up.pdf"
        changed = one_up.with_name("cards-changed.pdf")
        market = folder / "content" / "old-world" / "cards" / "market.yaml"
        argv = [PNP, "watch", "--game", "old-world", "--locale", "en", "--jobs", str(jobs), "--content",
                str(folder / "content"), "--layouts", str(REPO / "pipeline" / "layouts"), "--out", str(folder / "out"),
                "--cache-dir", str(folder / "cache")]
        with log.open("w") as sink:
            watcher = subprocess.Popen(argv, cwd=folder, stdout=sink, stderr=subprocess.STDOUT, env=code_env(source),
                                       preexec_fn=default_sigint)
        try:
            wait_for(rounds_done(log, 1), watcher, 0.1)
            seconds: dict[str, list[float]] = {changed.name: [], one_up.name: []}
            for index in range(edits):
                old, new = ("    name: Jab\n", "    name: Quick Jab\n") if index % 2 == 0 else \
                    ("    name: Quick Jab\n", "    name: Jab\n")
                before = one_up.stat().st_mtime_ns
                shown_before = changed.stat().st_mtime_ns if changed.exists() else None
                text = market.read_text(encoding="utf-8").replace(old, new, 1)
                started = time.perf_counter()
                market.write_text(text, encoding="utf-8")
                waiting = True
                while not rewritten(one_up, before)():  # the changed file, if this code writes one, comes first
                    if waiting and changed.exists() and changed.stat().st_mtime_ns != shown_before:
                        seconds[changed.name].append(time.perf_counter() - started)
                        waiting = False
                    if watcher.poll() is not None or time.perf_counter() - started > TIMEOUT:
                        raise SystemExit("pnp watch ended or stalled")
                    time.sleep(0.01)
                seconds[one_up.name].append(time.perf_counter() - started)
                wait_for(rounds_done(log, index + 2), watcher, 0.1)
            os.kill(watcher.pid, signal.SIGINT)
            code, cpu = wait_exit(watcher, EXIT_TIMEOUT)
        finally:
            if watcher.poll() is None:
                watcher.kill()
                watcher.wait()
    return seconds, code, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--edits", type=int, default=5)
    parser.add_argument("--jobs", type=int, default=min(4, os.cpu_count() or 1))
    parser.add_argument("--before", type=Path, help="a source tree of the code to compare (see harness.py)")
    args = parser.parse_args()
    print(machine())
    rows = []
    for source in sources(args.before):
        by_file, code, cpu = scenario(args.edits, args.jobs, source)
        for name, seconds in by_file.items():
            if seconds:
                rows.append((f"save -> {name} written", code_label(source), len(seconds), f"{statistics.median(seconds):.2f}",
                             f"{min(seconds):.2f}", f"{max(seconds):.2f}", f"{cpu:.2f}", code))
    print(table(["pnp watch (old-world en)", "code", "edits", "median (s)", "fastest (s)", "slowest (s)",
                 "watch CPU (s)", "exit on SIGINT"], rows))
    print(machine())


if __name__ == "__main__":
    main()
