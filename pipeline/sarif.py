"""A report as a SARIF 2.1.0 log, the format code-scanning services (GitHub, Azure DevOps, IDEs) read.

One run of the tool `pnp`: one rule per finding code, one result per finding with its 1-based line and
column, and each suppressed warning as a result carrying its suppression and reason.
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version
from pathlib import PurePosixPath
from typing import Any
from urllib.parse import quote

from pipeline.findings import Finding, Report, Severity

SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
LEVELS = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}


def sarif_log(report: Report) -> dict[str, Any]:
    findings = report.sorted()
    suppressed = sorted(report.suppressed.items())
    codes = sorted({f.code for f in findings} | {f.code for f, _ in suppressed})
    index = {code: i for i, code in enumerate(codes)}
    results = [_result(f, index) for f in findings]
    results += [{**_result(f, index), "suppressions": [{"kind": "external", "justification": reason}]}
                for f, reason in suppressed]
    driver: dict[str, Any] = {"name": "pnp", "rules": [{"id": code, "name": code} for code in codes]}
    try:
        driver["version"] = version("pnp-pipeline")
    except PackageNotFoundError:  # run from a checkout that was never installed
        pass
    run = {"tool": {"driver": driver}, "results": results}
    return {"$schema": SCHEMA, "version": "2.1.0", "runs": [run]}


def _result(finding: Finding, index: dict[str, int]) -> dict[str, Any]:
    text = f"{finding.message} (hint: {finding.hint})" if finding.hint else finding.message
    region = {"startLine": max(finding.line, 1), "startColumn": max(finding.column, 1)}
    location = {"physicalLocation": {"artifactLocation": {"uri": _uri(finding.file)}, "region": region}}
    return {"ruleId": finding.code, "ruleIndex": index[finding.code], "level": LEVELS[finding.severity],
            "message": {"text": text}, "locations": [location]}


def _uri(file: str) -> str:
    """A relative path stays relative (code scanning resolves it against the repository); an absolute one is a file URI."""
    path = PurePosixPath(file.replace("\\", "/"))
    return path.as_uri() if path.is_absolute() else quote(path.as_posix())
