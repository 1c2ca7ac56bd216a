"""Every id the content names resolves: related topics, rule data, rule numbers, entries and terms."""

from __future__ import annotations

from pipeline.content.database import Record, finding_at
from pipeline.findings import Finding

from .. import markup
from ..content import AdventureContent
from ..models import REF_KINDS
from ..strings import text_units


def _known(names: object) -> str:
    shown = sorted(str(n) for n in names)  # type: ignore[attr-defined]
    return f"known: {', '.join(shown[:12])}{' …' if len(shown) > 12 else ''}" if shown else ""


def check(content: AdventureContent) -> list[Finding]:
    return related(content) + text_references(content) + data_references(content) + duplicates(content)


def related(content: AdventureContent) -> list[Finding]:
    """Related topics name other glossary entries, each once."""
    findings = []
    for record in content.db.records("glossary"):
        entry = record.entity
        seen: set[str] = set()
        for i, other in enumerate(entry.related):
            where = record.where("related", i)
            if other == entry.id:
                findings.append(finding_at(where, "AG-RELATED", f"entry {entry.id!r} lists itself as a related topic"))
            elif not content.db.has("glossary", other):
                message = f"related topic {other!r} of entry {entry.id!r} is not a glossary entry"
                findings.append(finding_at(where, "AG-RELATED", message, _known(content.entry_by_id)))
            elif other in seen:
                findings.append(finding_at(where, "AG-DUPLICATE-ID", f"related topic {other!r} is listed twice"))
            seen.add(other)
    return findings


def text_references(content: AdventureContent) -> list[Finding]:
    """Every token and link in the English text resolves (translations are held to the same by drift)."""
    findings = []
    for unit in text_units(content):
        own = markup.TEMPLATE_PLACEHOLDERS.get(unit.context, frozenset())
        for token in markup.tokens(unit.text):
            if token.is_rule and token.name in own:
                continue
            problem = token_problem(content, token, variant_values(content, unit.context))
            if problem:
                findings.append(finding_at(unit.where, problem[0], f"{unit.context}: {problem[1]}", problem[2]))
        for link in markup.links(unit.text):
            if link.id not in content.entry_by_id and link.id not in content.term_by_id:
                message = f"{unit.context}: [[{link.id}]] is neither a glossary entry nor a term"
                hint = "add the term to terms.yaml, or link an existing entry"
                findings.append(finding_at(unit.where, "AG-UNDEFINED-TERM", message, hint))
    return findings


def variant_values(content: AdventureContent, context: str) -> dict[str, int]:
    """The rule numbers a text can print: a section played under a variant sees its replacements."""
    if context.startswith("section:"):
        section_id = context.split(":")[1]
        for section in content.sections:
            if section.id == section_id:
                return content.rule_values(section.variant)
    return content.rule_values()


def token_problem(content: AdventureContent, token: markup.Token, values: dict[str, int]) -> tuple[str, str, str] | None:
    """(code, message, hint) when a `{...}` token names nothing, else None."""
    if token.is_icon:
        return None
    if token.is_rule:
        if token.name in values:
            return None
        return "AG-RULE-REF", f"{token.raw} is not a rule number of the manifest", _known(values)
    if token.kind not in REF_KINDS:
        return "AG-REF", f"{token.raw}: unknown kind {token.kind!r}", _known(REF_KINDS)
    found = content.lookup(token.kind, token.id or "")
    if found is None:
        if content.db.has(REF_KINDS[token.kind], token.id):
            return None  # written but rejected by the schema: already reported
        known = _known(e.id for e in content.data(token.kind))
        return "AG-REF", f"{token.raw}: no {token.kind} {token.id!r} in the rule data", known
    if token.field is not None:
        value = getattr(found, token.field, None)
        if not isinstance(value, int) or isinstance(value, bool):
            fields = [n for n, v in found if isinstance(v, int) and not isinstance(v, bool)]
            return "AG-REF", f"{token.raw}: {token.kind} has no number field {token.field!r}", _known(fields)
    return None


def data_references(content: AdventureContent) -> list[Finding]:
    """Ids inside the rule data and the guide sections resolve."""
    db = content.db
    findings: list[Finding] = []

    def ref(collection: str, key: str | None, what: str, record: Record, *path: str | int) -> None:
        if key is not None and not db.has(collection, key):
            keys = db.collections.get(collection, {})
            findings.append(finding_at(record.where(*path), "AG-REF", f"{what} {key!r} does not exist", _known(keys)))

    for record in db.records("heroes"):
        ref("actions", record.entity.action, "hero action", record, "action")
    for collection in ("actions", "operations", "dice"):
        for record in db.records(collection):
            ref("heroes", record.entity.hero, "hero", record, "hero")
    for record in db.records("regions"):
        for i, other in enumerate(record.entity.adjacent):
            ref("regions", other, "adjacent region", record, "adjacent", i)
    for record in db.records("locations"):
        ref("regions", record.entity.region, "region", record, "region")
    for record in db.records("routes"):
        for i, end in enumerate(record.entity.between):
            ref("locations", end, "route end", record, "between", i)
    for record in db.records("guide-sections"):
        section = record.entity
        for i, token_id in enumerate(section.quick_reference):
            ref("tokens", token_id, "quick-reference token", record, "quick_reference", i)
        if section.variant is not None and content.manifest is not None:
            if section.variant not in {v.id for v in content.manifest.variants}:
                findings.append(finding_at(record.where("variant"), "AG-REF", f"variant {section.variant!r} does not exist"))
        for b, block in enumerate(section.blocks):
            ref("procedures", block.procedure, "procedure", record, "blocks", b, "procedure")
    for record in db.records("glossary"):
        for b, block in enumerate(record.entity.blocks):
            ref("procedures", block.procedure, "procedure", record, "blocks", b, "procedure")
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
    """`[[id]]` names an entry or a term: one id must not be both; a rule key is a fact or a rule, not both."""
    findings = []
    for record in content.db.records("terms"):
        term = record.entity
        if term.id in content.entry_by_id:
            entry_at = content.db.where("glossary", term.id, "id")
            at = f"{entry_at.file}:{entry_at.line}"
            message = f"term id {term.id!r} is also a glossary entry id ({at}); [[{term.id}]] is ambiguous"
            findings.append(finding_at(record.where("id"), "AG-DUPLICATE-ID", message))
    for record in content.db.records("game"):
        manifest = record.entity
        for key in sorted(set(manifest.components) & set(manifest.rules)):
            message = f"{key!r} is both a component fact and a rule; {{{key}}} would be ambiguous"
            findings.append(finding_at(record.where("rules", key), "AG-DUPLICATE-ID", message))
    return findings
