"""A small lossless PNG writer for 8-bit RGB scanlines, faster than Pillow's for large flat-colour sheets.

Pillow tries every PNG filter on every row; rasterized cards are mostly flat colour, where unfiltered
rows deflate as small and several times faster. Same rows, same pixels (fixed level, one IDAT); the deflate
stream itself has been seen to differ by a few bytes between builds of the same rows fed in the same blocks
(a full `--jobs 2` build against a one-game build; not reproduced in one process, cause not found), so compare
sheets by their pixels (`tools/compare_outputs.py --pixels`).

The deflate stream comes from ISA-L (`isal`), not the standard library's zlib: on the 812 MB of rows of
old-world's English TTS sheets zlib level 1 took 1.55 s CPU for 15.3 MB, ISA-L level 2 0.18 s for 15.6 MB
(and zlib-ng level 2 0.43 s for 16.1 MB). Any inflater reads it: it is a standard zlib stream.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Iterable

from isal import isal_zlib

SIGNATURE = b"\x89PNG\r\n\x1a\n"
LEVEL = 2  # ISA-L's levels are 0-3; 2 wrote the smallest sheets of the shipped games, and the fastest
FILTER_NONE = b"\0"


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))


def encode_rgb(width: int, height: int, scanlines: Iterable[bytes]) -> bytes:
    """A PNG of width x height RGB pixels; scanlines are blocks of whole rows, each row led by its filter byte."""
    compressor = isal_zlib.compressobj(LEVEL)
    idat = b"".join([compressor.compress(block) for block in scanlines] + [compressor.flush()])
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8 bits, RGB, deflate, adaptive, no interlace
    return SIGNATURE + _chunk(b"IHDR", header) + _chunk(b"IDAT", idat) + _chunk(b"IEND", b"")
