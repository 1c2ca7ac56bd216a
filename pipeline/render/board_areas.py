"""The named areas of a board: a panel from the layout, a title, then spots in rows, a track, or text.

A spot with `place` draws the outline of the face kind that sits there at its real size (the
template's size), so a card or token printed by the same build fits it; a spot too small for its
card is a finding. Spots of one area set their texts at one size (the largest that fits them all).
"""

from __future__ import annotations

import math

from pipeline.rules.boards import Area, Spot

from .board_colors import BoardColors
from .icons import rgb
from .pen import Pen, style
from .richtext import TextStyle, fit_text
from .units import Box, Size, pt

PAD = 3.0
TRACK_LABEL = 38.0


def ink_on(fill: str | None, colors: BoardColors) -> str:
    """Dark text on a light panel, light text on a dark one."""
    if not fill:
        return colors.ink
    color = rgb(fill)
    luminance = 0.299 * color.red + 0.587 * color.green + 0.114 * color.blue
    return colors.ink if luminance > 0.55 else colors.light


def draw_area(pen: Pen, area: Area, box: Box, fill: str | None, stroke: str | None, radius: float, gap: float,
              sizes: dict[str, Size], colors: BoardColors) -> None:
    """One area in its layout box: the panel, then what the area holds."""
    pen.rect(box, fill=fill, stroke=stroke, width=1.0, radius=radius)
    inner = box.inset(PAD)
    what = f"area {area.id!r}"
    ink = ink_on(fill, colors)
    scale = 1.0 if box.height >= 60 else 0.75  # small panels (player boards) get smaller titles
    if not area.spots and not area.text:
        pen.text(f"**{area.title}**", inner, style(44, 10, align="center", valign="middle", color=ink), f"{what} title")
        return
    if area.track:
        _track(pen, area, inner, gap, what, ink, colors)
        return
    title_h = 10.0 * scale
    body = inner
    if area.title:
        _title(pen, area, Box(inner.x, inner.y, inner.width, title_h), what, ink, scale)
        body = Box(inner.x, inner.y + title_h + 1.0, inner.width, inner.height - title_h - 1.0)
    if not area.spots:
        pen.text("\n".join(area.text), body, style(24 if scale == 1.0 else 10, 6, leading=1.25, color=ink), f"{what} text")
        return
    columns = area.columns or len(area.spots)
    rows = math.ceil(len(area.spots) / columns)
    cell_w = (body.width - gap * (columns - 1)) / columns
    cell_h = (body.height - gap * (rows - 1)) / rows
    cells = [Box(body.x + (i % columns) * (cell_w + gap), body.y + (i // columns) * (cell_h + gap), cell_w, cell_h)
             for i in range(len(area.spots))]
    _spots(pen, area, cells, sizes, what, scale, colors)


def _title(pen: Pen, area: Area, row: Box, what: str, ink: str, scale: float) -> None:
    x = row.x
    if area.icon:
        pen.icon(area.icon, x + row.height / 2, row.y + row.height / 2, row.height - 1.0, what)
        x += row.height + 1.5
    width = row.right - x
    note = "\n".join(area.text) if area.spots and area.text else ""
    title_w = width * (0.55 if note else 1.0)
    pen.text(f"**{area.title}**", Box(x, row.y, title_w, row.height), style(20 * scale, 8, valign="middle", color=ink),
             f"{what} title")
    if note:
        pen.text(f"*{note}*", Box(x + title_w, row.y, width - title_w, row.height),
                 style(11 * scale, 5.5, align="right", valign="middle", color=ink), f"{what} note")


def _track(pen: Pen, area: Area, inner: Box, gap: float, what: str, ink: str, colors: BoardColors) -> None:
    """A track: its icon and title in a column on the left, then one row of spots."""
    label = Box(inner.x, inner.y, TRACK_LABEL, inner.height)
    size = min(8.0, inner.height * 0.45)
    if area.icon:
        pen.icon(area.icon, label.x + size / 2 + 0.5, label.y + inner.height / 2, size, what)
    text_x = label.x + (size + 2.0 if area.icon else 0.0)
    pen.text(f"**{area.title}**", Box(text_x, label.y, label.right - text_x - 1.0, label.height),
             style(11, 6, valign="middle", color=ink), f"{what} title")
    row = Box(label.right + 1.0, inner.y, inner.width - TRACK_LABEL - 1.0, inner.height)
    count = len(area.spots)
    cell_w = (row.width - gap * (count - 1)) / count
    cells = [Box(row.x + i * (cell_w + gap), row.y, cell_w, row.height) for i in range(count)]
    _spots(pen, area, cells, {}, what, 0.75, colors)


def _spots(pen: Pen, area: Area, cells: list[Box], sizes: dict[str, Size], what: str, scale: float,
           colors: BoardColors) -> None:
    """Every spot of an area in its cell, the texts of all of them at one size."""
    text_style = style(16 * scale, 4.8, align="center", valign="middle", leading=1.12, color=colors.text)
    boxes = [_text_box(spot, cell) for spot, cell in zip(area.spots, cells, strict=True)]
    common = _common_size([s.text for s in area.spots], boxes, text_style, pen.origin.locale)
    text_style = style(common, 4.8, align="center", valign="middle", leading=1.12, color=colors.text)
    for i, (spot, cell) in enumerate(zip(area.spots, cells, strict=True)):
        draw_spot(pen, spot, cell, sizes, f"{what} spot {i + 1}", text_style, colors, scale)


def _common_size(texts: list[str], boxes: list[Box], text_style: TextStyle, locale: str) -> float:
    found = [fit_text(t, pt(b.width), pt(b.height), text_style, locale).size for t, b in zip(texts, boxes, strict=True) if t]
    return min(found, default=text_style.max_size)


def _value_height(cell: Box) -> float:
    return min(12.0, (cell.height - 4.4) * 0.42)


def _text_box(spot: Spot, cell: Box) -> Box:
    """Where a track spot's text goes: under its label and value."""
    top = cell.y + 0.8 + (3.6 if spot.label else 0.0)
    if spot.value:
        top += _value_height(cell) + 0.6
    return Box(cell.x + 1.2, top, cell.width - 2.4, cell.bottom - top - 1.0)


def draw_spot(pen: Pen, spot: Spot, cell: Box, sizes: dict[str, Size], what: str, text_style: TextStyle,
              colors: BoardColors, scale: float = 1.0) -> None:
    """A place for a card or token (outline at its real size), or a step of a track (value, label, text)."""
    if spot.place:
        _place(pen, spot, cell, sizes, what, scale, colors)
        return
    accent = _accent(pen, spot, colors, what)
    pen.rect(cell, fill=colors.light, stroke=accent or colors.muted, width=1.4 if accent else 0.6, radius=1.6)
    top = cell.y + 0.8
    if spot.label:
        pen.text(spot.label, Box(cell.x + 1, top, cell.width - 2, 3.6), style(8, 4.5, align="center", color=colors.muted),
                 f"{what} label")
        top += 3.6
    if spot.icon:
        pen.icon(spot.icon, cell.right - 3.6, cell.y + 3.6, 5.0)
    if not spot.text:
        pen.text(f"**{spot.value}**", Box(cell.x + 1, top, cell.width - 2, cell.bottom - top - 0.8),
                 style(26 * scale, 8, align="center", valign="middle", color=colors.ink), f"{what} value")
        return
    if spot.value:
        value_h = _value_height(cell)
        if accent:
            pen.rect(Box(cell.x, cell.y, cell.width, value_h + top - cell.y), fill=accent, radius=1.6)
        pen.text(f"**{spot.value}**", Box(cell.x + 1, top, cell.width - 2, value_h),
                 style(22 * scale, 7, align="center", valign="middle", color=ink_on(accent or None, colors)), f"{what} value")
    pen.text(spot.text, _text_box(spot, cell), text_style, f"{what} text")


def _accent(pen: Pen, spot: Spot, colors: BoardColors, what: str) -> str:
    """A spot's own colour: a palette name of the board (`palette.accent`) or a colour as written ("" for none)."""
    if not spot.color:
        return ""
    color = colors.named(spot.color)
    if color is None:
        pen.finding("LAYOUT-COLOR", f"{what} is coloured {spot.color!r}, which the board's palette lacks",
                    "name it in the palette of the board's layout template (or the shared `board-base`)")
        return ""
    return color


def _place(pen: Pen, spot: Spot, cell: Box, sizes: dict[str, Size], what: str, scale: float,
           colors: BoardColors) -> None:
    header_h = 7.0 * scale
    if spot.label:
        pen.text(f"**{spot.label}**", Box(cell.x, cell.y, cell.width * 0.62, header_h),
                 style(12 * scale, 6, valign="middle", color=colors.ink), f"{what} label")
    if spot.value:
        pen.text(f"**{spot.value}**", Box(cell.x + cell.width * 0.62, cell.y, cell.width * 0.38, header_h),
                 style(20 * scale, 8, align="right", valign="middle", color=colors.ink), f"{what} value")
    y = cell.y + header_h + 1.0
    if spot.token:
        token = sizes.get(spot.token, Size(25.0, 25.0))
        r = token.width / 2
        pen.circle(cell.x + cell.width / 2, y + r, r, fill=colors.spot, stroke=colors.muted, width=0.8, dash=(1.6, 1.2))
        if spot.icon:
            pen.icon(spot.icon, cell.x + cell.width / 2, y + r, r * 1.1)
        y += token.height + 1.5
    card = sizes.get(spot.place) or Size(cell.width, cell.bottom - y)
    if card.width > cell.width + 0.01 or y + card.height > cell.bottom + 0.01:
        pen.finding("BOARD-SPOT-SIZE", f"{what} is {cell.width:.0f}x{cell.bottom - y:.0f} mm, too small for a "
                    f"{card.width:g}x{card.height:g} mm {spot.place}", "give the area more room in the board layout")
    outline = Box(cell.x + (cell.width - card.width) / 2, y, card.width, card.height)
    pen.rect(outline, fill=colors.spot, stroke=colors.muted, width=0.8, radius=3.0, dash=(2.0, 1.4))
    if spot.icon:
        pen.badge(spot.icon, outline.x + outline.width / 2, outline.y + outline.height / 2, min(card.width, card.height) * 0.4,
                  colors.light, colors.muted)
