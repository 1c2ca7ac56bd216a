"""A GuideDocument as parts of rows: title page, contents, sections, index and quick reference.

Page numbers come from `Refs`, the previous layout pass; the first pass prints "?" and the passes
repeat until the numbers no longer change. Glossaries, alphabetical lists, related topics and the
index are sorted with the locale's collation (`pipeline.i18n.collation`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pipeline.i18n.collation import sort_key
from pipeline.i18n.tokens import LINK, strip_markup
from pipeline.rules.guide import Block, Entry, GuideDocument, Section

from ..guide_style import Geometry, GuideStyle
from .paginate import Part
from .rows import Row, icon_row, leader_rows, table_rows, text_rows

NBSP = "\u00a0"
BULLET = "\u2022"
UNKNOWN_PAGE = "?"

IndexLines = tuple[tuple[str, tuple[int, ...]], ...]


@dataclass(frozen=True)
class Refs:
    """What the previous pass found: the page of every anchor, and the index (term, pages)."""

    anchors: dict[str, int] = field(default_factory=dict)
    index: IndexLines = ()


class Composer:
    """Turns one document into parts for one style, paper and set of page references."""

    def __init__(self, document: GuideDocument, style: GuideStyle, geometry: Geometry, refs: Refs) -> None:
        self.doc = document
        self.style = style
        self.geometry = geometry
        self.refs = refs
        self.locale = document.locale
        self.titles = {entry.id: entry.title for entry in document.entries()}
        self.width = geometry.column_width(style.columns)

    def key(self, text: str) -> tuple[str, str, str]:
        return sort_key(strip_markup(text), self.locale, self.doc.umlauts)

    def parts(self) -> list[Part]:
        """Every part of the document, in print order."""
        s = self.style
        parts: list[Part] = []
        if s.title_page:
            parts.append(Part("title", self._title_page()))
        else:
            parts.append(Part("heading", self._title_rows()))
        if s.contents:
            parts.append(Part("contents", self._contents()))
        for i, section in enumerate(self.doc.sections):
            new_page = s.section_breaks or (s.title_page and (i == 0 or section.sort_entries))
            parts.append(Part("section", self._section(section), s.columns, new_page=new_page))
        if s.index:
            parts.append(Part("index", self._index(), s.index_columns))
        if self.doc.quick_reference:
            parts.append(Part("quick-reference", self._quick_reference(), s.columns, new_page=s.title_page))
        return parts

    # --- Page references ----------------------------------------------------------------------

    def page_of(self, anchor: str) -> str:
        page = self.refs.anchors.get(anchor)
        return str(page) if page is not None else UNKNOWN_PAGE

    def link(self, entry_id: str) -> str:
        """An entry named by id: its title, and its page where the style prints page references."""
        title = self.titles.get(entry_id, entry_id)
        if not self.style.page_refs:
            return f"*{title}*"
        return f"*{title}* ({self.doc.labels.page}{NBSP}{self.page_of(f'entry:{entry_id}')})"

    def resolve(self, text: str) -> str:
        return LINK.sub(lambda m: self.link(m.group(1)), text)

    # --- Parts --------------------------------------------------------------------------------

    def _title_rows(self) -> list[Row]:
        s = self.style
        rows = text_rows(f"**{self.doc.title}**", self.geometry.width, s.title_size, self.locale, leading=1.2,
                         color=s.accent, hyphenate=False)
        return [*rows, Row(height=0.5 * s.title_size)]

    def _title_page(self) -> list[Row]:
        s = self.style
        spacer = Row(height=self.geometry.height * 0.32)
        title = text_rows(f"**{self.doc.title}**", self.geometry.width, s.title_size, self.locale, leading=1.2,
                          color=s.accent, align="center", hyphenate=False)
        return [spacer, *title]

    @staticmethod
    def _keep_after_heading(rows: list[Row], heading: int) -> list[Row]:
        """The first `heading` rows are a heading: it keeps with at least two rows of what follows."""
        if len(rows) > heading + 1:
            rows[heading].keep_with_next = True
        return rows

    def _heading(self, text: str, size: float, anchor: str, owner: str = "", space: float = 0.0) -> list[Row]:
        return text_rows(f"**{text}**", self.width, size, self.locale, leading=1.25, color=self.style.accent,
                         owner=owner, anchors=(anchor,), keep=True, space_before=space, hyphenate=False)

    def _contents(self) -> list[Row]:
        s, labels = self.style, self.doc.labels
        width = self.geometry.width
        rows = text_rows(f"**{labels.contents}**", width, s.h1_size, self.locale, leading=1.25, color=s.accent,
                         anchors=("contents",))
        lines = [(section.title, f"section:{section.id}") for section in self.doc.sections]
        if s.index:
            lines.append((labels.index, "index"))
        if self.doc.quick_reference:
            lines.append((labels.quick_reference, "quick-reference"))
        for i, (title, anchor) in enumerate(lines):
            rows += leader_rows(title, self.page_of(anchor), width, s.body_size + 1, self.locale, dots=s.dots,
                                space_before=(s.body_size if i == 0 else 0.3 * s.body_size))
        return rows

    def _section(self, section: Section) -> list[Row]:
        s = self.style
        rows = self._heading(section.title, s.h1_size, f"section:{section.id}", space=0.8 * s.h1_size)
        heading = len(rows)
        for block in section.intro:
            rows += self._block(block, owner="")
        entries = list(section.entries)
        if section.sort_entries:
            entries.sort(key=lambda entry: self.key(entry.title))
        for entry in entries:
            rows += self._entry(entry)
        return self._keep_after_heading(rows, heading)

    def _entry(self, entry: Entry) -> list[Row]:
        s = self.style
        rows = self._heading(entry.title, s.h2_size, f"entry:{entry.id}", owner=entry.id, space=0.9 * s.body_size)
        heading = len(rows)
        for block in entry.blocks:
            rows += self._block(block, owner=entry.id)
        self._keep_after_heading(rows, heading)
        if s.related and entry.related:
            links = sorted((self.link(i) for i in entry.related), key=self.key)
            text = f"**{self.doc.labels.related}** " + ", ".join(links)
            rows += text_rows(text, self.width, s.small_size, self.locale, leading=s.leading, color=s.muted,
                              owner=entry.id, space_before=0.4 * s.body_size)
        return rows

    def _para(self, text: str, owner: str, **options: Any) -> list[Row]:
        """Body text rows (links resolved) in the body size."""
        s = self.style
        return text_rows(self.resolve(text), self.width, s.body_size, self.locale, leading=s.leading, color=s.ink,
                         owner=owner, **options)

    def _block(self, block: Block, owner: str) -> list[Row]:
        s = self.style
        size, gap = s.body_size, 0.45 * s.body_size
        para = functools.partial(self._para, owner=owner)
        if block.kind in ("example", "note"):
            bar = s.muted if block.kind == "example" else s.accent
            text = f"*{block.text}*" if block.kind == "example" and "*" not in block.text else block.text
            rows = para(text, indent=1.2 * size, bar=bar, space_before=gap)
        elif block.kind == "table":
            rows = para(block.text, space_before=gap) if block.text else []
            cells = [[self.resolve(cell) for cell in row] for row in block.rows]
            rows += table_rows(cells, self.width, size, self.locale, leading=s.leading, color=s.ink, fill=s.tint, rule=s.rule,
                               owner=owner, space_before=gap, column_height=self.geometry.height)
        else:
            rows = para(block.text, space_before=gap) if block.text else []
            if block.kind in ("bullets", "numbered"):
                rows += self._items(block, para, gap)
        return rows

    def _items(self, block: Block, para: Callable[..., list[Row]], gap: float) -> list[Row]:
        """A list's items, sorted for the locale when the list is alphabetical, each with its marker."""
        items = [self.resolve(item) for item in block.items]
        if block.order == "alphabetical":
            items.sort(key=self.key)
        rows: list[Row] = []
        indent = 1.5 * self.style.body_size
        for i, item in enumerate(items):
            marker = BULLET if block.kind == "bullets" else f"{i + 1}."
            rows += para(item, indent=indent, marker=marker, space_before=gap if i == 0 else 0.15 * gap)
        return rows

    def _index(self) -> list[Row]:
        s = self.style
        width = self.geometry.column_width(s.index_columns)
        rows = text_rows(f"**{self.doc.labels.index}**", width, s.h1_size, self.locale, leading=1.25, color=s.accent,
                         anchors=("index",), keep=True)
        letter = ""
        heading: int | None = None  # where the rows under the current letter start
        for term, pages in self.refs.index:
            initial = self.key(term)[0][:1].upper()
            if initial and initial != letter:
                letter = initial
                if heading is not None:
                    self._keep_after_heading(rows, heading)
                rows += text_rows(f"**{letter}**", width, s.h2_size, self.locale, color=s.accent, keep=True,
                                  space_before=0.6 * s.body_size)
                heading = len(rows)
            numbers = ", ".join(str(n) for n in pages)
            rows += leader_rows(term, numbers, width, s.small_size, self.locale, leading=s.leading, dots=s.dots)
        return rows if heading is None else self._keep_after_heading(rows, heading)

    def _quick_reference(self) -> list[Row]:
        s = self.style
        rows = self._heading(self.doc.labels.quick_reference, s.h1_size, "quick-reference", space=0.8 * s.h1_size)
        heading = len(rows)
        for i, item in enumerate(self.doc.quick_reference):
            rows.append(icon_row(item.icon, item.name, self.resolve(item.text), self.width, s.body_size, self.locale,
                                 leading=s.leading, color=s.ink, space_before=(s.body_size if i == 0 else 0.5 * s.body_size)))
        return self._keep_after_heading(rows, heading)
