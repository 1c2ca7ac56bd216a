"""How every command prints: one reporter per format, and bad usage as exit 2 (never a traceback)."""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable
from enum import StrEnum
from typing import Any, TypeVar

import typer

from pipeline.app.project import UsageError
from pipeline.findings import Report, Severity

F = TypeVar("F", bound=Callable[..., Any])


class Format(StrEnum):
    text = "text"
    json = "json"
    github = "github"


class GateFormat(StrEnum):
    """The formats of the commands CI gates on (validate, check, build): also SARIF for code scanning."""

    text = "text"
    json = "json"
    github = "github"
    sarif = "sarif"


def emit(report: Report, fmt: Format | GateFormat, summary: str = "") -> None:
    """The report in a format: findings one per line then the summary (text, github annotations), or one
    JSON object with the findings and the report's figures. Text on a terminal is coloured by severity."""
    if fmt.value == "text" and use_colour():
        lines = [typer.style(f.as_text(), fg=COLOURS.get(f.severity)) for f in report.sorted()]
        lines.append(typer.style(summary or report.summary(), bold=True))
        typer.echo("\n".join(lines))
        return
    typer.echo(report.render(fmt.value, summary))


COLOURS = {Severity.ERROR: "red", Severity.WARNING: "yellow"}


def use_colour() -> bool:
    """Colour only for a person at a terminal: never in a pipe or a file, in CI, or with NO_COLOR set."""
    if os.environ.get("NO_COLOR") or os.environ.get("CI") or os.environ.get("TERM") == "dumb":
        return False
    return sys.stdout.isatty()


def fail(message: str, code: int = 2) -> typer.Exit:
    """A one-line error on stderr and the exit code to raise (2: bad usage)."""
    typer.echo(f"pnp: error: {message}", err=True)
    return typer.Exit(code)


def usage_exits(command: F) -> F:
    """A command whose UsageError prints one line and exits 2."""

    @functools.wraps(command)
    def run(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except UsageError as exc:
            raise fail(str(exc)) from None

    return run  # type: ignore[return-value]
