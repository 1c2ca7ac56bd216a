"""Tasks of `pnp check` run side by side in processes forked from the check, results in the tasks' order.

The workers are forked once the check has loaded what every task shares (the games' code, the layouts with
their fonts and icons), so they inherit it instead of loading it again, and a task is sent to a worker as its
index alone: nothing of the games is pickled. Each task's result (findings, counts) comes back pickled, and
the results are returned in the order of the indexes whichever worker finished first, so a report built from
them is the report of the same tasks run one after the other. A task that raises raises here, the first in
index order (a usage error of the second game is the one the serial run would have stopped at, unless the
first raised too).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

# A worker's task: set once as it starts (inherited through the fork), called with each index it is sent.
_worker_task: Callable[[int], Any] | None = None

T = TypeVar("T")


def run_forked(task: Callable[[int], T], order: Sequence[int], jobs: int,
               done: Callable[[int], None] = lambda index: None) -> list[T]:
    """task(i) for i in range(len(order)), in up to `jobs` forked processes, started in `order` (longest first
    keeps both cores busy to the end); the results by index. `done(i)` is called here as each task ends."""
    from concurrent.futures import as_completed  # process machinery: not imported by `validate`

    from pipeline.processes import fork_pool

    # Forked here: a fork copies only the calling thread, and a check starts no thread before this point.
    pool = fork_pool(min(jobs, len(order)), _start_worker, (os.getpid(), task))
    try:
        futures = {pool.submit(_run, index): index for index in order}
        for future in as_completed(futures):
            if future.exception() is not None:
                break  # raised below, in index order: the error a run in one process meets first
            done(futures[future])
        by_index = {index: future for future, index in futures.items()}
        return [by_index[index].result() for index in range(len(order))]
    finally:
        # On an error or Ctrl-C, what has not started is dropped and the running tasks end (the workers leave
        # SIGINT to this process, as the smoke run's do); a worker never outlives it (bind_to_parent).
        pool.shutdown(wait=True, cancel_futures=True)


def usable_cores() -> int:
    """The cores this process may run on (the default worker count of the check and of its smoke runs)."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def _start_worker(parent: int, task: Callable[[int], Any]) -> None:
    from pipeline.processes import bind_to_parent

    bind_to_parent(parent)
    global _worker_task
    _worker_task = task


def _run(index: int) -> Any:
    assert _worker_task is not None, "a worker is started with its task"
    return _worker_task(index)
