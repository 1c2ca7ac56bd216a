"""`pnp i18n` as functions: extract a game's template, update its catalogs, report their status, write a
pseudo-locale; and the translation findings `check` adds. The catalog work itself is pipeline/i18n/."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import PoFileError

from pipeline.content.database import Database
from pipeline.findings import Finding, Report
from pipeline.i18n.catalogs import catalog_path, template_path
from pipeline.i18n.checks import fold_draft_missing as fold_draft_missing  # for the CLI, which calls app only
from pipeline.i18n.checks import locale_findings
from pipeline.i18n.pseudo import PSEUDO_LOCALE
from pipeline.i18n.status import LocaleStatus, read_status
from pipeline.i18n.terms import game_terms
from pipeline.i18n.workflow import Written, extract, pseudo, read_template, update
from pipeline.rules.spec import GameSpec

from .project import UsageError, locale_code, select_locales, writing


class ContentError(Exception):
    """The game's content has errors: catalogs are not touched until it loads cleanly (the CLI exits 1)."""

    def __init__(self, report: Report) -> None:
        super().__init__(f"content has {report.summary()}; fix it first (pnp validate)")
        self.report = report


class CatalogError(Exception):
    """A catalog or template that cannot be read (the CLI exits 1)."""


@dataclass(frozen=True)
class LoadedGame:
    """A game with its content loaded cleanly, and where that content lives."""

    spec: GameSpec
    db: Database
    root: Path

    @property
    def content_dir(self) -> Path:
        return self.spec.content_dir(self.root)


def load_game(spec: GameSpec, root: Path) -> LoadedGame:
    """The game's database; content with errors raises ContentError (catalogs follow sound content only)."""
    if not spec.content_dir(root).is_dir():
        raise UsageError(f"no content for {spec.id} under {root}")
    db, findings = spec.load(root)
    report = Report(findings)
    if not report.ok:
        raise ContentError(report)
    return LoadedGame(spec, db, root)


def translated_locales(game: LoadedGame, chosen: Sequence[str] | None) -> list[str]:
    """The locales asked for (checked: see `select_locales`), or every declared locale that has a catalog (all but the source)."""
    info = game.spec.info(game.db)
    return select_locales(game.spec, info, chosen, game.root) if chosen else info.translated_locales


def extract_template(game: LoadedGame) -> Written:
    """Write <game>/locales/messages.pot from the content (byte-stable: a re-run changes nothing)."""
    with writing(template_path(game.content_dir)):
        return extract(game.spec.strings(game.db), game.content_dir, game.spec.id, game.content_dir)


def _template(game: LoadedGame) -> Catalog:
    try:
        template = read_template(game.content_dir)
    except PoFileError as exc:
        raise CatalogError(f"cannot read the template: {exc}") from None
    if template is None:
        raise UsageError(f"{template_path(game.content_dir)} does not exist; run `pnp i18n extract --game {game.spec.id}` first")
    return template


def update_catalogs(game: LoadedGame, locales: Sequence[str] | None) -> list[tuple[Written, str]]:
    """Merge messages.pot into each <locale>.po: changed English turns fuzzy (previous msgid kept)."""
    template = _template(game)
    written = []
    try:
        for code in translated_locales(game, locales):
            with writing(catalog_path(game.content_dir, code)):
                written.append((update(template, game.content_dir, code, game.spec.id), code))
    except PoFileError as exc:
        raise CatalogError(f"cannot read a catalog: {exc}") from None
    return written


def catalog_statuses(game: LoadedGame, locales: Sequence[str] | None) -> list[LocaleStatus]:
    """Per locale: total, translated, fuzzy, missing and obsolete entries against the current content."""
    strings = game.spec.strings(game.db)
    try:
        return [read_status(strings, game.content_dir, code) for code in translated_locales(game, locales)]
    except PoFileError as exc:
        raise CatalogError(f"cannot read a catalog: {exc}") from None


def catalog_entries(game: LoadedGame, locales: Sequence[str] | None) -> list[Finding]:
    """Each entry behind the counts of `catalog_statuses` (missing, fuzzy, stale, obsolete) at its
    file and line, with the severity `pnp check` gives it (errors for a release locale)."""
    asked = translated_locales(game, locales)
    found = i18n_findings(game.spec, game.db, game.root, asked)
    return [f for f in found if f.code in STATUS_CODES]


STATUS_CODES = frozenset({"I18N-MISSING", "I18N-FUZZY", "I18N-STALE", "I18N-OBSOLETE"})


def write_pseudo(game: LoadedGame, locale: str = PSEUDO_LOCALE) -> Written:
    """A pseudo-locale catalog (accented, ~40% longer, tokens kept) from messages.pot; never over a real locale."""
    locale = locale_code(locale)
    if locale in game.spec.info(game.db).locales and locale != PSEUDO_LOCALE:
        raise UsageError(
            f"{locale} is a real locale of {game.spec.id}; a pseudo-locale needs its own code (default {PSEUDO_LOCALE})"
        )
    existing = catalog_path(game.content_dir, locale)
    if existing.exists() and locale != PSEUDO_LOCALE:
        raise UsageError(f"{existing} exists and is not a pseudo-locale catalog; choose another code (default {PSEUDO_LOCALE})")
    template = _template(game)
    with writing(existing):
        return pseudo(template, game.content_dir, game.spec.id, locale)


def i18n_findings(game: GameSpec, db: Database, root: Path, locales: Sequence[str], cache_dir: Path | None = None,
                  inputs: str = "", replay: bool = False) -> list[Finding]:
    """The translation findings of one loaded game for the locales asked (what `pnp check` adds); with a
    cache_dir, recorded there (`translation_records.py`, under `inputs`: the check's code, libraries, layouts
    and place) and, with `replay`, replayed from that record while nothing they read changed."""
    from .translation_records import recorded_translation_findings

    info = game.info(db)
    asked = [code for code in info.locales if code in locales] + [code for code in locales if code not in info.locales]
    strings = game.strings(db)
    if not strings or not asked:
        return []  # a game without translatable content has no catalogs to check
    terms, release, content_dir = game_terms(db), [code for code in asked if info.is_release(code)], game.content_dir(root)

    def check() -> list[Finding]:
        return locale_findings(strings, content_dir, asked, info.source_locale, terms, release)

    if cache_dir is None:
        return check()
    return recorded_translation_findings(cache_dir, game.id, content_dir, inputs, strings, terms, asked, info.source_locale,
                                         release, check, replay)
