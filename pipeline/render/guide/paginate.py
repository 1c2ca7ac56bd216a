"""Pagination: rows flow into the columns of pages; rows that keep with the next one move together.

A row keeps with the next to bind a heading to what follows, the first and last two lines of a
paragraph (no orphans, no widows) and a table that fits a column. Such a chain moves to the next
column when it does not fit in this one, unless it would not fit in an empty column either; a
table row that starts a column is printed below its table's header row again.

A `Part` is a run of rows with its own column count; a part that asks for it starts on a new page,
another continues below the page's content (in a new band when its column count differs).
The result says where every row landed, so anchors ("entry:<id>") resolve to page numbers.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from ..guide_style import Geometry
from ..richtext import SOFT_BREAK
from .rows import Row


@dataclass
class Part:
    name: str  # "title", "contents", "section", "index", "quick-reference", "aid"
    rows: list[Row]
    columns: int = 1
    new_page: bool = True


@dataclass(frozen=True)
class Placed:
    row: Row
    x: float
    top: float
    width: float


def joined_lines(texts: Iterable[str]) -> str:
    """Set lines as plain text: a word hyphenation broke is whole again, a word's own hyphen kept."""
    return "\n".join(texts).replace(SOFT_BREAK + "\n", "").replace("-\n", "-")


@dataclass
class Page:
    number: int  # 1-based, the title page included
    part: str
    placed: list[Placed] = field(default_factory=list)

    def text(self) -> str:
        """The page's plain text, line by line, with words broken by hyphenation joined again."""
        return joined_lines(p.row.text for p in self.placed)


class _Flow:
    """The column being filled and the pages made so far. A band is a run of columns across the page."""

    def __init__(self, geometry: Geometry) -> None:
        self.geometry = geometry
        self.pages: list[Page] = []
        self.columns = 1
        self.column = 0
        self.band_top = 0.0  # pt below the text area's top where the current band starts
        self.band_bottom = 0.0  # the deepest point used so far in the current band
        self.used = 0.0  # pt below the text area's top used in the current column

    @property
    def at_top(self) -> bool:
        return self.used == self.band_top

    def new_page(self, part: str, columns: int) -> None:
        self.pages.append(Page(len(self.pages) + 1, part))
        self.columns, self.column = columns, 0
        self.band_top = self.band_bottom = self.used = 0.0

    def new_band(self, columns: int) -> None:
        """Continue below everything on the page with another number of columns."""
        self.columns, self.column = columns, 0
        self.band_top = self.used = self.band_bottom

    def fresh_height(self) -> float:
        """The height of the column a chain moves to: the next column of this band, or a new page's."""
        top = self.band_top if self.column + 1 < self.columns else 0.0
        return self.geometry.height - top

    def next_column(self, part: str) -> None:
        if self.column + 1 < self.columns:
            self.column += 1
            self.used = self.band_top
        else:
            self.new_page(part, self.columns)

    def place(self, row: Row, gap: float) -> None:
        g = self.geometry
        width = g.column_width(self.columns)
        x = g.left + self.column * (width + g.gutter)
        self.pages[-1].placed.append(Placed(row, x, g.top - self.used - gap, width))
        self.used += gap + row.height
        self.band_bottom = max(self.band_bottom, self.used)


def _chain_height(rows: list[Row], start: int) -> float:
    """Height of a row plus every row it keeps with (their space before included)."""
    height = rows[start].height
    i = start
    while rows[i].keep_with_next and i + 1 < len(rows):
        i += 1
        height += rows[i].space_before + rows[i].height
    return height


def paginate(parts: list[Part], geometry: Geometry) -> list[Page]:
    """Place the parts' rows on pages, column by column."""
    flow = _Flow(geometry)
    for part in parts:
        if part.new_page or not flow.pages:
            flow.new_page(part.name, part.columns)
        elif part.columns != flow.columns:
            flow.new_band(part.columns)
        i = 0
        while i < len(part.rows):
            row = part.rows[i]
            gap = 0.0 if flow.at_top else row.space_before
            chain = _chain_height(part.rows, i)
            if chain > flow.fresh_height():  # too tall to keep together anywhere: keep the row alone
                chain = row.height
            if not flow.at_top and flow.used + gap + chain > geometry.height:
                flow.next_column(part.name)
                continue
            if flow.at_top and row.repeat is not None:
                flow.place(row.repeat, 0.0)
            flow.place(row, gap)
            i += 1
    return flow.pages


def anchor_pages(pages: list[Page]) -> dict[str, int]:
    """Every anchor and the first page it lands on."""
    found: dict[str, int] = {}
    for page in pages:
        for placed in page.placed:
            for anchor in placed.row.anchors:
                found.setdefault(anchor, page.number)
    return found


def owner_pages(pages: list[Page]) -> dict[str, dict[int, str]]:
    """For every entry, the text it prints on each page it spans (hyphenated words joined)."""
    found: dict[str, dict[int, list[str]]] = {}
    for page in pages:
        for placed in page.placed:
            if placed.row.owner:
                found.setdefault(placed.row.owner, {}).setdefault(page.number, []).append(placed.row.text)
    return {owner: {n: joined_lines(texts) for n, texts in by_page.items()}
            for owner, by_page in found.items()}
