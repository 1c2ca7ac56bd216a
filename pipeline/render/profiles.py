"""Print profiles: a paper and what is printed around the cards on it (margin, bleed, crop marks, gutter), as the
layouts' `profiles.yaml` writes them (read by render/layouts.py)."""

from __future__ import annotations

from dataclasses import dataclass

from .units import Size


@dataclass(frozen=True)
class Profile:
    name: str
    paper: Size
    margin: float
    bleed: float
    crop_offset: float
    crop_length: float
    crop_width: float  # pt
    gutter: float
    tile_overlap: float = 10.0
    safe_zone: float = 3.0
