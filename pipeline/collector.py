"""The garbage collector, a process-wide device: every pause and freeze of the pipeline goes through here.

Both are nesting-safe. `paused()` turns automatic collection off while a block runs and back on after only if it
was on before. `frozen()` moves the objects alive now out of the collector's full collections while a block runs
and gives back after it only what it froze itself: a block inside another frozen block (a build target run
inside a `pnp watch` round, in the watch's own process) leaves the outer freeze in place. `settle()` collects and
freezes what is left for whoever holds `frozen_between_rounds` (the watch between its rounds).

Why it matters: the pipeline builds large heaps that live long (the loaded games, layouts, drawn faces) and
allocates millions of short-lived objects while it draws; full collections that walk the long-lived heap again
and again took a tenth or more of a build's CPU time (each user says where, timed with gc.callbacks).
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager

_freezes = 0  # how many `frozen` blocks are running: only the outermost gives the frozen objects back
_held = False  # `frozen_between_rounds` holds a freeze of its own


@contextmanager
def paused() -> Iterator[None]:
    """No automatic garbage collection while the block runs (as it was again after it)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


@contextmanager
def frozen() -> Iterator[None]:
    """The objects alive now kept out of full collections while the block runs; given back after it unless an
    enclosing `frozen` block, or the rounds of `frozen_between_rounds`, still keep them."""
    global _freezes
    gc.freeze()
    _freezes += 1
    try:
        yield
    finally:
        _freezes -= 1
        if _freezes == 0 and not _held:
            gc.unfreeze()


@contextmanager
def frozen_between_rounds() -> Iterator[Callable[[], None]]:
    """A `settle` to call between rounds of work: collect what the round left, then freeze what stays. Everything
    is given back to the collector when the block ends."""
    global _held

    def settle() -> None:
        global _held
        if _freezes == 0:  # a settle inside a running `frozen` block would give its objects back early
            gc.unfreeze()
            gc.collect()
            gc.freeze()
            _held = True

    try:
        yield settle
    finally:
        _held = False
        if _freezes == 0:
            gc.unfreeze()
