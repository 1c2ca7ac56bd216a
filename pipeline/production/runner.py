"""Run build jobs: in this process, or in worker processes (`--jobs N`), with a progress bar on a terminal.

Cache hits are taken here without starting a worker. What must be built is cut into units (a whole
game and locale, or its targets in groups) so the workers finish together: the cut with the shortest
estimated makespan wins, counting the content load every unit repeats. Units go to the pool longest
first. Each target writes its own files and records come back in job order, so the output does not
depend on the schedule.

Workers are forked and die with the build (pipeline/processes.py): on Linux the kernel kills them when their
parent ends (even by SIGKILL), elsewhere a watchdog thread does; SIGINT and SIGTERM to the build stop the workers
and raise `BuildInterrupted`, a worker that dies raises `WorkerLost` (both `BuildStopped`).
"""

from __future__ import annotations

import heapq
import os
import sys
import time
from collections.abc import Callable, Generator
from concurrent.futures import Future, as_completed
from concurrent.futures.process import BrokenProcessPool
from contextlib import closing
from dataclasses import replace

from pipeline import collector
from pipeline.atomic import WriteError
from pipeline.findings import Finding
from pipeline.processes import WorkerLost, bind_to_parent, fork_pool, kill_children
from pipeline.progress import progress_bar

from .cache import Cache, TargetRecord
from .targets import BuildContext, Databases, Job, build_cards, build_guides, build_tokens, build_tts, load_context

# Rough seconds per target and per unit (content load, faces prepared); only their ratios matter.
COST = {"tts": 3.0, "cards": 2.0, "guides": 0.6, "boards": 0.4, "tokens": 0.2, "help": 0.15}
LOAD_COST = 0.8
Unit = tuple[int, Job]  # index of the job it belongs to, the job cut down to the unit's targets


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
    with collector.paused():  # the layouts build a large heap fast, and leave little garbage in cycles
        _parse_layouts(todo, databases)
    units = plan_units(todo, workers)
    with progress_bar("building", total, show) as advance, closing(_run(units, workers, databases)) as finished:
        advance(total - sum(len(job.targets) for _, job in todo), "")
        for index, records in finished:
            results.update({(index, record.target): record for record in records})
            advance(len(records), f"{jobs[index].game} {jobs[index].locale}")
    return [results[(index, target)] for index, job in enumerate(jobs) for target in job.targets]


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
    pool = fork_pool(min(workers, len(units)), _start_worker, (os.getpid(), databases))
    try:
        futures: dict[Future[list[TargetRecord]], int] = {pool.submit(_run_in_worker, job): index for index, job in units}
        for future in as_completed(futures):
            yield futures[future], future.result()
    except BrokenProcessPool:
        kill_children()
        raise WorkerLost() from None
    except BaseException:  # a signal, a failed target, or the caller gave up: nothing may outlive the build
        kill_children()
        raise
    finally:
        pool.shutdown(cancel_futures=True)


def cached_records(job: Job) -> dict[str, TargetRecord]:
    """The job's targets whose cache record still holds (none with --force)."""
    opts = job.options
    if opts.force:
        return {}
    cache = Cache(opts.cache_dir, opts.out_dir)
    hits = {t: cache.hit(job.game, job.locale, t, job.keys[t]) for t in job.targets}
    return {t: hit for t, hit in hits.items() if hit is not None}


def run_job(job: Job, databases: Databases) -> list[TargetRecord]:
    """Build (or take from the cache) every target of one game and locale, its content from `databases`."""
    opts = job.options
    cache = Cache(opts.cache_dir, opts.out_dir)
    records = cached_records(job)
    todo = [t for t in job.targets if t not in records]
    if todo:
        started = time.perf_counter()
        context, problems = load_context(job, databases)
        load_seconds = time.perf_counter() - started
        for target in todo:
            began = time.perf_counter()
            record = TargetRecord(job.game, job.locale, target, job.keys[target])
            findings = list(problems)
            if context is not None:
                findings += context.common
                try:
                    # Drawing allocates millions of small objects, whose full collections walked the whole loaded content:
                    # two took about 0.15 s of 3 s CPU in the old-world cards target; frozen, about 0.01 s.
                    with collector.frozen(), context.layouts.drawing(job.game, job.locale):
                        findings += TARGETS[target](context, job, record)
                except WriteError as exc:  # the files it wrote are complete; the target is not
                    findings.append(exc.finding())
                if context.fallbacks:
                    record.extra["fallbacks"] = context.fallbacks
            record.findings = [f.as_dict() for f in sorted(set(findings))]
            record.seconds = round(time.perf_counter() - began + load_seconds / len(todo), 3)
            # A target that could not write all it needed (its files, its art) is not cached.
            if context is not None and not any(f.code == "BUILD-WRITE" for f in findings):
                try:
                    cache.store(record)
                except WriteError as exc:
                    record.findings.append(exc.finding().as_dict())
            records[target] = record
    return [records[t] for t in job.targets]


def build_boards(context: BuildContext, job: Job, record: TargetRecord) -> list[Finding]:
    """board.pdf (tiled at full size, with an assembly page), board-poster.pdf and player-boards.pdf."""
    from .boards import build_boards as run

    return run(context, job, record)


def build_help(context: BuildContext, job: Job, record: TargetRecord) -> list[Finding]:
    """help-cards.pdf: the help cards alone, on card sheets."""
    from .boards import build_help as run

    return run(context, job, record)


TARGETS: dict[str, Callable[[BuildContext, Job, TargetRecord], list[Finding]]] = {
    "cards": build_cards,
    "tokens": build_tokens,
    "tts": build_tts,
    "boards": build_boards,
    "help": build_help,
    "guides": build_guides,
}


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
