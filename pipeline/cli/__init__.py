"""The `pnp` command: a thin layer that parses options, calls `pipeline.app` and prints its reports.

Exit codes: 0 no errors (warnings allowed), 1 errors found, 2 usage error.
"""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from .lazy import LazyGroup

app = typer.Typer(
    name="pnp",
    cls=LazyGroup,  # each command is built when it runs (lazy.py: COMMANDS), not for `pnp --help`
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


def main() -> None:
    """Console entry point; bad usage exits 2, never with a traceback for content."""
    try:
        app()
    except KeyboardInterrupt:
        sys.exit(130)
