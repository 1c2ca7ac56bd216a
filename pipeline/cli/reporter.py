"""How every command prints: one reporter per format, and bad usage as exit 2 (never a traceback)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from enum import StrEnum
from typing import Any, TypeVar

import typer

from pipeline.app.project import UsageError
from pipeline.findings import Report

F = TypeVar("F", bound=Callable[..., Any])


class Format(StrEnum):
    text = "text"
    json = "json"
    github = "github"


def emit(report: Report, fmt: Format, summary: str = "") -> None:
    """The report in a format: findings one per line then the summary (text, github annotations), or one
    JSON object with the findings and the report's figures."""
    typer.echo(report.render(fmt.value, summary))


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
