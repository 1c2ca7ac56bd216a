"""A pen for drawings laid out in millimetres from the top-left corner (boards): shapes, icons and fitted text.

Text is fitted with the real font before it is drawn; text that overflows at its minimum size is a
FIT-OVERFLOW finding naming the drawing and the field, as on cards.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from reportlab.pdfgen.canvas import Canvas

from pipeline.findings import Finding, error
from pipeline.icon_files import is_icon

from .icons import draw_icon, rgb
from .richtext import Fitted, TextStyle, fit_text
from .units import Box, pt


@dataclass(frozen=True)
class Origin:
    """Where findings about a drawing point: the game, locale, drawing id and content position."""

    game: str
    locale: str
    drawing: str
    file: str
    line: int = 1
    column: int = 1


@dataclass
class Pen:
    """Draws on a canvas whose drawing is `height` mm tall, origin at its bottom-left (as a PDF form)."""

    c: Canvas
    height: float
    origin: Origin
    findings: list[Finding] = field(default_factory=list)

    def y(self, mm: float) -> float:
        """A y in mm from the top as PDF points from the bottom."""
        return pt(self.height - mm)

    def _styled(self, fill: str | None, stroke: str | None, width: float, dash: tuple[float, float] | None) -> Canvas:
        """The canvas with a saved state and the fill and stroke set (the caller restores it)."""
        c = self.c
        c.saveState()
        if fill:
            c.setFillColor(rgb(fill))
        if stroke:
            c.setStrokeColor(rgb(stroke))
            c.setLineWidth(width)
            if dash:
                c.setDash(pt(dash[0]), pt(dash[1]))
        return c

    def rect(self, box: Box, fill: str | None = None, stroke: str | None = None, width: float = 0.6,
             radius: float = 0.0, dash: tuple[float, float] | None = None) -> None:
        """A (rounded) rectangle; width in points, radius and dash in mm."""
        c = self._styled(fill, stroke, width, dash)
        x, y, w, h = pt(box.x), self.y(box.bottom), pt(box.width), pt(box.height)
        if radius:
            c.roundRect(x, y, w, h, pt(radius), fill=1 if fill else 0, stroke=1 if stroke else 0)
        else:
            c.rect(x, y, w, h, fill=1 if fill else 0, stroke=1 if stroke else 0)
        c.restoreState()

    def circle(self, cx: float, cy: float, r: float, fill: str | None = None, stroke: str | None = None,
               width: float = 0.6, dash: tuple[float, float] | None = None) -> None:
        c = self._styled(fill, stroke, width, dash)
        c.circle(pt(cx), self.y(cy), pt(r), fill=1 if fill else 0, stroke=1 if stroke else 0)
        c.restoreState()

    def line(self, x0: float, y0: float, x1: float, y1: float, color: str, width: float,
             dash: tuple[float, float] | None = None) -> None:
        """A straight line with round caps; width in mm."""
        c = self.c
        c.saveState()
        c.setStrokeColor(rgb(color))
        c.setLineWidth(pt(width))
        c.setLineCap(1)
        if dash:
            c.setDash(pt(dash[0]), pt(dash[1]))
        c.line(pt(x0), self.y(y0), pt(x1), self.y(y1))
        c.restoreState()

    def icon(self, name: str, cx: float, cy: float, size: float, what: str = "") -> None:
        """An icon of side `size` mm centred on (cx, cy); an unknown name is a finding and is not drawn."""
        if not is_icon(name):
            self.finding("ICON-UNKNOWN", f"{what or 'a box'} uses unknown icon {name!r}")
            return
        draw_icon(self.c, name, pt(cx - size / 2), self.y(cy + size / 2), pt(size))

    def badge(self, name: str, cx: float, cy: float, size: float, fill: str, stroke: str) -> None:
        """An icon on a round badge (no transparency: it does not survive form XObjects in every viewer)."""
        self.circle(cx, cy, size * 0.62, fill=fill, stroke=stroke, width=0.6)
        self.icon(name, cx, cy, size * 0.85)

    def fit(self, markup: str, box: Box, style: TextStyle, what: str) -> Fitted:
        """Text fitted in a box (mm); overflow and unknown icons are findings."""
        fitted = fit_text(markup, pt(box.width), pt(box.height), style, self.origin.locale)
        for name in fitted.unknown_icons:
            self.finding("ICON-UNKNOWN", f"{what} uses unknown icon {name!r}")
        if not fitted.fits:
            self.finding("FIT-OVERFLOW", f"{what} overflows its box by {fitted.overflow_mm:.1f} mm at the minimum size "
                          f"{style.min_size:g}pt", "shorten the text, or give the box more room in the board layout")
        return fitted

    def text(self, markup: str, box: Box, style: TextStyle, what: str) -> Fitted:
        """Fit, then draw, text in a box (mm from the top-left)."""
        fitted = self.fit(markup, box, style, what)
        fitted.draw(self.c, pt(box.x), self.y(box.y))
        return fitted

    def finding(self, code: str, message: str, hint: str = "") -> None:
        o = self.origin
        self.findings.append(error(code, f"{o.game} [{o.locale}] {o.drawing}: {message}", o.file, o.line, o.column, hint))


def style(size: float, low: float | None = None, font: str = "regular", align: str = "left", valign: str = "top",
          color: str = "#222222", leading: float = 1.15) -> TextStyle:
    """A text style from a size (and the smallest size it may shrink to) in points."""
    return TextStyle(low if low is not None else size, size, leading, 0.3, align, valign, color, font)
