"""The reference guide's text, through the shared guide checks (pipeline/rules/guide_checks.py): rules numbers
only through placeholders, links that resolve, unique entry ids, tables Old World generates, findable index terms."""

from __future__ import annotations

from pipeline.findings import Finding
from pipeline.rules.guide_checks import GuideRules, guide_findings

from ..content import OldWorldContent
from ..guide import TABLE_HEADERS, rule_constants


def check(content: OldWorldContent) -> list[Finding]:
    return guide_findings(content.db, GuideRules("OW", rule_constants(content.manifest), tables=tuple(TABLE_HEADERS)))
