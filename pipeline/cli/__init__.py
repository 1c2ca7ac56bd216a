"""The `pnp` command: a thin layer that parses options, calls `pipeline.app` and prints its reports.

Exit codes: 0 no errors (warnings allowed), 1 errors found, 2 usage error.
"""

from __future__ import annotations

import atexit
import os
import sys
import threading
from typing import Annotated, NoReturn

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
        code: object = 0
    except KeyboardInterrupt:
        code = 130
    except SystemExit as done:  # typer ends every command so
        code = done.code
    _leave(code)


def _leave(code: object) -> NoReturn:
    """Exit with `code` as `sys.exit` would, but without tearing the interpreter down: the functions registered to
    run at exit run, the output is flushed, and the process ends (`os._exit`).

    Why: tearing down frees every object of the command's heap one by one (a game's content, its layouts, the kept
    drawings). After a one-card rebuild of every game, the process took about 0.2 s to end once its report was
    written (`os._exit` instead: 0.01 s; 4 runs each, in-process marks). A thread that still runs, or output that
    cannot be flushed, takes the ordinary exit, which waits for the thread and reports the flush; so does a process
    being profiled or traced (`python -m cProfile`), whose results are written after `main` returns.
    """
    if code is None:
        status = 0
    elif isinstance(code, int):
        status = code
    else:  # sys.exit("message"): the message goes to stderr, the status is 1
        print(code, file=sys.stderr)
        status = 1
    if threading.active_count() > 1 or sys.getprofile() is not None or sys.gettrace() is not None:
        sys.exit(status)  # a profiler or a tracer (coverage, a debugger) writes its results after `main` returns
    atexit._run_exitfuncs()
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):
        sys.exit(status)
    os._exit(status)
