"""Findings: what a check says about content, and how it is printed.

A content problem is a Finding, never an exception. Checks collect findings into a Report; the
command's exit code comes from the report (0 no errors, 1 errors; 2 is the CLI's usage error).
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any


def display_path(path: Path) -> str:
    """The path as printed in findings: relative to the working directory when below it."""
    try:
        rel = os.path.relpath(path)
    except ValueError:
        return str(path)
    return str(path) if rel.startswith("..") else rel


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


@dataclass(frozen=True, order=True)
class Finding:
    """One problem in content: where it is, what it is, and how to fix it."""

    file: str
    line: int
    column: int
    severity: Severity
    code: str
    message: str
    hint: str = ""

    def as_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["severity"] = self.severity.value
        return {k: data[k] for k in ("severity", "code", "message", "file", "line", "column", "hint")}

    def as_text(self) -> str:
        text = f"{self.file}:{self.line}:{self.column}: {self.severity.value} {self.code}: {self.message}"
        return f"{text} (hint: {self.hint})" if self.hint else text

    def as_github(self) -> str:
        level = {"error": "error", "warning": "warning", "info": "notice"}[self.severity.value]
        message = _github_escape(f"{self.code}: {self.message}" + (f" (hint: {self.hint})" if self.hint else ""))
        title = _github_property(self.code)
        return f"::{level} file={_github_property(self.file)},line={self.line},col={self.column},title={title}::{message}"


def finding(severity: Severity, code: str, message: str, file: str, line: int = 1, column: int = 1,
            hint: str = "") -> Finding:
    """A new finding; every finding the pipeline makes is made here, so its code can be held to the registry."""
    if os.environ.get(GUARD_ENV):
        _require_registered(code)
    return Finding(file, line, column, severity, code, message, hint)


def error(code: str, message: str, file: str, line: int = 1, column: int = 1, hint: str = "") -> Finding:
    return finding(Severity.ERROR, code, message, file, line, column, hint)


def warning(code: str, message: str, file: str, line: int = 1, column: int = 1, hint: str = "") -> Finding:
    return finding(Severity.WARNING, code, message, file, line, column, hint)


# Set (the test suite sets it): a finding whose code is not in the registry (finding_codes.yaml) raises.
GUARD_ENV = "PNP_REQUIRE_REGISTERED_CODES"


class UnregisteredCode(AssertionError):
    """A finding made with a code the registry does not hold: a bug in the pipeline, not in content."""


def _require_registered(code: str) -> None:
    """Raise for an unregistered code the pipeline makes; a rules plug-in's own codes are its game's to document."""
    from pipeline.finding_codes import registry

    frame = sys._getframe(1)
    while frame.f_globals.get("__name__") == __name__:  # up to the code that asked for the finding
        frame = frame.f_back  # type: ignore[assignment]
    maker = str(frame.f_globals.get("__name__", ""))
    if maker.startswith("pipeline.") and not registry().is_registered(code):
        raise UnregisteredCode(f"finding code {code!r} is not registered in pipeline/finding_codes.yaml")


def _github_escape(text: str) -> str:
    """A workflow command's message: %, CR and LF escaped (GitHub's toolkit escapeData)."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _github_property(text: str) -> str:
    """A workflow command's property value: also `:` and `,`, which would end it (escapeProperty)."""
    return _github_escape(text).replace(":", "%3A").replace(",", "%2C")


def _markdown_cell(text: str) -> str:
    """Text inside a Markdown table cell: a `|` would end the cell and a line break the row."""
    return text.replace("|", "\\|").replace("\r\n", "<br>").replace("\n", "<br>")


# Findings about the run rather than the content (a check group skipped because of the errors above).
RUN_NOTES = frozenset({"CHECK-SKIPPED"})


@dataclass
class Report:
    """All findings of one run, plus command-specific figures (stats, coverage, outputs...)."""

    findings: list[Finding] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)
    # Strict (`--strict`): a warning fails the run too; each finding keeps its own severity.
    strict: bool = False
    # Warnings a project accepted (pyproject.toml's suppressions), each with its reason: not reported.
    suppressed: dict[Finding, str] = field(default_factory=dict)

    def add(self, finding: Finding) -> None:
        self.findings.append(finding)

    def extend(self, findings: Iterable[Finding]) -> None:
        self.findings.extend(findings)

    def __iter__(self) -> Iterator[Finding]:
        return iter(self.findings)

    @property
    def errors(self) -> list[Finding]:
        """Each distinct error once, as printed (two locales or targets may find the same layout line)."""
        return [f for f in self.sorted() if f.severity is Severity.ERROR]

    @property
    def warnings(self) -> list[Finding]:
        return [f for f in self.sorted() if f.severity is Severity.WARNING]

    @property
    def ok(self) -> bool:
        return not self.errors and not (self.strict and self.warnings)

    @property
    def exit_code(self) -> int:
        return 0 if self.ok else 1

    def sorted(self) -> list[Finding]:
        """Each distinct finding once, by place; the notes about the run itself (`RUN_NOTES`) after the findings
        they refer to, wherever those are."""
        return sorted(set(self.findings), key=lambda f: (f.code in RUN_NOTES, f))

    def summary(self) -> str:
        counts = f"{len(self.errors)} error(s), {len(self.warnings)} warning(s)"
        if self.suppressed:
            counts += f", {len(self.suppressed)} suppressed"
        return f"{counts} [strict: warnings fail]" if self.strict else counts

    def to_json(self) -> str:
        payload: dict[str, Any] = {"ok": self.ok, "findings": [f.as_dict() for f in self.sorted()]}
        if self.suppressed:
            payload["suppressed"] = [{**f.as_dict(), "reason": reason} for f, reason in sorted(self.suppressed.items())]
        payload.update(self.extra)
        return json.dumps(payload, indent=2, ensure_ascii=False, sort_keys=False)

    def to_text(self, summary_line: str = "") -> str:
        lines = [f.as_text() for f in self.sorted()]
        lines.append(summary_line or self.summary())
        return "\n".join(lines)

    def to_github(self, summary_line: str = "") -> str:
        lines = [f.as_github() for f in self.sorted()]
        lines.append(summary_line or self.summary())
        return "\n".join(lines)

    def to_markdown(self, title: str, summary_line: str = "") -> str:
        """A GitHub job summary: the summary, a count per severity, and a table of the findings."""
        counts = {severity.value: sum(1 for f in self.sorted() if f.severity is severity) for severity in Severity}
        if self.suppressed:
            counts["suppressed"] = len(self.suppressed)
        lines = [f"### {title}", "", _markdown_cell(summary_line or self.summary()), "",
                 "| severity | count |", "|---|---:|", *(f"| {name} | {n} |" for name, n in counts.items())]
        if self.findings:
            lines += ["", "| severity | code | where | message |", "|---|---|---|---|"]
            for f in self.sorted():
                text = f"{f.message}<br>hint: {f.hint}" if f.hint else f.message
                cells = [f.severity.value, f"`{f.code}`", f"`{f.file}:{f.line}:{f.column}`", text]
                lines.append("| " + " | ".join(_markdown_cell(c) for c in cells) + " |")
        return "\n".join(lines) + "\n"

    def render(self, fmt: str, summary_line: str = "") -> str:
        if fmt == "json":
            return self.to_json()
        if fmt == "github":
            return self.to_github(summary_line)
        return self.to_text(summary_line)
