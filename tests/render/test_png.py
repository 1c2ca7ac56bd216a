"""The PNG writer: lossless (Pillow reads back the same pixels) and deterministic."""

from __future__ import annotations

import io
import random

from PIL import Image

from pipeline.render.png import FILTER_NONE, encode_rgb


def _rows(pixels: bytes, width: int, height: int, per_block: int) -> list[bytes]:
    stride = width * 3
    rows = [FILTER_NONE + pixels[y * stride: (y + 1) * stride] for y in range(height)]
    return [b"".join(rows[i: i + per_block]) for i in range(0, height, per_block)]


def test_png_round_trips_through_pillow() -> None:
    width, height = 37, 23
    rng = random.Random(7)
    pixels = bytes(rng.randrange(256) for _ in range(width * height * 3))
    data = encode_rgb(width, height, _rows(pixels, width, height, 5))
    with Image.open(io.BytesIO(data)) as image:
        assert image.format == "PNG" and image.mode == "RGB" and image.size == (width, height)
        assert image.tobytes() == pixels


def test_png_bytes_depend_only_on_the_pixels() -> None:
    width, height = 16, 16
    pixels = bytes(range(256)) * 3
    assert encode_rgb(width, height, _rows(pixels, width, height, 4)) == encode_rgb(width, height, _rows(pixels, width, height, 4))
