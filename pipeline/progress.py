"""A progress bar on stderr for a person at a terminal (rich), or nothing: the build's and the check's."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

Advance = Callable[[int, str], None]  # advance(steps done, what is being done now)


@contextmanager
def progress_bar(verb: str, total: int, show: bool, ticking: bool = True) -> Iterator[Advance]:
    """A transient bar of `total` steps, labelled `verb`, while the block runs; without `show` it draws nothing.

    `ticking`: a thread redraws it ten times a second (the elapsed time runs on); without, it is redrawn at each
    advance only, so no thread runs while the caller forks worker processes (a forked child would inherit the
    locks that thread holds)."""
    if not show:
        yield lambda count, description: None
        return
    # Here, not at the top: a run without a terminal (CI, `--format json`, watch) draws no bar (rich: ~0.03 s of imports).
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    columns = (TextColumn(verb), BarColumn(), MofNCompleteColumn(), TextColumn("{task.description}"), TimeElapsedColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True, auto_refresh=ticking) as progress:
        task = progress.add_task("", total=total)

        def advance(count: int, description: str) -> None:
            progress.update(task, advance=count, description=description)
            if not ticking:
                progress.refresh()

        yield advance
