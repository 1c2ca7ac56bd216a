"""The map of a board: roads between locations, then each location as a terrain disc with its number,
terrain and action badges, its name plate and, for a faction's site, a ring and plate in its colour.
"""

from __future__ import annotations

from pipeline.rules.boards import BoardLocation, BoardSpec

from .icons import COLORS
from .pen import Pen, style
from .units import MM_PER_PT, Box, pt

RADIUS = 14.0  # location disc, mm
ROAD = "#7a5c3a"
ROAD_INNER = "#eadcb4"
INK = "#3b3024"
LIGHT = "#fbf7ee"
TERRAIN_FILL = {"forest": "#4f8a3c", "mountain": "#8a7660", "water": "#3f86c0"}


def draw_map(pen: Pen, spec: BoardSpec, locations: list[BoardLocation]) -> None:
    """Roads first, then the locations on top (locations outside the board are left out by the caller)."""
    by_id = {loc.id: loc for loc in locations}
    for a, b in spec.connections:
        if a in by_id and b in by_id:
            draw_road(pen, by_id[a], by_id[b])
    for loc in locations:
        draw_location(pen, loc)


def draw_road(pen: Pen, a: BoardLocation, b: BoardLocation) -> None:
    pen.line(a.x, a.y, b.x, b.y, ROAD, 3.0)
    pen.line(a.x, a.y, b.x, b.y, ROAD_INNER, 1.1, dash=(3.0, 2.4))


def draw_location(pen: Pen, loc: BoardLocation) -> None:
    x, y = loc.x, loc.y
    what = f"location {loc.number} {loc.name!r}"
    if loc.site is not None:
        pen.circle(x, y, RADIUS + 3.4, fill=loc.site.color, stroke=INK, width=0.8)
    pen.circle(x, y, RADIUS, fill=TERRAIN_FILL.get(loc.terrain, COLORS.get(loc.terrain, "#888888")), stroke=INK, width=1.0)
    pen.circle(x, y, RADIUS - 3.2, fill=LIGHT, stroke=INK, width=0.5)
    pen.text(f"**{loc.number}**", Box(x - 9, y - 6, 18, 12), style(22, 12, align="center", valign="middle", color=INK),
             f"{what} number")
    # Terrain badge upper left, action badge upper right.
    pen.circle(x - 11.5, y - 10.5, 5.2, fill=LIGHT, stroke=INK, width=0.6)
    pen.icon(loc.terrain, x - 11.5, y - 10.5, 7.0, what)
    pen.circle(x + 11.5, y - 10.5, 6.2, fill=LIGHT, stroke=INK, width=0.8)
    pen.icon(loc.action, x + 11.5, y - 10.5, 8.4, what)
    top = y + RADIUS + (4.6 if loc.site else 1.8)
    plate(pen, f"**{loc.name}**", x, top, 8.0, 76.0, INK, LIGHT, 13, 8, f"{what} name")
    if loc.site is not None:
        label = f"{loc.site.name} \u00b7 *{loc.site.note}*" if loc.site.note else loc.site.name
        plate(pen, label, x, top + 8.6, 5.6, 84.0, loc.site.color, LIGHT, 8, 5.5, f"{what} site", INK)


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
