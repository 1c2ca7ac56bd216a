"""The named areas of a board: a panel from the layout, a title, then spots in rows, a track, or text.

A spot with `place` draws the outline of the face kind that sits there at its real size (the
template's size), so a card or token printed by the same build fits it; a spot too small for its
card is a finding.
"""

from __future__ import annotations

import math

from pipeline.rules.boards import Area, Spot

from .pen import Pen, style
from .units import Box, Size

INK = "#3b3024"
MUTED = "#6b5a44"
LIGHT = "#fbf7ee"
SPOT_FILL = "#f3ead2"
PAD = 3.0
TITLE = 7.0
HEADER = 5.5
TRACK_LABEL = 34.0


def draw_area(pen: Pen, area: Area, box: Box, fill: str | None, stroke: str | None, radius: float, gap: float,
              sizes: dict[str, Size]) -> None:
    """One area in its layout box: the panel, then what the area holds."""
    pen.rect(box, fill=fill, stroke=stroke, width=1.0, radius=radius)
    inner = box.inset(PAD)
    what = f"area {area.id!r}"
    if not area.spots and not area.text:
        pen.text(f"**{area.title}**", inner, style(40, 10, align="center", valign="middle", color=INK), f"{what} title")
        return
    if area.track:
        _track(pen, area, inner, gap, what)
        return
    body = inner
    if area.title:
        _title(pen, area, Box(inner.x, inner.y, inner.width, TITLE), what)
        body = Box(inner.x, inner.y + TITLE + 1.0, inner.width, inner.height - TITLE - 1.0)
    if not area.spots:
        text = "\n".join(area.text)
        pen.text(text, body, style(11, 6, leading=1.2), f"{what} text")
        return
    columns = area.columns or len(area.spots)
    rows = math.ceil(len(area.spots) / columns)
    cell_w = (body.width - gap * (columns - 1)) / columns
    cell_h = (body.height - gap * (rows - 1)) / rows
    for i, spot in enumerate(area.spots):
        row, col = divmod(i, columns)
        cell = Box(body.x + col * (cell_w + gap), body.y + row * (cell_h + gap), cell_w, cell_h)
        draw_spot(pen, spot, cell, sizes, f"{what} spot {i + 1}")


def _title(pen: Pen, area: Area, row: Box, what: str) -> None:
    x = row.x
    if area.icon:
        pen.icon(area.icon, x + TITLE / 2, row.y + TITLE / 2, TITLE - 0.6, what)
        x += TITLE + 1.5
    width = row.right - x
    note = "\n".join(area.text) if area.spots and area.text else ""
    title_w = width * (0.5 if note else 1.0)
    pen.text(f"**{area.title}**", Box(x, row.y, title_w, row.height), style(13, 8, valign="middle", color=INK), f"{what} title")
    if note:
        pen.text(f"*{note}*", Box(x + title_w, row.y, width - title_w, row.height),
                 style(8, 5.5, align="right", valign="middle", color=MUTED), f"{what} note")


def _track(pen: Pen, area: Area, inner: Box, gap: float, what: str) -> None:
    """A track: its icon and title in a column on the left, then one row of spots."""
    label = Box(inner.x, inner.y, TRACK_LABEL, inner.height)
    size = min(8.0, inner.height * 0.45)
    if area.icon:
        pen.icon(area.icon, label.x + size / 2 + 0.5, label.y + inner.height / 2, size, what)
    text_x = label.x + (size + 2.0 if area.icon else 0.0)
    pen.text(f"**{area.title}**", Box(text_x, label.y, label.right - text_x - 1.0, label.height),
             style(10, 6, valign="middle", color=INK), f"{what} title")
    row = Box(label.right + 1.0, inner.y, inner.width - TRACK_LABEL - 1.0, inner.height)
    count = len(area.spots)
    cell_w = (row.width - gap * (count - 1)) / count
    for i, spot in enumerate(area.spots):
        cell = Box(row.x + i * (cell_w + gap), row.y, cell_w, row.height)
        draw_spot(pen, spot, cell, {}, f"{what} spot {i + 1}")


def draw_spot(pen: Pen, spot: Spot, cell: Box, sizes: dict[str, Size], what: str) -> None:
    """A place for a card or token (outline at its real size), or a step of a track (value, label, text)."""
    if spot.place:
        _place(pen, spot, cell, sizes, what)
        return
    accent = spot.color or ""
    pen.rect(cell, fill=LIGHT, stroke=accent or MUTED, width=1.2 if accent else 0.6, radius=1.6)
    top = cell.y + 0.8
    if spot.label:
        pen.text(spot.label, Box(cell.x + 1, top, cell.width - 2, 3.6), style(6.5, 4.5, align="center", color=MUTED),
                 f"{what} label")
        top += 3.6
    if spot.icon:
        pen.faded_icon(spot.icon, cell.x + cell.width / 2, cell.y + cell.height / 2, min(cell.width, cell.height) * 0.7)
    if not spot.text:
        pen.text(f"**{spot.value}**", Box(cell.x + 1, top, cell.width - 2, cell.bottom - top - 0.8),
                 style(20, 8, align="center", valign="middle", color=INK), f"{what} value")
        return
    value_h = min(8.0, (cell.bottom - top) * 0.4)
    if spot.value:
        if accent:
            pen.rect(Box(cell.x, cell.y, cell.width, value_h + top - cell.y), fill=accent, radius=1.6)
        pen.text(f"**{spot.value}**", Box(cell.x + 1, top, cell.width - 2, value_h),
                 style(14, 7, align="center", valign="middle", color=LIGHT if accent else INK), f"{what} value")
        top += value_h + 0.6
    pen.text(spot.text, Box(cell.x + 1.2, top, cell.width - 2.4, cell.bottom - top - 1.0),
             style(7.5, 4.8, align="center", valign="middle", leading=1.1), f"{what} text")


def _place(pen: Pen, spot: Spot, cell: Box, sizes: dict[str, Size], what: str) -> None:
    header = Box(cell.x, cell.y, cell.width, HEADER)
    if spot.label:
        pen.text(f"**{spot.label}**", Box(header.x, header.y, header.width * 0.62, HEADER),
                 style(9, 6, valign="middle", color=INK), f"{what} label")
    if spot.value:
        pen.text(f"**{spot.value}**", Box(header.x + header.width * 0.62, header.y, header.width * 0.38, HEADER),
                 style(14, 8, align="right", valign="middle", color=INK), f"{what} value")
    y = cell.y + HEADER + 1.0
    if spot.token:
        token = sizes.get(spot.token, Size(25.0, 25.0))
        r = token.width / 2
        pen.circle(cell.x + cell.width / 2, y + r, r, fill=SPOT_FILL, stroke=MUTED, width=0.8, dash=(1.6, 1.2))
        if spot.icon:
            pen.icon(spot.icon, cell.x + cell.width / 2, y + r, r * 1.1)
        y += token.height + 1.5
    card = sizes.get(spot.place)
    if card is None:
        card = Size(cell.width, cell.bottom - y)
    if card.width > cell.width + 0.01 or y + card.height > cell.bottom + 0.01:
        pen.finding("BOARD-SPOT-SIZE", f"{what} is {cell.width:.0f}x{cell.bottom - y:.0f} mm, too small for a "
                     f"{card.width:g}x{card.height:g} mm {spot.place}", "give the area more room in the board layout")
    outline = Box(cell.x + (cell.width - card.width) / 2, y, card.width, card.height)
    pen.rect(outline, fill=SPOT_FILL, stroke=MUTED, width=0.8, radius=3.0, dash=(2.0, 1.4))
    if spot.icon:
        pen.faded_icon(spot.icon, outline.x + outline.width / 2, outline.y + outline.height / 2, min(card.width, card.height) * 0.5,
                       0.22 if spot.token else 0.3)
