"""Our own vector icons, drawn in a unit square (0..1, origin bottom-left) scaled to the text size.

Inline `{icon:name}` tokens and layout icon boxes both draw through `draw_icon`. Callers check names
with `is_icon` and report an unknown one as an ICON-UNKNOWN finding before anything is drawn; drawing
one anyway is a programming error (`UnknownIcon`), never a placeholder on the page.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache

from reportlab.lib.colors import Color, toColor
from reportlab.pdfgen.canvas import Canvas

from .fonts import font_name

Painter = Callable[[Canvas], None]

COLORS = {
    "blue": "#2f6db5",
    "red": "#c0392b",
    "green": "#3c9a4a",
    "yellow": "#d9a514",
    "purple": "#7d4ba3",
    "forest": "#2e7d32",
    "mountain": "#7b6a58",
    "water": "#2a7fbf",
    "gold": "#e0b020",
    "ink": "#222222",
    "paper": "#fbf7ee",
}


@lru_cache(maxsize=1024)
def rgb(value: str) -> Color:
    """A colour parsed once ("#rrggbb" or a reportlab name)."""
    return toColor(value)


def _poly(c: Canvas, points: list[tuple[float, float]], fill: str, stroke: str | None = None) -> None:
    path = c.beginPath()
    path.moveTo(*points[0])
    for point in points[1:]:
        path.lineTo(*point)
    path.close()
    c.setFillColor(rgb(fill))
    if stroke:
        c.setStrokeColor(rgb(stroke))
    c.drawPath(path, fill=1, stroke=1 if stroke else 0)


def _circle(c: Canvas, x: float, y: float, r: float, fill: str, stroke: str | None = None) -> None:
    c.setFillColor(rgb(fill))
    if stroke:
        c.setStrokeColor(rgb(stroke))
    c.circle(x, y, r, fill=1, stroke=1 if stroke else 0)


def _forest(c: Canvas) -> None:
    c.setFillColor(rgb("#5d4037"))
    c.rect(0.44, 0.04, 0.12, 0.22, fill=1, stroke=0)
    _poly(c, [(0.12, 0.24), (0.88, 0.24), (0.5, 0.62)], COLORS["forest"])
    _poly(c, [(0.2, 0.5), (0.8, 0.5), (0.5, 0.96)], COLORS["forest"])


def _mountain(c: Canvas) -> None:
    _poly(c, [(0.02, 0.08), (0.4, 0.86), (0.78, 0.08)], COLORS["mountain"])
    _poly(c, [(0.42, 0.08), (0.7, 0.6), (0.98, 0.08)], "#9c8a76")
    _poly(c, [(0.3, 0.64), (0.4, 0.86), (0.5, 0.64)], "#ffffff")


def _water(c: Canvas) -> None:
    c.setStrokeColor(rgb(COLORS["water"]))
    c.setLineWidth(0.1)
    c.setLineCap(1)
    for y in (0.28, 0.52, 0.76):
        path = c.beginPath()
        path.moveTo(0.08, y)
        path.curveTo(0.28, y + 0.14, 0.36, y - 0.14, 0.5, y)
        path.curveTo(0.64, y + 0.14, 0.72, y - 0.14, 0.92, y)
        c.drawPath(path, stroke=1, fill=0)


def _star(c: Canvas, fill: str, points: int = 5, inner: float = 0.2) -> None:
    coords = []
    for i in range(points * 2):
        radius = 0.46 if i % 2 == 0 else inner
        angle = math.pi / 2 + i * math.pi / points
        coords.append((0.5 + radius * math.cos(angle), 0.5 + radius * math.sin(angle)))
    _poly(c, coords, fill)


def _gem(color: str) -> Painter:
    def paint(c: Canvas) -> None:
        c.setLineWidth(0.05)
        _poly(c, [(0.5, 0.96), (0.92, 0.5), (0.5, 0.04), (0.08, 0.5)], COLORS[color], "#ffffff")

    return paint


def _damage(c: Canvas) -> None:
    _poly(c, [(0.5, 0.98), (0.62, 0.66), (0.95, 0.7), (0.7, 0.45), (0.86, 0.08), (0.5, 0.3), (0.14, 0.08), (0.3, 0.45),
              (0.05, 0.7), (0.38, 0.66)], COLORS["red"])


def _shield(c: Canvas, fill: str = "#5b7fa6") -> None:
    path = c.beginPath()
    path.moveTo(0.5, 0.96)
    path.lineTo(0.9, 0.82)
    path.curveTo(0.9, 0.4, 0.75, 0.18, 0.5, 0.02)
    path.curveTo(0.25, 0.18, 0.1, 0.4, 0.1, 0.82)
    path.close()
    c.setFillColor(rgb(fill))
    c.drawPath(path, fill=1, stroke=0)
    _poly(c, [(0.5, 0.84), (0.78, 0.74), (0.5, 0.14)], "#ffffff")


def _draw(c: Canvas) -> None:
    c.setLineWidth(0.05)
    c.setStrokeColor(rgb("#ffffff"))
    c.setFillColor(rgb("#8d6e63"))
    c.roundRect(0.12, 0.1, 0.46, 0.7, 0.06, fill=1, stroke=1)
    c.setFillColor(rgb("#bcaaa4"))
    c.roundRect(0.36, 0.2, 0.46, 0.7, 0.06, fill=1, stroke=1)
    _poly(c, [(0.58, 0.5), (0.98, 0.5), (0.78, 0.2)], COLORS["ink"])


def _gold(c: Canvas) -> None:
    c.setLineWidth(0.06)
    _circle(c, 0.5, 0.5, 0.44, COLORS["gold"], "#9a7410")
    c.setFillColor(rgb("#9a7410"))
    c.setFont(font_name("bold"), 0.56)
    c.drawCentredString(0.5, 0.31, "G")


def _potion(c: Canvas, fill: str = "#8e44ad") -> None:
    _circle(c, 0.5, 0.36, 0.32, fill)
    c.setFillColor(rgb(fill))
    c.rect(0.4, 0.6, 0.2, 0.26, fill=1, stroke=0)
    c.setFillColor(rgb("#6d4c41"))
    c.rect(0.36, 0.86, 0.28, 0.1, fill=1, stroke=0)
    _circle(c, 0.4, 0.42, 0.07, "#ffffff")


def _trophy(c: Canvas) -> None:
    c.setFillColor(rgb(COLORS["gold"]))
    path = c.beginPath()
    path.moveTo(0.18, 0.92)
    path.lineTo(0.82, 0.92)
    path.curveTo(0.82, 0.5, 0.66, 0.4, 0.5, 0.4)
    path.curveTo(0.34, 0.4, 0.18, 0.5, 0.18, 0.92)
    path.close()
    c.drawPath(path, fill=1, stroke=0)
    c.rect(0.44, 0.18, 0.12, 0.24, fill=1, stroke=0)
    c.rect(0.28, 0.06, 0.44, 0.12, fill=1, stroke=0)


def _swords(c: Canvas) -> None:
    c.setLineCap(1)
    c.setStrokeColor(rgb("#607d8b"))
    c.setLineWidth(0.09)
    c.line(0.12, 0.12, 0.88, 0.88)
    c.line(0.88, 0.12, 0.12, 0.88)
    c.setStrokeColor(rgb("#5d4037"))
    c.setLineWidth(0.14)
    c.line(0.1, 0.1, 0.22, 0.22)
    c.line(0.9, 0.1, 0.78, 0.22)


def _life(c: Canvas) -> None:
    path = c.beginPath()
    path.moveTo(0.5, 0.08)
    path.curveTo(0.1, 0.4, 0.02, 0.62, 0.16, 0.82)
    path.curveTo(0.3, 0.98, 0.46, 0.9, 0.5, 0.74)
    path.curveTo(0.54, 0.9, 0.7, 0.98, 0.84, 0.82)
    path.curveTo(0.98, 0.62, 0.9, 0.4, 0.5, 0.08)
    c.setFillColor(rgb(COLORS["red"]))
    c.drawPath(path, fill=1, stroke=0)


def _city(c: Canvas) -> None:
    c.setFillColor(rgb("#795548"))
    c.rect(0.1, 0.06, 0.3, 0.6, fill=1, stroke=0)
    c.rect(0.6, 0.06, 0.3, 0.6, fill=1, stroke=0)
    c.rect(0.35, 0.06, 0.3, 0.78, fill=1, stroke=0)
    _poly(c, [(0.3, 0.84), (0.7, 0.84), (0.5, 0.98)], COLORS["red"])


def _wilds(c: Canvas) -> None:
    c.saveState()
    c.translate(0.3, 0)
    c.scale(0.7, 0.7)
    _mountain(c)
    c.restoreState()
    c.saveState()
    c.scale(0.6, 0.8)
    _forest(c)
    c.restoreState()


def _quest(c: Canvas) -> None:
    c.setFillColor(rgb("#efe2c0"))
    c.setStrokeColor(rgb("#6d4c41"))
    c.setLineWidth(0.05)
    c.roundRect(0.16, 0.06, 0.68, 0.88, 0.08, fill=1, stroke=1)
    c.setFillColor(rgb("#6d4c41"))
    c.setFont(font_name("bold"), 0.7)
    c.drawCentredString(0.5, 0.25, "!")


def _monster(c: Canvas) -> None:
    _circle(c, 0.5, 0.55, 0.4, "#4e342e")
    _poly(c, [(0.3, 0.45), (0.38, 0.18), (0.44, 0.45)], "#ffffff")
    _poly(c, [(0.56, 0.45), (0.62, 0.18), (0.7, 0.45)], "#ffffff")
    _circle(c, 0.35, 0.66, 0.07, "#ffcc00")
    _circle(c, 0.65, 0.66, 0.07, "#ffcc00")


def _tavern(c: Canvas) -> None:
    c.setFillColor(rgb("#e0a030"))
    c.roundRect(0.18, 0.06, 0.5, 0.72, 0.06, fill=1, stroke=0)
    c.setFillColor(rgb("#ffffff"))
    c.roundRect(0.14, 0.7, 0.58, 0.2, 0.08, fill=1, stroke=0)
    c.setStrokeColor(rgb("#e0a030"))
    c.setLineWidth(0.08)
    c.arc(0.56, 0.2, 0.9, 0.6, -90, 180)


def _wild(c: Canvas) -> None:
    _star(c, "#8a8a8a", points=8, inner=0.26)


def _school(c: Canvas) -> None:
    """A witcher medallion: a disc on a chain with a blade across it."""
    c.setLineWidth(0.06)
    _circle(c, 0.5, 0.46, 0.4, "#9ea7ad", "#37474f")
    _circle(c, 0.5, 0.46, 0.28, "#cfd8dc", "#37474f")
    c.setStrokeColor(rgb("#37474f"))
    c.setLineWidth(0.07)
    c.line(0.5, 0.86, 0.5, 0.98)
    _poly(c, [(0.46, 0.2), (0.54, 0.2), (0.54, 0.66), (0.5, 0.74), (0.46, 0.66)], "#37474f")
    c.rect(0.36, 0.28, 0.28, 0.06, fill=1, stroke=0)


def _dice(c: Canvas) -> None:
    c.setLineWidth(0.05)
    c.setFillColor(rgb("#fbf7ee"))
    c.setStrokeColor(rgb(COLORS["ink"]))
    c.roundRect(0.1, 0.1, 0.8, 0.8, 0.14, fill=1, stroke=1)
    for x, y in ((0.3, 0.7), (0.7, 0.7), (0.5, 0.5), (0.3, 0.3), (0.7, 0.3)):
        _circle(c, x, y, 0.075, COLORS["ink"])


def _exchange(c: Canvas) -> None:
    """Two arrows passing each other: trade one card for another."""
    _poly(c, [(0.08, 0.66), (0.62, 0.66), (0.62, 0.84), (0.94, 0.6), (0.62, 0.36), (0.62, 0.54), (0.08, 0.54)], "#2f6db5")
    _poly(c, [(0.92, 0.34), (0.38, 0.34), (0.38, 0.52), (0.06, 0.28), (0.38, 0.04), (0.38, 0.22), (0.92, 0.22)], "#c0392b")


def _trash(c: Canvas) -> None:
    c.setFillColor(rgb("#607d8b"))
    c.rect(0.14, 0.76, 0.72, 0.08, fill=1, stroke=0)
    c.rect(0.4, 0.84, 0.2, 0.08, fill=1, stroke=0)
    _poly(c, [(0.2, 0.72), (0.8, 0.72), (0.72, 0.06), (0.28, 0.06)], "#607d8b")
    c.setStrokeColor(rgb("#cfd8dc"))
    c.setLineWidth(0.05)
    for x in (0.38, 0.5, 0.62):
        c.line(x, 0.16, x, 0.62)


def _magic(c: Canvas) -> None:
    """A six-pointed violet star in a ring (Path of Destiny's magic symbol)."""
    c.setLineWidth(0.06)
    c.setStrokeColor(rgb("#6a3d9a"))
    c.circle(0.5, 0.5, 0.44, fill=0, stroke=1)
    _star(c, "#6a3d9a", points=6, inner=0.2)


def _diplomacy(c: Canvas) -> None:
    """A sealed scroll."""
    c.setLineWidth(0.05)
    c.setStrokeColor(rgb("#6d4c41"))
    c.setFillColor(rgb("#f3e5ab"))
    c.roundRect(0.14, 0.2, 0.72, 0.6, 0.08, fill=1, stroke=1)
    for y in (0.62, 0.5, 0.38):
        c.line(0.26, y, 0.66, y)
    _circle(c, 0.72, 0.28, 0.13, "#b71c1c")


def _exploration(c: Canvas) -> None:
    """A compass rose."""
    c.setLineWidth(0.05)
    _circle(c, 0.5, 0.5, 0.44, "#e8f0e0", "#2e7d32")
    _star(c, "#2e7d32", points=4, inner=0.1)


def _arrow(direction: int) -> Painter:
    """A path arrow pointing left (-1) or right (+1)."""

    def paint(c: Canvas) -> None:
        points = [(0.08, 0.62), (0.55, 0.62), (0.55, 0.86), (0.94, 0.5), (0.55, 0.14), (0.55, 0.38), (0.08, 0.38)]
        _poly(c, [(x if direction > 0 else 1 - x, y) for x, y in points], "#3b3024")

    return paint


def _lettered(fill: str, letters: str, ink: str = "#ffffff") -> Painter:
    """A disc with a short abbreviation (XP, VP)."""

    def paint(c: Canvas) -> None:
        c.setLineWidth(0.05)
        _circle(c, 0.5, 0.5, 0.46, fill, "#ffffff")
        c.setFillColor(rgb(ink))
        c.setFont(font_name("bold"), 0.44)
        c.drawCentredString(0.5, 0.35, letters)

    return paint


def _lost(c: Canvas) -> None:
    """A lost-symbol marker: a grey disc struck through."""
    c.setLineWidth(0.1)
    _circle(c, 0.5, 0.5, 0.44, "#9e9e9e", "#424242")
    c.setStrokeColor(rgb("#424242"))
    c.line(0.22, 0.22, 0.78, 0.78)


# --- The Adventure Game: die faces, tokens and markers of the reference guide ---------------------


def _sword(c: Canvas) -> None:
    """One sword, point up and to the right: the sword die face."""
    c.saveState()
    c.translate(0.5, 0.5)
    c.rotate(-45)
    c.translate(-0.5, -0.5)
    _poly(c, [(0.4, 0.34), (0.6, 0.34), (0.6, 0.84), (0.5, 1.0), (0.4, 0.84)], "#607d8b")
    c.setFillColor(rgb("#5d4037"))
    c.rect(0.24, 0.26, 0.52, 0.1, fill=1, stroke=0)
    c.rect(0.44, 0.08, 0.12, 0.2, fill=1, stroke=0)
    _circle(c, 0.5, 0.07, 0.08, "#5d4037")
    c.restoreState()


def _dodge(c: Canvas) -> None:
    """An arrow swerving aside: the dodge die face."""
    c.setLineCap(1)
    c.setStrokeColor(rgb("#00897b"))
    c.setLineWidth(0.11)
    path = c.beginPath()
    path.moveTo(0.14, 0.12)
    path.curveTo(0.14, 0.62, 0.3, 0.7, 0.62, 0.7)
    c.drawPath(path, stroke=1, fill=0)
    _poly(c, [(0.58, 0.94), (0.94, 0.7), (0.58, 0.46)], "#00897b")


def _ritual(c: Canvas) -> None:
    """A lit candle: the ritual die face."""
    c.setLineWidth(0.04)
    c.setFillColor(rgb("#f3e5ab"))
    c.setStrokeColor(rgb("#6d4c41"))
    c.rect(0.3, 0.06, 0.4, 0.5, fill=1, stroke=1)
    path = c.beginPath()
    path.moveTo(0.5, 0.6)
    path.curveTo(0.24, 0.7, 0.36, 0.86, 0.5, 0.98)
    path.curveTo(0.64, 0.86, 0.76, 0.7, 0.5, 0.6)
    c.setFillColor(rgb("#ef6c00"))
    c.drawPath(path, fill=1, stroke=0)


def _sign(c: Canvas) -> None:
    """A witcher sign: a blue triangle with a bar through it."""
    c.setLineWidth(0.09)
    c.setLineJoin(1)
    c.setStrokeColor(rgb("#1e5aa8"))
    path = c.beginPath()
    path.moveTo(0.5, 0.92)
    path.lineTo(0.9, 0.14)
    path.lineTo(0.1, 0.14)
    path.close()
    c.drawPath(path, stroke=1, fill=0)
    c.line(0.5, 0.92, 0.5, 0.14)


def _foul_fate(c: Canvas) -> None:
    """A black token with a red eye."""
    c.setLineWidth(0.05)
    _circle(c, 0.5, 0.5, 0.44, "#212121", "#b71c1c")
    path = c.beginPath()
    path.moveTo(0.18, 0.5)
    path.curveTo(0.36, 0.74, 0.64, 0.74, 0.82, 0.5)
    path.curveTo(0.64, 0.26, 0.36, 0.26, 0.18, 0.5)
    c.setFillColor(rgb("#c62828"))
    c.drawPath(path, fill=1, stroke=0)
    _circle(c, 0.5, 0.5, 0.08, "#212121")


def _common_marker(c: Canvas) -> None:
    """A wooden cube."""
    c.setLineWidth(0.04)
    c.setLineJoin(1)
    _poly(c, [(0.5, 0.94), (0.9, 0.74), (0.5, 0.54), (0.1, 0.74)], "#d7b98e", "#5d4037")
    _poly(c, [(0.1, 0.74), (0.5, 0.54), (0.5, 0.06), (0.1, 0.26)], "#b08a5a", "#5d4037")
    _poly(c, [(0.5, 0.54), (0.9, 0.74), (0.9, 0.26), (0.5, 0.06)], "#8d6e47", "#5d4037")


def _wound(fill: str, severe: bool) -> Painter:
    """A drop of blood; a severe wound is darker and struck through."""

    def paint(c: Canvas) -> None:
        path = c.beginPath()
        path.moveTo(0.5, 0.96)
        path.curveTo(0.42, 0.7, 0.16, 0.5, 0.16, 0.34)
        path.curveTo(0.16, 0.14, 0.32, 0.04, 0.5, 0.04)
        path.curveTo(0.68, 0.04, 0.84, 0.14, 0.84, 0.34)
        path.curveTo(0.84, 0.5, 0.58, 0.7, 0.5, 0.96)
        c.setFillColor(rgb(fill))
        c.drawPath(path, fill=1, stroke=0)
        if severe:
            c.setStrokeColor(rgb("#ffffff"))
            c.setLineWidth(0.08)
            c.setLineCap(1)
            c.line(0.3, 0.18, 0.7, 0.5)

    return paint


def _lead(fill: str) -> Painter:
    """A lead: a magnifying glass on a disc in the lead's colour."""

    def paint(c: Canvas) -> None:
        c.setLineWidth(0.05)
        _circle(c, 0.5, 0.5, 0.46, fill, "#ffffff")
        c.setStrokeColor(rgb("#ffffff"))
        c.setLineWidth(0.08)
        c.circle(0.44, 0.56, 0.17, fill=0, stroke=1)
        c.setLineCap(1)
        c.setLineWidth(0.11)
        c.line(0.57, 0.43, 0.74, 0.26)

    return paint


def _ranked_monster(metal: str) -> Painter:
    """A monster token of one rank: the monster's face in a bronze, silver or gold ring."""

    def paint(c: Canvas) -> None:
        c.setLineWidth(0.04)
        _circle(c, 0.5, 0.5, 0.48, metal, "#3e2723")
        c.saveState()
        c.translate(0.12, 0.09)
        c.scale(0.76, 0.76)
        _monster(c)
        c.restoreState()

    return paint


ICONS: dict[str, Painter] = {
    "forest": _forest,
    "mountain": _mountain,
    "water": _water,
    "wild": _wild,
    "blue": _gem("blue"),
    "red": _gem("red"),
    "green": _gem("green"),
    "yellow": _gem("yellow"),
    "purple": _gem("purple"),
    "damage": _damage,
    "shield": _shield,
    "draw": _draw,
    "gold": _gold,
    "potion": _potion,
    "trophy": _trophy,
    "combat": _swords,
    "defense": lambda c: _shield(c, "#37474f"),
    "alchemy": lambda c: _potion(c, "#2e7d32"),
    "specialty": lambda c: _star(c, "#c77800"),
    "life": _life,
    "city": _city,
    "wilds": _wilds,
    "quest": _quest,
    "trail": lambda c: _star(c, "#6d4c41", points=4, inner=0.14),
    "monster": _monster,
    "tavern": _tavern,
    "school": _school,
    "dice": _dice,
    "exchange": _exchange,
    "trash": _trash,
    # Path of Destiny: the four symbols (combat shares the swords), path arrows, XP, VP, lost symbol.
    "magic": _magic,
    "diplomacy": _diplomacy,
    "exploration": _exploration,
    "arrow-left": _arrow(-1),
    "arrow-right": _arrow(1),
    "xp": _lettered("#2e7d32", "XP"),
    "vp": _lettered("#7a5c1e", "VP"),
    "lost-symbol": _lost,
    # The Adventure Game: die faces, tokens and markers.
    "sword": _sword,
    "dodge": _dodge,
    "ritual": _ritual,
    "sign": _sign,
    "foul-fate": _foul_fate,
    "common-marker": _common_marker,
    "wound-minor": _wound("#c62828", severe=False),
    "wound-severe": _wound("#6d0f0f", severe=True),
    "lead-red": _lead(COLORS["red"]),
    "lead-blue": _lead(COLORS["blue"]),
    "lead-purple": _lead(COLORS["purple"]),
    "monster-bronze": _ranked_monster("#b0793e"),
    "monster-silver": _ranked_monster("#b8bec4"),
    "monster-gold": _ranked_monster(COLORS["gold"]),
}


class UnknownIcon(KeyError):
    """An icon name drawn without being checked first (a programming error)."""


def is_icon(name: str) -> bool:
    return name in ICONS


def draw_icon(c: Canvas, name: str, x: float, y: float, size: float) -> None:
    """Draw icon `name` in the square of side `size` points whose bottom-left corner is (x, y)."""
    painter = ICONS.get(name)
    if painter is None:
        raise UnknownIcon(f"no icon {name!r}: check names with is_icon and report them before drawing")
    c.saveState()
    c.translate(x, y)
    c.scale(size, size)
    painter(c)
    c.restoreState()
