"""Typography rules per locale, checked on translations: German quotes „…“ (balanced), no-break space in "z. B.",
the en dash in number ranges, the ellipsis.

Each fault changes the print (a wrong glyph, a line broken inside "z. B."): an error in a release locale, a
warning in a draft one (its print is not final yet)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from pipeline.findings import Finding, error, warning

from .entries import Entry
from .tokens import TOKEN


@dataclass(frozen=True)
class Rule:
    code: str
    pattern: re.Pattern[str]
    message: str
    hint: str


NBSP = "\u00a0"
# Two-part German abbreviations: "z. B.", "d. h.", "u. a.", "o. Ä.", "z. T.", "u. U.", "v. a.", "s. o.", "s. u.".
_ABBREVIATIONS = r"\b(?:z\.[ \t]?B|d\.[ \t]?h|u\.[ \t]?a|o\.[ \t]?Ä|z\.[ \t]?T|u\.[ \t]?U|v\.[ \t]?a|s\.[ \t]?[ou])\."

GERMAN = (
    Rule(
        "I18N-TYPO-QUOTES",
        re.compile(r'"|”|(?:^|(?<=[\s(]))“'),
        "German text uses straight or English quotation marks",
        "quote „so“ (U+201E … U+201C)",
    ),
    Rule(
        "I18N-TYPO-NBSP",
        re.compile(_ABBREVIATIONS),
        "abbreviation without a no-break space between its parts",
        "write z.\u00a0B. with U+00A0 between the parts, so it never breaks across lines",
    ),
    Rule(
        "I18N-TYPO-DASH",
        re.compile(r"\d[ \t]?-[ \t]?\d"),
        "number range written with a hyphen",
        "use an en dash: 2–10 (U+2013)",
    ),
    Rule(
        "I18N-TYPO-ELLIPSIS",
        re.compile(r"\.\.\."),
        'three dots "..." instead of the ellipsis',
        "use … (U+2026)",
    ),
)

RULES: dict[str, tuple[Rule, ...]] = {"de": GERMAN}
# Opening and closing quotation marks that must pair up in a locale's text.
QUOTE_PAIRS: dict[str, tuple[str, str]] = {"de": ("„", "“")}


def _language(locale: str) -> str:
    return locale.replace("_", "-").split("-")[0].lower()


def rules_for(locale: str) -> tuple[Rule, ...]:
    return RULES.get(_language(locale), ())


def typography_findings(entries: Iterable[Entry], locale: str, release: bool = True) -> list[Finding]:
    """One finding per translated form that breaks a typography rule of its locale (an error in a release locale)."""
    finding = error if release else warning
    rules = rules_for(locale)
    quotes = QUOTE_PAIRS.get(_language(locale))
    findings: list[Finding] = []
    if not rules:
        return findings
    for entry in entries:
        for form, text in enumerate(entry.forms):
            # A token stands for a word: keep a stand-in so „Erleide {icon:x}“ still closes its quote.
            visible = TOKEN.sub("\uFFFC", text)
            broken = set()
            for rule in rules:
                match = rule.pattern.search(visible)
                if match is not None:
                    broken.add(rule.code)
                    found = f"{rule.message}: {match.group(0)!r} in {entry.string.context}"
                    findings.append(finding(rule.code, found, entry.po.display, entry.line(form), 1, rule.hint))
            # A wrong quotation mark also unbalances the pair: that is one problem, reported once.
            if quotes and "I18N-TYPO-QUOTES" not in broken and visible.count(quotes[0]) != visible.count(quotes[1]):
                opened, closed = visible.count(quotes[0]), visible.count(quotes[1])
                found = f"unbalanced quotes ({opened} {quotes[0]} against {closed} {quotes[1]}) in {entry.string.context}"
                findings.append(finding("I18N-TYPO-QUOTES", found, entry.po.display, entry.line(form), 1,
                                        f"close every {quotes[0]} with {quotes[1]}"))
    return findings
