"""`pnp i18n`: extract a game's template, update its locale catalogs, report their status, write a pseudo-locale.

It sits with cli.py (it names games); the catalog work itself is pipeline/i18n/workflow.py.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer
from babel.messages.pofile import PoFileError

from pipeline.content.database import Database
from pipeline.findings import Finding, Report
from pipeline.games import find_game
from pipeline.i18n.catalogs import catalog_path, template_path
from pipeline.i18n.checks import locale_findings
from pipeline.i18n.pseudo import PSEUDO_LOCALE
from pipeline.i18n.status import read_status
from pipeline.i18n.workflow import Written, extract, pseudo, read_template, update
from pipeline.rules.ruleset import Ruleset

i18n_app = typer.Typer(
    help="Translation catalogs (gettext, via Babel): extract, update, status, pseudo.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

PACKAGE_CONTENT = Path(__file__).resolve().parent.parent / "content"


class StatusFormat(StrEnum):
    text = "text"
    json = "json"


GameArg = Annotated[str, typer.Option("--game", "-g", help="Game id.")]
LocaleOption = Annotated[
    list[str] | None, typer.Option("--locale", "-l", help="Locale (repeatable); default: every translated locale of the game.")
]
ContentOption = Annotated[Path | None, typer.Option("--content", help="Content root; default: ./content.")]


def _fail(message: str, code: int = 2) -> typer.Exit:
    typer.echo(f"pnp: error: {message}", err=True)
    return typer.Exit(code)


def _load(game_id: str, content: Path | None) -> tuple[Ruleset, Database, Path]:
    """The game, its loaded database and the content root; bad usage or broken content exits."""
    root = content if content is not None else (Path("content") if Path("content").is_dir() else PACKAGE_CONTENT)
    try:
        game = find_game(game_id)
    except KeyError as exc:
        raise _fail(str(exc.args[0])) from None
    if not game.content_dir(root).is_dir():
        raise _fail(f"no content for {game.id} under {root}")
    db, findings = game.load(root)
    report = Report(findings)
    if not report.ok:
        typer.echo(report.to_text(f"i18n: content has {report.summary()}; fix it first (pnp validate)"))
        raise typer.Exit(1)
    return game, db, root


def _locales(game: Ruleset, db: Database, chosen: list[str] | None) -> list[str]:
    declared = game.info(db).locales
    if chosen:
        return chosen
    return [locale for locale in declared if not game.localizer(db, locale).is_source]


FormatOption = Annotated[StatusFormat, typer.Option("--format", "-f", help="text or json.")]


def _show(game: str, files: list[tuple[Written, str]], fmt: StatusFormat) -> None:
    """What a command wrote: one line per catalog, or one JSON object."""
    if fmt is StatusFormat.json:
        written = [
            {"path": str(w.path), "locale": code or None, "changed": w.changed, "messages": w.messages} for w, code in files
        ]
        typer.echo(json.dumps({"game": game, "written": written}, indent=2))
        return
    for written_file, code in files:
        state = "wrote" if written_file.changed else "unchanged"
        locale = f", {code}" if code else ""
        typer.echo(f"{state} {written_file.path} ({written_file.messages} messages{locale})")


@i18n_app.command("extract")
def extract_command(game: GameArg, content: ContentOption = None, format: FormatOption = StatusFormat.text) -> None:
    """Write <game>/locales/messages.pot from the content (byte-stable: a re-run changes nothing)."""
    ruleset, db, root = _load(game, content)
    _show(ruleset.id, [(extract(ruleset.strings(db), ruleset.content_dir(root), ruleset.id, root.resolve().parent), "")], format)


@i18n_app.command("update")
def update_command(
    game: GameArg, locale: LocaleOption = None, content: ContentOption = None, format: FormatOption = StatusFormat.text
) -> None:
    """Merge messages.pot into each <locale>.po: changed English turns fuzzy (previous msgid kept)."""
    ruleset, db, root = _load(game, content)
    content_dir = ruleset.content_dir(root)
    try:
        template = read_template(content_dir)
        if template is None:
            raise _fail(f"{template_path(content_dir)} does not exist; run `pnp i18n extract --game {ruleset.id}` first")
        written = [(update(template, content_dir, code, ruleset.id), code) for code in _locales(ruleset, db, locale)]
    except PoFileError as exc:
        raise _fail(f"cannot read a catalog: {exc}", 1) from None
    _show(ruleset.id, written, format)


@i18n_app.command("status")
def status_command(
    game: GameArg,
    locale: LocaleOption = None,
    content: ContentOption = None,
    format: Annotated[StatusFormat, typer.Option("--format", "-f", help="text or json.")] = StatusFormat.text,
) -> None:
    """Per locale: total, translated, fuzzy, missing and obsolete entries against the current content."""
    ruleset, db, root = _load(game, content)
    strings = ruleset.strings(db)
    try:
        statuses = [read_status(strings, ruleset.content_dir(root), code) for code in _locales(ruleset, db, locale)]
    except PoFileError as exc:
        raise _fail(f"cannot read a catalog: {exc}", 1) from None
    if format is StatusFormat.json:
        typer.echo(json.dumps({"game": ruleset.id, "locales": [s.as_dict() for s in statuses]}, indent=2))
        return
    for status in statuses:
        typer.echo(status.as_text())


@i18n_app.command("pseudo")
def pseudo_command(
    game: GameArg,
    locale: Annotated[str, typer.Option("--locale", "-l", help="Pseudo-locale code.")] = PSEUDO_LOCALE,
    content: ContentOption = None,
    format: FormatOption = StatusFormat.text,
) -> None:
    """Write a pseudo-locale catalog (accented, ~40% longer, tokens kept) from messages.pot."""
    ruleset, db, root = _load(game, content)
    content_dir = ruleset.content_dir(root)
    # A pseudo-locale is generated: never write it over a real translation.
    if locale in ruleset.info(db).locales and locale != PSEUDO_LOCALE:
        raise _fail(f"{locale} is a real locale of {ruleset.id}; a pseudo-locale needs its own code (default {PSEUDO_LOCALE})")
    existing = catalog_path(content_dir, locale)
    if existing.exists() and locale != PSEUDO_LOCALE:
        raise _fail(f"{existing} exists and is not a pseudo-locale catalog; choose another code (default {PSEUDO_LOCALE})")
    try:
        template = read_template(content_dir)
    except PoFileError as exc:
        raise _fail(f"cannot read the template: {exc}", 1) from None
    if template is None:
        raise _fail(f"{template_path(content_dir)} does not exist; run `pnp i18n extract --game {ruleset.id}` first")
    _show(ruleset.id, [(pseudo(template, content_dir, ruleset.id, locale), locale)], format)


def i18n_findings(game: Ruleset, db: Database, root: Path, locales: Sequence[str]) -> list[Finding]:
    """The translation findings of one loaded game for the locales asked (what `pnp check` adds)."""
    declared = game.info(db).locales
    asked = [code for code in declared if code in locales] + [code for code in locales if code not in declared]
    strings = game.strings(db)
    if not strings or not asked:
        return []  # a game without translatable content has no catalogs to check
    source = next((code for code in declared if game.localizer(db, code).is_source), "en")
    return locale_findings(strings, game.content_dir(root), asked, source, game.translations_keep_numbers)


