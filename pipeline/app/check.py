"""`validate`, `check` and `schema` as functions: content in, a report out."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import nullcontext
from pathlib import Path
from typing import TYPE_CHECKING

from pipeline.content.database import Database
from pipeline.content.schema import stale_schemas, write_schemas
from pipeline.findings import Finding, Report
from pipeline.games import GAMES
from pipeline.rules.spec import GameSpec

from .project import select_locales

if TYPE_CHECKING:
    from pipeline.i18n.localizer import Localizer
    from pipeline.render.layouts import Layouts

# Games per player count in the `pnp check` smoke run: enough to reach most content in a few seconds.
SMOKE_GAMES = 10
# Where `check` keeps the smoke run's findings between runs (the build's cache folder).
CACHE_DIR = Path(".pnp-cache")


def validate(games: Sequence[GameSpec], root: Path) -> Report:
    """Load every file of each game, check it against its schema and models, resolve references, count components.

    `report.extra["stats"]` holds each game's component counts.
    """
    report = Report()
    stats: dict[str, dict[str, int]] = {}
    for game in games:
        db, findings = game.load(root)
        report.extend(findings)
        report.extend(game.checks(db, True))
        stats[game.id] = game.stats(db)
    report.extra["stats"] = stats
    return report


def check(games: Sequence[GameSpec], root: Path, locales: Sequence[str] | None = None, cache_dir: Path = CACHE_DIR) -> Report:
    """`validate`, every consistency rule, the simulation smoke run (replayed from cache_dir while the content
    and code are unchanged), and per locale (default: every declared locale) the translation checks and the text fit."""
    report = Report()
    stats: dict[str, dict[str, int]] = {}
    layouts: Layouts | None = None  # one load for every game that prints, so a layout problem is reported once
    for game in games:
        db, findings = game.load(root)
        findings += game.checks(db, False)
        report.extend(findings)
        stats[game.id] = game.stats(db)
        if Report(findings).ok:  # simulating or printing broken content would only repeat its errors
            if layouts is None:  # every game's fonts come from the layouts, guides included
                layouts, layout_findings = _load_layouts()
                report.extend(layout_findings)
            report.extend(deep_check_findings(game, db, root, select_locales(game, game.info(db), locales, root),
                                                  cache_dir, layouts))
    report.extra["stats"] = stats
    return report


def _load_layouts() -> tuple[Layouts, list[Finding]]:
    from pipeline.render.layouts import default_layouts_dir, load_layouts  # printing code: loaded only when needed

    return load_layouts(default_layouts_dir())


def deep_check_findings(game: GameSpec, db: Database, root: Path, locales: list[str], cache_dir: Path,
                        layouts: Layouts | None) -> list[Finding]:
    """What `check` adds to a sound database: the simulation smoke run, translations, and per locale what
    would print wrong against the loaded `layouts` (None for a game that prints no components)."""
    from pipeline.font_files import DEFAULT, use_family
    from pipeline.render.icons import use_icons

    from .i18n import i18n_findings  # Babel and the engines: loaded by `check`, not by `validate`
    from .smoke import smoke_findings

    findings: list[Finding] = []
    if game.engine is not None:
        findings.extend(smoke_findings(game.engine, game.id, db, cache_dir, seed=1, games_per_count=SMOKE_GAMES))
    # Glyphs and text fit are measured with the fonts the game prints with, icons looked up among its own.
    with use_family(layouts.family_for(game.id) if layouts is not None else DEFAULT):
        findings.extend(i18n_findings(game, db, root, locales))
        for code in locales:
            with use_icons(layouts.icons, game.id, code) if layouts is not None else nullcontext():
                findings.extend(print_findings(game, db, game.localizer(db, code), layouts))
    return findings


def print_findings(game: GameSpec, db: Database, localizer: Localizer, layouts: Layouts | None) -> list[Finding]:
    """What would print wrong in one locale: layouts against the face contract, text fit, boards, guide icons
    and guide text that runs past its column (on A4, the narrower paper); the faces and boards are built
    once here for every fit check."""
    findings: list[Finding] = []
    if game.printing is not None:
        from pipeline.render.fit import PrintCheck, board_fit_findings, fit_findings

        assert layouts is not None, "a game that prints is checked against its loaded layouts"
        check = PrintCheck.of(game.printing, db, localizer, layouts)
        findings.extend(fit_findings(check))
        findings.extend(board_fit_findings(check))
    if game.guide is not None:
        from pipeline.render.guide.check import guide_fit_findings, guide_icon_findings

        parts = game.guide.documents(db, localizer)
        findings.extend(guide_icon_findings(parts, db.root.as_posix()))
        findings.extend(guide_fit_findings(parts, db.root.as_posix()))
    return findings


def schemas(schema_root: Path, check_only: bool) -> tuple[list[Path], list[Path]]:
    """Write every game's JSON Schemas (or, with check_only, only find the stale ones): (written, stale)."""
    written: list[Path] = []
    stale: list[Path] = []
    for game in GAMES.values():
        if check_only:
            stale += stale_schemas(schema_root, game.id, game.file_kinds)
        else:
            written += write_schemas(schema_root, game.id, game.file_kinds)
    return written, stale
