"""Pages of a PDF as PNG images through pdfium: the pixels the PDF prints (`pnp serve` shows the build's own
drawings page by page). pdfium is not thread-safe: one document is read at a time."""

from __future__ import annotations

import io
import threading

import pypdfium2 as pdfium
from PIL import Image

_pdfium = threading.Lock()


def page_count(pdf: bytes) -> int:
    with _pdfium:
        document = pdfium.PdfDocument(pdf)
        try:
            return len(document)
        finally:
            document.close()


def page_image(pdf: bytes, number: int, dpi: float) -> Image.Image:
    """Page `number` (1-based) of a PDF as an RGB image at dpi."""
    with _pdfium:
        document = pdfium.PdfDocument(pdf)
        try:
            page = document[number - 1]
            try:
                return page.render(scale=dpi / 72).to_pil().convert("RGB")
            finally:
                page.close()
        finally:
            document.close()


def page_png(pdf: bytes, number: int, dpi: float) -> bytes:
    """Page `number` (1-based) of a PDF as a PNG at dpi."""
    return _png(page_image(pdf, number, dpi))


def _png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=1)  # fast to write; the browser reads it once
    return out.getvalue()


class OpenPdf:
    """A PDF opened once, its pages rendered on demand (a page server renders many pages of one file)."""

    def __init__(self, pdf: bytes) -> None:
        self.pdf = pdf
        self._document: pdfium.PdfDocument | None = None

    def png(self, number: int, dpi: float) -> bytes:
        with _pdfium:
            if self._document is None:
                self._document = pdfium.PdfDocument(self.pdf)
            page = self._document[number - 1]
            try:
                image = page.render(scale=dpi / 72).to_pil().convert("RGB")
            finally:
                page.close()
        return _png(image)

    def close(self) -> None:
        with _pdfium:
            if self._document is not None:
                self._document.close()
                self._document = None

