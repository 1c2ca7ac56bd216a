"""Rows: the unit of guide layout. Each row is measured when made (height, plain text) and draws itself.

Text is set with the print helper's rich text (real Vera metrics, pyphen hyphenation per locale);
a paragraph becomes one row per line, so pages break between lines. Sizes are points.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from reportlab.pdfgen.canvas import Canvas

from ..fonts import ascent_descent, font_name, text_width
from ..icons import draw_icon
from ..richtext import ICON_EM, NO_HYPHENATION, SOFT_BREAK, Line, break_lines, parse

ICON_SCALE = 2.1  # a quick-reference icon, in ems of the body size
CELL_PAD = 2.0  # pt
DOT_GAP = 3.0  # pt between leader dots
NBSP = "\u00a0"


@dataclass(eq=False)
class Row:
    """Something placed in a column: its height and the space above it (dropped at a column top)."""

    height: float
    space_before: float = 0.0
    keep_with_next: bool = False
    anchors: tuple[str, ...] = ()  # "section:<id>", "entry:<id>", ... found on the page the row lands on
    owner: str = ""  # the entry whose text this row prints
    text: str = ""  # plain text, for the index
    overflow: float = 0.0  # how far (pt) its widest line runs past the width it was set in: a word too long to break
    repeat: Row | None = None  # a table's header row, printed again above this row when it starts a column

    def draw(self, c: Canvas, x: float, top: float, width: float) -> None:
        """Draw with the row's top-left corner at (x, top) in points; a bare Row is empty space."""


def plain(line: Line) -> str:
    """The plain text of a set line (icons left out)."""
    return " ".join("".join(frag.plain() for frag in word) for word in line.words)


def overflow(lines: list[Line], width: float, size: float) -> float:
    """How far (pt) the widest of lines set at size runs past width; 0 when every line fits."""
    return max([0.0, *(line.width * size - width for line in lines)])


def set_lines(markup: str, width: float, size: float, locale: str, hyphenate: bool = True) -> list[Line]:
    """Markup set in a column width (pt) at a size, hyphenated per locale; paragraphs follow each other."""
    lines: list[Line] = []
    for paragraph in parse(markup).paragraphs:
        lines.extend(break_lines(paragraph, width / size, locale if hyphenate else NO_HYPHENATION))
    return lines


@dataclass
class Segment:
    """A run of text in one style and colour, drawn from x (pt) on the line's baseline."""

    x: float
    style: str
    text: str
    end: float
    color: str


def line_segments(line: Line, x: float, size: float, color: str) -> tuple[list[Segment], list[tuple[str, float]]]:
    """A set line as text runs (spaces kept, so extracted text reads as written) and icons at their x."""
    segments: list[Segment] = []
    icons: list[tuple[str, float]] = []
    cursor = x
    for w, word in enumerate(line.words):
        for f, frag in enumerate(word):
            lead = " " if w and not f else ""
            if frag.icon:
                cursor += text_width(lead, word[0].style) * size
                icons.append((frag.icon, cursor))
                cursor += frag.width() * size
                continue
            text = lead + frag.text.replace(NBSP, " ")
            width = text_width(text, frag.style) * size
            last = segments[-1] if segments else None
            if last is not None and last.style == frag.style and abs(last.end - cursor) < 1e-6:
                last.text += text
                last.end += width
            else:
                segments.append(Segment(cursor, frag.style, text, cursor + width, color))
            cursor += width
    return segments, icons


def draw_line(c: Canvas, line: Line, x: float, top: float, size: float, leading: float, color: str,
              extra: tuple[Segment, ...] = (), before: tuple[Segment, ...] = ()) -> None:
    """Draw a set line as one text object (one extracted line) between before and extra runs, icons after it."""
    baseline = top - size * (ascent_descent("regular")[0] + (leading - 1.0) / 2)
    segments, icons = line_segments(line, x, size, color)
    text = c.beginText()
    for segment in [*before, *segments, *extra]:
        text.setTextOrigin(segment.x, baseline)
        text.setFont(font_name(segment.style), size)
        text.setFillColor(segment.color)
        text.textOut(segment.text)
    c.drawText(text)
    for name, left in icons:
        draw_icon(c, name, left + 0.05 * size, baseline - 0.16 * size, size * (ICON_EM - 0.1))


def draw_lines(c: Canvas, lines: list[Line], x: float, top: float, width: float, size: float, leading: float,
               color: str, align: str = "left") -> None:
    """Lines one below the other, aligned in a width."""
    for line in lines:
        free = width - line.width * size
        shift = free / 2 if align == "center" else free if align == "right" else 0.0
        draw_line(c, line, x + shift, top, size, leading, color)
        top -= leading * size


@dataclass(eq=False)
class TextRow(Row):
    """One line of text, with an optional list marker in the hanging indent and a bar left of examples."""

    line: Line = field(default_factory=Line)
    size: float = 9.5
    leading: float = 1.3
    color: str = "#222222"
    indent: float = 0.0
    marker: str = ""
    bar: str = ""
    align: str = "left"

    def draw(self, c: Canvas, x: float, top: float, width: float) -> None:
        if self.bar:
            c.setFillColor(self.bar)
            c.rect(x + self.indent - 0.6 * self.size, top - self.height, 1.6, self.height, fill=1, stroke=0)
        marker: tuple[Segment, ...] = ()
        if self.marker:
            left = x + self.indent - 0.35 * self.size - text_width(self.marker, "regular") * self.size
            marker = (Segment(left, "regular", self.marker, left, self.color),)
        free = width - self.indent - self.line.width * self.size
        shift = free / 2 if self.align == "center" else free if self.align == "right" else 0.0
        draw_line(c, self.line, x + self.indent + shift, top, self.size, self.leading, self.color, before=marker)


def text_rows(
    markup: str,
    width: float,
    size: float,
    locale: str,
    *,
    leading: float = 1.3,
    color: str = "#222222",
    indent: float = 0.0,
    marker: str = "",
    bar: str = "",
    align: str = "left",
    owner: str = "",
    space_before: float = 0.0,
    anchors: tuple[str, ...] = (),
    keep: bool = False,
    hyphenate: bool = True,
) -> list[Row]:
    """Rows for one block of markup: the marker and anchors go on the first line, keep on every line.

    A break inside the block leaves at least two lines on each side (no orphan, no widow): the first
    line keeps with the second and the last but one with the last, so two or three lines move whole.
    """
    lines = set_lines(markup, width - indent, size, locale, hyphenate)
    rows: list[Row] = []
    for i, line in enumerate(lines):
        rows.append(
            TextRow(
                height=leading * size,
                space_before=space_before if i == 0 else 0.0,
                keep_with_next=keep or (len(lines) > 1 and i in (0, len(lines) - 2)),
                anchors=anchors if i == 0 else (),
                owner=owner,
                text=plain(line),
                overflow=overflow([line], width - indent, size),
                line=line,
                size=size,
                leading=leading,
                color=color,
                indent=indent,
                marker=marker if i == 0 else "",
                bar=bar,
                align=align,
            )
        )
    return rows


@dataclass(eq=False)
class LeaderRow(Row):
    """A contents or index line: text on the left, dot leaders, a page reference on the right."""

    line: Line = field(default_factory=Line)
    right: str = ""
    size: float = 9.5
    leading: float = 1.3
    color: str = "#222222"
    indent: float = 0.0
    dots: str = ""  # the leader colour (the guide style's)

    def draw(self, c: Canvas, x: float, top: float, width: float) -> None:
        size = self.size
        right_width = text_width(self.right, "regular") * size
        number = Segment(x + width - right_width, "regular", self.right, x + width, self.color)
        start = x + self.indent + self.line.width * size + DOT_GAP
        dot = (text_width(". ", "regular")) * size
        count = int((number.x - DOT_GAP - start) // dot) if number.x - DOT_GAP > start else 0
        dots = " ".join("." * count)
        left = number.x - DOT_GAP - text_width(dots, "regular") * size
        extra = (Segment(left, "regular", f" {dots} " if dots else " ", number.x, self.dots), number)
        draw_line(c, self.line, x + self.indent, top, size, self.leading, self.color, extra)


def leader_rows(
    markup: str, right: str, width: float, size: float, locale: str, *, leading: float = 1.3, indent: float = 0.0,
    color: str = "#222222", dots: str, space_before: float = 0.0,
) -> list[Row]:
    """Rows for a leader line; long text wraps and the reference goes on its last line."""
    reserve = (text_width(right, "regular") + 2.5) * size
    room = width - indent - reserve
    lines = set_lines(markup, room, size, locale) or [Line()]
    rows: list[Row] = [
        TextRow(height=leading * size, space_before=space_before if i == 0 else 0.0, keep_with_next=True,
                text=plain(line), overflow=overflow([line], room, size), line=line, size=size, leading=leading,
                color=color, indent=indent)
        for i, line in enumerate(lines[:-1])
    ]
    last = lines[-1]
    rows.append(LeaderRow(height=leading * size, space_before=space_before if len(lines) == 1 else 0.0,
                          text=f"{plain(last)} {right}", overflow=overflow([last], room, size), line=last, right=right,
                          size=size, leading=leading, color=color, indent=indent, dots=dots))
    return rows


@dataclass(eq=False)
class TableRow(Row):
    """One table row: cells set in their column widths; the header row is bold on a tint."""

    cells: list[list[Line]] = field(default_factory=list)
    widths: list[float] = field(default_factory=list)
    size: float = 9.5
    leading: float = 1.3
    color: str = "#222222"
    fill: str = ""
    rule: str = ""  # the line under the row (the guide style's)

    def draw(self, c: Canvas, x: float, top: float, width: float) -> None:
        if self.fill:
            c.setFillColor(self.fill)
            c.rect(x, top - self.height, sum(self.widths), self.height, fill=1, stroke=0)
        c.setStrokeColor(self.rule)
        c.setLineWidth(0.4)
        c.line(x, top - self.height, x + sum(self.widths), top - self.height)
        left = x
        for lines, column in zip(self.cells, self.widths, strict=True):
            draw_lines(c, lines, left + CELL_PAD, top - CELL_PAD, column, self.size, self.leading, self.color)
            left += column


def table_rows(rows: list[list[str]], width: float, size: float, locale: str, *, leading: float = 1.3,
               color: str = "#222222", fill: str, rule: str, owner: str = "", space_before: float = 0.0,
               column_height: float) -> list[Row]:
    """Rows of a table whose first row is the header (set in bold); columns share the width by their text.

    A table no taller than a column (`column_height`, pt) is kept together; a taller one breaks between
    rows, never right after its header, and each of its rows carries the header to repeat above it
    when it starts a column.
    """
    if not rows:
        return []
    count = max(len(row) for row in rows)
    grid = [[*row, *[""] * (count - len(row))] for row in rows]
    grid[0] = [f"**{cell}**" if cell else "" for cell in grid[0]]
    widths = _column_widths(grid, width, size, locale)
    result: list[TableRow] = []
    for r, cells in enumerate(grid):
        set_cells = [set_lines(cell, w - 2 * CELL_PAD, size, locale) for cell, w in zip(cells, widths, strict=True)]
        height = max((len(lines) for lines in set_cells), default=1) * leading * size + 2 * CELL_PAD
        text = " ".join(plain(line) for lines in set_cells for line in lines).replace(SOFT_BREAK + " ", "")
        past = max([sum(widths) - width, *(overflow(lines, w - 2 * CELL_PAD, size)
                                           for lines, w in zip(set_cells, widths, strict=True))])
        result.append(TableRow(height=height, space_before=space_before if r == 0 else 0.0, keep_with_next=r == 0,
                               owner=owner, text=text, overflow=max(past, 0.0), cells=set_cells, widths=widths, size=size,
                               leading=leading, color=color, fill=fill if r == 0 else "", rule=rule,
                               repeat=result[0] if result else None))
    if sum(row.height for row in result) <= column_height:
        for row in result[:-1]:
            row.keep_with_next = True
    return list(result)


def _column_widths(grid: list[list[str]], width: float, size: float, locale: str) -> list[float]:
    """Widths proportional to each column's longest text, never below its longest word."""
    natural, least = [], []
    for column in zip(*grid, strict=True):
        words = [word for cell in column for paragraph in parse(cell).paragraphs for word in paragraph]
        lines = [set_lines(cell, 10_000.0, size, locale) for cell in column]
        natural.append(max((line.width * size for ls in lines for line in ls), default=0.0) + 2 * CELL_PAD)
        least.append(max((sum(f.width() for f in word) * size for word in words), default=0.0) + 2 * CELL_PAD)
    total = sum(natural) or 1.0
    widths = [max(low, width * nat / total) for nat, low in zip(natural, least, strict=True)]
    excess = sum(widths) - width
    if excess > 0:
        room = [w - low for w, low in zip(widths, least, strict=True)]
        spare = sum(room) or 1.0
        widths = [w - excess * r / spare for w, r in zip(widths, room, strict=True)]
    return widths


@dataclass(eq=False)
class IconRow(Row):
    """A quick-reference row: the icon drawn by name, its name in bold and what it means."""

    icon: str = ""
    name: list[Line] = field(default_factory=list)
    meaning: list[Line] = field(default_factory=list)
    name_width: float = 0.0
    size: float = 9.5
    leading: float = 1.3
    color: str = "#222222"

    def draw(self, c: Canvas, x: float, top: float, width: float) -> None:
        icon = ICON_SCALE * self.size
        draw_icon(c, self.icon, x, top - icon, icon)
        left = x + icon + 0.8 * self.size
        draw_lines(c, self.name, left, top, self.name_width, self.size, self.leading, self.color)
        draw_lines(c, self.meaning, left + self.name_width, top, width, self.size, self.leading, self.color)


def icon_row(icon: str, name: str, meaning: str, width: float, size: float, locale: str, *, leading: float = 1.3,
             color: str = "#222222", space_before: float = 0.0) -> IconRow:
    """A quick-reference row measured in the column width."""
    icon_width = (ICON_SCALE + 0.8) * size
    name_width = 0.3 * (width - icon_width)
    names = set_lines(f"**{name}**", name_width - 0.6 * size, size, locale)
    meaning_lines = set_lines(meaning, width - icon_width - name_width, size, locale)
    height = max(ICON_SCALE * size, max(len(names), len(meaning_lines)) * leading * size)
    text = " ".join(plain(line) for line in [*names, *meaning_lines]).replace(SOFT_BREAK + " ", "")
    past = max(overflow(names, name_width - 0.6 * size, size), overflow(meaning_lines, width - icon_width - name_width, size))
    return IconRow(height=height, space_before=space_before, text=text, overflow=past, icon=icon, name=names,
                   meaning=meaning_lines, name_width=name_width, size=size, leading=leading, color=color)
