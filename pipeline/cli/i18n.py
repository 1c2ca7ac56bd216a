"""`pnp i18n`: options in, `pipeline.app.i18n` called, what was written (or the status) out."""

from __future__ import annotations

import json
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from pipeline.app.choices import PSEUDO_LOCALE
from pipeline.app.project import the_game
from pipeline.findings import Report

from .options import ContentOption, LocaleOption, TheGame, resolve_content
from .reporter import Format, emit, fail, usage_exits

if TYPE_CHECKING:
    from pipeline.app.i18n import LoadedGame, Written

i18n_app = typer.Typer(
    help="Translation catalogs (gettext, via Babel): extract, update, status, pseudo.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


class ListFormat(StrEnum):
    text = "text"
    json = "json"


FormatOption = Annotated[ListFormat, typer.Option("--format", "-f", help="text or json.")]
ReportOption = Annotated[Format, typer.Option("--format", "-f", help="text, json or github.")]


def _load(game_id: str | None, content: Path | None) -> LoadedGame:
    """The game with its content loaded; content with errors prints them and exits 1."""
    from pipeline.app import i18n  # Babel and the game: loaded when a catalog command runs, not for `--help`

    root = resolve_content(content)
    try:
        return i18n.load_game(the_game(game_id, root)[0], root)
    except i18n.ContentError as exc:
        typer.echo(exc.report.to_text(f"i18n: {exc}"))
        raise typer.Exit(1) from None


def _show(game: str, files: list[tuple[Written, str]], fmt: ListFormat) -> None:
    """What a command wrote: one line per catalog, or one JSON object."""
    if fmt is ListFormat.json:
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
@usage_exits
def extract_command(game: TheGame = None, content: ContentOption = None, format: FormatOption = ListFormat.text) -> None:
    """Write <game>/locales/messages.pot from the content (byte-stable: a re-run changes nothing)."""
    from pipeline.app import i18n

    loaded = _load(game, content)
    _show(loaded.spec.id, [(i18n.extract_template(loaded), "")], format)


@i18n_app.command("update")
@usage_exits
def update_command(
    game: TheGame = None, locale: LocaleOption = None, content: ContentOption = None, format: FormatOption = ListFormat.text
) -> None:
    """Merge messages.pot into each <locale>.po: changed English turns fuzzy (previous msgid kept)."""
    from pipeline.app import i18n

    loaded = _load(game, content)
    try:
        _show(loaded.spec.id, i18n.update_catalogs(loaded, locale), format)
    except i18n.CatalogError as exc:
        raise fail(str(exc), 1) from None


@i18n_app.command("status")
@usage_exits
def status_command(
    game: TheGame = None, locale: LocaleOption = None, content: ContentOption = None, format: ReportOption = Format.text
) -> None:
    """Per locale: total, translated, fuzzy, missing and obsolete counts, then each such entry at its line."""
    from pipeline.app import i18n

    loaded = _load(game, content)
    try:
        statuses = i18n.catalog_statuses(loaded, locale)
    except i18n.CatalogError as exc:
        raise fail(str(exc), 1) from None
    report = Report(i18n.catalog_entries(loaded, locale))
    report.extra.update(game=loaded.spec.id, locales=[s.as_dict() for s in statuses])
    emit(report, format, "\n".join(status.as_text() for status in statuses), "pnp i18n status")


@i18n_app.command("pseudo")
@usage_exits
def pseudo_command(
    game: TheGame = None,
    locale: Annotated[str, typer.Option("--locale", "-l", help="Pseudo-locale code.")] = PSEUDO_LOCALE,
    content: ContentOption = None,
    format: FormatOption = ListFormat.text,
) -> None:
    """Write a pseudo-locale catalog (accented, ~40% longer, tokens kept) from messages.pot."""
    from pipeline.app import i18n

    loaded = _load(game, content)
    try:
        _show(loaded.spec.id, [(i18n.write_pseudo(loaded, locale), locale)], format)
    except i18n.CatalogError as exc:
        raise fail(str(exc), 1) from None
