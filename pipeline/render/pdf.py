"""A deterministic PDF document: fixed metadata, no timestamps, every face drawn once as a form XObject.

Reportlab's `invariant=1` fixes the dates and document id, so the same input gives the same bytes.
"""

from __future__ import annotations

import io
import re

from reportlab.pdfgen.canvas import Canvas

from .faces import PreparedFace
from .fonts import font_name, register_fonts
from .units import pt

CREATOR = "pnp-pipeline"


class Document:
    """One PDF being written to memory; `place()` draws a prepared face, reusing its form."""

    def __init__(self, title: str, page_size: tuple[float, float]) -> None:
        register_fonts()
        self.buffer = io.BytesIO()
        # The initial font is Vera too, so no page refers to a font that is not embedded (reportlab's default is Helvetica).
        self.canvas = Canvas(self.buffer, pagesize=page_size, invariant=1, pageCompression=1,
                             initialFontName=font_name("regular"), initialFontSize=8)
        self.canvas.setTitle(title)
        self.canvas.setAuthor(CREATOR)
        self.canvas.setCreator(CREATOR)
        self.canvas.setProducer(CREATOR)
        self.canvas.setSubject(title)
        self.forms: dict[int, str] = {}
        self.pages = 0
        self.outlines = 0

    def form(self, prepared: PreparedFace) -> str:
        """The form XObject name of a prepared face (drawn with its bleed on first use)."""
        key = id(prepared)
        name = self.forms.get(key)
        if name is None:
            name = f"F{len(self.forms)}_" + re.sub(r"[^A-Za-z0-9]", "_", f"{prepared.face.kind}_{prepared.face.id}")[:60]
            size, bleed = prepared.template.size, pt(prepared.bleed)
            c = self.canvas
            c.beginForm(name, -bleed, -bleed, pt(size.width) + bleed, pt(size.height) + bleed)
            prepared.draw(c)
            c.endForm()
            self.forms[key] = name
        return name

    def place(self, prepared: PreparedFace, x: float, y: float, clip: tuple[float, float, float, float] | None) -> None:
        """Draw a face with its trim box's bottom-left at (x, y) pt, clipped to (x0, y0, x1, y1) pt."""
        name = self.form(prepared)
        c = self.canvas
        c.saveState()
        if clip is not None:
            path = c.beginPath()
            path.rect(clip[0], clip[1], clip[2] - clip[0], clip[3] - clip[1])
            c.clipPath(path, stroke=0, fill=0)
        c.translate(x, y)
        c.doForm(name)
        c.restoreState()

    def outline(self, title: str) -> None:
        """An outline entry (bookmark) for the page being drawn: readers list them beside the pages."""
        key = f"outline{self.outlines}"
        self.outlines += 1
        self.canvas.bookmarkPage(key)
        self.canvas.addOutlineEntry(title, key, level=0)
        if self.outlines == 1:
            self.canvas.showOutline()

    def end_page(self) -> None:
        self.canvas.showPage()
        self.pages += 1

    def finish(self) -> bytes:
        self.canvas.save()
        return self.buffer.getvalue()
