"""The guide's text and the rule data's, through the shared guide checks (pipeline/rules/guide_checks.py):
every `{rule_key}` and `{kind:id}` names something, links resolve, and no rules number is written out
(this game takes every number from its data; only examples write numbers)."""

from __future__ import annotations

from pipeline.findings import Finding
from pipeline.rules.guide_checks import GuideRules, guide_findings

from ..models import AdventureContent


def check(content: AdventureContent) -> list[Finding]:
    return guide_findings(content.db, GuideRules("AG", content.rule_values, every_number=True))
