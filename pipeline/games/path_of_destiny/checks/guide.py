"""The reference guide's tables: Path of Destiny generates none, so every table writes its rows (POD-GUIDE-TABLE).

Only the table rule of the shared guide checks runs here: the others (pipeline/rules/guide_checks.py) find
literal rule numbers, a self-related entry and an entry id used twice in the shipped guide text, which has
to be rewritten (and its German with it) before they can be switched on.
"""

from __future__ import annotations

from pipeline.findings import Finding
from pipeline.rules.guide_checks import GuideRules, guide_entries, source_findings

from ..content import PathOfDestinyContent

RULES = GuideRules("POD", {})


def check(content: PathOfDestinyContent) -> list[Finding]:
    findings: list[Finding] = []
    for entry, rec, path in guide_entries(content.db):
        for field in ("blocks", "summary"):
            findings += source_findings(rec.loaded, (*path, field), getattr(entry, field), RULES)
    return findings
