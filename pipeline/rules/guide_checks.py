"""Checks of the guide files every game shares (pipeline/content/guide.py), under a game's finding-code prefix.

`<prefix>-GUIDE-PLACEHOLDER`: a `{name}` names no rule constant. `<prefix>-GUIDE-REF`: a `{kind:id}`
names nothing of the game's data. `<prefix>-GUIDE-LINK`: a `[[id]]` or a related topic names no
entry. `<prefix>-GUIDE-LITERAL`: a rules number written out (a constant's value, or for a game whose
text takes every number from its data, any number) outside an example. `<prefix>-GUIDE-DUPLICATE`:
an entry id used twice across the guide files, or a related topic listed twice. `<prefix>-GUIDE-CLASH`: a
section and an entry (of a section or the glossary) with the same id. `<prefix>-GUIDE-TABLE`:
a table or list with a source the game does not generate. `<prefix>-GUIDE-SECTIONS`: more than one
section holds the glossary. `<prefix>-GUIDE-INDEX` (warning): an index term its entry does not print.
Text findings point at the line and column of the token, link or number itself. A game with rule data
(pipeline/content/rule_data.py) has its `{kind:id}` references and list sources checked against it, and
the rule data's own text held to the same rules as the guide's.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from pipeline.content.database import Database, Record
from pipeline.content.guide import GuideBlock, GuideContent, GuideEntry
from pipeline.content.rule_data import RuleDataIndex
from pipeline.content.yaml_loader import LoadedFile, Position
from pipeline.findings import Finding, error, warning
from pipeline.i18n.numbers import numbers
from pipeline.i18n.tokens import ICON_PREFIX, LINK, TOKEN, strip_markup
from pipeline.reading import YAML_LIMIT, UnreadableFile, read_input

Path_ = tuple[str | int, ...]
NOT_TEXT = frozenset({"id", "kind", "source", "order", "related", "icon"})
NUMBER = re.compile(r"(?<!\w)\d+")
PLACEHOLDER = re.compile(r"\{[a-z_][a-z0-9_]*\}")
REFERENCE = re.compile(r"\{[a-z_][a-z0-9_]*:[a-z0-9-]+\}")
ANY_LINK = re.compile(r"\[\[([^\]]*)\]\]")  # any link, well formed or not
NAMED = {"section": "a section", "entry": "an entry"}


@dataclass(frozen=True)
class GuideRules:
    """What one game's guide text may name, and the prefix of its finding codes."""

    prefix: str
    constants: Mapping[str, int] | None  # None: the manifest did not load, so no placeholder can be judged
    tables: Collection[str] = ()  # table sources the game generates
    lists: Collection[str] = ()  # list sources the game generates beyond its rule data's
    # The problem with a `{kind:id}` reference (None: it resolves); None: the rule data's, if the game has any.
    reference: Callable[[str, str], str | None] | None = None
    every_number: bool = False  # the text takes every number from the data, not only the constants' values
    numbers_in: Collection[str] | None = None  # the rule data kinds whose text the number checks judge (None: all)


@dataclass(frozen=True)
class TextSite:
    """One string of content text: the file, the YAML path of the scalar, the text, whether it is an example."""

    loaded: LoadedFile
    path: Path_
    text: str
    example: bool = False
    numbers: bool = True  # whether the number checks judge it (rule data of a kind they are not scoped to: no)
    every_number: bool = False  # it takes every number from the data, whatever the game's other text does


def help_card_sites(db: Database, every_number: bool) -> Iterator[TextSite]:
    """The printed text of the help cards (`pipeline/content/help_cards.py`), held to the guide's rules: every
    `{placeholder}` names a rule constant, or it would print raw. With `every_number`, a line takes every number from
    the data, so a number written in it is a finding; a heading's step number ("1. Take cards") is not a rules number."""
    for rec in db.records("help-cards"):
        for s, section in enumerate(rec.entity.sections):
            yield TextSite(rec.loaded, (*rec.path, "sections", s, "heading"), section.heading, numbers=False)
            for j, line in enumerate(section.lines):
                yield TextSite(rec.loaded, (*rec.path, "sections", s, "lines", j, "text"), line.text,
                               numbers=every_number, every_number=every_number)


def guide_entries(db: Database) -> Iterator[tuple[GuideEntry, Record, Path_]]:
    """Every guide entry (rules sections, then glossary) with its record and path, in file order."""
    guide = GuideContent(db)
    for rec in guide.section_records:
        for i, entry in enumerate(rec.entity.entries):
            yield entry, rec, (*rec.path, "entries", i)
    for glossary in guide.glossary_records:
        yield glossary.entity, glossary, glossary.path


def text_sites(records: Iterable[Record]) -> Iterator[TextSite]:
    """Every text string of the records as written (ids, kinds, sources and link lists left out)."""
    for rec in records:
        data: Any = rec.loaded.data
        for part in rec.path:
            data = data[part]
        for path, text, example in _strings(data, rec.path, False):
            yield TextSite(rec.loaded, path, text, example)


def _strings(node: Any, path: Path_, example: bool) -> Iterator[tuple[Path_, str, bool]]:
    if isinstance(node, str):
        yield path, node, example
    elif isinstance(node, dict):
        inside = example or node.get("kind") == "example"
        for key, value in node.items():
            if key not in NOT_TEXT:
                yield from _strings(value, (*path, key), inside)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _strings(value, (*path, i), example)


def guide_findings(db: Database, rules: GuideRules, more: Iterable[TextSite] = (), references: bool = True) -> list[Finding]:
    """Every guide check on the guide files and the rule data's text; `more` adds other text of the game
    held to the same rules. Without `references`, all but `guide_reference_findings` (which `validate` runs)."""
    rules, sites = _sites(db, rules, more)
    findings = guide_reference_findings(db, rules, more) if references else []
    for site in sites:
        findings += _placeholders(site, rules)
        if site.numbers and not site.example:
            findings += _numbers(site, rules)
    findings += _entry_rules(db, rules)
    findings += _id_clashes(db, rules.prefix)
    findings += _glossary_sections(db, rules.prefix)
    return findings


def guide_reference_findings(db: Database, rules: GuideRules, more: Iterable[TextSite] = ()) -> list[Finding]:
    """What `pnp validate` proves of the guide: every `{kind:id}` reference, `[[link]]` and related topic of the
    guide files and the rule data's text names something that is there."""
    rules, sites = _sites(db, rules, more)
    entries = {entry.id: entry for entry, _, _ in guide_entries(db)}
    findings: list[Finding] = []
    for site in sites:
        findings += _references(site, rules)
        findings += _links(site, entries, rules.prefix)
    return findings + _related(db, rules.prefix, entries)


def _sites(db: Database, rules: GuideRules, more: Iterable[TextSite]) -> tuple[GuideRules, list[TextSite]]:
    """The rules with the game's rule data added, and every text site they judge."""
    rules, data_sites = _with_rule_data(db, rules)
    guide = GuideContent(db)
    records = [*guide.settings_records, *guide.section_records, *guide.glossary_records]
    return rules, [*text_sites(records), *data_sites, *more]


def _with_rule_data(db: Database, rules: GuideRules) -> tuple[GuideRules, list[TextSite]]:
    """The rules with the game's rule data added (its list sources, its references), and the rule data's text."""
    data = RuleDataIndex(db)
    if not data.kinds:
        return rules, []
    reference = rules.reference or data.problem
    rules = replace(rules, lists=[*data.list_sources(), *rules.lists], reference=reference)
    judged = {id(record.entity) for name, kind in data.kinds.items()
              if rules.numbers_in is None or name in rules.numbers_in for record in db.records(kind.collection)}
    sites = [TextSite(f.record.loaded, (*f.record.path, *f.path), f.source, numbers=id(f.record.entity) in judged)
             for f in data.texts]
    return rules, sites


# --- Text --------------------------------------------------------------------------------------


def _mask(text: str) -> str:
    """Text with tokens and links blanked out (same length), so their digits are not numbers."""
    blank = lambda m: " " * len(m.group(0))  # noqa: E731
    return LINK.sub(blank, TOKEN.sub(blank, text))


def _placeholders(site: TextSite, rules: GuideRules) -> list[Finding]:
    findings = []
    loaded = site.loaded
    named = [m for m in TOKEN.finditer(site.text) if m.group(2) is None]
    for k, match in enumerate(named):
        if rules.constants is not None and match.group(1) not in rules.constants:
            line, column = _locate(site, PLACEHOLDER, k)
            hint = f"use one of the rule constants: {', '.join(sorted(rules.constants))}"
            message = f"placeholder {match.group(0)} names no rule constant"
            findings.append(error(f"{rules.prefix}-GUIDE-PLACEHOLDER", message, loaded.display, line, column, hint=hint))
    return findings


def _references(site: TextSite, rules: GuideRules) -> list[Finding]:
    findings = []
    loaded = site.loaded
    referring = [m for m in TOKEN.finditer(site.text) if m.group(2) is not None]
    for k, match in enumerate(referring):
        if match.group(1) == ICON_PREFIX:
            continue
        problem = (rules.reference(match.group(1), match.group(2)) if rules.reference
                   else "this game has no data a reference could name")
        if problem:
            line, column = _locate(site, REFERENCE, k)
            findings.append(error(f"{rules.prefix}-GUIDE-REF", f"{match.group(0)}: {problem}", loaded.display, line, column))
    return findings


def _links(site: TextSite, entries: Mapping[str, GuideEntry], prefix: str) -> list[Finding]:
    findings = []
    for k, match in enumerate(ANY_LINK.finditer(site.text)):
        if match.group(1) not in entries:
            line, column = _locate(site, ANY_LINK, k)
            findings.append(error(f"{prefix}-GUIDE-LINK", f"[[{match.group(1)}]] links no guide entry",
                                  site.loaded.display, line, column, hint="link the id of a rules entry or a glossary entry"))
    return findings


def _numbers(site: TextSite, rules: GuideRules) -> list[Finding]:
    by_value: dict[int, list[str]] = {}
    for name, value in (rules.constants or {}).items():
        by_value.setdefault(value, []).append(name)
    findings = []
    every_number = rules.every_number or site.every_number
    for k, match in enumerate(NUMBER.finditer(_mask(site.text))):
        names = by_value.get(int(match.group(0)))
        if not names and not every_number:
            continue
        line, column = _locate(site, NUMBER, k, masked=True)
        if names:
            message = f"the rules number {match.group(0)} is written literally; a rule constant has this value"
            hint = f"write the placeholder ({', '.join(f'{{{n}}}' for n in names)}) or the number as a word"
        else:
            message = f"the rules number {match.group(0)} is written literally; this game's text takes numbers from its data"
            hint = "use a {rule_key} placeholder (or a {kind_field:id} reference); numbers written twice drift"
        findings.append(error(f"{rules.prefix}-GUIDE-LITERAL", message, site.loaded.display, line, column, hint=hint))
    if every_number:
        words = numbers(NUMBER.sub(" ", _mask(site.text)), "en")
        if words:
            start = site.loaded.position(site.path)
            shown = ", ".join(str(n) for n in sorted(words.elements()))
            findings.append(error(f"{rules.prefix}-GUIDE-LITERAL", f"the rules number(s) {shown} are written out as words",
                                  site.loaded.display, start.line, start.column,
                                  hint="take them from the game's data ({rule_key} or {kind_field:id})"))
    return findings


@lru_cache(maxsize=64)
def _source(path: Path) -> str:
    return read_input(path, YAML_LIMIT).decode("utf-8")


def _locate(site: TextSite, pattern: re.Pattern[str], k: int, masked: bool = False) -> tuple[int, int]:
    """Line and column of the k-th match of pattern inside the scalar written at the site (block scalars too)."""
    start: Position = site.loaded.position(site.path)
    try:
        source = _source(Path(site.loaded.path))
    except (UnreadableFile, UnicodeDecodeError):  # replaced since it was loaded: point at the value
        return start.line, start.column
    lines = source.splitlines(keepends=True)
    offset = sum(len(line) for line in lines[: start.line - 1]) + start.column - 1
    rest = source[offset:]
    matches = list(pattern.finditer(_mask(rest) if masked else rest))
    if k >= len(matches):
        return start.line, start.column
    before = rest[: matches[k].start()]
    line = start.line + before.count("\n")
    column = len(before) - before.rfind("\n") if "\n" in before else start.column + len(before)
    return line, column


# --- Entries and sections ----------------------------------------------------------------------


def _related(db: Database, prefix: str, entries: Mapping[str, GuideEntry]) -> list[Finding]:
    """Related topics that resolve, each once, never the entry itself."""
    findings: list[Finding] = []
    for entry, rec, path in guide_entries(db):
        loaded = rec.loaded
        listed: set[str] = set()
        for j, other in enumerate(entry.related):
            pos = loaded.position((*path, "related", j))
            if other == entry.id:
                findings.append(error(f"{prefix}-GUIDE-LINK", f"entry {entry.id!r} lists itself as a related topic",
                                      loaded.display, pos.line, pos.column))
            elif other not in entries:
                findings.append(error(f"{prefix}-GUIDE-LINK", f"related entry {other!r} does not exist",
                                      loaded.display, pos.line, pos.column))
            elif other in listed:
                findings.append(error(f"{prefix}-GUIDE-DUPLICATE", f"related topic {other!r} is listed twice",
                                      loaded.display, pos.line, pos.column))
            listed.add(other)
    return findings


def _entry_rules(db: Database, rules: GuideRules) -> list[Finding]:
    """Unique entry ids, sources, index terms."""
    prefix = rules.prefix
    findings: list[Finding] = []
    seen: set[str] = set()
    titles = {entry.id: entry.title for entry, _, _ in guide_entries(db)}
    for entry, rec, path in guide_entries(db):
        loaded = rec.loaded
        at = loaded.position((*path, "id"))
        if entry.id in seen:
            findings.append(error(f"{prefix}-GUIDE-DUPLICATE", f"guide entry id {entry.id!r} is used twice",
                                  loaded.display, at.line, at.column, hint="entry ids are unique across the guide"))
        seen.add(entry.id)
        for field in ("blocks", "summary"):
            findings += source_findings(loaded, (*path, field), getattr(entry, field), rules)
        findings += _index_terms(loaded, path, entry, titles, prefix)
    for rec in GuideContent(db).section_records:
        findings += source_findings(rec.loaded, (*rec.path, "intro"), rec.entity.intro, rules)
    return findings


def source_findings(loaded: LoadedFile, path: Path_, blocks: list[GuideBlock], rules: GuideRules) -> list[Finding]:
    """`<prefix>-GUIDE-TABLE`: a table has rows or a source the game generates, not both or neither; a list
    with a source names one the game generates."""
    findings = []
    for i, block in enumerate(blocks):
        table = block.kind == "table"
        if table and bool(block.source) == bool(block.rows):
            pos = loaded.position((*path, i))
            findings.append(error(f"{rules.prefix}-GUIDE-TABLE", "a table needs either rows or a source, not both or neither",
                                  loaded.display, pos.line, pos.column))
        sources = rules.tables if table else rules.lists
        if block.source and block.source not in sources:
            pos = loaded.position((*path, i, "source"))
            what = "table" if table else "list"
            known = f"use one of: {', '.join(sources)}" if sources else f"this game generates no {what}s: write them out"
            findings.append(error(f"{rules.prefix}-GUIDE-TABLE", f"no {what} is generated from source {block.source!r}",
                                  loaded.display, pos.line, pos.column, hint=known))
    return findings


def _block_text(block: GuideBlock) -> str:
    return " ".join([block.text, *(item.text for item in block.items), *(cell.text for row in block.rows for cell in row.cells)])


def _index_terms(loaded: LoadedFile, path: Path_, entry: GuideEntry, titles: dict[str, str], prefix: str) -> list[Finding]:
    """An index term must be printed in its entry, or the index would point at a page without it."""
    text = " ".join([entry.title, *(_block_text(b) for b in entry.blocks)])
    text = strip_markup(LINK.sub(lambda m: titles.get(m.group(1), ""), text)).casefold()
    findings = []
    for i, term in enumerate(entry.index_terms):
        if re.search(r"(?<!\w)" + re.escape(term.text.casefold()), text) is None:
            pos = loaded.position((*path, "index_terms", i, "text"))
            findings.append(warning(f"{prefix}-GUIDE-INDEX", f"index term {term.text!r} does not appear in entry {entry.id!r}",
                                    loaded.display, pos.line, pos.column, hint="use words the entry prints"))
    return findings


def _id_clashes(db: Database, prefix: str) -> list[Finding]:
    """A section and an entry share no id: one id would name two places of the guide. Reported at the later
    one (sections and their entries in file order, then the glossary); entry against entry is GUIDE-DUPLICATE."""
    guide = GuideContent(db)
    defined: list[tuple[str, str, LoadedFile, Path_]] = []  # (id, "section" or "entry", file, YAML path)
    for rec in guide.section_records:
        defined.append((rec.entity.id, "section", rec.loaded, rec.path))
        defined += [(entry.id, "entry", rec.loaded, (*rec.path, "entries", i)) for i, entry in enumerate(rec.entity.entries)]
    defined += [(rec.entity.id, "entry", rec.loaded, rec.path) for rec in guide.glossary_records]
    first: dict[tuple[str, str], str] = {}  # (id, what) -> where it was defined first
    findings = []
    for guide_id, what, loaded, path in defined:
        at = loaded.position((*path, "id"))
        other = "entry" if what == "section" else "section"
        earlier = first.get((guide_id, other))
        if earlier is not None:
            message = f"guide id {guide_id!r} names {NAMED[what]} here and {NAMED[other]} at {earlier}"
            findings.append(error(f"{prefix}-GUIDE-CLASH", message, loaded.display, at.line, at.column,
                                  hint="give the section or the entry another id (its translations move with it)"))
        first.setdefault((guide_id, what), f"{loaded.display}:{at.line}")
    return findings


def _glossary_sections(db: Database, prefix: str) -> list[Finding]:
    """At most one section holds the glossary."""
    holders = [rec for rec in GuideContent(db).section_records if rec.entity.glossary]
    return [
        error(f"{prefix}-GUIDE-SECTIONS", f"section {rec.entity.id!r} holds the glossary too; one section holds it",
              rec.loaded.display, pos.line, pos.column)
        for rec in holders[1:]
        for pos in [rec.loaded.position((*rec.path, "glossary"))]
    ]
