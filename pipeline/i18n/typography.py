"""Typography rules per locale, checked on translations: German quotes „…“, no-break space in "z. B.", the ellipsis."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from pipeline.findings import Finding, warning

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
        "I18N-TYPO-ELLIPSIS",
        re.compile(r"\.\.\."),
        'three dots "..." instead of the ellipsis',
        "use … (U+2026)",
    ),
)

RULES: dict[str, tuple[Rule, ...]] = {"de": GERMAN}


def rules_for(locale: str) -> tuple[Rule, ...]:
    return RULES.get(locale.replace("_", "-").split("-")[0].lower(), ())


def typography_findings(entries: Iterable[Entry], locale: str) -> list[Finding]:
    """One finding per translated form that breaks a typography rule of its locale."""
    rules = rules_for(locale)
    findings: list[Finding] = []
    if not rules:
        return findings
    for entry in entries:
        for form, text in enumerate(entry.forms):
            # A token stands for a word: keep a stand-in so „Erleide {icon:x}“ still closes its quote.
            visible = TOKEN.sub("\uFFFC", text)
            for rule in rules:
                match = rule.pattern.search(visible)
                if match is not None:
                    found = f"{rule.message}: {match.group(0)!r} in {entry.string.context}"
                    findings.append(warning(rule.code, found, entry.po.display, entry.line(form), 1, rule.hint))
    return findings
