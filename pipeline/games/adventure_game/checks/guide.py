"""The guide's text and the rule data's, through the shared guide checks (pipeline/rules/guide_checks.py):
every `{rule_key}` and `{kind:id}` names something, links resolve, and no rules number is written out
(this game takes every number from its data; only examples write numbers)."""

from __future__ import annotations

from collections.abc import Iterator

from pipeline.findings import Finding
from pipeline.rules.guide_checks import GuideRules, TextSite, guide_findings

from ..content import AdventureContent
from ..guide import DATA_TEXT_FIELDS, list_sources
from ..models import REF_KINDS, Procedure


def check(content: AdventureContent) -> list[Finding]:
    rules = GuideRules(
        "AG",
        content.rule_values(),
        lists=list_sources(content),
        reference=lambda kind, key: reference_problem(content, kind, key),
        every_number=True,
    )
    return guide_findings(content.db, rules, data_sites(content))


def data_sites(content: AdventureContent) -> Iterator[TextSite]:
    """The rule data's printed text: names, titles, summaries and procedure steps."""
    for _, record in content.named_records():
        entity = record.entity
        for field in ("name", *DATA_TEXT_FIELDS):
            if isinstance(text := getattr(entity, field, None), str):
                yield TextSite(record.loaded, (*record.path, field), text)
        if isinstance(entity, Procedure):
            for s, step in enumerate(entity.steps):
                yield TextSite(record.loaded, (*record.path, "steps", s, "text"), step.text)


def _known(names: object) -> str:
    shown = sorted(str(n) for n in names)  # type: ignore[attr-defined]
    return f" (known: {', '.join(shown[:12])}{' …' if len(shown) > 12 else ''})" if shown else ""


def reference_problem(content: AdventureContent, name: str, key: str) -> str | None:
    """What is wrong with `{kind:key}` or `{kind_field:key}`, or None when it names a thing (and a number field)."""
    kind, _, field = name.partition("_")
    if kind not in REF_KINDS:
        return f"unknown kind {kind!r}{_known(REF_KINDS)}"
    found = content.lookup(kind, key)
    if found is None:
        return f"no {kind} {key!r} in the rule data{_known(e.id for e in content.data(kind))}"
    if field:
        value = getattr(found, field, None)
        if not isinstance(value, int) or isinstance(value, bool):
            fields = [n for n, v in found if isinstance(v, int) and not isinstance(v, bool)]
            return f"{kind} has no number field {field!r}{_known(fields)}"
    return None
