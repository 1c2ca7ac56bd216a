"""`validate`, `check` and `schema` as functions: content in, a report out."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from pipeline.content.database import Database
from pipeline.content.schema import stale_schemas, write_schemas
from pipeline.findings import Finding, Report, Severity
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
    and code are unchanged), and per locale (default: every declared locale) the translation checks and the text fit.

    Each group runs unless the data it reads is broken (`skipped_groups`); what was skipped and why is an
    info finding `CHECK-SKIPPED` per group and `report.extra["skipped"]`."""
    report = Report()
    stats: dict[str, dict[str, int]] = {}
    skipped: list[dict[str, str]] = []
    layouts: Layouts | None = None  # one load for every game that prints, so a layout problem is reported once
    for game in games:
        db, load_findings = game.load(root)
        rule_findings = game.checks(db, False)
        report.extend(load_findings + rule_findings)
        stats[game.id] = game.stats(db)
        skips = skipped_groups(game, Report(load_findings).ok, Report(rule_findings).ok)
        where = game.content_dir(root).as_posix()
        for group, reason in skips.items():
            skipped.append({"game": game.id, "group": group, "reason": reason})
            report.add(Finding(where, 1, 1, Severity.INFO, "CHECK-SKIPPED", f"{game.id}: {group} skipped: {reason}",
                               hint="fix the errors above and check again"))
        prints = game.printing is not None and "print" not in skips
        if prints and layouts is None:
            layouts, layout_findings = _load_layouts()
            report.extend(layout_findings)
        report.extend(deep_check_findings(game, db, root, select_locales(game, game.info(db), locales, root),
                                          cache_dir, layouts if prints else None, frozenset(skips)))
    report.extra["stats"] = stats
    report.extra["skipped"] = skipped
    return report


# Translation findings judged against every string of the content: a file that did not load would make
# its catalog entries look obsolete and the template look stale.
WHOLE_CONTENT_CODES = frozenset({"I18N-OBSOLETE", "I18N-POT-STALE"})


def skipped_groups(game: GameSpec, loaded: bool, consistent: bool) -> dict[str, str]:
    """The check groups (simulation, translation completeness, print) whose data is broken, with why.

    The simulation and the print checks build the game from all its content (engine tables, faces), so any
    error stops them; the translation checks read the strings and catalogs entry by entry and only lose
    the findings that need every string when a file did not load."""
    skips = {}
    if not (loaded and consistent):
        reason = "the content has errors" if loaded else "a content file did not load"
        if game.engine is not None:
            skips["simulation"] = f"{reason}: the engine plays the whole content"
        if game.printing is not None or game.guide is not None:
            skips["print"] = f"{reason}: faces, boards and guides are built from the whole content"
    if not loaded:
        skips["translation completeness"] = ("a content file did not load: obsolete catalog entries and the template "
                                             "are judged against every string")
    return skips


def _load_layouts() -> tuple[Layouts, list[Finding]]:
    from pipeline.render.layouts import default_layouts_dir, load_layouts  # printing code: loaded only when needed

    return load_layouts(default_layouts_dir())


def deep_check_findings(game: GameSpec, db: Database, root: Path, locales: list[str], cache_dir: Path,
                        layouts: Layouts | None, skipped: frozenset[str] = frozenset()) -> list[Finding]:
    """What `check` adds to the database: the simulation smoke run, translations, and per locale what would
    print wrong against the loaded `layouts` (None for a game that prints no components), but for the
    groups `skipped` (`skipped_groups`)."""
    from .i18n import i18n_findings  # Babel and the engines: loaded by `check`, not by `validate`
    from .smoke import smoke_findings

    findings: list[Finding] = []
    if game.engine is not None and "simulation" not in skipped:
        findings.extend(smoke_findings(game.engine, game.id, db, cache_dir, seed=1, games_per_count=SMOKE_GAMES))
    translated = i18n_findings(game, db, root, locales)
    if "translation completeness" in skipped:
        translated = [f for f in translated if f.code not in WHOLE_CONTENT_CODES]
    findings.extend(translated)
    if "print" not in skipped:
        for code in locales:
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
