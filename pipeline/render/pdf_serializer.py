"""Reportlab's PDF serializer with fast paths for its plain values: the same bytes, in about half the time.

Reportlab writes a document by calling `pdfdoc.format` on every value of every object (names, numbers,
strings, arrays, dictionaries), and encodes each text piece with its PDFDocEncoding codec, looked up by
name on every call. A cards target's 1-up file is ~770 pages and ~470 form XObjects: some 80,000 such
values. `install()` replaces three module functions of `reportlab.pdfbase.pdfdoc` and the `encode` of two of
its stream filters, each giving exactly the bytes of the one it replaces:
- `pdfdocEnc`: a text of ASCII characters outside 0x18-0x1F (where PDFDocEncoding puts accents instead of
  control codes) encodes as ASCII; any other text goes through reportlab's codec;
- `format`: bytes, texts, ints and floats (exactly those types, not subclasses) are formatted at once (a
  short text's bytes remembered: names repeat on every page), everything else by reportlab's function;
- `PDFName`: remembered per name (a pure function of its text; a document uses a few hundred names);
- the Flate and ASCII85 stream filters: remembered per content (pure functions of their input): a cards job writes
  each face's form into cards-1up.pdf and again into cards.pdf, where it is compressed to the same bytes.

Why: for the old-world cards target, `Document.finish` of its two files took 0.42 s of a ~1.3 s one-card
rebuild job; with this module 0.23 s (cards-1up.pdf 0.27 -> 0.17 s, cards.pdf 0.15 -> 0.055 s; in-process, 3 runs
each). `tests/render/test_pdf_serializer.py` checks each fast path against reportlab's own function, and a whole
document written both ways.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfdoc

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


def install() -> None:
    """Put the fast paths in place of reportlab's functions (once per process; idempotent)."""
    pdfdoc.pdfdocEnc = pdfdoc_encode
    pdfdoc.format = format_value
    pdfdoc.PDFName = pdf_name
    for cls, remembered in _FILTERS.items():
        cls.encode = lambda self, text, remembered=remembered: remembered(self, text)
