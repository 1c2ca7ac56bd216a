"""The words of each text: numbers come from the rule data, translations use the official terms and typography."""

from __future__ import annotations

import re

from pipeline.content.database import finding_at
from pipeline.findings import Finding, error

from .. import markup
from ..content import AdventureContent
from ..locales import LocaleCatalog
from ..strings import TextUnit, text_units
from .locales import catalogs

# German typography (glossary-en-de.md, Part T): „…“ quotes, a no-break space inside z. B. and d. h.,
# an en dash in number ranges.
TYPOGRAPHY: dict[str, list[tuple[re.Pattern[str], str]]] = {
    "de": [
        (re.compile(r'"'), "straight quote; German quotes are „…“"),
        (re.compile("[”‟]"), "English closing quote; German quotes close with “"),
        (re.compile(r"\b(?:z\.(?:| )B|d\.(?:| )h)\."), "write z. B. and d. h. with a no-break space (U+00A0 or U+202F)"),
        (re.compile(r"\d\s?-\s?\d"), "number range with a hyphen; use an en dash (2–10)"),
    ],
}


def check(content: AdventureContent) -> list[Finding]:
    units = text_units(content)
    findings = literal_numbers(units)
    for catalog in catalogs(content):
        findings.extend(terms(content, catalog, units))
        findings.extend(typography(catalog, units))
    return findings


def literal_numbers(units: list[TextUnit]) -> list[Finding]:
    """Rule text takes its numbers from the rule data (`{rule_key}`); only examples write numbers out."""
    findings = []
    for unit in units:
        if unit.example:
            continue
        found = markup.numbers(unit.text, "en")
        if found:
            shown = ", ".join(str(n) for n in sorted(found))
            message = f"{unit.context}: writes the number(s) {shown} instead of taking them from the rule data"
            hint = "use a {rule_key} placeholder from game.yaml (or {kind_field:id}); numbers written twice drift"
            findings.append(finding_at(unit.where, "AG-LITERAL-NUMBER", message, hint))
    return findings


def _has_source_form(text: str, form: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(form)}(?!\w)", text) is not None


def terms(content: AdventureContent, catalog: LocaleCatalog, units: list[TextUnit]) -> list[Finding]:
    """English that uses a term (a whole word, case as written) is translated with the official word for it."""
    findings = []
    for unit in units:
        found = catalog.messages.get(unit.context)
        if found is None or not found.text:
            continue
        english = markup.prose(unit.text)
        translated = markup.prose(found.text).casefold()
        for term in content.terms:
            wanted = term.translations.get(catalog.locale, [])
            if not wanted or not any(_has_source_form(english, form) for form in term.source):
                continue
            if not any(word.casefold() in translated for word in wanted):
                said = term.source[0]
                message = f"{unit.context}: the English says {said!r}; the {catalog.locale} text lacks the official term"
                hint = f"use {' or '.join(repr(w) for w in wanted)} (terms.yaml: {term.id})"
                findings.append(error("AG-TERM", message, catalog.display, found.line, 1, hint))
    return findings


def typography(catalog: LocaleCatalog, units: list[TextUnit]) -> list[Finding]:
    """The locale's typography rules on every translation (text without its markup)."""
    rules = TYPOGRAPHY.get(catalog.locale.split("-")[0], [])
    findings = []
    for unit in units:
        found = catalog.messages.get(unit.context)
        if found is None or not found.text:
            continue
        text = markup.prose(found.text)
        for pattern, problem in rules:
            if pattern.search(text):
                findings.append(error("AG-TYPOGRAPHY", f"{unit.context}: {problem}", catalog.display, found.line))
        if text.count("„") != text.count("“"):
            message = f"{unit.context}: unbalanced quotes ({text.count('„')} „ against {text.count('“')} “)"
            findings.append(error("AG-TYPOGRAPHY", message, catalog.display, found.line))
    return findings
