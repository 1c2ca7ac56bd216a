"""Review pages of a visual diff: a card side before and after, side by side, with the pixels that changed.

Each side is a one-face PDF (`app/printed.py`) rasterised with pypdfium2 at `DPI`; the changed pixels are
those where Pillow's `ImageChops.difference` is not black, painted red over a faded copy of the new side.
The pages are one deterministic PDF (reportlab's `invariant`), and each comparison can also be a PNG.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from PIL import Image, ImageChops
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from . import reportlab_internals
from .fonts import font_name, register_fonts
from .page_images import page_image

# Enough to read a card's small print on screen and keep a 300-card diff small.
DPI = 100
HIGHLIGHT = (230, 0, 0)
GAP = 16  # px between panels of a PNG, pt between panels of a page
MARGIN = 36  # pt
TITLE = 28  # pt above the panels for the headline and the panel labels


def raster(pdf: bytes) -> Image.Image:
    """The first page of a PDF as an RGB image at DPI."""
    return page_image(pdf, 1, DPI)


def changed_pixels(before: Image.Image, after: Image.Image) -> tuple[Image.Image, int]:
    """The new side faded, with every pixel that differs from the old one in red (sizes may differ: both
    are compared on a white canvas of the larger size), and how many pixels differ."""
    size = (max(before.width, after.width), max(before.height, after.height))
    old, new = Image.new("RGB", size, "white"), Image.new("RGB", size, "white")
    old.paste(before)
    new.paste(after)
    mask = ImageChops.difference(old, new).convert("L").point(lambda value: 255 if value else 0)
    marked = Image.blend(new, Image.new("RGB", size, "white"), 0.7)
    marked.paste(HIGHLIGHT, mask=mask)
    histogram = mask.histogram()
    return marked, histogram[255]


@dataclass
class Panel:
    label: str
    image: Image.Image


@dataclass
class Comparison:
    """One page of the review: a headline and its panels (before, after, changed pixels; or one side alone)."""

    headline: str
    panels: list[Panel]

    def png(self) -> bytes:
        """The panels side by side on white, each labelled by its position (the PDF page carries the words)."""
        width = sum(p.image.width for p in self.panels) + GAP * (len(self.panels) + 1)
        height = max(p.image.height for p in self.panels) + 2 * GAP
        sheet = Image.new("RGB", (width, height), "white")
        x = GAP
        for panel in self.panels:
            sheet.paste(panel.image, (x, GAP))
            x += panel.image.width + GAP
        out = io.BytesIO()
        sheet.save(out, "PNG", optimize=True)
        return out.getvalue()


def review_pdf(title: str, comparisons: list[Comparison]) -> bytes:
    """One landscape A4 page per comparison: its headline, then its panels scaled to fit, each labelled."""
    register_fonts()
    buffer = io.BytesIO()
    page_width, page_height = landscape(A4)
    c = Canvas(buffer, pagesize=(page_width, page_height), invariant=1, pageCompression=1)
    c.setTitle(title)
    if not comparisons:
        c.setFont(font_name("regular"), 12)
        c.drawString(MARGIN, page_height - MARGIN - 12, f"{title}: no card changed")
        c.showPage()
    for comparison in comparisons:
        c.setFont(font_name("bold"), 13)
        c.drawString(MARGIN, page_height - MARGIN - 13, comparison.headline)
        room_width = page_width - 2 * MARGIN - GAP * (len(comparison.panels) - 1)
        room_height = page_height - 2 * MARGIN - 2 * TITLE
        widest = sum(p.image.width for p in comparison.panels)
        tallest = max(p.image.height for p in comparison.panels)
        scale = min(room_width / widest, room_height / tallest, 72 / DPI * 1.5)
        x = MARGIN
        top = page_height - MARGIN - 2 * TITLE
        for panel in comparison.panels:
            width, height = panel.image.width * scale, panel.image.height * scale
            c.setFont(font_name("regular"), 10)
            c.drawString(x, top + 8, panel.label)
            c.drawImage(ImageReader(panel.image), x, top - height, width, height)
            c.setStrokeGray(0.6)
            c.rect(x, top - height, width, height)
            x += width + GAP
        c.showPage()
    reportlab_internals.save(c)
    return buffer.getvalue()
