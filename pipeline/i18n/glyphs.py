"""Glyph coverage: every character a string prints must be in the font that prints it (reportlab's Vera family)."""

from __future__ import annotations

import io
import unicodedata
from collections.abc import Iterable, Sequence
from functools import lru_cache
from pathlib import Path

import reportlab
from reportlab.pdfbase.ttfonts import TTFontFile

from pipeline.findings import Finding, error
from pipeline.reading import FONT_LIMIT, read_input

from .tokens import prose

# The faces the cards print with: reportlab's bundled Bitstream Vera (never a system font).
FONT_DIR = Path(reportlab.__file__).resolve().parent / "fonts"
VERA = ("Vera.ttf", "VeraBd.ttf", "VeraIt.ttf", "VeraBI.ttf")
# Layout characters that are not drawn as glyphs.
NOT_DRAWN = frozenset("\n\r\t")


@lru_cache(maxsize=16)
def coverage(font_file: str) -> frozenset[int]:
    """The code points a TTF in reportlab's font folder maps to glyphs (its cmap)."""
    face = TTFontFile(io.BytesIO(read_input(FONT_DIR / font_file, FONT_LIMIT)))
    return frozenset(face.charToGlyph)


def missing_glyphs(text: str, fonts: Sequence[str] = VERA) -> list[str]:
    """The characters of text (tokens excluded) that one of the fonts cannot draw, in order, once each."""
    found: list[str] = []
    for char in dict.fromkeys(prose(text)):
        if char in NOT_DRAWN:
            continue
        if any(ord(char) not in coverage(font) for font in fonts):
            found.append(char)
    return found


def describe(char: str) -> str:
    return f"U+{ord(char):04X} {unicodedata.name(char, 'unnamed')} ({char!r})"


def glyph_findings(texts: Iterable[tuple[str, str, int, str]], fonts: Sequence[str] = VERA) -> list[Finding]:
    """Findings for (text, file, line, context) whose characters the fonts cannot draw."""
    findings = []
    for text, file, line, context in texts:
        for char in missing_glyphs(text, fonts):
            findings.append(
                error(
                    "I18N-GLYPH",
                    f"{describe(char)} in {context} is not in the font ({', '.join(fonts)})",
                    file,
                    line,
                    1,
                    hint="use a character the font has (e.g. U+00A0 instead of U+202F), or change the font",
                )
            )
    return findings
