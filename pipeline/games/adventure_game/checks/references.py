"""Every id the rule data and the manifest name resolves (the guide's text: checks/guide.py)."""

from __future__ import annotations

from pipeline.content.database import Record, finding_at
from pipeline.findings import Finding

from ..content import AdventureContent


def _known(names: object) -> str:
    shown = sorted(str(n) for n in names)  # type: ignore[attr-defined]
    return f"known: {', '.join(shown[:12])}{' …' if len(shown) > 12 else ''}" if shown else ""


def check(content: AdventureContent) -> list[Finding]:
    return data_references(content) + duplicates(content)


def data_references(content: AdventureContent) -> list[Finding]:
    """Ids inside the rule data resolve."""
    db = content.db
    findings: list[Finding] = []

    def ref(collection: str, key: str | None, record: Record, what: str, *path: str | int) -> None:
        # Only a written id is asked for its position (an optional field left out has none).
        if key is not None and not db.has(collection, key):
            keys = db.collections.get(collection, {})
            findings.append(finding_at(record.where(*path), "AG-REF", f"{what} {key!r} does not exist", _known(keys)))

    for record in db.records("heroes"):
        ref("actions", record.entity.action, record, "hero action", "action")
    for collection in ("actions", "operations", "dice"):
        for record in db.records(collection):
            ref("heroes", record.entity.hero, record, "hero", "hero")
    for record in db.records("regions"):
        for i, other in enumerate(record.entity.adjacent):
            ref("regions", other, record, "adjacent region", "adjacent", i)
    for record in db.records("locations"):
        ref("regions", record.entity.region, record, "region", "region")
    for record in db.records("routes"):
        for i, end in enumerate(record.entity.between):
            ref("locations", end, record, "route end", "between", i)
    findings.extend(_variant_keys(content))
    return findings


def _variant_keys(content: AdventureContent) -> list[Finding]:
    findings = []
    for record in content.db.records("game"):
        values = content.rule_values()
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
    findings = []
    for record in content.db.records("game"):
        manifest = record.entity
        for key in sorted(set(manifest.components) & set(manifest.rules)):
            message = f"{key!r} is both a component fact and a rule; {{{key}}} would be ambiguous"
            findings.append(finding_at(record.where("rules", key), "AG-DUPLICATE-ID", message))
    return findings
