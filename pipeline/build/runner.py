"""Run build jobs: in this process, or in worker processes (`--jobs N`), with a progress bar on a terminal.

Cache hits are taken here without starting a worker. What must be built is cut into units (a whole
game and locale, or its targets in groups) so the workers finish together: the cut with the shortest
estimated makespan wins, counting the content load every unit repeats. Units go to the pool longest
first. Each target writes its own files and records come back in job order, so the output does not
depend on the schedule.

Workers die with the build: on Linux the kernel kills them when their parent ends (even by SIGKILL),
elsewhere a watchdog thread does; SIGINT and SIGTERM to the build stop the workers and raise
`BuildInterrupted`, a worker that dies raises `WorkerLost` (both `BuildStopped`).
"""

from __future__ import annotations

import ctypes
import gc
import heapq
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Generator, Iterator
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from contextlib import closing, contextmanager
from dataclasses import replace
from multiprocessing import active_children, get_context
from types import FrameType
from typing import TypeVar

from pipeline.progress import progress_bar

from .cache import TargetRecord
from .targets import Databases, Job, cached_records, run_job

# Rough seconds per target and per unit (content load, faces prepared); only their ratios matter.
COST = {"tts": 3.0, "cards": 2.0, "guides": 0.6, "boards": 0.4, "tokens": 0.2, "help": 0.15}
LOAD_COST = 0.8
Unit = tuple[int, Job]  # index of the job it belongs to, the job cut down to the unit's targets
PR_SET_PDEATHSIG = 1  # linux/prctl.h
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)
T = TypeVar("T")


class BuildStopped(BaseException):
    """The build ended before it finished, its workers gone. A BaseException, like KeyboardInterrupt, so no
    `except Exception` on the way up swallows it."""

    exit_code = 1


class WorkerLost(BuildStopped):
    """A worker process ended without a result: killed from outside, or by the system out of memory."""

    def __init__(self) -> None:
        super().__init__("a build worker ended unexpectedly (killed, or out of memory)")


class BuildInterrupted(BuildStopped):
    """A signal (SIGINT, SIGTERM) to the build stopped it."""

    def __init__(self, signum: int) -> None:
        self.signal = signal.Signals(signum)
        self.exit_code = 128 + self.signal.value  # what a shell reports for a process the signal ended
        super().__init__(f"build stopped by {self.signal.name}")


@contextmanager
def stopped_by_signals() -> Iterator[None]:
    """While the block runs, SIGINT and SIGTERM raise BuildInterrupted (in the main thread, where Python runs handlers)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, frame: FrameType | None) -> None:
        for number in previous:  # a second signal must not interrupt the cleanup of the first
            signal.signal(number, signal.SIG_IGN)
        raise BuildInterrupted(signum)

    # A signal ignored when the build started (`nohup`, a background job's SIGINT) stays ignored.
    previous = {number: signal.signal(number, stop) for number in STOP_SIGNALS
                if signal.getsignal(number) is not signal.SIG_IGN}
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


def run_jobs(jobs: list[Job], workers: int, databases: Databases, show_progress: bool | None = None) -> list[TargetRecord]:
    """Every job's target records, in job order; their content comes from the build's `databases`."""
    total = sum(len(job.targets) for job in jobs)
    show = sys.stderr.isatty() if show_progress is None else show_progress
    results: dict[tuple[int, str], TargetRecord] = {}
    todo: list[Unit] = []
    for index, job in enumerate(jobs):
        hits = cached_records(job)
        results.update({(index, target): record for target, record in hits.items()})
        rest = tuple(t for t in job.targets if t not in hits)
        if rest:
            todo.append((index, replace(job, targets=rest)))
    with collector_paused():
        _parse_layouts(todo, databases)
    units = plan_units(todo, workers)
    with progress_bar("building", total, show) as advance, closing(_run(units, workers, databases)) as finished:
        advance(total - sum(len(job.targets) for _, job in todo), "")
        for index, records in finished:
            results.update({(index, record.target): record for record in records})
            advance(len(records), f"{jobs[index].game} {jobs[index].locale}")
    return [results[(index, target)] for index, job in enumerate(jobs) for target in job.targets]


@contextmanager
def collector_paused() -> Iterator[None]:
    """No automatic garbage collection in this process while the block runs (as it was again after it). For work
    that builds a large heap fast and leaves little garbage in cycles: the build's plan (loading, checking and keying
    the games) and the layouts parsed, or taken from the helper, before the workers fork.

    Why: the collector walked the growing heap whole again and again; in a one-card rebuild of every game it took
    0.34 s of the ~1.9 s before the workers started (timed with gc.callbacks), 0.08 s with it paused there. A process
    forked meanwhile (the layouts' helper) starts paused too, and ends after its bounded work; workers fork after.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _parse_layouts(todo: list[Unit], databases: Databases) -> None:
    """Have the layouts of the jobs to run here before any worker starts (parsed here, or taken from the plan's helper:
    `Databases.layouts_beside`): forked workers find them parsed (each of them parsed them again before, about 0.3 s
    CPU for the shipped layouts), and `pnp watch` keeps them."""
    from pipeline.games import find_game

    for _, job in todo:
        databases.layouts(job.options.layouts_dir, find_game(job.game, job.options.content_root), job.layouts)


def plan_units(todo: list[Unit], workers: int) -> list[Unit]:
    """The cut of the work with the shortest estimated makespan on `workers`, longest unit first."""
    if workers <= 1:
        return todo
    best: list[Unit] = todo
    best_span = _makespan(best, workers)
    for cut in (_split_heaviest, _split_all):
        units = [unit for index, job in todo for unit in cut(index, job)]
        span = _makespan(units, workers)
        if span < best_span - 1e-9:
            best, best_span = units, span
    return sorted(best, key=lambda unit: -_cost(unit[1]))  # stable: ties keep job order


def _split_heaviest(index: int, job: Job) -> list[Unit]:
    heaviest = max(job.targets, key=lambda t: COST.get(t, 1.0))
    rest = tuple(t for t in job.targets if t != heaviest)
    return [(index, replace(job, targets=(heaviest,)))] + ([(index, replace(job, targets=rest))] if rest else [])


def _split_all(index: int, job: Job) -> list[Unit]:
    return [(index, replace(job, targets=(target,))) for target in job.targets]


def _cost(job: Job) -> float:
    return LOAD_COST + sum(COST.get(t, 1.0) for t in job.targets)


def _makespan(units: list[Unit], workers: int) -> float:
    """Longest-first list scheduling, as the pool runs it."""
    finish = [0.0] * min(workers, max(1, len(units)))
    for cost in sorted((_cost(job) for _, job in units), reverse=True):
        heapq.heapreplace(finish, finish[0] + cost)
    return max(finish)


def _run(units: list[Unit], workers: int, databases: Databases) -> Generator[tuple[int, list[TargetRecord]], None, None]:
    if workers <= 1 or len(units) <= 1:
        for index, job in units:  # one unit: the workers it leaves free are its helpers (Job.helpers)
            yield index, run_job(replace(job, helpers=max(0, workers - 1)), databases)
        return
    pool = ProcessPoolExecutor(max_workers=min(workers, len(units)), mp_context=get_context("fork"),
                               initializer=_start_worker, initargs=(os.getpid(), databases))
    try:
        futures: dict[Future[list[TargetRecord]], int] = {pool.submit(_run_in_worker, job): index for index, job in units}
        for future in as_completed(futures):
            yield futures[future], future.result()
    except BrokenProcessPool:
        _kill_workers()
        raise WorkerLost() from None
    except BaseException:  # a signal, a failed target, or the caller gave up: nothing may outlive the build
        _kill_workers()
        raise
    finally:
        pool.shutdown(cancel_futures=True)


def _kill_workers() -> None:
    """Kill and reap the pool's workers (the build starts no other child process)."""
    workers = active_children()
    for worker in workers:
        worker.kill()
    for worker in workers:
        worker.join()


def bind_to_parent(parent: int, use_prctl: bool = sys.platform.startswith("linux")) -> None:
    """In a worker: die when the parent process ends, and leave SIGINT and SIGTERM to the parent.

    A terminal's Ctrl-C, or a service manager's SIGTERM, reaches every process of the build at once; the
    parent then stops the workers itself, and a worker that died first would look like a lost one.
    """
    for number in STOP_SIGNALS:
        signal.signal(number, signal.SIG_IGN)
    if use_prctl and ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL) == 0:
        if os.getppid() != parent:  # the parent ended before the death signal was set
            os._exit(1)
        return
    threading.Thread(target=_watch_parent, args=(parent,), name="parent-watchdog", daemon=True).start()


def _watch_parent(parent: int) -> None:
    """Where the kernel cannot kill a worker with its parent: exit once the parent is gone (the worker is re-parented)."""
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(1)


@contextmanager
def beside(work: Callable[[], T]) -> Iterator[Callable[[], T]]:
    """Start `work` in a forked process bound to this one (a job's helper, `Job.helpers`); the callable given
    waits for its result, or raises its exception (`WorkerLost` if the process ended without one). Leaving the
    block ends the process: one whose result nobody waits for (the caller failed first) is killed.

    Forked, the process shares what this one has built (content, layouts, drawn faces) without pickling it;
    only the result travels back.
    """
    context = get_context("fork")
    receive, send = context.Pipe(duplex=False)
    parent = os.getpid()

    def run() -> None:
        bind_to_parent(parent)
        try:
            outcome: tuple[bool, object] = (True, work())
        except Exception as exc:
            outcome = (False, exc)
        send.send(outcome)

    process = context.Process(target=run, name="pnp-helper", daemon=True)
    process.start()
    send.close()

    def result() -> T:
        try:
            done, value = receive.recv()
        except EOFError:
            raise WorkerLost() from None
        if not done:
            raise value
        return value

    try:
        yield result
    finally:
        receive.close()
        if process.is_alive():
            process.kill()
        process.join()


# A worker process's handle on the build's databases: the pool's initializer hands the run's `Databases` to
# each worker once as it starts (a forked worker gets it without pickling); only workers set it.
_worker_databases: Databases | None = None


def _start_worker(parent: int, databases: Databases) -> None:
    """A worker's start: bound to the build's process, holding the build's databases."""
    bind_to_parent(parent)
    global _worker_databases
    _worker_databases = databases


def _run_in_worker(job: Job) -> list[TargetRecord]:
    assert _worker_databases is not None, "a worker is started with the build's databases"
    return run_job(job, _worker_databases)
