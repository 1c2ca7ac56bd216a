"""A board at full size over sheets of paper (equal tiles with overlap, trim lines, alignment marks, tile
labels and an assembly page), and the same board scaled to fit one sheet as a poster.

Tiles fill the printable area (the paper less the profile's margin, less a strip at the top for the tile's
label). The plan takes the fewest sheets: a grid in one orientation (along each side
`ceil((board - overlap) / (printable - overlap))` tiles, spread evenly so they share one size), or columns
(rows) of the board each printed in the orientation that suits it, e.g. two portrait columns and one
landscape column (the 600 x 540 mm Path of Destiny playmat: 7 A4 sheets instead of 8); a strip's tiles
share one size. A tile is labelled by its row letter and column number (A1, A2, ... B1). Each sheet after
the first column (row) is cut along the dashed trim line in the middle of its left (top) overlap and laid
over its neighbour: the alignment marks sit at board positions, so their halves meet on every sheet.
"""

from __future__ import annotations

import math
import string
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from pipeline.rules.print_labels import TILING_LABELS as LABELS

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


class TilingError(ValueError):
    """Paper too small for the overlap (reported as a finding by the caller)."""


@dataclass(frozen=True)
class Tile:
    """One sheet of a tiled board: its label's column and row, the part of the board it shows (overlap
    included, board millimetres) and the paper in the orientation it prints in."""

    column: int
    row: int
    region: Box
    sheet: Size


@dataclass(frozen=True)
class TilePlan:
    """How a board is cut into tiles: a grid of equal tiles on sheets of one orientation, or strips (columns or
    rows of the board) each of one orientation, whose tiles are equal within the strip."""

    board: Size
    tiles: tuple[Tile, ...]  # in print order: row by row
    overlap: float
    margin: float  # the profile's margin: nothing is drawn closer to the paper edge
    strips: tuple[int, ...] = ()  # tiles per strip where the orientations are mixed (empty for one grid)

    @property
    def count(self) -> int:
        return len(self.tiles)

    @property
    def paper(self) -> Size:
        """The first sheet's paper (the assembly page prints on it)."""
        return self.tiles[0].sheet

    @property
    def columns(self) -> int:
        return max(tile.column for tile in self.tiles) + 1

    @property
    def rows(self) -> int:
        return max(tile.row for tile in self.tiles) + 1

    def tile(self, column: int, row: int) -> Tile:
        return next(tile for tile in self.tiles if (tile.column, tile.row) == (column, row))

    def left(self, tile: Tile) -> float:
        return (tile.sheet.width - tile.region.width) / 2

    def top(self, tile: Tile) -> float:
        """Centred in the printable area below the label strip."""
        return self.margin + LABEL_STRIP + (tile.sheet.height - 2 * self.margin - LABEL_STRIP - tile.region.height) / 2

    def marks(self) -> list[tuple[float, float]]:
        """Board points of the alignment marks: two on each stretch of a trim line that two sheets share (a
        quarter in from its ends), and every crossing of two trim lines. A sheet shows those inside its region;
        each is at one board position, so the halves on neighbouring sheets meet."""
        ov = self.overlap
        vertical: dict[tuple[float, float], None] = {}
        horizontal: dict[tuple[float, float], None] = {}
        uprights, levels = [], []  # the stretches of the vertical and horizontal trim lines
        for a in self.tiles:
            for b in self.tiles:
                ra, rb = a.region, b.region
                if rb.x > 0 and abs(ra.right - (rb.x + ov)) < _EPS:  # a is left of b
                    start, length = _shared(ra.y, ra.height, rb.y, rb.height)
                    if length > ov + _EPS:
                        x = rb.x + ov / 2
                        uprights.append((x, start, start + length))
                        vertical.update({(x, start + length * f): None for f in (0.25, 0.75)})
                if rb.y > 0 and abs(ra.bottom - (rb.y + ov)) < _EPS:  # a is above b
                    start, length = _shared(ra.x, ra.width, rb.x, rb.width)
                    if length > ov + _EPS:
                        y = rb.y + ov / 2
                        levels.append((y, start, start + length))
                        horizontal.update({(start + length * f, y): None for f in (0.25, 0.75)})
        crossings = {(x, y): None for x, y0, y1 in uprights for y, x0, x1 in levels if x0 <= x <= x1 and y0 <= y <= y1}
        return (sorted(vertical) + sorted(horizontal, key=lambda p: (p[1], p[0])) + sorted(crossings))


_EPS = 1e-6  # mm


def _shared(a: float, a_length: float, b: float, b_length: float) -> tuple[float, float]:
    """Where two stretches overlap: start and length (a's own numbers when they are the same stretch)."""
    if (a, a_length) == (b, b_length):
        return a, a_length
    start = max(a, b)
    return start, min(a + a_length, b + b_length) - start


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


@dataclass(frozen=True)
class _Orientation:
    """The paper one way round and its printable area: across the strips and along one strip."""

    sheet: Size
    across: float
    along: float


Strips = list[tuple[_Orientation, int]]  # each strip's orientation and its number of tiles


def plan_tiles(board: Size, paper: Size, margin: float, overlap: float) -> TilePlan:
    """The tiling with the fewest sheets over the printable area (`margin` from every paper edge, the label strip
    at the top): one grid of equal tiles in one orientation (landscape on a tie), unless columns (or rows) of
    mixed orientations take fewer sheets. Tiles of a strip are spread evenly so they share one size."""
    sheets = (paper.swapped(), paper) if paper.width < paper.height else (paper, paper.swapped())
    printable = [(sheet, sheet.width - 2 * margin, sheet.height - 2 * margin - LABEL_STRIP) for sheet in sheets]
    columns = [_Orientation(sheet, width, height) for sheet, width, height in printable]
    rows = [_Orientation(sheet, height, width) for sheet, width, height in printable]
    grids = []
    for way in columns:
        count = tiles_along(board.width, way.across, overlap)
        grids.append([(way, tiles_along(board.height, way.along, overlap))] * count)
    grid = min(grids, key=_sheets)
    plans = [(_sheets(grid), 0, _columns(board, grid, margin, overlap, uniform=True))]
    mixed_columns = _mixed(board.width, board.height, columns, overlap)
    if mixed_columns:
        plans.append((_sheets(mixed_columns), 1, _columns(board, mixed_columns, margin, overlap, uniform=False)))
    mixed_rows = _mixed(board.height, board.width, rows, overlap)
    if mixed_rows:
        plans.append((_sheets(mixed_rows), 2, _transposed(_columns(board.swapped(), mixed_rows, margin, overlap,
                                                                   uniform=False))))
    return min(plans, key=lambda plan: plan[:2])[2]


def _sheets(strips: Strips) -> int:
    return sum(count for _, count in strips)


def _mixed(across: float, along: float, ways: list[_Orientation], overlap: float) -> Strips:
    """The strips of both orientations (at least one of each) covering `across` mm with the fewest sheets, or
    none where a strip of one of them cannot be cut."""
    try:
        counts = [tiles_along(along, way.along, overlap) for way in ways]
    except TilingError:
        return []
    need = across - overlap
    first, second = (way.across - overlap for way in ways)
    if first <= 0 or second <= 0:
        return []
    best: tuple[int, int, int] | None = None
    for many in range(1, MAX_TILES_ALONG):
        others = max(1, math.ceil((need - many * first) / second - 1e-9))
        if many + others <= MAX_TILES_ALONG:
            sheets = many * counts[0] + others * counts[1]
            best = min(best, (sheets, many, others)) if best else (sheets, many, others)
        if need - many * first <= second:  # one strip of the other orientation is all that is left
            break
    if best is None:
        return []
    _, many, others = best
    return [(ways[0], counts[0])] * many + [(ways[1], counts[1])] * others


def _columns(board: Size, strips: Strips, margin: float, overlap: float, uniform: bool) -> TilePlan:
    """Column strips laid left to right, each as wide as its share of the board (in proportion to the width its
    sheets print), its tiles spread evenly down it."""
    need = board.width - overlap
    capacity = sum(way.across - overlap for way, _ in strips)
    tiles, x = [], 0.0
    for column, (way, count) in enumerate(strips):
        width = need / len(strips) + overlap if uniform else overlap + (way.across - overlap) * need / capacity
        left = column * (width - overlap) if uniform else x
        height = (board.height - overlap) / count + overlap
        tiles += [Tile(column, row, Box(left, row * (height - overlap), width, height), way.sheet) for row in range(count)]
        x += width - overlap
    ordered = tuple(sorted(tiles, key=lambda tile: (tile.row, tile.column)))
    return TilePlan(board, ordered, overlap, margin, () if uniform else tuple(count for _, count in strips))


def _transposed(plan: TilePlan) -> TilePlan:
    """A plan made on the board turned a quarter (its columns are the real board's rows) turned back."""
    tiles = [Tile(tile.row, tile.column, Box(tile.region.y, tile.region.x, tile.region.height, tile.region.width),
                  tile.sheet) for tile in plan.tiles]
    ordered = tuple(sorted(tiles, key=lambda tile: (tile.row, tile.column)))
    return TilePlan(plan.board.swapped(), ordered, plan.overlap, plan.margin, plan.strips)


def tiled_pdf(title: str, form: str, draw_form: Callable[[Document], None], plan: TilePlan, labels: Mapping[str, str],
              locale: str, copies: int = 1) -> Document:
    """An assembly page, then one page per tile (row by row), each in its tile's paper orientation, the tiles
    `copies` times over; draw_form(doc) defines the board form."""
    text = {**LABELS, **labels}
    doc = Document(title, (pt(plan.paper.width), pt(plan.paper.height)))
    draw_form(doc)
    _assembly(doc, title, form, plan, text, locale)
    marks = plan.marks()
    page = plan.paper
    for index, tile in [(index, tile) for _ in range(copies) for index, tile in enumerate(plan.tiles, start=1)]:
        if tile.sheet != page:
            page = tile.sheet
            doc.canvas.setPageSize((pt(page.width), pt(page.height)))
        _tile(doc, title, form, plan, tile, index, marks, text)
    return doc


def _assembly(doc: Document, title: str, form: str, plan: TilePlan, text: Mapping[str, str], locale: str) -> None:
    c, paper = doc.canvas, plan.paper
    c.setFillColor(rgb("#222222"))
    c.setFont(font_name("bold"), 16)
    c.drawString(pt(TILE_MARGIN), pt(paper.height - TILE_MARGIN - 6), f"{text['assembly']}: {title}")
    help_box = Box(TILE_MARGIN, TILE_MARGIN + 10, paper.width - 2 * TILE_MARGIN, 14)
    # A grid says rows x columns; mixed strips say how many tiles each strip has (in words of no language).
    shape = " + ".join(str(count) for count in plan.strips) if plan.strips else f"{plan.rows} \u00d7 {plan.columns}"
    summary = (f"{text['assembly-help']}\n{plan.count} \u00d7 {text['tile']} ({shape}), "
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
    for tile in plan.tiles:
        region = tile.region
        x, y = left + region.x * scale, top + region.y * scale
        w, h = region.width * scale, region.height * scale
        c.setStrokeColor(rgb("#c0392b"))
        c.rect(pt(x), pt(paper.height - y - h), pt(w), pt(h), stroke=1, fill=0)
        label = tile_label(tile.column, tile.row)
        c.setFillColor(rgb("#ffffff"))
        c.roundRect(pt(x + w / 2 - 7), pt(paper.height - y - h / 2 - 4), pt(14), pt(8), pt(1.5), fill=1, stroke=1)
        c.setFillColor(rgb("#c0392b"))
        c.setFont(font_name("bold"), 12)
        c.drawCentredString(pt(x + w / 2), pt(paper.height - y - h / 2 - 2.2), label)
    doc.end_page()


def _tile(doc: Document, title: str, form: str, plan: TilePlan, tile: Tile, index: int, marks: list[tuple[float, float]],
          text: Mapping[str, str]) -> None:
    c, paper, region = doc.canvas, tile.sheet, tile.region
    left, top = plan.left(tile), plan.top(tile)
    # The board, shifted so this tile's region lands on the sheet, clipped to it.
    c.saveState()
    path = c.beginPath()
    path.rect(pt(left), pt(paper.height - top - region.height), pt(region.width), pt(region.height))
    c.clipPath(path, stroke=0, fill=0)
    c.translate(pt(left - region.x), pt(paper.height - top - plan.board.height + region.y))
    c.doForm(form)
    c.restoreState()
    _marks(doc, plan, tile, marks)
    _corners(doc, plan, tile)
    label = tile_label(tile.column, tile.row)
    c.setFillColor(rgb("#222222"))
    c.setFont(font_name("bold"), 13)
    baseline = pt(paper.height - top + LABEL_BASELINE)
    c.drawString(pt(left), baseline, label)
    c.setFont(font_name("regular"), 7)
    c.drawString(pt(left + 12), baseline, f"{title} \u00b7 {text['tile']} {label} ({index}/{plan.count}) \u00b7 "
                                          f"{text['overlap']} {plan.overlap:g} mm")
    doc.end_page()


def _marks(doc: Document, plan: TilePlan, tile: Tile, marks: list[tuple[float, float]]) -> None:
    """Trim lines in the middle of this sheet's left and top overlaps (a sheet at the board's left or top edge
    has none there); the alignment marks its region shows."""
    c, paper, region = doc.canvas, tile.sheet, tile.region
    left, top = plan.left(tile), plan.top(tile)

    def page_x(x: float) -> float:
        return pt(left + x - region.x)

    def page_y(y: float) -> float:
        return pt(paper.height - top - (y - region.y))

    c.saveState()
    c.setStrokeColor(rgb("#555555"))
    c.setLineWidth(0.5)
    c.setDash(pt(2), pt(1.5))
    if region.x > 0:
        x = region.x + plan.overlap / 2
        c.line(page_x(x), page_y(region.y), page_x(x), page_y(region.bottom))
    if region.y > 0:
        y = region.y + plan.overlap / 2
        c.line(page_x(region.x), page_y(y), page_x(region.right), page_y(y))
    c.restoreState()
    for x, y in marks:
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


def _corners(doc: Document, plan: TilePlan, tile: Tile) -> None:
    """Crop marks at the tile's corners, as long as the printable area around the tile allows (none when the
    tile reaches the margin)."""
    c, paper = doc.canvas, tile.sheet
    c.setStrokeColor(rgb("#000000"))
    c.setLineWidth(0.3)
    x0, x1 = plan.left(tile), plan.left(tile) + tile.region.width
    y0, y1 = plan.top(tile), plan.top(tile) + tile.region.height
    below = paper.height - plan.margin - y1  # the room under the tile, the smallest vertical room
    gap, length = CROP_GAP, min(4.0, x0 - plan.margin - CROP_GAP, below - CROP_GAP)
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
