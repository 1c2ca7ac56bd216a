"""Forked processes, the pipeline's only kind of parallelism: worker pools and a helper beside the caller.

The platform rule: every process the pipeline starts is forked (POSIX: Linux and macOS; Windows has no fork
and is not supported). A forked worker shares what its parent built (the loaded content, the layouts, the
drawn faces) without pickling it, so each pool hands its workers their state once, through its initializer,
and only tasks' arguments and results travel. Fork copies only the calling thread: a caller forks before it
starts a thread of its own. What runs where: `pnp build` runs its jobs in a pool (production/runner.py) and a unit
of one job may start one helper `beside` it; `pnp check` runs the games side by side (app/check_pool.py) and
plays its smoke runs in a pool (app/smoke.py); `pnp balance` plays its batches in a pool (app/balance.py).

Every worker is bound to its parent (`bind_to_parent`): it dies with it and leaves SIGINT and SIGTERM to it;
`stopped_by_signals` turns those signals into `BuildInterrupted` in the parent, a worker that died without a
result is `WorkerLost` (both `BuildStopped`).
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from multiprocessing import active_children, get_context
from multiprocessing.context import ForkContext
from types import FrameType
from typing import Any, TypeVar

PR_SET_PDEATHSIG = 1  # linux/prctl.h
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)
T = TypeVar("T")


def _fork() -> ForkContext:
    return get_context("fork")


def fork_pool(workers: int, initializer: Callable[..., object] | None = None,
              initargs: tuple[Any, ...] = ()) -> ProcessPoolExecutor:
    """A pool of `workers` forked processes, each started by `initializer(*initargs)` (the only way state reaches them)."""
    return ProcessPoolExecutor(max_workers=workers, mp_context=_fork(), initializer=initializer, initargs=initargs)


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


def kill_children() -> None:
    """Kill and reap this process's children (a pool's workers: the pipeline starts no other child process)."""
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
    context = _fork()
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


_detached: list[int] = []  # the processes `detached` started that no one has waited for yet


def detached(work: Callable[[], object]) -> None:
    """Run `work` in a forked process this one goes on without (a cache entry written while the command carries
    on, app's `pnp build`); it is not bound to this process, so it ends its work when this one exits first, and
    whatever it raises ends it quietly (its work was only a shortcut). `wait_detached` waits for those still running.

    A raw fork, not multiprocessing's: a multiprocessing child is joined (or killed, if a daemon) at exit."""
    wait_detached(block=False)  # reap the ended ones, so a long `pnp watch` leaves no zombies
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child's coverage is not collected
        code = 1
        try:
            signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C stops the command; this write is finished or left
            work()
            code = 0
        finally:
            os._exit(code)
    _detached.append(pid)


def wait_detached(block: bool = True) -> None:
    """Wait for the processes `detached` started (block=False: only reap those that ended)."""
    for pid in list(_detached):
        try:
            ended, _ = os.waitpid(pid, 0 if block else os.WNOHANG)
        except ChildProcessError:
            ended = pid  # reaped elsewhere
        if ended:
            _detached.remove(pid)
