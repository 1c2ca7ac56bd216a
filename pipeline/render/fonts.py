"""Fonts: the family in effect (`pipeline/font_files.py`: the game's `fonts:` from its layouts) registered
with reportlab, embedded, and measured.

What is drawn or measured uses the family in effect (`use_family`, set per game by the build and the
check); outside one, the shipped default.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from typing import Any

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from pipeline.font_files import STYLES, FontFamily, current_family
from pipeline.reading import FONT_LIMIT, read_input

# One text encoded for one document: the font, the text, its (subset, codes) pieces and the subset font's PDF name.
Encoded = tuple["LoggedTTFont", str, tuple[tuple[int, bytes], ...], str]


class LoggedTTFont(TTFont):
    """A TTFont that logs, while a document asks for it (`encoding_log`), every text it encodes for that document.

    Why: a TTF font's subset codes and PDF font name are assigned per document, in the order texts are
    first drawn, so a face's drawing (its content stream) can be copied from one document into the next
    (`pdf.Document.form`) only when encoding the same texts there gives the same codes and names;
    `encodes_alike` checks that from this log. Logging nothing else, it changes no output.
    """

    def __init__(self, name: str, filename: Any) -> None:
        super().__init__(name, filename)
        self.logs: dict[int, list[Encoded]] = {}  # id(document) -> its log, while one is open

    def splitString(self, text: str, doc: Any, encoding: str = "utf-8") -> list[tuple[int, bytes]]:
        pieces = super().splitString(text, doc, encoding)
        log = self.logs.get(id(doc))
        if log is not None:
            # Naming the subset font here is what drawing does right after encoding (same order, same side effect).
            name = self.getSubsetInternalName(pieces[0][0], doc) if pieces else ""
            log.append((self, text, tuple(pieces), name))
        return pieces


def register_fonts() -> dict[str, str]:
    """Register the family in effect (once per process); returns style -> font name."""
    return _register(current_family())


_registered: dict[str, FontFamily] = {}  # family name -> the files registered under it
_names: dict[str, dict[str, str]] = {}  # family name -> style -> registered font name


def _register(fonts: FontFamily) -> dict[str, str]:
    known = _registered.get(fonts.name)
    if known is fonts:  # every measured word asks: answer without comparing the families' files
        return _names[fonts.name]
    if known != fonts:
        if known is not None:  # the same name, other files (another layouts folder): measure anew
            _width.cache_clear()
            _ascent_descent.cache_clear()
        _install(fonts)
    _registered[fonts.name] = fonts
    _names[fonts.name] = {style: fonts.registered(style) for style in STYLES}
    return _names[fonts.name]


def _install(fonts: FontFamily) -> None:
    for style in STYLES:
        path = fonts.file(style)
        data = io.BytesIO(read_input(path, FONT_LIMIT))
        data.name = str(path)  # reportlab keys the embedded font by its file name
        pdfmetrics.registerFont(LoggedTTFont(fonts.registered(style), data))
    regular, bold, italic, bold_italic = (fonts.registered(s) for s in STYLES)
    pdfmetrics.registerFontFamily(regular, normal=regular, bold=bold, italic=italic, boldItalic=bold_italic)


@contextmanager
def encoding_log(doc: Any) -> Iterator[list[Encoded]]:
    """Every text our fonts encode for reportlab document doc while the block runs, in order."""
    log: list[Encoded] = []
    # Once each: reportlab gives two styles naming the same file one font object.
    fonts = list({id(font): font for font in map(pdfmetrics.getFont, register_fonts().values())}.values())
    for font in fonts:
        font.logs[id(doc)] = log
    try:
        yield log
    finally:
        for font in fonts:
            del font.logs[id(doc)]


def encodes_alike(log: tuple[Encoded, ...], doc: Any) -> bool:
    """Whether encoding the logged texts for doc gives the logged codes and font names.

    It encodes every text (no early exit), as drawing them would: the document's font state afterwards
    is the same whether the caller then copies the drawing or draws it again.
    """
    alike = True
    for font, text, pieces, name in log:
        again = tuple(font.splitString(text, doc))
        again_name = font.getSubsetInternalName(again[0][0], doc) if again else ""
        alike = alike and again == pieces and again_name == name
    return alike


def font_name(style: str) -> str:
    return register_fonts()[style]


def style_of(bold: bool, italic: bool) -> str:
    if bold and italic:
        return "bold-italic"
    return "bold" if bold else "italic" if italic else "regular"


def text_width(text: str, style: str) -> float:
    """Width of text at 1 pt in the given style (widths scale linearly with the size)."""
    return _width(text, font_name(style))


@lru_cache(maxsize=200_000)
def _width(text: str, name: str) -> float:
    return float(pdfmetrics.stringWidth(text, name, 1.0))


@lru_cache(maxsize=8)
def _ascent_descent(name: str) -> tuple[float, float]:
    face = pdfmetrics.getFont(name).face
    return face.ascent / 1000.0, face.descent / 1000.0


def ascent_descent(style: str) -> tuple[float, float]:
    """Ascent and (negative) descent at 1 pt."""
    return _ascent_descent(font_name(style))
