"""Every use of reportlab's private parts, in one place, for the reportlab versions pyproject.toml allows.

The pipeline reads and writes a few of reportlab's undocumented attributes: a canvas's operator list (`_code`, to
copy a drawn face or an icon's operators instead of drawing them again), its document (`_doc`: the PDF version a
face needs, its objects, for the output preflight), and what a form uses of its document (`_formsinuse`, ...).
They are read only here, and `REPORTLAB_VERSIONS` says which releases they are known to work with: pyproject.toml
bounds reportlab alike, and a reportlab outside them is refused when rendering starts (`check_version`), never
met as a wrong byte in a print. CI tests the release pinned in .ci/constraints.txt.

The serializer's fast paths (`fast_serializer`, installed while a document is written, not when a module is
imported): reportlab writes a document by calling `pdfdoc.format` on every value of every object (names, numbers,
strings, arrays, dictionaries), and encodes each text piece with its PDFDocEncoding codec, looked up by
name on every call. A cards target's 1-up file is ~770 pages and ~470 form XObjects: some 80,000 such
values. `fast_serializer()` replaces three module functions of `reportlab.pdfbase.pdfdoc` and the `encode` of two
of its stream filters while the block runs, each giving exactly the bytes of the one it replaces:
- `pdfdocEnc`: a text of ASCII characters outside 0x18-0x1F (where PDFDocEncoding puts accents instead of
  control codes) encodes as ASCII; any other text goes through reportlab's codec;
- `format`: bytes, texts, ints and floats (exactly those types, not subclasses) are formatted at once (a
  short text's bytes remembered: names repeat on every page), everything else by reportlab's function;
- `PDFName`: remembered per name (a pure function of its text; a document uses a few hundred names);
- the Flate and ASCII85 stream filters: remembered per content (pure functions of their input): a cards job writes
  each face's form into cards-1up.pdf and again into cards.pdf, where it is compressed to the same bytes.

Why: for the old-world cards target, `Document.finish` of its two files took 0.42 s of a ~1.3 s one-card
rebuild job; with the fast paths 0.23 s (cards-1up.pdf 0.27 -> 0.17 s, cards.pdf 0.15 -> 0.055 s; in-process, 3 runs
each). `tests/render/test_reportlab_internals.py` checks each fast path against reportlab's own function, and a whole
document written both ways.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from typing import Any

import reportlab
from reportlab.graphics import renderPDF
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas

# The releases whose private parts read as this module reads them (the bound on reportlab in pyproject.toml).
REPORTLAB_VERSIONS = ((4, 0), (5, 2))  # from 4.0 up to, not including, 5.2


def _release(version: str) -> tuple[int, int]:
    major, minor, *_ = (int(part) if part.isdigit() else 0 for part in (version.split(".") + ["0", "0"])[:2])
    return major, minor


def check_version(version: str = reportlab.Version) -> None:
    """Refuse a reportlab whose private parts this module was not written for (RuntimeError saying what to install)."""
    low, high = REPORTLAB_VERSIONS
    if not low <= _release(version) < high:
        raise RuntimeError(f"reportlab {version} is not supported: pnp-pipeline reads parts of reportlab that may change "
                           f"between releases; install 'reportlab>={low[0]}.{low[1]},<{high[0]}.{high[1]}'")


check_version()


# --- A canvas and its document ---------------------------------------------------------------------------------

def operators(canvas: Canvas) -> list[str]:
    """The canvas's operator list so far (its page or open form): a drawing is copied by extending it."""
    return canvas._code


def document(canvas: Canvas) -> Any:
    """The canvas's PDF document object (reportlab's `PDFDocument`)."""
    return canvas._doc


def pdf_version(canvas: Canvas) -> tuple[int, int]:
    """The PDF version the canvas's document needs so far."""
    return canvas._doc._pdfVersion


def set_pdf_version(canvas: Canvas, version: tuple[int, int]) -> None:
    canvas._doc._pdfVersion = version


def object_count(canvas: Canvas) -> int:
    """How many objects the canvas's document holds (a drawing that adds one needs its document)."""
    return len(canvas._doc.idToObject)


def uses_document_resources(canvas: Canvas) -> bool:
    """Whether what was drawn uses anything kept per document but its fonts (an image or nested form, an
    annotation, a spot colour, a shading, a graphics state such as an alpha): such a drawing cannot be copied."""
    c = canvas
    return bool(c._formsinuse or c._annotationrefs or c._colorsUsed or c._shadingUsed or c._extgstate.getState())


class DrawingRenderer(renderPDF._PDFRenderer):
    """reportlab's renderer of a graphics drawing onto a canvas (for an icon: render/icons.py)."""


# --- The serializer's fast paths -----------------------------------------------------------------------------------

_ORIGINAL = {"pdfdocEnc": pdfdoc.pdfdocEnc, "format": pdfdoc.format, "PDFName": pdfdoc.PDFName}
_NOT_ASCII_IN_PDFDOC = re.compile("[\x18-\x1f]")  # ASCII codes PDFDocEncoding maps to other characters


def pdfdoc_encode(value: Any) -> Any:
    """`pdfdoc.pdfdocEnc`: a text as PDFDocEncoding bytes (anything else as it is)."""
    if type(value) is str and value.isascii() and _NOT_ASCII_IN_PDFDOC.search(value) is None:
        return value.encode("ascii")
    return _ORIGINAL["pdfdocEnc"](value)


_SHORT = 64  # texts up to this length (names, numbers, references) are remembered encoded
_short_texts: dict[str, bytes] = {}


def format_value(element: Any, document: Any, toplevel: int = 0) -> Any:
    """`pdfdoc.format`: the bytes of one value of a PDF object."""
    kind = type(element)
    if kind is bytes:
        return element
    if kind is str:
        encoded = _short_texts.get(element)
        if encoded is None:
            encoded = pdfdoc_encode(element)
            if len(element) <= _SHORT:
                if len(_short_texts) >= 65536:  # a bound for a long-lived process (`pnp watch`)
                    _short_texts.clear()
                _short_texts[element] = encoded
        return encoded
    if kind is int or kind is float:
        return pdfdoc_encode(fp_str(element))
    return _ORIGINAL["format"](element, document, toplevel)


@lru_cache(maxsize=4096)
def _name(data: str) -> str:
    return _ORIGINAL["PDFName"](data)


def pdf_name(data: Any, *args: Any) -> str:
    """`pdfdoc.PDFName`: a name as the PDF writes it (`/Name`, with `#xx` escapes)."""
    if args or type(data) is not str:
        return _ORIGINAL["PDFName"](data, *args)
    return _name(data)


class _Remembered:
    """A stream filter's `encode` with its results remembered by input, up to `limit` bytes of them."""

    def __init__(self, encode: Any, limit: int = 64 * 1024 * 1024) -> None:
        self.encode, self.limit, self.size = encode, limit, 0
        self.results: dict[bytes, Any] = {}

    def __call__(self, filter_: Any, text: Any) -> Any:
        key = text.encode("utf8") if isinstance(text, str) else bytes(text)  # as the filters read a text
        result = self.results.get(key)
        if result is None:
            result = self.encode(filter_, text)
            if self.size + len(key) + len(result) > self.limit:  # a bound for a long-lived process (`pnp watch`)
                self.results.clear()
                self.size = 0
            self.results[key] = result
            self.size += len(key) + len(result)
        return result


_FILTERS = {cls: _Remembered(cls.encode) for cls in (pdfdoc.PDFStreamFilterZCompress, pdfdoc.PDFStreamFilterBase85Encode)}


_installed = 0  # how many `fast_serializer` blocks are running: the outermost puts reportlab's functions back


@contextmanager
def fast_serializer() -> Iterator[None]:
    """The fast paths in place of reportlab's functions while the block runs (a document is written); nests."""
    global _installed
    if _installed == 0:
        pdfdoc.pdfdocEnc, pdfdoc.format, pdfdoc.PDFName = pdfdoc_encode, format_value, pdf_name
        for cls, remembered in _FILTERS.items():
            cls.encode = lambda self, text, remembered=remembered: remembered(self, text)
    _installed += 1
    try:
        yield
    finally:
        _installed -= 1
        if _installed == 0:
            pdfdoc.pdfdocEnc, pdfdoc.format, pdfdoc.PDFName = (_ORIGINAL[name] for name in ("pdfdocEnc", "format", "PDFName"))
            for cls, remembered in _FILTERS.items():
                cls.encode = remembered.encode


def save(canvas: Canvas) -> None:
    """Write the canvas's document (its `save`) with the fast paths."""
    with fast_serializer():
        canvas.save()
