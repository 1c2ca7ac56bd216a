"""Font files: the family of TTF files a game prints with, read and parsed like every other input.

A game's layouts name its family (`fonts:`; render/layouts.py); the files are shipped in the repository
beside the layouts (the default family: Bitstream Vera in `layouts/fonts/`). Never a system font path:
the same files on every machine give the same metrics and the same bytes. Rendering (render/fonts.py)
and the glyph check (i18n/glyphs.py) both ask this module for the family in effect, so they never
disagree about the font.
"""

from __future__ import annotations

import io
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from reportlab.pdfbase.ttfonts import TTFError, TTFontFile

from pipeline import shipped
from pipeline.reading import FONT_LIMIT, UnreadableFile, read_input

STYLES = ("regular", "bold", "italic", "bold-italic")
# style -> suffix of its registered name (the family's name + suffix)
_SUFFIXES = {"regular": "", "bold": "-Bold", "italic": "-Italic", "bold-italic": "-BoldItalic"}

SHIPPED_FONTS = shipped.FONTS


@dataclass(frozen=True)
class FontFamily:
    """A family of four TTF files, one per style; registered under `Pnp<name>` (+ `-Bold`, ...)."""

    name: str
    files: tuple[tuple[str, Path], ...]  # (style, file) in STYLES order

    def file(self, style: str) -> Path:
        return dict(self.files)[style]

    def registered(self, style: str) -> str:
        return f"Pnp{self.name}{_SUFFIXES[style]}"


def family(name: str, files: Mapping[str, Path]) -> FontFamily:
    return FontFamily(name, tuple((style, files[style]) for style in STYLES))


DEFAULT = family("Vera", {"regular": SHIPPED_FONTS / "Vera.ttf", "bold": SHIPPED_FONTS / "VeraBd.ttf",
                          "italic": SHIPPED_FONTS / "VeraIt.ttf", "bold-italic": SHIPPED_FONTS / "VeraBI.ttf"})
_CURRENT: ContextVar[FontFamily] = ContextVar("font_family", default=DEFAULT)


class FontFileError(Exception):
    """A font file that cannot be read or is not a TrueType font reportlab can embed (the message says why)."""


def read_font(path: Path) -> TTFontFile:
    """The parsed font at path, read like every other input; FontFileError if it cannot be used."""
    try:
        data = io.BytesIO(read_input(path, FONT_LIMIT))
    except UnreadableFile as exc:
        raise FontFileError(exc.reason) from None
    data.name = str(path)  # reportlab keys the embedded font by its file name
    try:
        return TTFontFile(data)
    except (TTFError, ValueError, KeyError, IndexError, OSError) as exc:  # what reportlab raises on a broken file
        raise FontFileError(f"not a TrueType font reportlab can embed: {exc}") from None


@contextmanager
def use_family(fonts: FontFamily) -> Iterator[None]:
    """Draw, measure and check glyphs with `fonts` while the block runs."""
    token = _CURRENT.set(fonts)
    try:
        yield
    finally:
        _CURRENT.reset(token)


def current_family() -> FontFamily:
    return _CURRENT.get()


@lru_cache(maxsize=64)
def coverage(path: Path) -> frozenset[int]:
    """The code points a font file maps to glyphs (its cmap)."""
    return frozenset(read_font(path).charToGlyph)


