"""The reference guide's text, through the shared guide checks (pipeline/rules/guide_checks.py): rules numbers
only through placeholders, links that resolve, unique entry ids, every table writing its rows (Path of Destiny
generates none), findable index terms."""

from __future__ import annotations

from pipeline.findings import Finding
from pipeline.rules.guide_builder import rule_constants
from pipeline.rules.guide_checks import GuideRules, guide_findings, guide_reference_findings, help_card_sites

from ..content import PathOfDestinyContent


def check(content: PathOfDestinyContent) -> list[Finding]:
    """The guide checks `pnp check` adds to `references` (which `validate` runs)."""
    return guide_findings(content.db, guide_rules(content), help_card_sites(content.db, every_number=True), references=False)


def references(content: PathOfDestinyContent) -> list[Finding]:
    """Every reference, link and related topic of the guide resolves (`pnp validate`)."""
    return guide_reference_findings(content.db, guide_rules(content), help_card_sites(content.db, every_number=True))


def guide_rules(content: PathOfDestinyContent) -> GuideRules:
    manifest = content.manifest
    return GuideRules("POD", rule_constants(manifest.rules) if manifest else None)
