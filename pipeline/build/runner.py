"""Run build jobs: in this process, or in worker processes (`--jobs N`), with a progress bar on a terminal."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from multiprocessing import get_context

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from .cache import TargetRecord
from .targets import Job, run_job


def run_jobs(jobs: list[Job], workers: int, show_progress: bool | None = None) -> list[TargetRecord]:
    """Every job's target records, in job order."""
    total = sum(len(job.targets) for job in jobs)
    show = sys.stderr.isatty() if show_progress is None else show_progress
    results: dict[int, list[TargetRecord]] = {}
    if workers <= 1 or len(jobs) <= 1:
        with _progress(total, show) as advance:
            for index, job in enumerate(jobs):
                results[index] = run_job(job)
                advance(job)
    else:
        with ProcessPoolExecutor(max_workers=min(workers, len(jobs)), mp_context=get_context("fork")) as pool:
            futures: dict[Future[list[TargetRecord]], int] = {pool.submit(run_job, job): i for i, job in enumerate(jobs)}
            with _progress(total, show) as advance:
                for future in as_completed(futures):
                    index = futures[future]
                    results[index] = future.result()
                    advance(jobs[index])
    return [record for index in range(len(jobs)) for record in results[index]]


@contextmanager
def _progress(total: int, show: bool) -> Iterator[Callable[[Job], None]]:
    if not show:
        yield lambda job: None
        return
    columns = (TextColumn("building"), BarColumn(), MofNCompleteColumn(), TextColumn("{task.description}"), TimeElapsedColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task("", total=total)

        def advance(job: Job) -> None:
            progress.update(task, advance=len(job.targets), description=f"{job.game} {job.locale}")

        yield advance
