"""The map of a board: roads between locations, then each location as a terrain disc with its number,
terrain and action badges, its name plate and, for a faction's site, a ring and plate in its colour.
"""

from __future__ import annotations

import math

from pipeline.rules.boards import BoardLocation, BoardSpec

from .board_colors import BoardColors
from .pen import Pen, style
from .units import MM_PER_PT, Box, pt

RADIUS = 17.0  # location disc, mm
FOOTPRINT_NAME = 12.0  # mm under the disc taken by the name plate
FOOTPRINT_SITE = 24.0  # ... by the name and site plates


def draw_map(pen: Pen, spec: BoardSpec, locations: list[BoardLocation], colors: BoardColors,
             frame: Box | None = None) -> None:
    """Terrain around each location (inside the map's frame), roads, then the locations on top."""
    by_id = {loc.id: loc for loc in locations}
    c = pen.c
    c.saveState()
    if frame is not None:
        path = c.beginPath()
        path.rect(pt(frame.x), pen.y(frame.bottom), pt(frame.width), pt(frame.height))
        c.clipPath(path, stroke=0, fill=0)
    for loc in locations:
        draw_terrain(pen, loc, colors)
    c.restoreState()
    for a, b in spec.connections:
        if a in by_id and b in by_id:
            draw_road(pen, by_id[a], by_id[b], colors)
    for loc in locations:
        draw_location(pen, loc, colors)


def draw_terrain(pen: Pen, loc: BoardLocation, colors: BoardColors) -> None:
    """A pale patch of the location's terrain with a few of its symbols around it (not under the name)."""
    fill = colors.patch(loc.terrain)
    pen.circle(loc.x, loc.y, 38.0, fill=fill)
    for k, (angle, radius) in enumerate(((30.0, 24.0), (150.0, 22.0), (260.0, 26.0))):
        radians = math.radians(angle + 23 * (loc.number % 4) + 11 * k)
        pen.circle(loc.x + 22 * math.cos(radians), loc.y + 18 * math.sin(radians), radius, fill=fill)
    for angle in (200.0, 240.0, 300.0, 340.0):
        radians = math.radians(angle + 7 * (loc.number % 5))
        pen.icon(loc.terrain, loc.x + 31 * math.cos(radians), loc.y + 31 * math.sin(radians), 9.0)


def draw_road(pen: Pen, a: BoardLocation, b: BoardLocation, colors: BoardColors) -> None:
    pen.line(a.x, a.y, b.x, b.y, colors.road, 3.4)
    pen.line(a.x, a.y, b.x, b.y, colors.road_inner, 1.3, dash=(3.4, 2.6))


def draw_location(pen: Pen, loc: BoardLocation, colors: BoardColors) -> None:
    x, y, r = loc.x, loc.y, RADIUS
    ink, light = colors.ink, colors.light
    what = f"location {loc.number} {loc.name!r}"
    if loc.site is not None:
        pen.circle(x, y, r + 4.0, fill=loc.site.color, stroke=ink, width=1.0)
    pen.circle(x, y, r, fill=colors.terrain(loc.terrain), stroke=ink, width=1.2)
    pen.circle(x, y, r - 3.6, fill=light, stroke=ink, width=0.6)
    pen.text(f"**{loc.number}**", Box(x - 11, y - 8, 22, 16), style(30, 14, align="center", valign="middle", color=ink),
             f"{what} number")
    # Terrain badge upper left, action badge upper right.
    pen.badge(loc.terrain, x - r * 0.82, y - r * 0.78, 10.0, light, ink)
    pen.badge(loc.action, x + r * 0.82, y - r * 0.78, 12.0, light, ink)
    top = y + r + (5.2 if loc.site else 2.0)
    plate(pen, f"**{loc.name}**", x, top, 10.0, 90.0, ink, light, 17, 9, f"{what} name")
    if loc.site is not None:
        label = f"{loc.site.name} \u00b7 *{loc.site.note}*" if loc.site.note else loc.site.name
        plate(pen, label, x, top + 10.8, 6.5, 96.0, loc.site.color, light, 10, 6, f"{what} site", ink)


def plate(pen: Pen, markup: str, cx: float, top: float, height: float, widest: float, fill: str, color: str,
          size: float, low: float, what: str, stroke: str | None = None) -> None:
    """A name plate centred on cx, as wide as its text (up to `widest` mm)."""
    text_style = style(size, low, align="center", valign="middle", color=color)
    box = Box(cx - widest / 2 + 2.5, top, widest - 5, height)
    fitted = pen.fit(markup, box, text_style, what)
    used = max((line.width * fitted.size for lines in fitted.paragraphs for line in lines), default=0.0) * MM_PER_PT
    width = min(widest, used + 6.0)
    pen.rect(Box(cx - width / 2, top, width, height), fill=fill, stroke=stroke or fill, width=0.6, radius=1.6)
    fitted.draw(pen.c, pt(box.x), pen.y(box.y))
