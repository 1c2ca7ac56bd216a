"""Digital-table export: Tabletop Simulator deck sheets (at most 10 x 7 cards, at most 4096 px a side)
and back images, as PNG. Each sheet is drawn as a PDF page (the same drawing code as print) and
rasterized with pdfium.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass

import pypdfium2 as pdfium

from .imposition import Group
from .pdf import Document
from .units import Size, pt

MAX_COLS, MAX_ROWS, MAX_PX = 10, 7, 4096


@dataclass(frozen=True)
class SheetImage:
    name: str  # file name inside tts/
    png: bytes
    cards: int
    width: int
    height: int


def sheet_shape(count: int, card: Size) -> tuple[int, int, int]:
    """(cols, rows, card width in px) for a sheet of count cards within TTS's limits."""
    cols = min(MAX_COLS, max(1, count))
    rows = min(MAX_ROWS, math.ceil(count / cols))
    width_px = MAX_PX // cols
    if math.ceil(width_px * card.height / card.width) * rows > MAX_PX:
        width_px = int(MAX_PX / rows * card.width / card.height)
    return cols, rows, width_px


def deck_images(deck_id: str, group: Group, part: int) -> list[SheetImage]:
    """The face sheets of one group (10 x 7 cards each), then its back: one image if all cards share
    a back, else a back sheet per face sheet in the same order."""
    card = group.size
    per_sheet = MAX_COLS * MAX_ROWS
    fronts = [slot[0] for slot in group.slots]
    backs = [slot[1] for slot in group.slots]
    shared = len({id(b) for b in backs}) == 1 and backs[0] is not None
    images = []
    stem = deck_id if part == 0 else f"{deck_id}-{part + 1}"
    for index in range(0, len(fronts), per_sheet):
        chunk = fronts[index: index + per_sheet]
        suffix = "" if len(fronts) <= per_sheet else f"-{index // per_sheet + 1}"
        images.append(_sheet(f"{stem}{suffix}.png", chunk, card))
        if not shared and any(b is not None for b in backs):
            images.append(_sheet(f"{stem}{suffix}-backs.png", backs[index: index + per_sheet], card))
    if shared:
        images.append(_sheet(f"{stem}-back.png", [backs[0]], card))
    return images


def _sheet(name: str, faces: list, card: Size) -> SheetImage:
    cols, rows, width_px = sheet_shape(len(faces), card)
    height_px = round(width_px * card.height / card.width)
    doc = Document(name, (pt(card.width * cols), pt(card.height * rows)))
    for i, face in enumerate(faces):
        if face is None:
            continue
        row, col = divmod(i, cols)
        x, y = pt(col * card.width), pt((rows - row - 1) * card.height)
        doc.place(face, x, y, (x, y, x + pt(card.width), y + pt(card.height)))
    doc.end_page()
    pdf = pdfium.PdfDocument(doc.finish())
    try:
        scale = width_px / pt(card.width)
        bitmap = pdf[0].render(scale=scale)
        image = bitmap.to_pil().convert("RGB")
        size = (width_px * cols, height_px * rows)
        if image.size != size:  # rounding: trim or pad the last pixel
            image = image.crop((0, 0, *size))
    finally:
        pdf.close()
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=1)
    return SheetImage(name, out.getvalue(), sum(1 for f in faces if f is not None), image.width, image.height)
