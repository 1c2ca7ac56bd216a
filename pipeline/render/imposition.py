"""Imposition: faces on sheets. Cards abut (shared cut lines) with bleed around the grid and crop marks
outside it; nothing is drawn on a cut line. Backs: `duplex` (mirrored back pages shifted by the back
offset, measured on the calibration sheet of calibration.py), `gutter` (fronts and mirrored backs either
side of a fold), or `none`.
One-up documents carry TrimBox and BleedBox for print-on-demand shops.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from reportlab.pdfbase import pdfmetrics

from .faces import PreparedFace
from .fonts import font_name
from .pdf import Document, DrawnPdf
from .profiles import Profile
from .units import PT_PER_MM, Size, pt

Slot = tuple[PreparedFace, PreparedFace | None]  # front, back
Offset = tuple[float, float]  # mm the duplex backs move: right, up (as printed on the back)


@dataclass
class Group:
    """Consecutive card instances of one deck with one card size, and the label printed in the margin."""

    label: str
    size: Size
    slots: list[Slot]
    title: str = ""  # the deck's title: its entry in the PDF's outline


@dataclass(frozen=True)
class Grid:
    cols: int
    rows: int
    left: float  # trim box of the grid's top-left card, mm from the page's top-left
    top: float
    card: Size  # one cell: the card as placed (width and height swapped when rotated)
    rotated: bool = False  # fronts turned a quarter left (their top to the paper's left), backs a quarter right

    @property
    def per_page(self) -> int:
        return self.cols * self.rows


@dataclass(frozen=True)
class Position:
    """Where a card instance printed: its front's page (1-based) and cell (1-based, as seen on the front)."""

    deck: str
    card: str
    page: int
    row: int
    col: int

    def as_json(self) -> dict[str, str | int]:
        return {"deck": self.deck, "card": self.card, "page": self.page, "row": self.row, "col": self.col}


@dataclass
class Imposed:
    data: bytes
    pages: int
    placed: int
    positions: list[Position]
    drawn: DrawnPdf  # what the document wrote, for the output preflight (production/preflight.py: preflight_drawn)


class LayoutError(ValueError):
    """A card that does not fit on the paper at all (reported as a finding by the caller)."""


def fit_grid(width: float, height: float, card: Size, bleed: float) -> tuple[int, int]:
    cols = int((width - 2 * bleed + 1e-6) // card.width)
    rows = int((height - 2 * bleed + 1e-6) // card.height)
    if cols < 1 or rows < 1:
        raise LayoutError(f"a {card.width:g}x{card.height:g} mm card does not fit in {width:g}x{height:g} mm")
    return cols, rows


def choose_grid(width: float, height: float, card: Size, bleed: float) -> tuple[int, int, bool]:
    """Columns, rows and whether the card is turned a quarter: turned only where that fits more cards in the
    area (width x height mm, the bleed around the grid inside it)."""
    try:
        upright = fit_grid(width, height, card, bleed)
    except LayoutError:
        upright = (0, 0)
    try:
        turned = fit_grid(width, height, card.swapped(), bleed)
    except LayoutError:
        if upright == (0, 0):
            raise
        return (*upright, False)
    if turned[0] * turned[1] > upright[0] * upright[1]:
        return (*turned, True)
    return (*upright, False)


def impose(groups: list[Group], profile: Profile, backs: str, back_offset: Offset, title: str,
           charset: str = "") -> Imposed:
    """A sheet PDF of every group, each group starting on a new sheet (its fonts start from `charset`: pdf.Document)."""
    paper = profile.paper.swapped() if backs == "gutter" else profile.paper
    doc = Document(title, (pt(paper.width), pt(paper.height)), charset)
    placed = 0
    positions: list[Position] = []
    for group in groups:
        grids = _grids(group.size, paper, profile, backs)
        per_page = grids[0].per_page
        pages = math.ceil(len(group.slots) / per_page)
        doc.outline(group.title or group.label)
        for index in range(pages):
            chunk = group.slots[index * per_page: (index + 1) * per_page]
            label = f"{group.label} - {index + 1}/{pages}"
            for cell, (front, _) in enumerate(chunk):
                row, col = divmod(cell, grids[0].cols)
                positions.append(Position(front.face.deck, front.face.id, doc.pages + 1, row + 1, col + 1))
            if backs == "gutter":
                _page(doc, paper, grids[0], [s[0] for s in chunk], profile, label, marks=True)
                _mirrored(doc, grids[1], [s[1] for s in chunk], (0.0, 0.0), paper, profile.bleed)
                _fold_line(doc, paper, grids[0], profile)
                doc.end_page()
            else:
                _page(doc, paper, grids[0], [s[0] for s in chunk], profile, label, marks=True)
                doc.end_page()
                if backs == "duplex":
                    _mirrored(doc, grids[0], [s[1] for s in chunk], back_offset, paper, profile.bleed)
                    _label(doc, paper, grids[0], profile, label + " (back)")
                    doc.end_page()
            placed += len(chunk)
    return Imposed(doc.finish(), doc.pages, placed, positions, doc.drawn())


def per_sheet(card: Size, profile: Profile, backs: str) -> int:
    """How many cards of a size one sheet of the profile's paper holds (on each side; 0: none fits)."""
    try:
        grid = _grids(card, profile.paper, profile, backs)[0]
    except LayoutError:
        return 0
    return grid.cols * grid.rows


def _grids(card: Size, paper: Size, profile: Profile, backs: str) -> list[Grid]:
    area_h = paper.height - 2 * profile.margin
    if backs != "gutter":
        cols, rows, rotated = choose_grid(paper.width - 2 * profile.margin, area_h, card, profile.bleed)
        cell = card.swapped() if rotated else card
        left = (paper.width - cols * cell.width) / 2
        return [Grid(cols, rows, left, (paper.height - rows * cell.height) / 2, cell, rotated)]
    half = paper.width / 2 - profile.gutter / 2 - profile.margin
    cols, rows, rotated = choose_grid(half, area_h, card, profile.bleed)
    cell = card.swapped() if rotated else card
    top = (paper.height - rows * cell.height) / 2
    fold = paper.width / 2
    front = Grid(cols, rows, fold - profile.gutter / 2 - cols * cell.width, top, cell, rotated)
    back = Grid(cols, rows, fold + profile.gutter / 2, top, cell, rotated)
    return [front, back]


def _cells(count: int, grid: Grid, mirrored: bool) -> list[tuple[int, int]]:
    cells = []
    for i in range(count):
        row, col = divmod(i, grid.cols)
        cells.append((grid.cols - 1 - col if mirrored else col, row))
    return cells


def _place_all(doc: Document, grid: Grid, faces: list[PreparedFace | None], cells: list[tuple[int, int]], paper: Size,
               bleed: float, shift: Offset = (0.0, 0.0), turn: int = 0) -> None:
    """Place faces in cells (turned `turn` degrees counter-clockwise); a card's clip takes the bleed only on sides
    with no neighbour."""
    occupied = set(cells)
    w, h = grid.card.width, grid.card.height
    for face, (col, row) in zip(faces, cells, strict=True):
        if face is None:
            continue
        x0 = grid.left + shift[0] + col * w
        top = grid.top - shift[1] + row * h
        left = bleed if (col - 1, row) not in occupied else 0.0
        right = bleed if (col + 1, row) not in occupied else 0.0
        above = bleed if (col, row - 1) not in occupied else 0.0
        below = bleed if (col, row + 1) not in occupied else 0.0
        clip = (pt(x0 - left), pt(paper.height - top - h - below), pt(x0 + w + right), pt(paper.height - top + above))
        doc.place(face, pt(x0), pt(paper.height - top - h), clip, turn, (pt(w), pt(h)))


def _page(doc: Document, paper: Size, grid: Grid, faces: list[PreparedFace], profile: Profile, label: str, marks: bool) -> None:
    cells = _cells(len(faces), grid, mirrored=False)
    _place_all(doc, grid, list(faces), cells, paper, profile.bleed, turn=90 if grid.rotated else 0)
    if marks:
        _crop_marks(doc, paper, grid, cells, profile)
    _label(doc, paper, grid, profile, label)


def _mirrored(doc: Document, grid: Grid, faces: list[PreparedFace | None], shift: Offset, paper: Size, bleed: float) -> None:
    """Backs in the mirrored cells; a turned front's back is turned the other way, so that once the sheet is
    flipped the back's top lies along the same edge of the card as the front's."""
    _place_all(doc, grid, faces, _cells(len(faces), grid, mirrored=True), paper, bleed, shift, turn=-90 if grid.rotated else 0)


def _crop_marks(doc: Document, paper: Size, grid: Grid, cells: list[tuple[int, int]], profile: Profile) -> None:
    """Short lines on the extension of every cut line, starting the crop offset outside the trim and ending at
    the profile's margin. Where the margin leaves less than a mark's length there (three rows of poker cards
    on Letter leave 3.9 mm above the grid), the mark starts nearer, at the bleed's edge, never on the bleed;
    a mark shorter than 0.5 mm is left out."""
    c = doc.canvas
    c.setStrokeColor("#000000")
    c.setLineWidth(profile.crop_width)
    cols = sorted({col for col, _ in cells})
    rows = sorted({row for _, row in cells})
    x_lines = {grid.left + k * grid.card.width for col in cols for k in (col, col + 1)}
    y_lines = {grid.top + k * grid.card.height for row in rows for k in (row, row + 1)}
    top, bottom = min(y_lines), max(y_lines)
    left, right = min(x_lines), max(x_lines)
    length = profile.crop_length
    low = profile.margin  # a mark is cut short at the margin: a printer cannot print closer to the edge

    def start(room: float) -> float:  # from the trim, given the room between the trim and the margin
        return max(profile.bleed, min(profile.crop_offset, room - length))

    for x in sorted(x_lines):
        for y0, direction in ((top, -1), (bottom, 1)):
            offset = start(y0 - low if direction < 0 else paper.height - low - y0)
            a, b = y0 + direction * offset, y0 + direction * (offset + length)
            a, b = (max(low, min(paper.height - low, v)) for v in (a, b))
            if abs(b - a) > 0.5:
                c.line(pt(x), pt(paper.height - a), pt(x), pt(paper.height - b))
    for y in sorted(y_lines):
        for x0, direction in ((left, -1), (right, 1)):
            offset = start(x0 - low if direction < 0 else paper.width - low - x0)
            a, b = x0 + direction * offset, x0 + direction * (offset + length)
            a, b = (max(low, min(paper.width - low, v)) for v in (a, b))
            if abs(b - a) > 0.5:
                c.line(pt(a), pt(paper.height - y), pt(b), pt(paper.height - y))


LABEL_SIZE = 6.0  # pt


def _label(doc: Document, paper: Size, grid: Grid, profile: Profile, text: str) -> None:
    """The deck label, inside the printable area and clear of the crop marks: above the grid between the
    margin and the marks, else along its left side there, else along the first row between the margin and
    the crop marks of the row lines (where it fits in a row); no label where none has room."""
    c = doc.canvas
    name = font_name("regular")
    ascent, descent = (v / PT_PER_MM for v in pdfmetrics.getAscentDescent(name, LABEL_SIZE))
    tall = ascent - descent
    length = pdfmetrics.stringWidth(text, name, LABEL_SIZE) / PT_PER_MM
    reserved = profile.crop_offset + profile.crop_length
    low = profile.margin
    c.setFillColor("#555555")
    c.setFont(name, LABEL_SIZE)
    if grid.top - reserved - low >= tall:
        baseline = (low + grid.top - reserved) / 2 + (ascent + descent) / 2
        c.drawString(pt(grid.left), pt(paper.height - baseline), text)
        return
    side = grid.left - reserved if grid.left - reserved - low >= tall else grid.left - profile.crop_offset - 0.5
    if side - low < tall or (side != grid.left - reserved and length > grid.card.height - 2):
        return
    # Turned a quarter left, the text's ascent points left: centre its height in the band.
    baseline = (low + side) / 2 + (ascent + descent) / 2
    c.saveState()
    c.translate(pt(baseline), pt(paper.height - grid.top - 1))
    c.rotate(90)
    c.drawRightString(0, 0, text)
    c.restoreState()


def _fold_line(doc: Document, paper: Size, grid: Grid, profile: Profile) -> None:
    """A dashed fold line in the gutter above and below the grid (it is not a cut line), ending at the
    profile's margin like every mark."""
    c = doc.canvas
    c.saveState()
    c.setStrokeColor("#888888")
    c.setLineWidth(0.4)
    c.setDash(2, 2)
    x = pt(paper.width / 2)
    # In mm from the top: from just beyond the grid's bleed to the margin, above and below the grid.
    top, bottom = grid.top - profile.bleed - 1, grid.top + grid.rows * grid.card.height + profile.bleed + 1
    if top - profile.margin > 0.5:
        c.line(x, pt(paper.height - top), x, pt(paper.height - profile.margin))
    if paper.height - profile.margin - bottom > 0.5:
        c.line(x, pt(paper.height - bottom), x, pt(profile.margin))
    c.restoreState()


def one_up(slots: list[Slot], bleed: float, backs: str, title: str, titles: dict[str, str] | None = None,
           charset: str = "") -> Imposed:
    """One card per page (front, then its back unless backs is none), with TrimBox and BleedBox; the
    outline names each deck (titles by deck id); its fonts start from `charset` (pdf.Document)."""
    titles = titles or {}
    if not slots:
        empty = Document(title, (pt(63), pt(88)))
        return Imposed(empty.finish(), 0, 0, [], empty.drawn())
    first = slots[0][0].template.size
    doc = Document(title, (pt(first.width + 2 * bleed), pt(first.height + 2 * bleed)), charset)
    c = doc.canvas
    positions = []
    deck = ""
    for front, back in slots:
        if front.face.deck != deck:
            deck = front.face.deck
            doc.outline(titles.get(deck, deck))
        positions.append(Position(deck, front.face.id, doc.pages + 1, 1, 1))
        faces = [front] if backs == "none" or back is None else [front, back]
        for face in faces:
            size = face.template.size
            width, height = pt(size.width + 2 * bleed), pt(size.height + 2 * bleed)
            c.setPageSize((width, height))
            c.setCropBox((0, 0, width, height))
            c.setBleedBox((0, 0, width, height))
            c.setTrimBox((pt(bleed), pt(bleed), width - pt(bleed), height - pt(bleed)))
            doc.place(face, pt(bleed), pt(bleed), None)
            doc.end_page()
    return Imposed(doc.finish(), doc.pages, len(slots), positions, doc.drawn())
