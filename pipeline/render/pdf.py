"""A deterministic PDF document: fixed metadata, no timestamps, every face drawn once as a form XObject.

Reportlab's `invariant=1` fixes the dates and document id, so the same input gives the same bytes.
A face already drawn for another document is copied from it rather than drawn again, where that
writes the same bytes (`Document._copy`). What a finished document wrote — its pages' boxes and content
streams, its forms' boxes, its fonts — is read back from reportlab's objects as a `DrawnPdf`, which the
build's output preflight checks instead of parsing the file again (`production/preflight.py: preflight_drawn`).
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from . import reportlab_internals as internals
from .faces import DrawnForm, PreparedFace
from .fonts import encodes_alike, encoding_log, font_name, register_fonts
from .units import pt

CREATOR = "pnp-pipeline"

Rect = tuple[float, float, float, float]  # x0, y0, x1, y1 in points, PDF origin bottom-left


@dataclass(frozen=True)
class DrawnPage:
    """One page as written: its MediaBox, TrimBox and BleedBox (None where it has none) and its content stream."""

    media: Rect
    trim: Rect | None
    bleed: Rect | None
    content: bytes


@dataclass(frozen=True)
class DrawnFont:
    """A font as written: its BaseFont, whether a font file is embedded, and what measures a text shown in it
    (its /Widths from `first`, its descriptor's ascent and descent; empty and None where the PDF gives none)."""

    name: str
    embedded: bool
    widths: tuple[float, ...]
    first: int
    ascent: float | None
    descent: float | None


@dataclass(frozen=True)
class DrawnPdf:
    """What a finished `Document` wrote, read from reportlab's objects (plain data: a forked helper hands it back):
    its pages, the BBox of each form XObject a page can draw by its resource name (another XObject there is an
    image), and its fonts by resource name. Every page lists every font (reportlab shares one font dictionary)."""

    pages: tuple[DrawnPage, ...]
    forms: dict[str, Rect | None]
    fonts: dict[str, DrawnFont]


class Document:
    """One PDF being written to memory; `place()` draws a prepared face, reusing its form."""

    def __init__(self, title: str, page_size: tuple[float, float], charset: str = "", compress: bool = True) -> None:
        """compress=False leaves the content streams unpacked: for a document only read back in memory (pdfium
        rasterizes the TTS faces), where deflating them and inflating them again is work for nothing."""
        styles = register_fonts()
        self.buffer = io.BytesIO()
        # The initial font is Vera too, so no page refers to a font that is not embedded (reportlab's default is Helvetica).
        self.canvas = Canvas(self.buffer, pagesize=page_size, invariant=1, pageCompression=int(compress),
                             initialFontName=font_name("regular"), initialFontSize=8)
        self.canvas.setTitle(title)
        self.canvas.setAuthor(CREATOR)
        self.canvas.setCreator(CREATOR)
        self.canvas.setProducer(CREATOR)
        self.canvas.setSubject(title)
        self.pdf_version = internals.pdf_version(self.canvas)  # a new document's, before anything is drawn
        self.forms: dict[int, str] = {}
        self.pages = 0
        self.outlines = 0
        self.charset = charset
        self._characters = frozenset(charset)
        if charset:
            self._assign(charset, styles.values())

    def _assign(self, charset: str, fonts: Iterable[str]) -> None:
        """Encode `charset` in every font first, in its order, and name each font's subsets.

        Why: reportlab gives a character its subset code, and a font its PDF name, when a document first uses
        them. Documents that start from the same charset encode a text to the same codes, so a face drawn for one
        of them is copied into another (`form`; the drawings production/forms.py keeps between builds). A character
        outside the charset still prints: it is given the next code, in that document only.
        """
        doc = internals.document(self.canvas)
        for name in fonts:
            font = pdfmetrics.getFont(name)
            for subset in sorted({subset for subset, _ in font.splitString(charset, doc)}):
                font.getSubsetInternalName(subset, doc)

    def form(self, prepared: PreparedFace) -> str:
        """The form XObject name of a prepared face (drawn with its bleed on first use)."""
        key = id(prepared)
        name = self.forms.get(key)
        if name is None:
            name = f"F{len(self.forms)}_" + re.sub(r"[^A-Za-z0-9]", "_", f"{prepared.face.kind}_{prepared.face.id}")[:60]
            size, bleed = prepared.template.size, pt(prepared.bleed)
            c = self.canvas
            c.beginForm(name, -bleed, -bleed, pt(size.width) + bleed, pt(size.height) + bleed)
            if not self._copy(prepared.drawn):
                prepared.drawn = self._draw(prepared)
            c.endForm()
            self.forms[key] = name
        return name

    def _draw(self, prepared: PreparedFace) -> DrawnForm | None:
        """Draw a face into the open form; what another document needs to copy it (None when it cannot)."""
        c = self.canvas
        version = internals.pdf_version(c)
        internals.set_pdf_version(c, self.pdf_version)  # learn the version this face alone needs
        with encoding_log(internals.document(c)) as log:
            prepared.draw(c)
        needed = internals.pdf_version(c)
        internals.set_pdf_version(c, max(version, needed))
        return DrawnForm(tuple(internals.operators(c)), tuple(log), needed, self.charset) if self._self_contained() else None

    def _copy(self, drawn: DrawnForm | None) -> bool:
        """Append a face's drawing from an earlier document to the open form, when it is byte for byte
        what drawing it again would write: the same texts encode to the same subset codes and font names.

        Why: cards.pdf and cards-1up.pdf draw every card face, and drawing (text runs, icons, art
        placeholders through reportlab's canvas) took a fifth of a cards build's CPU time; copying the
        content stream costs one re-encoding of its texts. The old-world cards target draws 471 faces per
        document: its build's CPU time fell from 3.5 s to 3.1 s (fastest of 5, both in one run).
        """
        c = self.canvas
        if drawn is None or not (self._encoded_as_drawn(drawn) or encodes_alike(drawn.encoded, internals.document(c))):
            return False
        internals.operators(c).extend(drawn.code)
        internals.set_pdf_version(c, max(internals.pdf_version(c), drawn.pdf_version))
        return True

    def _encoded_as_drawn(self, drawn: DrawnForm) -> bool:
        """Whether the drawing's texts encode here as they did where it was drawn, known without encoding them: both
        documents started from the same charset, and every character of the texts is in it. Such a character was
        given its code and subset when the document started (`_assign`), the same in every document that started
        from the charset, and encoding it again changes nothing in the document.

        Why: checking a copy by encoding its texts again (`fonts.encodes_alike`) took about 0.03 s of each of a
        cards job's documents (~470 faces each, in-process profile)."""
        return bool(self.charset) and drawn.charset == self.charset and drawn.characters <= self._characters

    def _self_contained(self) -> bool:
        """Whether the open form uses nothing kept per document but its fonts (no image or nested form,
        annotation, spot colour, shading or graphics state such as an alpha): only then can another
        document copy its content stream."""
        return not internals.uses_document_resources(self.canvas)

    def place(self, prepared: PreparedFace, x: float, y: float, clip: tuple[float, float, float, float] | None,
              turn: int = 0, cell: tuple[float, float] = (0.0, 0.0)) -> None:
        """Draw a face with its trim box's bottom-left at (x, y) pt, clipped to (x0, y0, x1, y1) pt; turned 90 (or
        -90) degrees counter-clockwise, its trim box fills the cell (width, height pt) whose bottom-left is (x, y)."""
        name = self.form(prepared)
        c = self.canvas
        c.saveState()
        if clip is not None:
            path = c.beginPath()
            path.rect(clip[0], clip[1], clip[2] - clip[0], clip[3] - clip[1])
            c.clipPath(path, stroke=0, fill=0)
        if turn == 90:
            c.translate(x + cell[0], y)
            c.rotate(90)
        elif turn == -90:
            c.translate(x, y + cell[1])
            c.rotate(-90)
        else:
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
        internals.save(self.canvas)
        return self.buffer.getvalue()

    def drawn(self) -> DrawnPdf:
        """What the finished document wrote (after `finish`), for the output preflight."""
        doc = internals.document(self.canvas)
        pages = tuple(DrawnPage(_rect(page.MediaBox.sequence), _box(getattr(page, "TrimBox", None)),
                                _box(getattr(page, "BleedBox", None)), page.stream.encode("latin-1"))
                      for page in doc.Pages.pages)
        forms: dict[str, Rect | None] = {}
        for page in doc.Pages.pages:
            for name in (page.XObjects.dict if page.XObjects is not None else {}):
                xobject = doc.idToObject.get(name)
                forms[f"/{name}"] = _rect(xobject.BBoxList()) if isinstance(xobject, pdfdoc.PDFFormXObject) else None
        fonts = {f"/{name}": _font(font, doc) for name, font in doc.idToObject["BasicFonts"].dict.items()}
        return DrawnPdf(pages, forms, fonts)


def _box(array: Any) -> Rect | None:
    """A page box reportlab wrote (a PDFArray), or None for one it did not."""
    return _rect(array.sequence) if array is not None else None


def _rect(values: Iterable[Any]) -> Rect:
    x0, y0, x1, y1 = (float(v) for v in values)
    return min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)


def _font(font: Any, doc: Any) -> DrawnFont:
    """A font object of reportlab's document as the PDF shows it (a composite font by its descendant's descriptor)."""
    descendants = _entry(font, "DescendantFonts", doc)
    described = _entry(descendants.sequence[0], "", doc) if descendants is not None else font
    descriptor = _entry(described, "FontDescriptor", doc)
    fields = descriptor.dict if isinstance(descriptor, pdfdoc.PDFDictionary) else {}
    widths = _entry(font, "Widths", doc)
    return DrawnFont(str(_entry(font, "BaseFont", doc) or "?").lstrip("/"),
                     any(name in fields for name in ("FontFile", "FontFile2", "FontFile3")),
                     tuple(float(w) for w in widths.sequence) if widths is not None else (),
                     int(_entry(font, "FirstChar", doc) or 0),
                     float(fields["Ascent"]) if "Ascent" in fields else None,
                     float(fields["Descent"]) if "Descent" in fields else None)


def _entry(obj: Any, key: str, doc: Any) -> Any:
    """A key of a reportlab PDF object (a dictionary's entry or an object's attribute; `""`: the object itself),
    a reference resolved."""
    value = obj if not key else obj.dict.get(key) if isinstance(obj, pdfdoc.PDFDictionary) else getattr(obj, key, None)
    return doc.idToObject[value.name] if isinstance(value, pdfdoc.PDFObjectReference) else value
