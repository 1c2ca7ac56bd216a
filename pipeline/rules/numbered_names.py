"""The numbers a numbered card's text names (`numbered: {names: "Read {n}"}`) against the cards it leads to.

A card whose text says "Read 9." while its links field says `[7]` sends the player elsewhere than the deck's graph,
which `pnp check` proved. `<code>-NAMES` is that mismatch: in the source locale the named numbers must be the links
(none missing, none extra), at the field that names a wrong number (else at the links); in a locale with its own
pattern every number its translation names must be a link, at the msgstr line of its catalog.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pipeline.content.database import Database, Record, Source
from pipeline.content.declared import NAMED_NUMBER
from pipeline.content.texts import TextField, content_fields
from pipeline.findings import Finding, error

if TYPE_CHECKING:
    from pipeline.i18n.localizer import Localizer

def pattern_of(written: str) -> re.Pattern[str]:
    """The pattern as a regular expression: `{n}` a number, any run of spaces any whitespace, case ignored."""
    before, _, after = written.partition(NAMED_NUMBER)

    def literal(part: str) -> str:
        return r"\s+".join(re.escape(word) for word in part.split(" ")) if part.strip() else re.escape(part)

    return re.compile(rf"(?<!\w){literal(before)}(\d+){literal(after)}", re.IGNORECASE)


@dataclass(frozen=True)
class Named:
    """A number a text names, and where that text is written (its record's field, or a catalog's msgstr)."""

    number: int
    where: Source


def named_numbers(text: str, pattern: re.Pattern[str], where: Source) -> list[Named]:
    return [Named(int(match.group(1)), where) for match in pattern.finditer(text)]


def names_findings(db: Database, records: Sequence[Record], links: dict[int, tuple[int, ...]], kind: str, code: str,
                   patterns: dict[str, str], source_locale: str, links_at: dict[int, Source]) -> list[Finding]:
    """Every card of `records` whose text names other numbers than its links (`links`: number -> links), per locale
    with a pattern; `links_at`: where each card writes its links (or its number, when it writes none)."""
    fields = _fields_by_record(db, records)
    findings = []
    for locale, written in sorted(patterns.items()):
        pattern = pattern_of(written)
        localizer = _localizer(db, locale, source_locale)
        for record in records:
            number = record.entity.number
            wanted = set(links.get(number, ()))
            named: list[Named] = []
            for field in fields.get(id(record.entity), []):
                where = record.where(*field.path)
                if localizer is None:
                    named += named_numbers(field.source, pattern, where)
                    continue
                text = localizer.text(field.context, field.source)
                catalog = localizer.translated_at(text)
                if catalog is not None:  # untranslated text prints the English, judged with its own pattern
                    named += named_numbers(text, pattern, Source(catalog[0], catalog[1], 1))
            findings += _mismatch(kind, code, number, wanted, named, locale, links_at[number],
                                  missing=localizer is None)
    return findings


def _mismatch(kind: str, code: str, number: int, wanted: set[int], named: list[Named], locale: str, links_at: Source,
              missing: bool) -> list[Finding]:
    extra = [n for n in named if n.number not in wanted]
    absent = sorted(wanted - {n.number for n in named}) if missing else []
    if not extra and not absent:
        return []
    where = extra[0].where if extra else links_at
    said = ", ".join(str(n) for n in sorted({n.number for n in named})) or "no number"
    leads = ", ".join(map(str, sorted(wanted))) or "nowhere"
    message = f"{kind} {number}: its {locale} text names {said}, but the card leads to {leads}"
    hint = "make the text name the cards its links field lists (or the links what the text names)"
    return [error(f"{code}-NAMES", message, where.file, where.line, where.column, hint)]


def _fields_by_record(db: Database, records: Iterable[Record]) -> dict[int, list[TextField]]:
    owners = {id(record.entity) for record in records}
    by_record: dict[int, list[TextField]] = {}
    for field in content_fields(db):
        if id(field.record.entity) in owners:
            by_record.setdefault(id(field.record.entity), []).append(field)
    return by_record


def _localizer(db: Database, locale: str, source_locale: str) -> Localizer | None:
    """None for the source locale (the content's own text); else the locale's catalog."""
    if locale == source_locale:
        return None
    from pipeline.i18n.localizer import Localizer  # Babel: read only for a deck that names numbers per locale

    return Localizer.load(locale, db.root, source_locale=source_locale)
