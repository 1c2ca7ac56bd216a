"""Translation checks: a game's source strings against its locale catalogs, as findings with file and line.

Codes: I18N-CATALOG (no catalog), I18N-PO-SYNTAX, I18N-POT-STALE, I18N-MISSING, I18N-FUZZY,
I18N-STALE (translated from older English), I18N-OBSOLETE, I18N-PLACEHOLDER, I18N-ICON, I18N-MARKUP,
I18N-DRIFT (numbers, data references or links that differ from the English, in every game), I18N-PLURAL-FORMS,
I18N-TERM, I18N-TYPO-QUOTES, I18N-TYPO-NBSP, I18N-TYPO-DASH, I18N-TYPO-ELLIPSIS, I18N-GLYPH.
Incomplete translations are warnings (a build may fall back to English); broken ones are errors.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog

from pipeline.findings import Finding, Severity, display_path, error, warning
from pipeline.reading import CATALOG_LIMIT, UnreadableFile, read_input

from .catalogs import CatalogSyntaxError, build_template, catalog_bytes, catalog_path, content_of, read_catalog, template_path
from .entries import Entry, PoFile, translated_entries
from .glyphs import glyph_findings
from .messages import SourceString
from .models import Term
from .numbers import numbers, numbers_match
from .status import by_context, has_translation
from .terms import rules_for, term_findings
from .tokens import icons, links, placeholders, references
from .typography import typography_findings

# The gettext flag of an entry whose translation states its numbers differently on purpose.
NO_NUMBER_CHECK = "no-number-check"

# The messages of a missing string (`completeness_findings`), read back by `missing_locale`.
_MISSING = re.compile(r".+ (?:has no (?P<untranslated>\S+) translation|is not in the (?P<absent>\S+) catalog)")


def missing_locale(message: str) -> tuple[str, bool] | None:
    """The locale an I18N-MISSING message names, and whether the string is absent from its catalog (not only
    untranslated); None for any other message."""
    match = _MISSING.fullmatch(message)
    if match is None:
        return None
    return (match["untranslated"], False) if match["untranslated"] else (match["absent"], True)


def fold_draft_missing(findings: Sequence[Finding]) -> list[Finding]:
    """The findings with a draft locale's missing strings (I18N-MISSING warnings: a release locale's are errors)
    folded into one finding per file and locale, at the first one's line, that counts them: a draft in progress
    would otherwise repeat every untranslated string on every check. One alone stays as it is."""
    groups: dict[tuple[str, str, bool], list[Finding]] = {}
    for finding in findings:
        if finding.code == "I18N-MISSING" and finding.severity is Severity.WARNING:
            if (named := missing_locale(finding.message)) is not None:
                groups.setdefault((finding.file, *named), []).append(finding)
    folded = {id(group[0]): _folded(group, locale, absent)
              for (_, locale, absent), group in groups.items() if len(group) > 1}
    hidden = {id(f) for group in groups.values() if len(group) > 1 for f in group[1:]}
    return [folded.get(id(f), f) for f in findings if id(f) not in hidden]


def _folded(group: list[Finding], locale: str, absent: bool) -> Finding:
    first = group[0]
    state = f"are not in the {locale} catalog" if absent else f"have no {locale} translation"
    return warning("I18N-MISSING", f"{len(group)} strings {state} yet ({locale} is a draft locale)", first.file,
                   first.line, first.column, hint="--verbose lists each; so does `pnp i18n status`")


def locale_findings(
    game_strings: Sequence[SourceString],
    content_dir: Path,
    locales: Sequence[str],
    source_locale: str = "en",
    terms: Sequence[Term] = (),
    release: Sequence[str] = (),
) -> list[Finding]:
    """Every i18n finding of a game's content for the locales asked (the source locale: glyphs only).

    terms: the game's terminology table (I18N-TERM), from its loaded database.
    release: the locales that must be complete: their missing, fuzzy and stale strings are errors (a
    draft's are warnings), the same policy as `pnp build`.
    """
    findings = list(template_findings(game_strings, content_dir))
    for locale in locales:
        if locale == source_locale:
            findings.extend(source_glyph_findings(game_strings))
            continue
        path = catalog_path(content_dir, locale)
        if not path.exists():
            hint = f"run `pnp i18n update --game {content_dir.name} --locale {locale}`"
            findings.append(error("I18N-CATALOG", f"no {locale} catalog", display_path(path), hint=hint))
            continue
        try:
            po = PoFile.read(path)
        except UnreadableFile as exc:
            findings.append(error("I18N-CATALOG", f"cannot read the {locale} catalog: {exc.reason}", display_path(path)))
            continue
        try:
            catalog = read_catalog(path, locale)
        except CatalogSyntaxError as exc:
            if exc.code == "I18N-PLURAL-FORMS":
                findings.append(error(exc.code, exc.reason, po.display, exc.line_number, hint=exc.hint))
            else:
                findings.append(error(exc.code, f"cannot read the catalog: {exc.reason}", po.display, exc.line_number))
            continue
        entries = list(translated_entries(game_strings, catalog, po))
        findings.extend(completeness_findings(game_strings, catalog, po, locale, locale in release))
        findings.extend(token_findings(entries))
        findings.extend(drift_findings(entries, source_locale, locale))
        findings.extend(term_findings(entries, rules_for(terms, locale)))
        findings.extend(typography_findings(entries, locale, locale in release))
        texts = ((text, po.display, e.line(i), e.string.context) for e in entries for i, text in enumerate(e.forms))
        findings.extend(glyph_findings(texts))
    return findings


def template_findings(strings: Sequence[SourceString], content_dir: Path) -> Iterator[Finding]:
    """messages.pot must be what `pnp i18n extract` would write now."""
    path = template_path(content_dir)
    expected = catalog_bytes(build_template(strings, content_dir.name, content_dir))
    if not path.exists() or _read_or_none(path) != expected:
        state = "is missing" if not path.exists() else "is out of date with the content"
        hint = f"run `pnp i18n extract --game {content_dir.name}`, then `pnp i18n update`"
        yield warning("I18N-POT-STALE", f"the translation template {state}", display_path(path), hint=hint)


def _read_or_none(path: Path) -> bytes | None:
    try:
        return read_input(path, CATALOG_LIMIT, content_of(path))
    except UnreadableFile:
        return None  # not what extract would write: reported as out of date, and extract replaces it


def source_glyph_findings(strings: Sequence[SourceString]) -> list[Finding]:
    """The English itself must be printable."""
    texts: list[tuple[str, str, int, str]] = []
    files: dict[Path, str] = {}  # thousands of strings share a few files: one relpath each (a build checks every job)
    for string in strings:
        file = ""
        if string.path:
            file = files.get(string.path) or files.setdefault(string.path, display_path(string.path))
        texts.extend((form, file, string.line, string.context) for form in string.forms)
    return glyph_findings(texts)


def completeness_findings(strings: Sequence[SourceString], catalog: Catalog, po: PoFile, locale: str,
                          release: bool = False) -> list[Finding]:
    """Missing, fuzzy, stale and obsolete entries, and plural forms the locale's rule needs; what a
    release locale would print in English or wrongly (missing, fuzzy, stale) is an error."""
    findings: list[Finding] = []
    update = f"run `pnp i18n update --game {po.path.parent.parent.name}`"
    incomplete = error if release else warning

    def at_po(code: str, text: str, line: int | None, hint: str = "") -> None:
        severity = warning if code == "I18N-OBSOLETE" else incomplete  # an obsolete entry prints nothing
        findings.append(severity(code, text, po.display, line or 1, hint=hint))

    messages = by_context(catalog)
    for string in strings:
        message = messages.get(string.context)
        if message is None:
            where = display_path(string.path) if string.path else po.display
            text = f"{string.context} is not in the {locale} catalog"
            findings.append(incomplete("I18N-MISSING", text, where, string.line, hint=update))
        elif message.id != string.msgid and has_translation(message):
            at_po("I18N-STALE", f"{string.context} is translated from an older English text", message.lineno, update)
        elif message.id != string.msgid:
            at_po("I18N-MISSING", f"{string.context} has no {locale} translation", message.lineno, update)
        elif message.fuzzy:
            at_po("I18N-FUZZY", f"{string.context} is fuzzy", message.lineno, "revise it, then remove the fuzzy flag")
        else:
            findings.extend(_form_findings(Entry(string, message, po), locale, incomplete))
    current = {s.context for s in strings}
    for context, message in messages.items():
        if context not in current:
            at_po("I18N-OBSOLETE", f"{context} is no longer in the content", message.lineno, update)
    for message in catalog.obsolete.values():
        at_po("I18N-OBSOLETE", f"obsolete entry {message.context or message.id!s}", message.lineno, "delete its #~ lines")
    return findings


def _form_findings(entry: Entry, locale: str, incomplete: Callable[..., Finding]) -> list[Finding]:
    forms = entry.forms
    filled = [bool(text) for text in forms]
    if not any(filled):
        return [incomplete("I18N-MISSING", f"{entry.string.context} has no {locale} translation", entry.po.display, entry.line())]
    if all(filled):
        return []
    return [
        error(
            "I18N-PLURAL-FORMS",
            f"{entry.string.context}: plural form {index} is empty ({locale} needs {len(forms)} forms)",
            entry.po.display,
            entry.line(index),
            hint=f"fill msgstr[{index}]",
        )
        for index, ok in enumerate(filled)
        if not ok
    ]


def token_findings(entries: Sequence[Entry]) -> list[Finding]:
    """Placeholders, icon tokens and bold markup must be those of the English."""
    findings = []
    for entry in entries:
        for form, (english, text) in enumerate(zip(entry.sources(), entry.forms, strict=False)):
            context = entry.string.context
            want, got = set(placeholders(english)), set(placeholders(text))
            if want != got:
                detail = _difference(want, got, "{%s}")
                findings.append(error("I18N-PLACEHOLDER", f"{context}: {detail}", entry.po.display, entry.line(form)))
            want_icons, got_icons = icons(english), icons(text)
            if want_icons != got_icons:
                detail = _difference(set(want_icons.elements()), set(got_icons.elements()), "{icon:%s}") or "icon count differs"
                findings.append(error("I18N-ICON", f"{context}: {detail}", entry.po.display, entry.line(form)))
            if english.count("**") != text.count("**"):
                text_ = f"{context}: bold markup ** differs from the English"
                findings.append(warning("I18N-MARKUP", text_, entry.po.display, entry.line(form)))
    return findings


def _difference(want: set[str], got: set[str], shape: str) -> str:
    parts = []
    if want - got:
        parts.append("missing " + ", ".join(shape % name for name in sorted(want - got)))
    if got - want:
        parts.append("not in the English: " + ", ".join(shape % name for name in sorted(got - want)))
    return "; ".join(parts)


def drift_findings(entries: Sequence[Entry], source_locale: str, locale: str) -> list[Finding]:
    """A translation names the data references and links of its English, and states its numbers (see
    `numbers_match`): a wrong number in a printed rule is a wrong print, so drift is an error.

    A translation whose placeholders already differ is left to I18N-PLACEHOLDER: a placeholder written
    out as a number is one problem, reported once. An entry flagged `#, no-number-check` states its
    numbers differently on purpose (the translator's call, e.g. „Kleine Straße (1–5)“ for "Five High
    Straight"); its references and links are still compared.
    """
    findings = []
    for entry in entries:
        for form, (english, text) in enumerate(zip(entry.sources(), entry.forms, strict=False)):
            if set(placeholders(english)) != set(placeholders(text)):
                continue
            compared: list[tuple[str, Counter[Any], Counter[Any]]] = [
                ("references", references(english), references(text)),
                ("links", Counter(links(english)), Counter(links(text))),
            ]
            drifted = [(label, want, got) for label, want, got in compared if want != got]
            if NO_NUMBER_CHECK not in entry.message.flags and not numbers_match(english, source_locale, text, locale):
                drifted.insert(0, ("numbers", numbers(english, source_locale), numbers(text, locale)))
            parts = [f"{label} {_listed(want)} in the English, {_listed(got)} in the translation" for label, want, got in drifted]
            if parts:
                message = f"{entry.string.context}: the {locale} text drifts from the English: {'; '.join(parts)}"
                findings.append(error("I18N-DRIFT", message, entry.po.display, entry.line(form)))
    return findings


def _listed(counter: Counter[Any]) -> str:
    return "[" + ", ".join(str(item) for item in sorted(counter.elements(), key=str)) + "]"
