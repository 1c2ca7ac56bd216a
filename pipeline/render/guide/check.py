"""Every icon a guide prints must exist: inline `{icon:name}` tokens and quick-reference rows.

A guide document carries no source positions, so a finding names the document, the section or
entry and the game's content folder; the icon name is what to search for there.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from pipeline.findings import Finding, error
from pipeline.rules.faces import ICON_TOKEN
from pipeline.rules.guide import Block, GuideDocument
from pipeline.rules.spec import GuidePart

from ..icons import is_icon

HINT = "use an icon of pipeline/render/icons.py, or draw a new one there"


def guide_icon_findings(parts: Sequence[GuidePart], where: str) -> list[Finding]:
    """ICON-UNKNOWN for a game's guide documents in one locale; `where` is its content folder."""
    findings = []
    for part in parts:
        findings += document_icon_findings(part.document, part.name.replace("-", " "), where)
    return sorted(set(findings))


def document_icon_findings(document: GuideDocument, what: str, file: str) -> list[Finding]:
    """One ICON-UNKNOWN per unknown icon name and place of a document."""
    findings = []
    for place, icon in _icons(document):
        if not is_icon(icon):
            message = f"{document.game_id} [{document.locale}] {what}: {place} prints unknown icon {icon!r}"
            findings.append(error("ICON-UNKNOWN", message, file, hint=HINT))
    return findings


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
