"""Units and geometry: lengths are parsed here and nowhere else; everything inside render is millimetres.

`"3mm"`, `"0.3cm"`, `"0.125in"`, `"12pt"` and bare numbers (millimetres for lengths, points for font
sizes) are accepted. PDF drawing converts with `pt()` at the last moment.
"""

from __future__ import annotations

import math
import re
import reprlib
from dataclasses import dataclass

# The calibration page measures a duplex misregistration of up to this many mm either way; a larger
# --back-offset cannot be read off it and pushes backs towards (or past) the paper's edge. Here, not in
# imposition.py: the build checks the option before it draws anything (imposition imports reportlab).
BACK_OFFSET_LIMIT = 10

MM_PER_PT = 25.4 / 72
PT_PER_MM = 72 / 25.4
_PER_MM = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": MM_PER_PT}
LENGTH_PATTERN = r"^\s*(-?\d+(?:\.\d+)?)\s*(mm|cm|in|pt)?\s*$"  # also the layout schema's
_LENGTH = re.compile(LENGTH_PATTERN)
# A length in a JSON Schema (the layout schema): a number, or a text parse_length reads.
LENGTH_JSON_SCHEMA = {"anyOf": [{"type": "string", "pattern": LENGTH_PATTERN}, {"type": "number"}]}
# No length on a card, a sheet or a board comes near 10 m: a bigger one is a typo, and would make the
# renderer write non-finite numbers or loop over millions of pages.
MAX_LENGTH_MM = 10_000.0


class UnitError(ValueError):
    """A length that cannot be parsed (content/layout problem, turned into a finding by the caller)."""


class RangeError(UnitError):
    """A length that parses but is not a finite number within the range its use allows."""


def parse_length(value: str | float | int, default_unit: str = "mm") -> float:
    """A length in millimetres: finite and within ±MAX_LENGTH_MM."""
    if isinstance(value, bool):
        raise UnitError(f"{value!r} is not a length")
    if isinstance(value, (int, float)):
        number, unit = value, default_unit
    else:
        match = _LENGTH.match(value)
        if match is None:
            raise UnitError(f"{value!r} is not a length; write e.g. 3mm, 0.125in or 12pt")
        number, unit = float(match.group(1)), match.group(2) or default_unit
    try:
        mm = float(number) * _PER_MM[unit]
    except OverflowError:  # an integer too large for a float
        mm = math.inf
    if not math.isfinite(mm) or abs(mm) > MAX_LENGTH_MM:
        raise RangeError(f"{reprlib.repr(value)} is out of range: a length lies within ±{MAX_LENGTH_MM:g} mm")
    return mm


def parse_points(value: str | float | int) -> float:
    """A font size (or stroke width) in points; bare numbers are points."""
    return parse_length(value, default_unit="pt") * PT_PER_MM


def pt(mm: float) -> float:
    """Millimetres to PDF points."""
    return mm * PT_PER_MM


@dataclass(frozen=True)
class Box:
    """A rectangle in millimetres, origin at the top-left, y growing downwards (as layouts are written)."""

    x: float
    y: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def bottom(self) -> float:
        return self.y + self.height

    def inset(self, amount: float) -> Box:
        return Box(self.x + amount, self.y + amount, self.width - 2 * amount, self.height - 2 * amount)

    def grow(self, amount: float) -> Box:
        return self.inset(-amount)

    def pdf_rect(self, page_height: float) -> tuple[float, float, float, float]:
        """(x, y, width, height) in points with PDF's bottom-left origin, on a page page_height mm tall."""
        return pt(self.x), pt(page_height - self.bottom), pt(self.width), pt(self.height)


@dataclass(frozen=True)
class Size:
    width: float
    height: float

    def swapped(self) -> Size:
        return Size(self.height, self.width)
