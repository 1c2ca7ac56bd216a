"""Print profiles: a paper and what is printed around the cards on it (margin, bleed, crop marks, gutter), as the
layouts' `profiles.yaml` writes them (read by render/layouts.py). A `--paper` names one: any profile the layouts
define can be chosen."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from pipeline import shipped

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


DEFAULT_PAPER = shipped.DEFAULT_PAPER


class UnknownProfile(ValueError):
    """A paper that names no print profile of the layouts."""


def profile_named(profiles: Mapping[str, Profile], name: str) -> Profile:
    """The print profile a paper option names (any profile of the layouts' `profiles.yaml`), else UnknownProfile."""
    profile = profiles.get(name)
    if profile is None:
        raise UnknownProfile(f"no print profile {name!r} (known: {', '.join(sorted(profiles)) or 'none'})")
    return profile
