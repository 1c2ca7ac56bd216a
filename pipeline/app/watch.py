"""`pnp watch`: build and check, then on every saved edit rebuild and check the games it touched.

The build cache does the narrowing: a rebuilt game draws only the targets whose printed content the edit
changed (production/inputs.py). Each round's findings go to `show`; an error in the content is a finding and
the watch goes on; a usage error of a round (a game folder removed) is shown and the watch goes on too.
"""

from __future__ import annotations

import contextlib
import stat
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import chain
from pathlib import Path

from pipeline import collector
from pipeline.atomic import TEMP_SUFFIX
from pipeline.content.kept_files import held_in_memory
from pipeline.findings import Report
from pipeline.production.targets import CHANGED_FILE, BuildOptions, Databases
from pipeline.rules.spec import GameSpec

from .build import BuildResult, build
from .check import check
from .project import UsageError

Built = Callable[[list[str], BuildResult], None]  # the games of a round and its build, before the check
WAKE_MS = 100  # how soon watchfiles first yields when nothing changed (then on every quiet 100 ms, skipped)


@dataclass
class Round:
    """One rebuild: the games it covered, what the build did, and the findings of build and check together."""

    games: list[str]
    result: BuildResult | None
    report: Report
    problem: str = ""  # a usage error that stopped this round (the watch goes on)


def watch(games: Sequence[GameSpec], options: BuildOptions, locales: Sequence[str] | None, jobs: int,
          show: Callable[[Round], None], watching: Callable[[], None], changes: Iterable[set[Path]] | None = None,
          built: Built | None = None, kept: Databases | None = None) -> None:
    """A first round over `games`, then one per batch of changed paths (default: watchfiles on the content
    and layouts folders) over the games the batch touched. Returns when `changes` ends; Ctrl-C raises
    KeyboardInterrupt (or BuildInterrupted while a build runs).

    `changes` yields its first batch (empty unless something changed) once it is watching: the watcher runs
    before the first round, so an edit saved while a round runs is the next batch. `watching` is called after
    each round shown, when the next saved edit is certain to be seen. `built` hears of each round's build before
    its check runs (`pnp serve` shows the cards at once); `kept`: where the rounds keep what they loaded.
    """
    # Unchanged files are not parsed or read back again. Between rounds the garbage a round left is collected and
    # the rest frozen out of the collector's view, so no full collection of the loaded games falls inside the next
    # round: one over the watch's heap took 0.27-0.34 s, before the edited card's page was written (in-process
    # rounds of a one-card edit, timed with gc.callbacks); settled, it runs while no edit waits.
    with held_in_memory(), collector.frozen_between_rounds() as settle:
        batches = iter(file_changes(options) if changes is None else changes)
        first = next(batches, set())
        kept = kept or Databases()  # what a round loaded, for the next: an unchanged game is not loaded again, nor the layouts
        show(run_round(list(games), options, locales, jobs, kept, built))
        settle()
        watching()
        for changed in chain([first], batches):
            touched = touched_games(changed, games, options)
            if touched:
                show(run_round(touched, options, locales, jobs, kept, built))
                settle()
                watching()


def run_round(games: list[GameSpec], options: BuildOptions, locales: Sequence[str] | None, jobs: int,
              databases: Databases | None = None, built: Built | None = None) -> Round:
    """Build first (the edited card's page is what the designer waits for), then check the same games. Each game's
    cards-changed.pdf goes first: it shows what this round changed, or nothing."""
    names = [game.id for game in games]
    for name in names:
        for shown in (options.out_dir / name).glob(f"*/{CHANGED_FILE}"):
            with contextlib.suppress(OSError):  # one that cannot go cannot be written either: the build says so
                shown.unlink()
    try:
        result = build(games, options, locales, jobs=jobs, show_progress=False, databases=databases)
        if built is not None:
            built(names, result)
        checked = check(games, options.content_root, locales, options.cache_dir, reuse=True, layouts_dir=options.layouts_dir,
                        kept=(databases or Databases()).kept_games(options.cache_dir))  # replays what no edit touched
    except UsageError as exc:
        return Round(names, None, Report(), str(exc))
    report = Report(sorted(set(result.report.findings) | set(checked.findings)))
    return Round(names, result, report)


def touched_games(changed: set[Path], games: Sequence[GameSpec], options: BuildOptions) -> list[GameSpec]:
    """The games a batch of changed paths touches: a game's own folder, or every game for a layout."""
    root, layouts = options.content_root.resolve(), options.layouts_dir.resolve()
    touched: set[str] = set()
    for path in changed:
        if path.name.endswith(TEMP_SUFFIX):  # a write in progress (ours or an editor's): its rename follows
            continue
        path = path.resolve()
        if path.is_relative_to(layouts) or path == root:  # a layout, or the content root replaced: every game
            return list(games)
        if path.is_relative_to(root):
            touched.add(path.relative_to(root).parts[0])
    return [game for game in games if game.id in touched]


def file_changes(options: BuildOptions) -> Iterator[set[Path]]:
    """An empty batch once watchfiles watches the content and layouts folders, then batches of changed paths
    under them, each yielded once the writing stops for 50 ms (an editor's save is a burst of events).

    A watched folder replaced (a checkout of another branch, `rm -rf content && mv new content`) is a folder the
    watcher no longer sees: on each quiet time-out the folders' identities are compared with those watched, and a
    changed one re-arms the watcher on the new folders and is itself a change (every game of a replaced content root).
    """
    from watchfiles import watch as watch_files

    candidates = (options.content_root, options.layouts_dir)
    armed: tuple[tuple[int, int] | None, ...] | None = None  # the identities the watcher was started on
    while True:
        now = _identities(candidates)
        replaced = {folder for folder, before, after in zip(candidates, armed or now, now, strict=True) if before != after}
        armed = now
        folders = [folder for folder, identity in zip(candidates, now, strict=True) if identity is not None]
        if not folders:  # both gone (mid-replacement): wait for one to come back
            time.sleep(WAKE_MS / 1000)
            continue
        # watchfiles starts its watcher at the first wait and yields on each quiet time-out: the first yield,
        # changes or none, is the proof it watches.
        batches = watch_files(*folders, step=50, rust_timeout=WAKE_MS, yield_on_timeout=True)
        try:
            yield replaced | {Path(path) for _, path in next(batches)}
            for batch in batches:
                if _identities(candidates) != armed:
                    break  # re-armed above
                if batch:
                    yield {Path(path) for _, path in batch}
        finally:
            batches.close()


def _identities(folders: Sequence[Path]) -> tuple[tuple[int, int] | None, ...]:
    """Each folder's device and inode (None when it is not a folder now)."""
    def identity(folder: Path) -> tuple[int, int] | None:
        try:
            info = folder.stat()
        except OSError:
            return None
        return (info.st_dev, info.st_ino) if stat.S_ISDIR(info.st_mode) else None

    return tuple(identity(folder) for folder in folders)
