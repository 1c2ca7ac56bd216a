"""Card art: a content image cropped and resized to its box at 300 dpi (Pillow, cached by content hash
and checked against the hash of what was cached before it is served),
or a generated placeholder that differs by component kind and id.

Image paths are relative to the game's content folder and may not leave it; oversized images are
refused with a finding rather than read, and an image is decoded in full before it is accepted.
"""

from __future__ import annotations

import hashlib
import io
from pathlib import Path

from PIL import Image
from reportlab.pdfgen.canvas import Canvas

from pipeline.atomic import write_atomic
from pipeline.findings import Finding, error
from pipeline.reading import IMAGE_FORMATS, IMAGE_LIMIT, MAX_IMAGE_PIXELS, FileTooLarge, UnreadableFile, read_input

from .units import Box

DPI = 300
MAX_ART_PIXELS = MAX_IMAGE_PIXELS
ART_FORMATS = IMAGE_FORMATS  # the only decoders art reaches (reading.py says why)


def resolve_art(root: Path, relative: str, file: str = "", line: int = 1) -> tuple[Path | None, Finding | None]:
    """The image file an art field names, if it is inside root, a regular file within the size limit,
    and an image whose every pixel decodes (a header alone can hide a truncated body)."""
    base = root.resolve()
    candidate = (base / relative).resolve()
    if Path(relative).is_absolute() or not candidate.is_relative_to(base):
        return None, error("ART-PATH", f"art path {relative!r} leaves the content folder", file, line,
                           hint="give a path relative to the game's content folder")
    if not candidate.exists():
        return None, error("ART-MISSING", f"art file {relative!r} does not exist", file, line)
    try:
        data = read_input(candidate, IMAGE_LIMIT)
    except FileTooLarge as exc:
        return None, error("ART-TOO-LARGE", f"art file {relative!r} is {exc.size} bytes; the limit is {exc.limit}", file, line)
    except UnreadableFile as exc:
        return None, error("ART-UNREADABLE", f"art file {relative!r} cannot be read: {exc.reason}", file, line)
    try:
        with Image.open(io.BytesIO(data), formats=ART_FORMATS) as image:
            width, height = image.size
            if width * height > MAX_ART_PIXELS:  # checked before decoding, which would allocate them all
                return None, error("ART-TOO-LARGE", f"art file {relative!r} is {width}x{height} pixels; the limit is "
                                   f"{MAX_ART_PIXELS} pixels", file, line, hint="scale it down to 300 dpi at card size")
            image.load()
    except Image.UnidentifiedImageError:
        return None, error("ART-UNREADABLE", f"art file {relative!r} is not a PNG or JPEG image", file, line,
                           hint="save the art as PNG or JPEG")
    except (OSError, ValueError, SyntaxError, Image.DecompressionBombError) as exc:  # what Pillow's decoders raise
        return None, error("ART-UNREADABLE", f"art file {relative!r} is not a readable image: {exc}", file, line)
    return candidate, None


def prepared_art(image_path: Path, box: Box, cache_dir: Path, refresh: bool = False) -> Path:
    """The image centre-cropped to the box's aspect and resized to 300 dpi, cached by content hash.

    A cached image is served only if its bytes still hash to what was stored beside it; `refresh`
    (--force) prepares it again regardless.
    """
    data = read_input(image_path, IMAGE_LIMIT)
    pixels = (max(1, round(box.width / 25.4 * DPI)), max(1, round(box.height / 25.4 * DPI)))
    key = hashlib.sha256(data + repr(pixels).encode()).hexdigest()
    target = cache_dir / "art" / f"{key}.png"
    if not refresh and _is_intact(target):
        return target
    with Image.open(io.BytesIO(data), formats=ART_FORMATS) as image:
        picture = image.convert("RGB")
    scale = max(pixels[0] / picture.width, pixels[1] / picture.height)
    size = (max(1, round(picture.width * scale)), max(1, round(picture.height * scale)))
    resized = picture.resize(size, Image.Resampling.LANCZOS)
    left, top = (resized.width - pixels[0]) // 2, (resized.height - pixels[1]) // 2
    cropped = resized.crop((left, top, left + pixels[0], top + pixels[1]))
    encoded = io.BytesIO()
    cropped.save(encoded, format="PNG")
    png = encoded.getvalue()
    write_atomic(target, png)
    write_atomic(_digest_path(target), hashlib.sha256(png).hexdigest().encode())  # last: it vouches for the image
    return target


def _digest_path(image: Path) -> Path:
    return image.with_suffix(".sha256")


def _is_intact(image: Path) -> bool:
    """Whether a cached image is the one the cache wrote (not truncated, not replaced). An entry that is not a
    regular file (a FIFO would block the reader forever) is not read: it is prepared again and replaced."""
    try:
        expected = read_input(_digest_path(image), IMAGE_LIMIT)
        actual = hashlib.sha256(read_input(image, IMAGE_LIMIT)).hexdigest().encode()
    except UnreadableFile:
        return False
    return actual == expected


def draw_placeholder(c: Canvas, kind: str, face_id: str, x: float, y: float, width: float, height: float) -> None:
    """A generated picture (pt coordinates) whose colours and shapes come from a hash of kind and id."""
    digest = hashlib.sha256(f"{kind}:{face_id}".encode()).digest()
    hue = digest[0] / 255
    c.saveState()
    path = c.beginPath()
    path.rect(x, y, width, height)
    c.clipPath(path, stroke=0, fill=0)
    c.setFillColorRGB(*_hsv(hue, 0.25, 0.9))
    c.rect(x, y, width, height, fill=1, stroke=0)
    for i in range(6):
        a, b, r, s = digest[1 + 4 * i: 5 + 4 * i]
        c.setFillColorRGB(*_hsv((hue + (s % 5) * 0.08) % 1.0, 0.45, 0.55 + (r % 4) * 0.1))
        cx, cy, radius = x + width * a / 255, y + height * b / 255, min(width, height) * (0.12 + r / 255 * 0.3)
        if s % 2:
            c.circle(cx, cy, radius, fill=1, stroke=0)
        else:
            triangle = c.beginPath()
            triangle.moveTo(cx - radius, cy - radius * 0.8)
            triangle.lineTo(cx + radius, cy - radius * 0.8)
            triangle.lineTo(cx, cy + radius)
            triangle.close()
            c.drawPath(triangle, fill=1, stroke=0)
    c.restoreState()


def _hsv(h: float, s: float, v: float) -> tuple[float, float, float]:
    i = int(h * 6) % 6
    f = h * 6 - int(h * 6)
    p, q, t = v * (1 - s), v * (1 - f * s), v * (1 - (1 - f) * s)
    return [(v, t, p), (q, v, p), (p, v, t), (p, q, v), (t, p, v), (v, p, q)][i]
