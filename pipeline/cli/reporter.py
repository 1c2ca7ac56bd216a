"""How every command prints: one reporter per format, and bad usage as exit 2 (never a traceback)."""

from __future__ import annotations

import functools
import json
import os
import sys
from collections.abc import Callable
from dataclasses import replace
from enum import StrEnum
from pathlib import Path
from typing import Any, TypeVar

import typer

from pipeline.app.project import UsageError
from pipeline.atomic import WriteError
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


def emit(report: Report, fmt: Format | GateFormat, summary: str = "", title: str = "pnp", fold_drafts: bool = False) -> None:
    """The report in a format: findings one per line then the summary (text, github annotations), or one
    JSON object with the findings and the report's figures, or a SARIF log. Text on a terminal is coloured
    by severity. In GitHub Actions, `github` also appends a job summary titled `title` to $GITHUB_STEP_SUMMARY.
    With `fold_drafts`, the lines (text, github) show a draft locale's missing strings as one line per catalog
    (`fold_draft_missing`); JSON and SARIF hold each of them, and the summary counts each."""
    summary_file = os.environ.get("GITHUB_STEP_SUMMARY")
    if fmt.value == "github" and summary_file:
        last_line = summary.splitlines()[-1] if summary else ""  # a build's summary starts with one line per target
        write_job_summary(Path(summary_file), report.to_markdown(title, last_line))
    summary = summary or report.summary()
    if fold_drafts and fmt.value in ("text", "github"):
        from pipeline.app.i18n import fold_draft_missing  # Babel: the commands that fold have loaded it

        report = replace(report, findings=fold_draft_missing(report.sorted()))
    if fmt.value == "text" and use_colour():
        lines = [typer.style(f.as_text(), fg=COLOURS.get(f.severity)) for f in report.sorted()]
        lines.append(typer.style(summary, bold=True))
        typer.echo("\n".join(lines))
        return
    if fmt.value == "sarif":
        from pipeline.sarif import sarif_log  # SARIF renders a Report, so the reporter (not the Report) chooses it

        typer.echo(json.dumps(sarif_log(report), indent=2, ensure_ascii=False))
        return
    typer.echo(report.render(fmt.value, summary))


def write_job_summary(path: Path, markdown: str) -> None:
    """Append to the job summary file (each step of a job adds its own); a file that cannot be written
    is said on stderr and does not change the exit code: the findings are printed all the same."""
    try:
        with path.open("a", encoding="utf-8") as summary:
            summary.write(markdown)
    except OSError as exc:
        typer.echo(f"pnp: warning: cannot write the job summary {path}: {exc.strerror or exc}", err=True)


COLOURS = {Severity.ERROR: "red", Severity.WARNING: "yellow"}


def use_colour() -> bool:
    """Colour only for a person at a terminal: never in a pipe or a file, in CI, or with NO_COLOR set."""
    if os.environ.get("NO_COLOR") or os.environ.get("CI") or os.environ.get("TERM") == "dumb":
        return False
    return sys.stdout.isatty()


def draws_progress(fmt: Format | GateFormat) -> bool:
    """A progress bar only for a person at a terminal reading text: stdout and stderr both a terminal, not in CI."""
    if fmt.value != "text" or os.environ.get("CI") or os.environ.get("TERM") == "dumb":
        return False
    return sys.stdout.isatty() and sys.stderr.isatty()


def fail(message: str, code: int = 2) -> typer.Exit:
    """A one-line error on stderr and the exit code to raise (2: bad usage)."""
    typer.echo(f"pnp: error: {message}", err=True)
    return typer.Exit(code)


def usage_exits(command: F) -> F:
    """A command whose UsageError prints one line and exits 2; so does an operating-system error on a path that no
    finding reported (a cache folder that is a file, read-only or full): the command's one error boundary."""

    @functools.wraps(command)
    def run(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except UsageError as exc:
            raise fail(str(exc)) from None
        except WriteError as exc:
            raise fail(f"{exc}; fix what the reason says (permissions, free space, something in the way)") from None
        except OSError as exc:
            where = f"{exc.filename}: " if exc.filename else ""
            raise fail(f"{where}{exc.strerror or exc}") from None

    return run  # type: ignore[return-value]
