"""Output preflight: what a print shop checks in a written PDF, checked by `pnp build` on every PDF it
writes and by `pnp preflight PDF...` (PREFLIGHT-* findings; the content preflight before drawing is
`render/contract.py`).

From the PDF: every page is the profile's paper (either orientation), or for a 1-up file the card's
trim plus the bleed on each side, with a TrimBox and a BleedBox; every font is embedded; every mark
drawn on a page (paths, text, and forms and images as far as their clip lets them show) lies inside the
printable area, the paper less the profile's margin. The page content stream is read outside form
XObjects: a placed card is one mark, its bounding box as clipped.
The PDF is read with pypdf (`preflight_pdf`: `pnp preflight`, and files the build writes other than
through `render/pdf.Document`), or, for a document the build drew, from what reportlab wrote
(`preflight_drawn`, given `Document.drawn()`): the same pages, boxes, content streams, forms and fonts,
without parsing the file back. Both read the content stream alike (`production/content_stream.py`: what reportlab
writes with one regular expression, anything else with pypdf's parser) and judge it alike.
From the layout data: every text and icon box of a placed card lies inside the safe zone (the trim
less the profile's `safe_zone`). From the build's card positions: every card of the content is placed
exactly as often as its copies.

A finding names the PDF as its file and the page as its line.
"""

from __future__ import annotations

import io
import math
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from typing import TYPE_CHECKING, Any

from pipeline.findings import Finding, error
from pipeline.render.faces import MM_TOLERANCE, PreparedFace, safe_zone_breaches
from pipeline.render.pdf import DrawnFont, DrawnPage, DrawnPdf
from pipeline.render.profiles import Profile
from pipeline.render.units import MM_PER_PT, Size

from .content_stream import operations

if TYPE_CHECKING:  # pypdf is imported where a written file is read: a cards build judges only what it drew
    from pypdf import PageObject

TOLERANCE = MM_TOLERANCE
_PAINT = {b"S", b"s", b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*"}
_STROKE = {b"S", b"s", b"B", b"B*", b"b", b"b*"}

Matrix = tuple[float, float, float, float, float, float]
Point = tuple[float, float]
Rect = tuple[float, float, float, float]  # x0, y0, x1, y1 in points, PDF origin bottom-left
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
UNIT_SQUARE: Rect = (0.0, 0.0, 1.0, 1.0)  # what an image XObject fills, before the CTM
# What a page's `Do` draws by its resource name: "form" or "image", the XObject's matrix and its box.
XObjectLookup = Callable[[str], tuple[str, Matrix, Rect] | None]
FontLookup = Callable[[str], DrawnFont | None]


def preflight_pdf(data: bytes, path: str, profile: Profile, one_up: bool,
                  trims: Iterable[Size] | None = None, fronts: Iterable[int] | None = None) -> list[Finding]:
    """The PDF's page sizes, boxes, fonts and page-level marks against the profile; `trims` are the card
    sizes a 1-up page may have (any, if not given) and the sizes whose grids need crop marks; `fronts` the pages
    that print fronts, where a grid with no crop mark at all is a finding too (when not given, only a grid with
    some marks is held to mark every cut line: duplex backs and gutter backs carry none by design)."""
    from pypdf import PdfReader
    from pypdf.errors import PdfReadError

    try:
        reader = PdfReader(io.BytesIO(data))
        pages = list(reader.pages)
    except (PdfReadError, ValueError, OSError) as exc:
        return [error("PREFLIGHT-READ", f"{path}: not a readable PDF ({exc})", path)]
    findings: list[Finding] = []
    sizes = list(trims) if trims is not None else None
    front_pages = set(fronts) if fronts is not None else None
    fonts_seen: set[int] = set()
    for number, page in enumerate(pages, start=1):
        trim = _rect(page.trimbox) if "/TrimBox" in page else None
        bleed = _rect(page.bleedbox) if "/BleedBox" in page else None
        findings += _page_findings(_rect(page.mediabox), trim, bleed, partial(page_marks, page), number, path, profile,
                                   one_up, sizes, front_pages)
        findings += _font_findings(page, number, path, fonts_seen)
    return findings


def preflight_drawn(pdf: DrawnPdf, path: str, profile: Profile, one_up: bool,
                    trims: Iterable[Size] | None = None, fronts: Iterable[int] | None = None) -> list[Finding]:
    """`preflight_pdf` of a document the build drew, from what reportlab wrote (`render/pdf.Document.drawn`)."""
    findings: list[Finding] = []
    sizes = list(trims) if trims is not None else None
    front_pages = set(fronts) if fronts is not None else None
    for number, page in enumerate(pdf.pages, start=1):
        findings += _page_findings(page.media, page.trim, page.bleed, partial(drawn_marks, page, pdf), number, path,
                                   profile, one_up, sizes, front_pages)
        if number == 1:  # every page lists every font: report each once, on the first
            findings += [_not_embedded(path, number, font.name) for font in pdf.fonts.values() if not font.embedded]
    return findings


def _page_findings(media: Rect, trim: Rect | None, bleed: Rect | None, marks: Callable[[], Iterator[tuple[str, Rect]]],
                   number: int, path: str, profile: Profile, one_up: bool, sizes: list[Size] | None,
                   fronts: set[int] | None = None) -> list[Finding]:
    if one_up:
        return _one_up_findings(media, trim, bleed, number, path, profile, sizes)
    painted = list(marks())
    findings = _paper_findings(media, number, path, profile) + _mark_findings(painted, media, number, path, profile)
    if sizes:
        front = None if fronts is None else number in fronts
        findings += crop_mark_findings(painted, number, path, profile, sizes, front)
    return findings


def _at(path: str, page: int, code: str, message: str, hint: str = "") -> Finding:
    return error(code, f"{path} page {page}: {message}", path, page, 1, hint)


def _mm(points: float) -> float:
    return points * MM_PER_PT


def _rect(box: Iterable[float]) -> Rect:
    x0, y0, x1, y1 = (float(v) for v in box)
    return min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)


def _size(rect: Rect) -> Size:
    return Size(_mm(rect[2] - rect[0]), _mm(rect[3] - rect[1]))


def _same(a: Size, b: Size) -> bool:
    return abs(a.width - b.width) <= TOLERANCE and abs(a.height - b.height) <= TOLERANCE


def _paper_findings(media: Rect, page: int, path: str, profile: Profile) -> list[Finding]:
    size = _size(media)
    if _same(size, profile.paper) or _same(size, profile.paper.swapped()):
        return []
    return [_at(path, page, "PREFLIGHT-PAGE-SIZE", f"the page is {size.width:.1f} × {size.height:.1f} mm, not the "
                f"{profile.name} paper ({profile.paper.width:.1f} × {profile.paper.height:.1f} mm)")]


def _one_up_findings(media: Rect, trim: Rect | None, bleed: Rect | None, number: int, path: str, profile: Profile,
                     trims: list[Size] | None) -> list[Finding]:
    if trim is None or bleed is None:
        missing = [name for name, box in (("TrimBox", trim), ("BleedBox", bleed)) if box is None]
        return [_at(path, number, "PREFLIGHT-TRIMBOX", f"a 1-up page without {' and '.join(missing)}",
                    "print-on-demand shops cut at the TrimBox and print to the BleedBox")]
    insets = [_mm(trim[0] - media[0]), _mm(trim[1] - media[1]), _mm(media[2] - trim[2]), _mm(media[3] - trim[3])]
    findings = []
    if any(abs(inset - profile.bleed) > TOLERANCE for inset in insets):
        shown = ", ".join(f"{inset:.2f}" for inset in insets)
        findings.append(_at(path, number, "PREFLIGHT-PAGE-SIZE", f"the page is not the trim plus {profile.bleed:g} mm of "
                            f"bleed on each side (left, bottom, right, top: {shown} mm)"))
    cut = _size(trim)
    if trims is not None and not any(_same(cut, size) for size in trims):
        known = ", ".join(sorted({f"{s.width:g} × {s.height:g}" for s in trims}))
        findings.append(_at(path, number, "PREFLIGHT-PAGE-SIZE", f"the trim is {cut.width:.1f} × {cut.height:.1f} mm, "
                            f"no card size of the layouts ({known} mm)"))
    if bleed != media:
        findings.append(_at(path, number, "PREFLIGHT-TRIMBOX", "the BleedBox is not the page"))
    return findings


def _font_findings(page: PageObject, number: int, path: str, seen: set[int]) -> list[Finding]:
    """A font (of the page or of a form it draws) that carries no font file; each font once."""
    findings = []
    for key, font in _fonts(page.get("/Resources"), set()):
        if key in seen:
            continue
        seen.add(key)
        if font.get("/Subtype") == "/Type3":  # drawn by the PDF's own glyph procedures
            continue
        described = font
        if font.get("/Subtype") == "/Type0":
            described = font["/DescendantFonts"].get_object()[0].get_object()
        descriptor = described.get("/FontDescriptor")
        descriptor = descriptor.get_object() if descriptor is not None else {}
        if not any(name in descriptor for name in ("/FontFile", "/FontFile2", "/FontFile3")):
            findings.append(_not_embedded(path, number, str(font.get("/BaseFont", "?")).lstrip("/")))
    return findings


def _not_embedded(path: str, page: int, font: str) -> Finding:
    return _at(path, page, "PREFLIGHT-FONT", f"font {font} is not embedded",
               "a printer substitutes a font it is not given; register the font as a TTF (render/fonts.py)")


def _fonts(resources: Any, visited: set[int]) -> Iterator[tuple[int, Any]]:
    """Every font of a resource dictionary and of the forms it names, keyed by object identity."""
    if resources is None:
        return
    resources = resources.get_object()
    for ref in _entries(resources, "/Font"):
        yield _key(ref), ref.get_object()
    for ref in _entries(resources, "/XObject"):
        key = _key(ref)
        xobject = ref.get_object()
        if key in visited or xobject.get("/Subtype") != "/Form":
            continue
        visited.add(key)
        yield from _fonts(xobject.get("/Resources"), visited)


def _entries(resources: Any, name: str) -> list[Any]:
    entries: Any = resources.get(name)
    return list(entries.get_object().values()) if entries is not None else []


def _key(ref: Any) -> int:
    from pypdf.generic import IndirectObject

    return hash((ref.idnum, ref.generation)) if isinstance(ref, IndirectObject) else id(ref)


@dataclass
class _State:
    ctm: Matrix = IDENTITY
    clip: Rect | None = None
    line_width: float = 1.0
    cap: int = 0  # 0 butt: a stroke's ends stop at its end points
    font: DrawnFont | None = None
    size: float = 0.0
    leading: float = 0.0
    char_spacing: float = 0.0
    word_spacing: float = 0.0
    scale: float = 1.0  # horizontal scaling (Tz / 100)


@dataclass
class _Path:
    """The path being built, in page space: straight segments, and the points of curves."""

    segments: list[tuple[Point, Point]] = field(default_factory=list)
    loose: list[Point] = field(default_factory=list)
    current: Point | None = None
    start: Point | None = None

    def move(self, point: Point) -> None:
        self.current = self.start = point
        self.loose.append(point)

    def line(self, point: Point) -> None:
        if self.current is not None:
            self.segments.append((self.current, point))
        self.current = point
        self.loose.append(point)

    def close(self) -> None:
        if self.current is not None and self.start is not None:
            self.segments.append((self.current, self.start))
            self.current = self.start

    def bounds(self, half_width: float, round_ends: bool) -> Rect:
        """The painted area's box: a stroke widens each straight segment across it (butt ends stop at the
        end points); curves and round or square ends widen every way."""
        points = list(self.loose)
        grow = half_width if round_ends else 0.0
        if half_width and not round_ends:
            for (x0, y0), (x1, y1) in self.segments:
                length = math.hypot(x1 - x0, y1 - y0) or 1.0
                nx, ny = -(y1 - y0) / length * half_width, (x1 - x0) / length * half_width
                points += [(x0 + nx, y0 + ny), (x0 - nx, y0 - ny), (x1 + nx, y1 + ny), (x1 - nx, y1 - ny)]
        return _bounds(points, grow)


def _mark_findings(marks: Iterable[tuple[str, Rect]], media: Rect, number: int, path: str,
                   profile: Profile) -> list[Finding]:
    """The marks of one page outside its printable area: one finding naming the one nearest the edge."""
    margin = profile.margin / MM_PER_PT
    area = (media[0] + margin, media[1] + margin, media[2] - margin, media[3] - margin)
    worst: tuple[float, Rect, str] | None = None
    for what, rect in marks:
        beyond = max(area[0] - rect[0], area[1] - rect[1], rect[2] - area[2], rect[3] - area[3])
        if _mm(beyond) > TOLERANCE and (worst is None or beyond > worst[0]):
            worst = (beyond, rect, what)
    if worst is None:
        return []
    _, rect, what = worst
    edge = min(rect[0] - media[0], rect[1] - media[1], media[2] - rect[2], media[3] - rect[3])
    return [_at(path, number, "PREFLIGHT-MARK", f"a {what} reaches {_mm(edge):.1f} mm from the paper's edge, inside the "
                f"{profile.margin:g} mm margin of {profile.name} (from {_mm(rect[0]):.1f}, {_mm(rect[1]):.1f} to "
                f"{_mm(rect[2]):.1f}, {_mm(rect[3]):.1f} mm)", "no printer prints there: keep every mark inside the margin")]


_EDGE = 0.1 / MM_PER_PT  # pt: two cards abut, or a mark lies on a cut line, within 0.1 mm
_HAIRLINE = 2.0  # pt: the widest a crop mark's stroke is taken to be


def crop_mark_findings(marks: Sequence[tuple[str, Rect]], number: int, path: str, profile: Profile,
                       sizes: Sequence[Size], front: bool | None) -> list[Finding]:
    """Every cut line of a card grid has a crop mark at both of its ends, outside the grid (a blade is laid
    on two points). A grid is the cards of one page that abut; a card is a placed form whose trim (its
    clipped box less the bleed on the sides with no neighbour) is one of the card `sizes`. A grid with no mark
    at all is the back of a duplex sheet or the back half of a gutter-fold sheet (cut with its front), unless
    it is the only grid of a page that prints fronts (`front`)."""
    bleed = profile.bleed / MM_PER_PT
    forms = [rect for what, rect in marks if what == "form"]
    cards = [trim for rect in forms if _is_card(trim := _trim_of(rect, forms, bleed), sizes)]
    strokes = [rect for what, rect in marks if what == "path"]
    judged = [_unmarked_cuts(grid, strokes) for grid in _grids(cards)]
    any_marked = any(marked for _, marked in judged)
    findings: list[Finding] = []
    for missing, marked in judged:
        if not marked and (front is not True or any_marked):
            continue
        if missing:
            shown = "; ".join(missing[:4]) + (f"; and {len(missing) - 4} more" if len(missing) > 4 else "")
            findings.append(_at(path, number, "PREFLIGHT-CROP-MARK", f"{len(missing)} end(s) of the grid's cut lines "
                                f"have no crop mark ({shown})", "a cut line needs a mark at each end to lay the blade "
                                "on: leave room for the marks between the grid and the profile's margin"))
    return findings


def _trim_of(rect: Rect, forms: Sequence[Rect], bleed: float) -> Rect:
    def abuts(side: int) -> bool:
        for other in forms:
            if other is rect:
                continue
            if side in (0, 2):  # left or right: a neighbour's opposite edge here, overlapping in height
                edge = other[2] if side == 0 else other[0]
                if abs(edge - rect[side]) <= _EDGE and min(other[3], rect[3]) - max(other[1], rect[1]) > _EDGE:
                    return True
            else:
                edge = other[3] if side == 1 else other[1]
                if abs(edge - rect[side]) <= _EDGE and min(other[2], rect[2]) - max(other[0], rect[0]) > _EDGE:
                    return True
        return False

    grow = [0.0 if abuts(side) else bleed for side in range(4)]
    return rect[0] + grow[0], rect[1] + grow[1], rect[2] - grow[2], rect[3] - grow[3]


def _is_card(trim: Rect, sizes: Sequence[Size]) -> bool:
    size = _size(trim)
    return any(_same(size, known) or _same(size, known.swapped()) for known in sizes)


def _grids(cards: list[Rect]) -> list[list[Rect]]:
    """The cards in groups that abut (share a cut line edge to edge)."""
    groups: list[list[Rect]] = []
    for card in cards:
        joined = [g for g in groups if any(_touching(card, other) for other in g)]
        merged = [card] + [c for g in joined for c in g]
        groups = [g for g in groups if not any(g is j for j in joined)] + [merged]
    return groups


def _touching(a: Rect, b: Rect) -> bool:
    overlap_x = min(a[2], b[2]) - max(a[0], b[0])
    overlap_y = min(a[3], b[3]) - max(a[1], b[1])
    return (overlap_y > _EDGE and (abs(a[2] - b[0]) <= _EDGE or abs(b[2] - a[0]) <= _EDGE)) or \
        (overlap_x > _EDGE and (abs(a[3] - b[1]) <= _EDGE or abs(b[3] - a[1]) <= _EDGE))


def _unmarked_cuts(grid: list[Rect], strokes: Sequence[Rect]) -> tuple[list[str], bool]:
    """The ends of the grid's cut lines with no mark (as text), and whether the grid is marked: a mark at an end
    of a column cut, or at both ends of a row cut (a gutter-fold sheet's back half has the front's row marks
    on its fold side only: it is cut with its front)."""
    left, bottom = min(r[0] for r in grid), min(r[1] for r in grid)
    right, top = max(r[2] for r in grid), max(r[3] for r in grid)
    ends: list[tuple[str, bool]] = []
    marked = False
    for x in _distinct(sorted(v for r in grid for v in (r[0], r[2]))):
        on_line = [s for s in strokes if s[2] - s[0] <= _HAIRLINE and abs((s[0] + s[2]) / 2 - x) <= _EDGE]
        where = f"the cut at {_mm(x):.1f} mm from the left"
        column = [(f"{where}, top", any(s[1] >= top - _EDGE for s in on_line)),
                  (f"{where}, bottom", any(s[3] <= bottom + _EDGE for s in on_line))]
        marked |= any(found for _, found in column)
        ends += column
    for y in _distinct(sorted(v for r in grid for v in (r[1], r[3]))):
        on_line = [s for s in strokes if s[3] - s[1] <= _HAIRLINE and abs((s[1] + s[3]) / 2 - y) <= _EDGE]
        where = f"the cut at {_mm(y):.1f} mm from the bottom"
        row = [(f"{where}, left", any(s[2] <= left + _EDGE for s in on_line)),
               (f"{where}, right", any(s[0] >= right - _EDGE for s in on_line))]
        marked |= all(found for _, found in row)
        ends += row
    return [name for name, found in ends if not found], marked


def _distinct(values: list[float]) -> list[float]:
    """The values less any within the abutting tolerance of the one before (one cut line, two cards' edges)."""
    kept: list[float] = []
    for value in values:
        if not kept or value - kept[-1] > _EDGE:
            kept.append(value)
    return kept


def page_marks(page: PageObject) -> Iterator[tuple[str, Rect]]:
    """What a page's own content stream paints ('path', 'text', 'form' or 'image'), each as the bounding box it
    can show (clipped), in points. Forms are not entered: a placed card is one mark."""
    contents = page.get_contents()
    if contents is None:
        return
    resources = page.get("/Resources")
    xobjects = resources.get_object().get("/XObject") if resources is not None else None
    xobjects = xobjects.get_object() if xobjects is not None else {}
    fonts = resources.get_object().get("/Font") if resources is not None else None
    fonts = fonts.get_object() if fonts is not None else {}

    def xobject(name: str) -> tuple[str, Matrix, Rect] | None:
        found = xobjects.get(name)
        if found is None:
            return None
        found = found.get_object()
        if found.get("/Subtype") == "/Form":
            return "form", _matrix(found.get("/Matrix", IDENTITY)), _rect(found["/BBox"])
        return "image", IDENTITY, UNIT_SQUARE

    def font(name: str) -> DrawnFont | None:
        ref = fonts.get(name)
        return _read_font(ref.get_object()) if ref is not None else None

    yield from _marks(operations(contents.get_data()), xobject, font)


def drawn_marks(page: DrawnPage, pdf: DrawnPdf) -> Iterator[tuple[str, Rect]]:
    """`page_marks` of a page the build drew: its content stream as written, its forms' boxes and its fonts."""
    def xobject(name: str) -> tuple[str, Matrix, Rect] | None:
        if name not in pdf.forms:
            return None
        box = pdf.forms[name]
        return ("form", IDENTITY, box) if box is not None else ("image", IDENTITY, UNIT_SQUARE)

    yield from _marks(operations(page.content), xobject, pdf.fonts.get)


def _read_font(font: Any) -> DrawnFont:
    """A font dictionary read with pypdf, as `_show` measures it."""
    descriptor = font.get("/FontDescriptor")
    descriptor = descriptor.get_object() if descriptor is not None else {}
    ascent, descent = descriptor.get("/Ascent"), descriptor.get("/Descent")
    return DrawnFont(str(font.get("/BaseFont", "?")), True, tuple(float(w) for w in font.get("/Widths", [])),
                     int(font.get("/FirstChar", 0)), float(ascent) if ascent is not None else None,
                     float(descent) if descent is not None else None)


def _marks(operations: Iterable[tuple[Sequence[Any], bytes]], xobject: XObjectLookup,
           font: FontLookup) -> Iterator[tuple[str, Rect]]:
    """The marks of a content stream's operations, with its XObjects and fonts looked up by resource name."""
    state, stack = _State(), []
    text = line = IDENTITY
    path = _Path()
    clip_next = False
    for operands, operator in operations:
        if operator == b"q":
            stack.append(replace(state))
        elif operator == b"Q" and stack:
            state = stack.pop()
        elif operator == b"cm":
            state.ctm = _multiply(_matrix(operands), state.ctm)
        elif operator == b"w":
            state.line_width = float(operands[0])
        elif operator == b"J":
            state.cap = int(operands[0])
        elif operator == b"m":
            path.move(_apply(state.ctm, float(operands[0]), float(operands[1])))
        elif operator == b"l":
            path.line(_apply(state.ctm, float(operands[0]), float(operands[1])))
        elif operator in (b"c", b"v", b"y"):
            values = [float(v) for v in operands]
            for i in range(0, len(values), 2):
                path.loose.append(_apply(state.ctm, values[i], values[i + 1]))
            path.current = path.loose[-1]
        elif operator == b"re":
            x, y, w, h = (float(v) for v in operands)
            path.move(_apply(state.ctm, x, y))
            for px, py in ((x + w, y), (x + w, y + h), (x, y + h)):
                path.line(_apply(state.ctm, px, py))
            path.close()
        elif operator == b"h":
            path.close()
        elif operator in (b"W", b"W*"):
            clip_next = True
        elif operator in _PAINT or operator == b"n":
            if path.loose and operator != b"n":
                if operator in (b"s", b"b", b"b*"):
                    path.close()
                scale = math.sqrt(abs(state.ctm[0] * state.ctm[3] - state.ctm[1] * state.ctm[2]))
                half = state.line_width * scale / 2 if operator in _STROKE else 0.0
                shown = _clipped(path.bounds(half, state.cap != 0), state.clip)
                if shown is not None:
                    yield "path", shown
            if clip_next and path.loose:
                state.clip = _clipped(path.bounds(0.0, False), state.clip) or (0.0, 0.0, 0.0, 0.0)
            path, clip_next = _Path(), False
        elif operator in _TEXT_STATE:
            _TEXT_STATE[operator](state, operands, font)
        elif operator == b"BT":
            text = line = IDENTITY
        elif operator in (b"Td", b"TD", b"T*", b"Tm", b"'", b'"'):
            if operator == b"TD":
                state.leading = -float(operands[1])
            if operator == b"Tm":
                line = _matrix(operands)
            else:
                dx, dy = (float(operands[0]), float(operands[1])) if operator in (b"Td", b"TD") else (0.0, -state.leading)
                line = _multiply((1.0, 0.0, 0.0, 1.0, dx, dy), line)
            text = line
            if operator == b'"':
                state.word_spacing, state.char_spacing = float(operands[0]), float(operands[1])
            if operator in (b"'", b'"'):
                shown_text, text = _show(state, text, [operands[-1]])
                yield "text", _clipped(shown_text, state.clip) or shown_text
        elif operator in (b"Tj", b"TJ"):
            shown_text, text = _show(state, text, operands[0] if operator == b"TJ" else [operands[0]])
            clipped = _clipped(shown_text, state.clip)
            if clipped is not None:
                yield "text", clipped
        elif operator == b"Do":
            drawn = xobject(operands[0])
            if drawn is None:
                continue
            what, own, (x0, y0, x1, y1) = drawn
            matrix, corners = _multiply(own, state.ctm), [(x0, y0), (x1, y0), (x0, y1), (x1, y1)]
            shown = _clipped(_bounds([_apply(matrix, x, y) for x, y in corners], 0.0), state.clip)
            if shown is not None:
                yield what, shown


def _set_font(state: _State, operands: Sequence[Any], font: FontLookup) -> None:
    state.font, state.size = font(operands[0]), float(operands[1])


def _set(name: str, factor: float = 1.0) -> Callable[[_State, Sequence[Any], FontLookup], None]:
    def apply(state: _State, operands: Sequence[Any], font: FontLookup) -> None:
        setattr(state, name, float(operands[0]) * factor)
    return apply


_TEXT_STATE: dict[bytes, Callable[[_State, Sequence[Any], FontLookup], None]] = {
    b"Tf": _set_font, b"TL": _set("leading"), b"Tc": _set("char_spacing"), b"Tw": _set("word_spacing"),
    b"Tz": _set("scale", 0.01),
}


def _show(state: _State, text: Matrix, shown: Sequence[Any]) -> tuple[Rect, Matrix]:
    """The box a text-showing operator paints (its advance from the font's widths, ascent to descent) and the
    text matrix after it. A font without a widths table (not a simple font) counts each glyph as 0.6 em."""
    font = state.font
    widths, first = (font.widths, font.first) if font is not None else ((), 0)
    ascent = font.ascent if font is not None and font.ascent is not None else 900.0
    descent = font.descent if font is not None and font.descent is not None else -250.0
    advance = 0.0
    for part in shown:
        if isinstance(part, (int, float)):  # pypdf's FloatObject and NumberObject too
            advance -= float(part) / 1000 * state.size
            continue
        codes = bytes(part.original_bytes if hasattr(part, "original_bytes") else part)
        for code in codes:
            width = widths[code - first] if widths and 0 <= code - first < len(widths) else 600.0
            advance += width / 1000 * state.size + state.char_spacing + (state.word_spacing if code == 32 else 0.0)
    advance *= state.scale
    matrix = _multiply(text, state.ctm)
    corners = [(0.0, descent / 1000 * state.size), (advance, descent / 1000 * state.size),
               (0.0, ascent / 1000 * state.size), (advance, ascent / 1000 * state.size)]
    box = _bounds([_apply(matrix, x, y) for x, y in corners], 0.0)
    return box, _multiply((1.0, 0.0, 0.0, 1.0, advance, 0.0), text)


def _matrix(values: Sequence[object]) -> Matrix:
    a, b, c, d, e, f = (float(v) for v in values)  # type: ignore[arg-type]
    return a, b, c, d, e, f


def _multiply(m: Matrix, n: Matrix) -> Matrix:
    """m × n: first m, then n (PDF's row-vector convention)."""
    return (m[0] * n[0] + m[1] * n[2], m[0] * n[1] + m[1] * n[3],
            m[2] * n[0] + m[3] * n[2], m[2] * n[1] + m[3] * n[3],
            m[4] * n[0] + m[5] * n[2] + n[4], m[4] * n[1] + m[5] * n[3] + n[5])


def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    return x * m[0] + y * m[2] + m[4], x * m[1] + y * m[3] + m[5]


def _bounds(points: list[Point], grow: float) -> Rect:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs) - grow, min(ys) - grow, max(xs) + grow, max(ys) + grow


def _clipped(rect: Rect, clip: Rect | None) -> Rect | None:
    if clip is None:
        return rect
    shown = max(rect[0], clip[0]), max(rect[1], clip[1]), min(rect[2], clip[2]), min(rect[3], clip[3])
    return shown if shown[0] < shown[2] and shown[1] < shown[3] else None


def safe_zone_findings(placed: Iterable[tuple[int, PreparedFace]], path: str, safe_zone: float) -> list[Finding]:
    """Every text and icon of a placed face (page, face) that leaves the safe zone, once per template box:
    from the layout data, where the face sets its lines and icons (`PreparedFace.ink`), not from the PDF."""
    findings = []
    for breach in safe_zone_breaches(placed, safe_zone):
        at = breach.first.template.where(breach.box, "y")
        more = f" (and {breach.count - 1} more)" if breach.count > 1 else ""
        findings.append(_at(path, breach.where, "PREFLIGHT-SAFE-ZONE",
                            f"{breach.first.face.kind} {breach.first.face.id!r}{more}: the {breach.box!r} of template "
                            f"{breach.template!r} comes {breach.inside:.1f} mm close to the trim, inside the "
                            f"{safe_zone:g} mm safe zone",
                            f"move the box at least {safe_zone:g} mm inside the trim ({at.file}:{at.line})"))
    return findings


def count_findings(positions: Sequence[Mapping[str, object]], expected: Mapping[tuple[str, str], int], path: str,
                   pages: int | None = None) -> list[Finding]:
    """Each card of the content placed exactly as often as its copies; each position on a page the file has."""
    placed = Counter((str(p["deck"]), str(p["card"])) for p in positions)
    findings = []
    for (deck, card) in sorted(set(placed) | set(expected)):
        want, got = expected.get((deck, card), 0), placed.get((deck, card), 0)
        if want != got:
            findings.append(error("PREFLIGHT-COUNT", f"{path}: card {card!r} of deck {deck!r} is placed {got} time(s), "
                                  f"the content has {want} cop{'y' if want == 1 else 'ies'}", path))
    if pages is not None:
        for p in positions:
            page = int(str(p["page"]))
            if not 1 <= page <= pages:
                findings.append(error("PREFLIGHT-COUNT", f"{path}: card {p['card']!r} is listed on page {page}, "
                                      f"the file has {pages}", path))
    return findings
