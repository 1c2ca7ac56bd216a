"""`diff REV [REV2]` as a function: a visual review of what a content change does to the printed cards.

Compares each game's printed cards in each locale at REV with REV2 (default: the working tree) by what
prints (`printed.py`), and writes `<out>/diff.pdf`: a page per changed card side with before, after and
the changed pixels (`render/review.py`), then a page per added and per removed card; with `png`, each page
also as `<out>/png/<game>-<locale>-<deck>-<card>-<side>.png`. A revision that does not build is a usage
error; a working tree that does not build gives its findings, as `pnp build` would.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from pipeline.atomic import WriteError, remove_file, write_atomic
from pipeline.findings import Report
from pipeline.production.targets import Databases
from pipeline.rules.spec import GameSpec

from .printed import CardChange, PrintedCard, cards_at, compare, first_error
from .project import UsageError, missing_content, select_locales
from .revision import Revision, checkout

if TYPE_CHECKING:
    from pipeline.render.review import Comparison

WORKING_TREE = "working tree"


@dataclass(frozen=True)
class Side:
    """Where one side of the comparison comes from: its label, content root and layouts, and the revision read
    (None: the working tree)."""

    label: str
    content_root: Path
    layouts_dir: Path
    revision: Revision | None = None


@dataclass
class DiffResult:
    report: Report
    changes: list[tuple[str, str, CardChange]]  # game, locale, change
    files: list[str]

    def lines(self, before: str, after: str) -> list[str]:
        lines = [f"{game} {locale}: {change.as_text()}" for game, locale, change in self.changes]
        return [*lines, f"diff {before}..{after}: {len(self.changes)} card(s) changed" +
                (f"; review in {', '.join(self.files)}" if self.files else "")]


@contextlib.contextmanager
def _side(rev: str | None, content_root: Path, layouts_dir: Path) -> Iterator[Side]:
    if rev is None:
        yield Side(WORKING_TREE, content_root, layouts_dir)
        return
    with checkout(rev, content_root, layouts_dir) as revision:
        yield Side(rev, revision.content_root, revision.layouts_dir, revision)


def diff(games: Sequence[GameSpec], content_root: Path, layouts_dir: Path, cache_dir: Path, out: Path, rev: str,
         rev2: str | None = None, locales: Sequence[str] | None = None, png: bool = False) -> DiffResult:
    """The cards that print differently at rev2 (None: the working tree) than at rev, in each game and locale
    (default: every locale the game declares now), and the review written under out."""
    from pipeline.render.review import review_pdf  # Pillow and pdfium: loaded when a diff runs

    if not content_root.is_dir():
        raise missing_content(content_root)
    report = Report()
    changes: list[tuple[str, str, CardChange]] = []
    pages: list[tuple[str, Comparison]] = []
    with _side(rev, content_root, layouts_dir) as before, _side(rev2, content_root, layouts_dir) as after:
        report.extend(finding for side in (before, after) if side.revision for finding in side.revision.findings)
        for game in games:
            if game.printing is None:
                continue
            db, _ = Databases().load(game, content_root, "")
            for locale in select_locales(game, game.info(db), locales, content_root):
                old = _cards(game, before, locale, cache_dir, report)
                new = _cards(game, after, locale, cache_dir, report)
                if old is None or new is None:
                    continue
                for change in compare(old, new):
                    changes.append((game.id, locale, change))
                    pages += _comparisons(game.id, locale, change, old, new, before.label, after.label)
    files = _write(out, review_pdf(f"pnp diff {before.label}..{after.label}", [page for _, page in pages]),
                   pages if png else [], report)
    report.extra.update(before=rev, after=rev2 or WORKING_TREE,
                        changes=[{"game": game, "locale": locale, **change.as_json()} for game, locale, change in changes],
                        files=files)
    return DiffResult(report, changes, files)


def _cards(game: GameSpec, side: Side, locale: str, cache_dir: Path, report: Report) -> dict[tuple[str, str], PrintedCard] | None:
    """The game's printed cards on one side; None when the working tree does not build (its findings go to the
    report); a usage error when a revision does not."""
    printed, findings = cards_at(game, side.content_root, side.layouts_dir, locale, cache_dir, revision=side.revision is not None)
    if printed is None and side.revision is not None:
        first = side.revision.named(first_error([*findings, *side.revision.findings]))
        raise UsageError(f"{game.id} [{locale}] at {side.label} does not build ({first})")
    if printed is None:
        report.extend(findings)
    return printed


def _comparisons(game: str, locale: str, change: CardChange, old: dict[tuple[str, str], PrintedCard],
                 new: dict[tuple[str, str], PrintedCard], before: str, after: str) -> list[tuple[str, Comparison]]:
    """The review pages of one change, each with the stem of its PNG."""
    from pipeline.render.review import Comparison, Panel, changed_pixels, raster

    key = (change.deck, change.card)
    pages = []
    for side in change.sides:
        stem = re.sub(r"[^A-Za-z0-9._-]", "_", f"{game}-{locale}-{change.deck}-{change.card}-{side}")
        headline = f"{game} [{locale}] {change.deck}/{change.card} {side}: {change.change}"
        if change.change == "added":
            panels = [Panel(f"added ({after})", raster(new[key].sides[side]))]
        elif change.change == "removed":
            panels = [Panel(f"removed (was in {before})", raster(old[key].sides[side]))]
        else:
            was, now = raster(old[key].sides[side]), raster(new[key].sides[side])
            marked, count = changed_pixels(was, now)
            panels = [Panel(f"before ({before})", was), Panel(f"after ({after})", now),
                      Panel(f"changed pixels ({count}) in red", marked)]
        pages.append((stem, Comparison(headline, panels)))
    return pages


def _write(out: Path, pdf: bytes, pngs: list[tuple[str, Comparison]], report: Report) -> list[str]:
    """diff.pdf and the PNGs asked for (an earlier diff's PNGs are removed: they show another change)."""
    written = []
    folder = out / "png"
    for old in folder.glob("*.png") if folder.is_dir() else []:
        remove_file(old)
    for path, data in [(out / "diff.pdf", lambda: pdf), *((folder / f"{stem}.png", page.png) for stem, page in pngs)]:
        try:
            write_atomic(path, data)
        except WriteError as exc:
            report.add(exc.finding())
            continue
        written.append(path.as_posix())
    return written
