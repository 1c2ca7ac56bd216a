"""Fonts: reportlab's bundled Bitstream Vera family, registered from reportlab's own folder and embedded.

Never a system font path: the same files on every machine give the same metrics and the same bytes.
"""

from __future__ import annotations

import io
from functools import lru_cache
from pathlib import Path

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


@lru_cache(maxsize=1)
def register_fonts() -> dict[str, str]:
    """Register the four Vera styles once per process; returns style -> font name."""
    for name, filename in FONTS.values():
        pdfmetrics.registerFont(TTFont(name, _font_file(filename)))
    regular, bold, italic, bold_italic = (FONTS[s][0] for s in STYLES)
    pdfmetrics.registerFontFamily(regular, normal=regular, bold=bold, italic=italic, boldItalic=bold_italic)
    return {style: name for style, (name, _) in FONTS.items()}


def _font_file(filename: str) -> io.BytesIO:
    """A font's bytes, read like every other input (a regular file within the font limit)."""
    path = FONT_DIR / filename
    data = io.BytesIO(read_input(path, FONT_LIMIT))
    data.name = str(path)  # reportlab keys the embedded font by its file name
    return data


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
