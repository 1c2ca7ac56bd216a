"""Run build jobs: in this process, or in worker processes (`--jobs N`), with a progress bar on a terminal.

Cache hits are taken here without starting a worker. What must be built is cut into units (a whole
game and locale, or its targets in groups) so the workers finish together: the cut with the shortest
estimated makespan wins, counting the content load every unit repeats. Units go to the pool longest
first. Each target writes its own files and records come back in job order, so the output does not
depend on the schedule.
"""

from __future__ import annotations

import heapq
import sys
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from dataclasses import replace
from multiprocessing import get_context

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from .cache import TargetRecord
from .targets import Databases, Job, cached_records, run_job

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
    units = plan_units(todo, workers)
    with _progress(total, show) as advance:
        advance(total - sum(len(job.targets) for _, job in todo), None)
        for index, records in _run(units, workers, databases):
            results.update({(index, record.target): record for record in records})
            advance(len(records), jobs[index])
    return [results[(index, target)] for index, job in enumerate(jobs) for target in job.targets]


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


def _run(units: list[Unit], workers: int, databases: Databases) -> Iterator[tuple[int, list[TargetRecord]]]:
    if workers <= 1 or len(units) <= 1:
        for index, job in units:
            yield index, run_job(job, databases)
        return
    with ProcessPoolExecutor(max_workers=min(workers, len(units)), mp_context=get_context("fork"),
                             initializer=_take_databases, initargs=(databases,)) as pool:
        futures: dict[Future[list[TargetRecord]], int] = {pool.submit(_run_in_worker, job): index for index, job in units}
        for future in as_completed(futures):
            yield futures[future], future.result()


# A worker process's handle on the build's databases: the pool's initializer hands the run's `Databases` to
# each worker once as it starts (a forked worker gets it without pickling); only workers set it.
_worker_databases: Databases | None = None


def _take_databases(databases: Databases) -> None:
    global _worker_databases
    _worker_databases = databases


def _run_in_worker(job: Job) -> list[TargetRecord]:
    assert _worker_databases is not None, "a worker is started with the build's databases"
    return run_job(job, _worker_databases)


@contextmanager
def _progress(total: int, show: bool) -> Iterator[Callable[[int, Job | None], None]]:
    if not show:
        yield lambda count, job: None
        return
    columns = (TextColumn("building"), BarColumn(), MofNCompleteColumn(), TextColumn("{task.description}"), TimeElapsedColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task("", total=total)

        def advance(count: int, job: Job | None) -> None:
            progress.update(task, advance=count, description=f"{job.game} {job.locale}" if job else "")

        yield advance
