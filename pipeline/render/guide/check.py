"""Every icon a guide prints must exist: inline `{icon:name}` tokens and quick-reference rows; no
text may run past its column (`FIT-OVERFLOW`: a word too long to break, checked on the laid-out guide).

A guide document carries no source positions: an unknown icon is found at the first place the content writes it
(an `icon:` value naming it, or a text holding its `{icon:name}` token), else at the game's content folder (a
translation alone names it); an overflow names the document, the section or entry and the content folder.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from pipeline.content.database import Database, Source
from pipeline.findings import Finding, error
from pipeline.icon_files import ICON_HINT, is_icon
from pipeline.rules.faces import ICON_TOKEN
from pipeline.rules.guide import Block, GuideDocument
from pipeline.rules.spec import GuidePart

from ..units import MM_PER_PT
from .rows import Row


def guide_icon_findings(parts: Sequence[GuidePart], db: Database) -> list[Finding]:
    """ICON-UNKNOWN for a game's guide documents in one locale, each where the content writes the icon."""
    findings = []
    for part in parts:
        findings += document_icon_findings(part.document, part.name.replace("-", " "), db)
    return sorted(set(findings))


def overflow_findings(part: GuidePart, rows: Sequence[Row], where: str) -> list[Finding]:
    """One FIT-OVERFLOW per row that runs past its column, naming the entry and the start of its text."""
    document, findings = part.document, []
    for row in rows:
        place = f"entry {row.owner!r}" if row.owner else "a heading or list"
        shown = row.text if len(row.text) <= 40 else row.text[:40] + "…"
        message = (f"{document.game_id} [{document.locale}] {part.name.replace('-', ' ')}: {place} runs "
                   f"{row.overflow * MM_PER_PT:.1f} mm past its column ({shown!r})")
        findings.append(error("FIT-OVERFLOW", message, where, hint="break the word with a space or a hyphen, or shorten it"))
    return sorted(set(findings))


def document_icon_findings(document: GuideDocument, what: str, db: Database) -> list[Finding]:
    """One ICON-UNKNOWN per unknown icon name and place of a document."""
    findings = []
    for place, icon in _icons(document):
        if not is_icon(icon):
            message = f"{document.game_id} [{document.locale}] {what}: {place} prints unknown icon {icon!r}"
            at = _written_at(db, icon)
            findings.append(error("ICON-UNKNOWN", message, at.file, at.line, at.column, hint=ICON_HINT))
    return findings


def _written_at(db: Database, icon: str) -> Source:
    """The first place the content names an icon: an `icon:` value, or a text holding its token."""
    token = f"{{icon:{icon}}}"
    at = db.first_written(lambda path, value: isinstance(value, str)
                          and ((value == icon and path[-1] == "icon") or token in value))
    return at or db.root_source()


def _icons(document: GuideDocument) -> Iterator[tuple[str, str]]:
    """(where in the document, icon name) for every icon it prints."""
    for section in document.sections:
        place = f"section {section.id!r}"
        yield from ((place, icon) for icon in ICON_TOKEN.findall(section.title))
        yield from _block_icons(section.intro, place)
        for entry in section.entries:
            place = f"entry {entry.id!r}"
            yield from ((place, icon) for icon in ICON_TOKEN.findall(entry.title))
            yield from _block_icons(entry.blocks, place)
    for row in document.quick_reference:
        yield f"quick-reference row {row.name!r}", row.icon
        yield from ((f"quick-reference row {row.name!r}", icon) for icon in ICON_TOKEN.findall(row.text))


def _block_icons(blocks: tuple[Block, ...], place: str) -> Iterator[tuple[str, str]]:
    for block in blocks:
        texts = [block.text, *block.items, *(cell for row in block.rows for cell in row)]
        for text in texts:
            yield from ((place, icon) for icon in ICON_TOKEN.findall(text))
