"""The manifest's rule keys: variants name rule numbers, no key is both a fact and a rule (ids of the rule
data resolve through their `Ref` fields; the guide's text: checks/guide.py)."""

from __future__ import annotations

from pipeline.content.database import finding_at
from pipeline.findings import Finding

from ..models import AdventureContent


def _known(names: object) -> str:
    shown = sorted(str(n) for n in names)  # type: ignore[attr-defined]
    return f"known: {', '.join(shown[:12])}{' …' if len(shown) > 12 else ''}" if shown else ""


def check(content: AdventureContent) -> list[Finding]:
    return data_references(content) + duplicates(content)


def data_references(content: AdventureContent) -> list[Finding]:
    """The rule numbers a variant names exist (ids inside the rule data are `Ref` fields: REF-UNKNOWN)."""
    return _variant_keys(content)


def _variant_keys(content: AdventureContent) -> list[Finding]:
    findings: list[Finding] = []
    if (record := content.manifest_record) is not None:
        values = content.rule_values
        for v, variant in enumerate(record.entity.variants):
            for key, other in variant.replaces.items():
                for name in (key, other):
                    if name not in values:
                        where = record.where("variants", v, "replaces", key)
                        message = f"variant {variant.id!r} names {name!r}, which is not a rule number"
                        findings.append(finding_at(where, "AG-RULE-REF", message, _known(values)))
    return findings


def duplicates(content: AdventureContent) -> list[Finding]:
    """A rule key is a component fact or a rule, not both."""
    findings: list[Finding] = []
    if (record := content.manifest_record) is not None:
        manifest = record.entity
        for key in sorted(set(manifest.components) & set(manifest.rules)):
            message = f"{key!r} is both a component fact and a rule; {{{key}}} would be ambiguous"
            findings.append(finding_at(record.where("rules", key), "AG-DUPLICATE-ID", message))
    return findings
