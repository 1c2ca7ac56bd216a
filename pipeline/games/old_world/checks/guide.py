"""The reference guide's text: rules numbers only through placeholders, links that resolve, findable index terms.

A digit written in guide text where a rule constant has that value is OW-GUIDE-LITERAL (write the
`{name}` placeholder, so a changed constant changes the guide); a placeholder naming no constant is
OW-GUIDE-PLACEHOLDER. Both point at the line and column of the number or placeholder itself.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any

from pipeline.content.database import Record
from pipeline.content.guide import GuideBlock, GuideEntry
from pipeline.content.yaml_loader import LoadedFile, Position
from pipeline.findings import Finding, error, warning
from pipeline.i18n.tokens import TOKEN
from pipeline.rules.guide_checks import Path_, guide_entries, table_findings

from ..content import OldWorldContent
from ..guide import TABLE_HEADERS, rule_constants

LINK = re.compile(r"\[\[([^\]]*)\]\]")
NUMBER = re.compile(r"(?<!\w)\d+")
MARKUP = re.compile(r"\*\*|\*|\{icon:[a-z0-9-]+\}")
NOT_TEXT = frozenset({"id", "kind", "source", "order", "related", "icon"})
COLLECTIONS = ("guide", "guide-sections", "glossary")


def check(content: OldWorldContent) -> list[Finding]:
    constants = rule_constants(content.manifest)
    entries = _entries(content)
    findings: list[Finding] = []
    for collection in COLLECTIONS:
        for rec in content.db.records(collection):
            for path, text in _strings(_raw(rec), rec.path):
                findings += _numbers(rec.loaded, path, text, constants)
                findings += _links(rec.loaded, path, text, entries)
    findings += _entry_rules(content, entries)
    return findings


def _raw(rec: Record) -> Any:
    data = rec.loaded.data
    for part in rec.path:
        data = data[part]
    return data


def _strings(node: Any, path: Path_) -> Iterator[tuple[Path_, str]]:
    """Every text string under a node with its path (ids, kinds and link lists left out)."""
    if isinstance(node, str):
        yield path, node
    elif isinstance(node, dict):
        for key, value in node.items():
            if key not in NOT_TEXT:
                yield from _strings(value, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _strings(value, (*path, i))


def _mask(text: str) -> str:
    """Text with placeholders, icons and links blanked out (same length), so their digits are not numbers."""
    blank = lambda m: " " * len(m.group(0))  # noqa: E731
    return LINK.sub(blank, TOKEN.sub(blank, text))


def _numbers(loaded: LoadedFile, path: Path_, text: str, constants: dict[str, int]) -> list[Finding]:
    findings = []
    by_value: dict[int, list[str]] = {}
    for name, value in constants.items():
        by_value.setdefault(value, []).append(name)
    for k, match in enumerate(NUMBER.finditer(_mask(text))):
        names = by_value.get(int(match.group(0)))
        if names:
            line, column = _locate(loaded, path, NUMBER, k, masked=True)
            shown = ", ".join(f"{{{n}}}" for n in names)
            findings.append(error(
                "OW-GUIDE-LITERAL", f"the rules number {match.group(0)} is written literally; a rule constant has this value",
                loaded.display, line, column, hint=f"write the placeholder ({shown}) or the number as a word"))
    named = [m for m in TOKEN.finditer(text) if m.group(2) is None]
    for k, match in enumerate(named):
        if match.group(1) not in constants:
            line, column = _locate(loaded, path, PLACEHOLDER, k)
            hint = f"use one of the keys of `rules` in game.yaml: {', '.join(sorted(constants))}"
            message = f"placeholder {match.group(0)} names no rule constant"
            findings.append(error("OW-GUIDE-PLACEHOLDER", message, loaded.display, line, column, hint=hint))
    return findings


PLACEHOLDER = re.compile(r"\{[a-z_][a-z0-9_]*\}")


@lru_cache(maxsize=64)
def _source(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def _locate(loaded: LoadedFile, path: Path_, pattern: re.Pattern[str], k: int, masked: bool = False) -> tuple[int, int]:
    """Line and column of the k-th match of pattern inside the scalar written at path (block scalars too)."""
    start: Position = loaded.position(path)
    try:
        source = _source(Path(loaded.path))
    except OSError:
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


def _entries(content: OldWorldContent) -> dict[str, tuple[GuideEntry, Record, Path_]]:
    """Every guide entry by id (rules sections and glossary), with its record and path."""
    found: dict[str, tuple[GuideEntry, Record, Path_]] = {}
    for entry, rec, path in guide_entries(content.db):
        found.setdefault(entry.id, (entry, rec, path))
    return found


def _links(loaded: LoadedFile, path: Path_, text: str, entries: dict[str, Any]) -> list[Finding]:
    findings = []
    for k, match in enumerate(LINK.finditer(text)):
        if match.group(1) not in entries:
            line, column = _locate(loaded, path, LINK, k)
            findings.append(error("OW-GUIDE-LINK", f"[[{match.group(1)}]] links no guide entry", loaded.display, line,
                                  column, hint="link the id of a rules entry or a glossary entry"))
    return findings


def _entry_rules(content: OldWorldContent, entries: dict[str, tuple[GuideEntry, Record, Path_]]) -> list[Finding]:
    """Unique entry ids, related ids that resolve, tables with one source of rows (known to Old World), index terms."""
    findings: list[Finding] = []
    seen: set[str] = set()
    titles = {entry_id: entry.title for entry_id, (entry, _, _) in entries.items()}
    for entry, rec, path in guide_entries(content.db):
        at = rec.loaded.position((*path, "id"))
        if entry.id in seen:
            findings.append(error("OW-GUIDE-DUPLICATE", f"guide entry id {entry.id!r} is used twice",
                                  rec.loaded.display, at.line, at.column, hint="entry ids are unique across the guide"))
        seen.add(entry.id)
        for j, other in enumerate(entry.related):
            if other not in entries:
                pos = rec.loaded.position((*path, "related", j))
                findings.append(error("OW-GUIDE-LINK", f"related entry {other!r} does not exist", rec.loaded.display,
                                      pos.line, pos.column))
        findings += table_findings(rec.loaded, path, entry, "OW", TABLE_HEADERS)
        findings += _index_terms(rec.loaded, path, entry, titles)
    return findings


def _block_text(block: GuideBlock) -> str:
    return " ".join([block.text, *block.items, *(cell for row in block.rows for cell in row)])


def _index_terms(loaded: LoadedFile, path: Path_, entry: GuideEntry, titles: dict[str, str]) -> list[Finding]:
    """An index term must be printed in its entry, or the index would point at a page without it."""
    text = " ".join([entry.title, *(_block_text(b) for b in entry.blocks)])
    text = MARKUP.sub("", LINK.sub(lambda m: titles.get(m.group(1), ""), text)).casefold()
    findings = []
    for i, term in enumerate(entry.index_terms):
        if re.search(r"(?<!\w)" + re.escape(term.casefold()), text) is None:
            pos = loaded.position((*path, "index_terms", i))
            findings.append(warning("OW-GUIDE-INDEX", f"index term {term!r} does not appear in entry {entry.id!r}",
                                    loaded.display, pos.line, pos.column, hint="use words the entry prints"))
    return findings
