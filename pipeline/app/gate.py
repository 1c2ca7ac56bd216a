"""The CI gate: the suppressions a project declares in its pyproject.toml, and strict mode.

A suppression accepts one known warning, with a reason:

    [[tool.pnp.suppress]]
    code = "SIM-UNUSED"
    id = "igni-inferno"                      # a content id the finding's message names, and/or
    file = "old-world/cards/market.yaml:420" # a path pattern (glob, matched from the right), :line optional
    reason = "reached only by the third school's combo; the bots do not play it"

Errors cannot be suppressed: if `pnp check` passes, the print must be right.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from pipeline.finding_codes import registry
from pipeline.findings import Finding, Report, Severity, warning
from pipeline.reading import YAML_LIMIT, UnreadableFile, read_input

from .project import UsageError

CONFIG = "pyproject.toml"
_KEYS = {"code", "id", "file", "reason"}
# An entry's header: it gives the line a SUPPRESSION-UNUSED finding points at (tomllib keeps no positions).
_HEADER = re.compile(r"^[ \t]*\[\[\s*tool\s*\.\s*pnp\s*\.\s*suppress\s*\]\]", re.MULTILINE)
_LINE_SUFFIX = re.compile(r"^(?P<path>.+):(?P<line>[1-9][0-9]*)$")


@dataclass(frozen=True)
class Suppression:
    """One accepted warning: its code, the id or file (and line) it concerns, why, and where it is declared."""

    code: str
    reason: str
    id: str | None
    file: str | None
    line: int | None
    declared_in: str
    declared_at: int

    def matches(self, finding: Finding) -> bool:
        if finding.code != self.code or finding.severity is Severity.ERROR:
            return False
        if self.id is not None and not re.search(rf"(?<![\w-]){re.escape(self.id)}(?![\w-])", finding.message):
            return False
        if self.file is not None and not PurePosixPath(Path(finding.file).as_posix()).match(self.file):
            return False
        return self.line is None or finding.line == self.line

    def describe(self) -> str:
        target = " ".join(filter(None, [self.id, f"{self.file}:{self.line}" if self.line else self.file]))
        return f"{self.code} {target}"


@dataclass(frozen=True)
class Gate:
    """What decides a run's exit code besides its errors: the project's suppressions and strict mode."""

    suppressions: tuple[Suppression, ...] = ()

    def apply(self, report: Report, strict: bool, judge_unused: bool) -> None:
        """Move every suppressed warning out of the report's findings (kept, with its reason, in
        `report.suppressed`), set strict mode, and, when judge_unused (a run of every check over every game
        and locale), add a SUPPRESSION-UNUSED warning for each suppression that matched nothing."""
        used: set[Suppression] = set()
        kept = []
        for finding in report.findings:
            matching = [s for s in self.suppressions if s.matches(finding)]
            if matching:
                used.update(matching)
                report.suppressed[finding] = matching[0].reason
            else:
                kept.append(finding)
        report.findings = kept
        report.strict = strict
        unknown = [s for s in self.suppressions if not registry().is_registered(s.code)]
        report.extend(_unknown_code(s) for s in unknown)
        if judge_unused:
            report.extend(
                warning("SUPPRESSION-UNUSED", f"suppression {s.describe()} matches no warning", s.declared_in, s.declared_at,
                        hint="the warning is gone: remove the suppression")
                for s in self.suppressions if s not in used and s not in unknown
            )


def _unknown_code(suppression: Suppression) -> Finding:
    """A suppression whose code no finding can carry: a typo, or a code since renamed; it would never match."""
    close = registry().closest(suppression.code, n=3)
    return warning("SUPPRESSION-UNKNOWN-CODE", f"suppression {suppression.describe()} names no finding code",
                   suppression.declared_in, suppression.declared_at,
                   hint=f"did you mean {', '.join(close)}?" if close else "`pnp explain` lists every code")


def load_gate(content_root: Path) -> Gate:
    """The suppressions of the first pyproject.toml found from the content root upwards (none: an empty gate).

    A file that cannot be read or parsed, or an entry without a code, a reason, or an id or file to
    match, is a UsageError: a gate that misreads its own configuration would pass what it should not."""
    config = next((folder / CONFIG for folder in (content_root.resolve(), *content_root.resolve().parents)
                   if (folder / CONFIG).is_file()), None)
    if config is None:
        return Gate()
    try:
        text = read_input(config, YAML_LIMIT).decode("utf-8")
        data = tomllib.loads(text)
    except (UnreadableFile, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise UsageError(f"{config}: {exc}") from None
    entries = data.get("tool", {}).get("pnp", {}).get("suppress", [])
    if not isinstance(entries, list):
        raise UsageError(f"{config}: [tool.pnp] suppress must be a list of tables ([[tool.pnp.suppress]])")
    headers = [text.count("\n", 0, m.start()) + 1 for m in _HEADER.finditer(text)]
    shown = _shown_path(config)
    return Gate(tuple(_suppression(entry, n, shown, headers[n - 1] if len(headers) == len(entries) else 1)
                      for n, entry in enumerate(entries, 1)))


def _suppression(entry: Any, n: int, config: str, line: int) -> Suppression:
    where = f"{config}:{line}: suppression #{n}"
    if not isinstance(entry, dict):
        raise UsageError(f"{where} must be a table with code, id or file, and reason")
    unknown = set(entry) - _KEYS
    if unknown:
        raise UsageError(f"{where} has unknown key(s) {', '.join(sorted(unknown))}; known: {', '.join(sorted(_KEYS))}")
    for key in _KEYS & set(entry):
        if not isinstance(entry[key], str) or not entry[key].strip():
            raise UsageError(f"{where}: {key} must be a non-empty string")
    if "code" not in entry:
        raise UsageError(f"{where} has no code (the finding code it accepts, e.g. SIM-UNUSED)")
    if "reason" not in entry:
        raise UsageError(f"{where} ({entry['code']}) has no reason: say why this warning is accepted")
    if "id" not in entry and "file" not in entry:
        raise UsageError(f"{where} ({entry['code']}) names neither an id nor a file: it would hide every future "
                         f"{entry['code']} warning")
    file, file_line = entry.get("file"), None
    if file is not None and (parts := _LINE_SUFFIX.match(file)):
        file, file_line = parts["path"], int(parts["line"])
    return Suppression(entry["code"], entry["reason"], entry.get("id"), file, file_line, config, line)


def _shown_path(path: Path) -> str:
    """The config's path as findings show it: relative to the working directory when inside it."""
    try:
        return path.relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return path.as_posix()
