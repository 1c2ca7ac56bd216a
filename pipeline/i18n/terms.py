"""Terminology: a translation whose English uses a game term must use the locale's word for it."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from pipeline.content.database import Database
from pipeline.findings import Finding, error

from .entries import Entry
from .models import Term, TermsFile
from .tokens import words


@dataclass(frozen=True)
class TermRule:
    """One term for one locale: English word forms (whole words, case as written), accepted translations."""

    id: str
    source: tuple[str, ...]
    required: tuple[str, ...]

    def pattern(self) -> re.Pattern[str]:
        forms = "|".join(re.escape(form) for form in sorted(self.source, key=len, reverse=True))
        return re.compile(rf"(?<!\w)(?:{forms})(?!\w)")

    def is_used_in(self, english: str) -> bool:
        return self.pattern().search(words(english)) is not None

    def is_kept_in(self, translation: str) -> bool:
        folded = translation.casefold()
        return any(word.casefold() in folded for word in self.required)


def rules_for(terms: Sequence[Term], locale: str) -> list[TermRule]:
    """The terms that name a translation for the locale (exact code, else its language)."""
    language = locale.replace("_", "-").split("-")[0]
    rules = []
    for term in terms:
        required = term.translations.get(locale) or term.translations.get(language)
        if required:
            rules.append(TermRule(term.id, tuple(term.source), tuple(required)))
    return rules


def game_terms(db: Database) -> list[Term]:
    """The game's terminology table (its `kind: terms` files), as loaded into its database; none for a
    game whose file kinds have no terms table."""
    collection = TermsFile.collection_name()
    if collection not in db.collections:  # the database holds a collection for every kind the game declares
        return []
    return [record.entity for record in db.records(collection)]


def used_alone(rule: TermRule, english: str, rules: Sequence[TermRule]) -> bool:
    """Whether the English uses the term outside every longer term that holds it ("Trail" in "Monster Trail"
    is the longer term's, which names its own translation)."""
    text = words(english)
    longer = [m.span() for other in rules if other is not rule for m in other.pattern().finditer(text)]
    return any(not any(a <= m.start() and m.end() <= b and b - a > m.end() - m.start() for a, b in longer)
               for m in rule.pattern().finditer(text))


def term_findings(entries: Iterable[Entry], rules: Sequence[TermRule]) -> list[Finding]:
    """One finding per translation that drops a term its English uses."""
    findings = []
    for entry in entries:
        for form, (english, text) in enumerate(zip(entry.sources(), entry.forms, strict=False)):
            for rule in rules:
                if rule.is_used_in(english) and not rule.is_kept_in(text) and used_alone(rule, english, rules):
                    # An error: the print would name a thing by a word no other component of the game uses.
                    findings.append(
                        error(
                            "I18N-TERM",
                            f"{entry.string.context}: the English says {rule.source[0]!r}, "
                            f"the translation has none of {', '.join(repr(w) for w in rule.required)}",
                            entry.po.display,
                            entry.line(form),
                            1,
                            hint=f"use the game's term (terms.yaml: {rule.id})",
                        )
                    )
    return findings
