"""What a game hands the guide renderer: a localized reference document, game-agnostic.

A game builds a `GuideDocument` per locale from its content (rules sections, glossary entries,
quick-reference icons); `pipeline/render` lays it out, sorts the glossary with the locale's
collation, resolves "see also" links to page numbers and builds the index. Text runs use the same
inline markup as cards: `**bold**`, `*italic*`, `{icon:name}`, and `[[entry-id]]` for a link to
another entry (printed as its title and page).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

BlockKind = Literal["paragraph", "example", "bullets", "numbered", "table", "note"]


@dataclass(frozen=True)
class Block:
    """One block of text. Lists say whether their order is functional or alphabetical."""

    kind: BlockKind
    text: str = ""
    items: tuple[str, ...] = ()
    # "as-written" keeps the author's order (steps, priorities); "alphabetical" sorts per locale.
    order: Literal["as-written", "alphabetical"] = "as-written"
    rows: tuple[tuple[str, ...], ...] = ()  # tables: first row is the header


@dataclass(frozen=True)
class Entry:
    """A glossary entry or a rules section: a title, blocks, related entries and index terms."""

    id: str
    title: str
    blocks: tuple[Block, ...]
    related: tuple[str, ...] = ()  # ids of other entries ("Related Topics" / "see also")
    index_terms: tuple[str, ...] = ()  # extra index terms besides the title


@dataclass(frozen=True)
class Section:
    """A part of the guide. A glossary section's entries are sorted by the locale's collation."""

    id: str
    title: str
    intro: tuple[Block, ...] = ()
    entries: tuple[Entry, ...] = ()
    sort_entries: bool = False


@dataclass(frozen=True)
class QuickReferenceRow:
    icon: str  # icon name, drawn by the renderer's icon set
    name: str
    text: str


@dataclass(frozen=True)
class GuideLabels:
    """Localized words the layout itself prints."""

    contents: str = "Contents"
    index: str = "Index"
    related: str = "Related Topics:"
    see: str = "see"
    page: str = "p."
    quick_reference: str = "Quick Reference"


@dataclass(frozen=True)
class GuideDocument:
    game_id: str
    locale: str
    title: str
    sections: tuple[Section, ...]
    quick_reference: tuple[QuickReferenceRow, ...] = ()
    labels: GuideLabels = field(default_factory=GuideLabels)
    # German DIN 5007: "expand" (ä = ae, DIN 5007-2) or "base" (ä = a, DIN 5007-1).
    umlauts: Literal["expand", "base"] = "expand"

    def entries(self) -> list[Entry]:
        return [entry for section in self.sections for entry in section.entries]
