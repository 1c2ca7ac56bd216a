"""Fonts: reportlab's bundled Bitstream Vera family, registered from reportlab's own folder and embedded.

Never a system font path: the same files on every machine give the same metrics and the same bytes.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any

import reportlab
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from pipeline.reading import FONT_LIMIT, read_input

FONT_DIR = Path(reportlab.__file__).resolve().parent / "fonts"

# style -> (registered name, file in reportlab's font folder)
FONTS = {
    "regular": ("PnpVera", "Vera.ttf"),
    "bold": ("PnpVera-Bold", "VeraBd.ttf"),
    "italic": ("PnpVera-Italic", "VeraIt.ttf"),
    "bold-italic": ("PnpVera-BoldItalic", "VeraBI.ttf"),
}
STYLES = tuple(FONTS)

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


@lru_cache(maxsize=1)
def register_fonts() -> dict[str, str]:
    """Register the four Vera styles once per process; returns style -> font name."""
    for name, filename in FONTS.values():
        pdfmetrics.registerFont(LoggedTTFont(name, _font_file(filename)))
    regular, bold, italic, bold_italic = (FONTS[s][0] for s in STYLES)
    pdfmetrics.registerFontFamily(regular, normal=regular, bold=bold, italic=italic, boldItalic=bold_italic)
    return {style: name for style, (name, _) in FONTS.items()}


def _font_file(filename: str) -> io.BytesIO:
    """A font's bytes, read like every other input (a regular file within the font limit)."""
    path = FONT_DIR / filename
    data = io.BytesIO(read_input(path, FONT_LIMIT))
    data.name = str(path)  # reportlab keys the embedded font by its file name
    return data


@contextmanager
def encoding_log(doc: Any) -> Iterator[list[Encoded]]:
    """Every text our fonts encode for reportlab document doc while the block runs, in order."""
    log: list[Encoded] = []
    fonts = [pdfmetrics.getFont(name) for name in register_fonts().values()]
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


@lru_cache(maxsize=200_000)
def text_width(text: str, style: str) -> float:
    """Width of text at 1 pt in the given style (widths scale linearly with the size)."""
    return float(pdfmetrics.stringWidth(text, font_name(style), 1.0))


@lru_cache(maxsize=8)
def ascent_descent(style: str) -> tuple[float, float]:
    """Ascent and (negative) descent at 1 pt."""
    font = pdfmetrics.getFont(font_name(style))
    face = font.face
    return face.ascent / 1000.0, face.descent / 1000.0


def has_glyph(char: str, style: str = "regular") -> bool:
    font = pdfmetrics.getFont(font_name(style))
    return ord(char) in font.face.charToGlyph
