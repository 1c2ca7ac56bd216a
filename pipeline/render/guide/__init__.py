"""The guide renderer: a `GuideDocument` laid out as a reference guide or a player aid PDF.

`render_guide(document, paper)` lays the document out in passes until every page reference
(contents, "see also", inline links, index) is exact and draws it with the embedded Vera fonts into
PDF bytes (the build writes them, like every other output). Same document, same bytes. The style (its
game's `guides:`) and the paper (a print profile) come from the layouts given, else the shipped ones.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from reportlab.pdfgen.canvas import Canvas

from pipeline.rules.guide import GuideDocument

from .. import reportlab_internals
from ..fonts import font_name, register_fonts
from ..guide_style import Geometry, GuideStyle, PaperError, geometry
from ..pdf import CREATOR
from ..profiles import DEFAULT_PAPER
from .compose import Composer, Refs
from .index import build_index
from .paginate import Page, anchor_pages, paginate
from .rows import Row

if TYPE_CHECKING:
    from ..layouts import Layouts

__all__ = ["PaperError", "RenderedGuide", "layout_guide", "render_guide", "render_player_aid"]

Kind = Literal["guide", "aid"]

MAX_PASSES = 8


def look(document: GuideDocument, paper: str, kind: Kind, layouts: Layouts | None) -> tuple[GuideStyle, Geometry]:
    """The style of the document's game and kind and the page geometry of the paper (PaperError if either is unknown)."""
    if layouts is None:
        from ..layouts import shipped_layouts

        layouts = shipped_layouts()
    style = layouts.guide_style(document.game_id, kind)
    if style is None:
        raise PaperError(f"the layouts write no guide style {kind!r} (`guides:` in layouts/base.yaml)")
    return style, geometry(paper, style, layouts.profiles)


def layout_guide(document: GuideDocument, paper: str = DEFAULT_PAPER, kind: Kind = "guide",
                 layouts: Layouts | None = None) -> tuple[list[Page], Refs, int]:
    """Pages of a document whose page references agree with the layout; also the references and passes used."""
    style, geo = look(document, paper, kind, layouts)
    refs = Refs()
    pages: list[Page] = []
    for passes in range(1, MAX_PASSES + 1):
        pages = paginate(Composer(document, style, geo, refs).parts(), geo)
        found = Refs(anchor_pages(pages), build_index(document, pages) if style.index else ())
        if found == refs:
            return pages, refs, passes
        refs = found
    return pages, refs, MAX_PASSES  # references still moving: the last pass is printed


@dataclass(frozen=True)
class RenderedGuide:
    """A guide drawn as PDF bytes, with its page count, entries, index terms and the layout passes it took;
    `overflowing`: the rows whose text runs past their column (guide/check.py reports them)."""

    data: bytes
    pages: int
    entries: int
    index_terms: int
    passes: int
    overflowing: tuple[Row, ...] = ()


def render_guide(document: GuideDocument, paper: str = DEFAULT_PAPER, kind: Kind = "guide",
                 layouts: Layouts | None = None) -> RenderedGuide:
    """The document as a PDF (kind "guide" or "aid")."""
    pages, refs, passes = layout_guide(document, paper, kind, layouts)
    data = draw_pdf(document, pages, *look(document, paper, kind, layouts))
    return RenderedGuide(data, len(pages), len(document.entries()), len(refs.index), passes, overflowing(pages))


def overflowing(pages: list[Page]) -> tuple[Row, ...]:
    """The rows of laid-out pages whose text runs past their column (a word too long to break)."""
    return tuple(placed.row for page in pages for placed in page.placed if placed.row.overflow > OVERFLOW_TOLERANCE)


OVERFLOW_TOLERANCE = 0.01  # pt: below any visible difference


def render_player_aid(document: GuideDocument, paper: str = DEFAULT_PAPER, layouts: Layouts | None = None) -> RenderedGuide:
    """A player aid: compact, two columns, no contents or index."""
    return render_guide(document, paper, kind="aid", layouts=layouts)


def draw_pdf(document: GuideDocument, pages: list[Page], style: GuideStyle, geo: Geometry) -> bytes:
    """The laid-out pages drawn into a deterministic PDF."""
    register_fonts()
    buffer = io.BytesIO()
    # The initial font is Vera too: reportlab's default (Helvetica) would be listed, not embedded.
    c = Canvas(buffer, pagesize=(geo.page_width, geo.page_height), invariant=1, pageCompression=1,
               initialFontName=font_name("regular"), initialFontSize=style.body_size)
    for setter in (c.setTitle, c.setSubject):
        setter(document.title)
    for setter in (c.setAuthor, c.setCreator, c.setProducer):
        setter(CREATOR)
    for page in pages:
        for placed in page.placed:
            placed.row.draw(c, placed.x, placed.top, placed.width)
        if page.part != "title":
            _footer(c, document.title, page.number, style, geo)
        c.showPage()
    reportlab_internals.save(c)
    return buffer.getvalue()


def _footer(c: Canvas, title: str, number: int, style: GuideStyle, geo: Geometry) -> None:
    baseline = geo.top - geo.height - geo.gutter - style.small_size
    c.setFillColor(style.muted)
    c.setFont(font_name("regular"), style.small_size)
    c.drawString(geo.left, baseline, title)
    c.drawRightString(geo.left + geo.width, baseline, str(number))
