"""Terminology: a translation whose English uses a game term must use the locale's word for it."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from pydantic import ValidationError

from pipeline.content.yaml_loader import load_yaml_file
from pipeline.findings import Finding, warning

from .entries import Entry
from .models import Term, TermsFile
from .tokens import words

TERMS_FILE = "terms.yaml"


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


def load_terms(content_dir: Path) -> list[Term]:
    """The game's terminology table (`terms.yaml`); empty when absent or invalid (validate reports that)."""
    path = content_dir / TERMS_FILE
    if not path.is_file():
        return []
    loaded, _ = load_yaml_file(path, str(path))
    if loaded is None:
        return []
    try:
        return list(TermsFile.model_validate(loaded.data).terms)
    except ValidationError:
        return []


def term_findings(entries: Iterable[Entry], rules: Sequence[TermRule]) -> list[Finding]:
    """One finding per translation that drops a term its English uses."""
    findings = []
    for entry in entries:
        for form, (english, text) in enumerate(zip(entry.sources(), entry.forms, strict=False)):
            for rule in rules:
                if rule.is_used_in(english) and not rule.is_kept_in(text):
                    findings.append(
                        warning(
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
