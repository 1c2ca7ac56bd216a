"""A board at full size over sheets of paper (equal tiles with overlap, trim lines, alignment marks, tile
labels and an assembly page), and the same board scaled to fit one sheet as a poster.

Tiles fill the printable area (the paper less the profile's margin, less a strip at the top for the tile's
label) in the paper orientation that needs fewer sheets: along each side
`ceil((board - overlap) / (printable - overlap))` tiles, spread evenly so they share one size.
A tile is labelled by its row letter and column number (A1, A2, ... B1). Each sheet after the first
column (row) is cut along the dashed trim line in the middle of its left (top) overlap and laid over
its neighbour: the halves of the alignment marks on that line meet.
"""

from __future__ import annotations

import math
import string
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from .fonts import font_name
from .icons import rgb
from .pdf import Document
from .pen import style
from .richtext import fit_text
from .units import Box, Size, pt

TILE_MARGIN = 10.0  # mm of paper around the assembly page and the poster
LABEL_STRIP = 6.0  # mm above a tile, inside the printable area, for its label and title line
LABEL_BASELINE = 1.5  # mm from the tile's top edge up to the label's baseline
CROP_GAP = 1.5  # mm between a tile's corner and its crop marks
MARK = 4.0  # half the length of an alignment mark's arms, mm
# Sheets along one side of a board: beyond this an overlap almost as wide as the paper (or a board of
# many metres) would write a PDF of millions of pages.
MAX_TILES_ALONG = 40
LABELS = {
    "assembly": "Assembly",
    "assembly-help": "Print every sheet at 100 % (no scaling). Cut each sheet along its dashed trim lines, lay it "
                     "over its neighbours so the halves of every alignment mark meet, and tape it from behind.",
    "overlap": "Overlap",
    "tile": "Tile",
}


class TilingError(ValueError):
    """Paper too small for the overlap (reported as a finding by the caller)."""


@dataclass(frozen=True)
class TilePlan:
    """How a board is cut into equal tiles on sheets of one paper size and orientation."""

    board: Size
    paper: Size  # in the orientation used
    columns: int
    rows: int
    tile: Size  # the part of the board one sheet shows, overlap included
    overlap: float
    margin: float  # the profile's margin: nothing is drawn closer to the paper edge

    @property
    def count(self) -> int:
        return self.columns * self.rows

    @property
    def left(self) -> float:
        return (self.paper.width - self.tile.width) / 2

    @property
    def top(self) -> float:
        """Centred in the printable area below the label strip."""
        return self.margin + LABEL_STRIP + (self.paper.height - 2 * self.margin - LABEL_STRIP - self.tile.height) / 2

    def region(self, column: int, row: int) -> Box:
        """The board region of a tile, in board millimetres."""
        step_x, step_y = self.tile.width - self.overlap, self.tile.height - self.overlap
        return Box(column * step_x, row * step_y, self.tile.width, self.tile.height)

    def seams(self) -> tuple[list[float], list[float]]:
        """Board x of each vertical trim line and board y of each horizontal one (middle of an overlap)."""
        xs = [self.region(c, 0).x + self.overlap / 2 for c in range(1, self.columns)]
        ys = [self.region(0, r).y + self.overlap / 2 for r in range(1, self.rows)]
        return xs, ys


def tile_label(column: int, row: int) -> str:
    """A1, A2, ... for row 0; B1 ... for row 1 (AA, AB ... past Z)."""
    letters = string.ascii_uppercase
    name = letters[row % 26] if row < 26 else letters[row // 26 - 1] + letters[row % 26]
    return f"{name}{column + 1}"


def tiles_along(length: float, printable: float, overlap: float) -> int:
    """How many tiles cover `length` mm when each shows `printable` mm and neighbours share `overlap` mm."""
    if printable <= overlap:
        raise TilingError(f"a printable width of {printable:g} mm cannot hold an overlap of {overlap:g} mm")
    count = max(1, math.ceil((length - overlap) / (printable - overlap) - 1e-9))
    if count > MAX_TILES_ALONG:
        raise TilingError(f"{length:g} mm in tiles of {printable:g} mm overlapping by {overlap:g} mm takes {count} sheets "
                          f"along one side (at most {MAX_TILES_ALONG})")
    return count


def plan_tiles(board: Size, paper: Size, margin: float, overlap: float) -> TilePlan:
    """The orientation needing fewer sheets (landscape on a tie), tiles spread evenly over the printable area
    (`margin` from every paper edge, the label strip at the top)."""
    plans = []
    for sheet in (paper.swapped(), paper) if paper.width < paper.height else (paper, paper.swapped()):
        width, height = sheet.width - 2 * margin, sheet.height - 2 * margin - LABEL_STRIP
        columns, rows = tiles_along(board.width, width, overlap), tiles_along(board.height, height, overlap)
        tile = Size((board.width - overlap) / columns + overlap, (board.height - overlap) / rows + overlap)
        plans.append(TilePlan(board, sheet, columns, rows, tile, overlap, margin))
    return min(plans, key=lambda plan: plan.count)


def tiled_pdf(title: str, form: str, draw_form: Callable[[Document], None], plan: TilePlan, labels: Mapping[str, str],
              locale: str) -> Document:
    """An assembly page, then one page per tile (row by row); draw_form(doc) defines the board form."""
    text = {**LABELS, **labels}
    doc = Document(title, (pt(plan.paper.width), pt(plan.paper.height)))
    draw_form(doc)
    _assembly(doc, title, form, plan, text, locale)
    for row in range(plan.rows):
        for column in range(plan.columns):
            _tile(doc, title, form, plan, column, row, text)
    return doc


def _assembly(doc: Document, title: str, form: str, plan: TilePlan, text: Mapping[str, str], locale: str) -> None:
    c, paper = doc.canvas, plan.paper
    c.setFillColor(rgb("#222222"))
    c.setFont(font_name("bold"), 16)
    c.drawString(pt(TILE_MARGIN), pt(paper.height - TILE_MARGIN - 6), f"{text['assembly']}: {title}")
    help_box = Box(TILE_MARGIN, TILE_MARGIN + 10, paper.width - 2 * TILE_MARGIN, 14)
    summary = (f"{text['assembly-help']}\n{plan.count} \u00d7 {text['tile']} ({plan.rows} \u00d7 {plan.columns}), "
               f"{plan.board.width:g} \u00d7 {plan.board.height:g} mm. {text['overlap']}: {plan.overlap:g} mm.")
    fitted = fit_text(summary, pt(help_box.width), pt(help_box.height), style(9, 6), locale)
    fitted.draw(c, pt(help_box.x), pt(paper.height - help_box.y))
    # The board in miniature with every tile outlined and labelled.
    room = Box(TILE_MARGIN, help_box.bottom + 4, paper.width - 2 * TILE_MARGIN, paper.height - help_box.bottom - 4 - TILE_MARGIN)
    scale = min(room.width / plan.board.width, room.height / plan.board.height)
    left = room.x + (room.width - plan.board.width * scale) / 2
    top = room.y
    c.saveState()
    c.translate(pt(left), pt(paper.height - top - plan.board.height * scale))
    c.scale(scale, scale)
    c.doForm(form)
    c.restoreState()
    c.setLineWidth(0.8)
    for row in range(plan.rows):
        for column in range(plan.columns):
            region = plan.region(column, row)
            x, y = left + region.x * scale, top + region.y * scale
            w, h = region.width * scale, region.height * scale
            c.setStrokeColor(rgb("#c0392b"))
            c.rect(pt(x), pt(paper.height - y - h), pt(w), pt(h), stroke=1, fill=0)
            label = tile_label(column, row)
            c.setFillColor(rgb("#ffffff"))
            c.roundRect(pt(x + w / 2 - 7), pt(paper.height - y - h / 2 - 4), pt(14), pt(8), pt(1.5), fill=1, stroke=1)
            c.setFillColor(rgb("#c0392b"))
            c.setFont(font_name("bold"), 12)
            c.drawCentredString(pt(x + w / 2), pt(paper.height - y - h / 2 - 2.2), label)
    doc.end_page()


def _tile(doc: Document, title: str, form: str, plan: TilePlan, column: int, row: int, text: Mapping[str, str]) -> None:
    c, paper = doc.canvas, plan.paper
    region = plan.region(column, row)
    left, top = plan.left, plan.top
    # The board, shifted so this tile's region lands on the sheet, clipped to it.
    c.saveState()
    path = c.beginPath()
    path.rect(pt(left), pt(paper.height - top - region.height), pt(region.width), pt(region.height))
    c.clipPath(path, stroke=0, fill=0)
    c.translate(pt(left - region.x), pt(paper.height - top - plan.board.height + region.y))
    c.doForm(form)
    c.restoreState()
    _marks(doc, plan, region, column, row)
    _corners(doc, plan)
    label = tile_label(column, row)
    index = row * plan.columns + column + 1
    c.setFillColor(rgb("#222222"))
    c.setFont(font_name("bold"), 13)
    baseline = pt(paper.height - top + LABEL_BASELINE)
    c.drawString(pt(left), baseline, label)
    c.setFont(font_name("regular"), 7)
    c.drawString(pt(left + 12), baseline, f"{title} \u00b7 {text['tile']} {label} ({index}/{plan.count}) \u00b7 "
                                          f"{text['overlap']} {plan.overlap:g} mm")
    doc.end_page()


def _marks(doc: Document, plan: TilePlan, region: Box, column: int, row: int) -> None:
    """Trim lines on this sheet's left and top overlaps; alignment marks on every trim line it shows."""
    c, paper = doc.canvas, plan.paper
    xs, ys = plan.seams()

    def page_x(x: float) -> float:
        return pt(plan.left + x - region.x)

    def page_y(y: float) -> float:
        return pt(paper.height - plan.top - (y - region.y))

    c.saveState()
    c.setStrokeColor(rgb("#555555"))
    c.setLineWidth(0.5)
    c.setDash(pt(2), pt(1.5))
    if column > 0:
        c.line(page_x(xs[column - 1]), page_y(region.y), page_x(xs[column - 1]), page_y(region.bottom))
    if row > 0:
        c.line(page_x(region.x), page_y(ys[row - 1]), page_x(region.right), page_y(ys[row - 1]))
    c.restoreState()
    points = [(x, region.y + region.height * f) for x in xs for f in (0.25, 0.75)]
    points += [(region.x + region.width * f, y) for y in ys for f in (0.25, 0.75)]
    points += [(x, y) for x in xs for y in ys]
    for x, y in points:
        if region.x <= x <= region.right and region.y <= y <= region.bottom:
            _cross(doc, page_x(x), page_y(y))


def _cross(doc: Document, x: float, y: float) -> None:
    """A registration mark: a circle and a cross, white under black so it reads on any colour."""
    c = doc.canvas
    for color, width in (("#ffffff", 1.6), ("#000000", 0.45)):
        c.setStrokeColor(rgb(color))
        c.setLineWidth(width)
        c.circle(x, y, pt(MARK * 0.55), stroke=1, fill=0)
        c.line(x - pt(MARK), y, x + pt(MARK), y)
        c.line(x, y - pt(MARK), x, y + pt(MARK))


def _corners(doc: Document, plan: TilePlan) -> None:
    """Crop marks at the tile's corners, as long as the printable area around the tile allows (none when the
    tile reaches the margin)."""
    c, paper = doc.canvas, plan.paper
    c.setStrokeColor(rgb("#000000"))
    c.setLineWidth(0.3)
    x0, x1 = plan.left, plan.left + plan.tile.width
    y0, y1 = plan.top, plan.top + plan.tile.height
    below = paper.height - plan.margin - y1  # the room under the tile, the smallest vertical room
    gap, length = CROP_GAP, min(4.0, plan.left - plan.margin - CROP_GAP, below - CROP_GAP)
    if length <= 0.5:
        return
    for x in (x0, x1):
        for y, d in ((y0, -1), (y1, 1)):
            c.line(pt(x), pt(paper.height - y - d * gap), pt(x), pt(paper.height - y - d * (gap + length)))
    for y in (y0, y1):
        for x, d in ((x0, -1), (x1, 1)):
            c.line(pt(x + d * gap), pt(paper.height - y), pt(x + d * (gap + length)), pt(paper.height - y))


def poster_pdf(title: str, form: str, draw_form: Callable[[Document], None], board: Size, paper: Size) -> Document:
    """The whole board scaled to fit one sheet (landscape for a wide board), with its title and scale."""
    sheet = paper.swapped() if (board.width > board.height) != (paper.width > paper.height) else paper
    doc = Document(title, (pt(sheet.width), pt(sheet.height)))
    draw_form(doc)
    c = doc.canvas
    room = Box(TILE_MARGIN, TILE_MARGIN + 6, sheet.width - 2 * TILE_MARGIN, sheet.height - 2 * TILE_MARGIN - 6)
    scale = min(room.width / board.width, room.height / board.height)
    left = room.x + (room.width - board.width * scale) / 2
    top = room.y + (room.height - board.height * scale) / 2
    c.setFillColor(rgb("#222222"))
    c.setFont(font_name("bold"), 11)
    c.drawString(pt(left), pt(sheet.height - top + 2), title)
    c.setFont(font_name("regular"), 7)
    c.drawRightString(pt(left + board.width * scale), pt(sheet.height - top + 2), f"{scale * 100:.0f} %")
    c.saveState()
    c.translate(pt(left), pt(sheet.height - top - board.height * scale))
    c.scale(scale, scale)
    c.doForm(form)
    c.restoreState()
    doc.end_page()
    return doc
