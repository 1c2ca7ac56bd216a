"""The `pnp` command: a thin layer that parses options, calls `pipeline.app` and prints its reports.

Exit codes: 0 no errors (warnings allowed), 1 errors found, 2 usage error.
"""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from .build import build, preflight, watch
from .commands import balance, check, games, import_sheet, new, replay, schema, simulate, validate
from .diff import diff
from .i18n import i18n_app

app = typer.Typer(
    name="pnp",
    help="Print-and-play pipeline: check game content against its rules engine and render print-ready PDF.",
    no_args_is_help=True,
    add_completion=True,  # --install-completion / --show-completion for bash, zsh, fish and PowerShell
    pretty_exceptions_enable=False,
    rich_markup_mode=None,  # plain click help: rendering it with rich costs more than the rest of start-up
)


def _version(shown: bool) -> None:
    if shown:
        # Here, not at the top: importlib.metadata is a third of `pnp --help`'s imports (issue 19).
        from importlib.metadata import PackageNotFoundError, version

        try:
            typer.echo(f"pnp-pipeline {version('pnp-pipeline')}")
        except PackageNotFoundError:  # run from a checkout that was never installed
            typer.echo("pnp-pipeline (not installed)")
        raise typer.Exit()


@app.callback()
def _root(
    show_version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version and exit.")
    ] = False,
) -> None:
    """Print-and-play pipeline: check game content against its rules engine and render print-ready PDF."""

for command in (games, new, validate, check, simulate, balance, replay, build, watch, preflight, diff, schema):
    app.command()(command)
app.command(name="import")(import_sheet)
app.add_typer(i18n_app, name="i18n")


def main() -> None:
    """Console entry point; bad usage exits 2, never with a traceback for content."""
    try:
        app()
    except KeyboardInterrupt:
        sys.exit(130)
