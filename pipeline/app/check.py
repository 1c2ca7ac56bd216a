"""`validate`, `check`, `games` and `schema` as functions: content in, a report out."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from pipeline.content.database import Database
from pipeline.content.schema import stale_schemas, write_schemas
from pipeline.findings import Finding, Report
from pipeline.games import GAMES
from pipeline.i18n.localizer import Localizer
from pipeline.rules.simulation import smoke_run
from pipeline.rules.spec import GameInfo, GameSpec

from .i18n import i18n_findings
from .project import select_locales

# Games per player count in the `pnp check` smoke run: enough to reach most content in a few seconds.
SMOKE_GAMES = 10


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


def check(games: Sequence[GameSpec], root: Path, locales: Sequence[str] | None = None) -> Report:
    """`validate`, every consistency rule, the simulation smoke run, and per locale (default: every
    declared locale) the translation checks and the text fit."""
    report = Report()
    stats: dict[str, dict[str, int]] = {}
    for game in games:
        db, findings = game.load(root)
        findings += game.checks(db, False)
        report.extend(findings)
        stats[game.id] = game.stats(db)
        if Report(findings).ok:  # simulating or printing broken content would only repeat its errors
            report.extend(deep_check_findings(game, db, root, select_locales(game, game.info(db), locales, root)))
    report.extra["stats"] = stats
    return report


def deep_check_findings(game: GameSpec, db: Database, root: Path, locales: list[str]) -> list[Finding]:
    """What `check` adds to a sound database: the simulation smoke run, translations, and text fit per locale."""
    findings: list[Finding] = []
    if game.engine is not None:
        findings.extend(smoke_run(game.engine, game.id, db, seed=1, games_per_count=SMOKE_GAMES)[0])
    findings.extend(i18n_findings(game, db, root, locales))
    for code in locales:
        findings.extend(print_findings(game, db, game.localizer(db, code)))
    return findings


def print_findings(game: GameSpec, db: Database, localizer: Localizer) -> list[Finding]:
    """What would print wrong in one locale: layouts against the face contract, text fit, boards, guide icons
    and guide text that runs past its column (on A4, the narrower paper)."""
    findings: list[Finding] = []
    if game.printing is not None:
        from pipeline.render.fit import board_fit_findings, fit_findings  # printing code: loaded only when needed

        findings.extend(fit_findings(game.printing, db, localizer))
        findings.extend(board_fit_findings(game.printing, game.id, db, localizer))
    if game.guide is not None:
        from pipeline.render.guide.check import guide_fit_findings, guide_icon_findings

        parts = game.guide.documents(db, localizer)
        findings.extend(guide_icon_findings(parts, db.root.as_posix()))
        findings.extend(guide_fit_findings(parts, db.root.as_posix()))
    return findings


def games_info(games: Sequence[GameSpec], root: Path) -> list[GameInfo]:
    """Name, packs, locales and component counts of each game's content."""
    return [game.info(game.load(root)[0]) for game in games]


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
