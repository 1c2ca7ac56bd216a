"""How a guide looks: margins, type sizes, colours and which parts it has (reference guide or player aid).

The values are layout data (`guides:` in `layouts/base.yaml`, overridable per game, read by
render/layouts.py); the paper comes from the layout profiles (`layouts/profiles.yaml`). Margins are
millimetres (as everywhere in render); type sizes are points. The layout works in points internally
and converts the page geometry once, here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .profiles import Profile, UnknownProfile, profile_named
from .units import pt


class PaperError(ValueError):
    """An unknown paper name or guide style (a usage error for the caller)."""


@dataclass(frozen=True)
class GuideStyle:
    """Type sizes (pt), margins (mm), colours and the parts a document has, as the layouts write them."""

    margin: float
    footer: float  # mm below the text area kept for the page number
    gutter: float
    columns: int
    index_columns: int
    body_size: float
    leading: float
    title_size: float
    h1_size: float
    h2_size: float
    small_size: float
    title_page: bool
    contents: bool
    index: bool
    related: bool
    page_refs: bool
    section_breaks: bool  # every section starts on a new page (the glossary always does)
    ink: str
    accent: str
    muted: str
    tint: str  # the header row of a table
    rule: str  # the line under each table row
    dots: str  # the dot leaders of contents and index lines


@dataclass(frozen=True)
class Geometry:
    """The page and its text area, in points (PDF origin bottom-left; `top` is the text area's top edge)."""

    page_width: float
    page_height: float
    left: float
    top: float
    width: float
    height: float
    gutter: float

    def column_width(self, columns: int) -> float:
        return (self.width - (columns - 1) * self.gutter) / columns


def geometry(paper: str, style: GuideStyle, profiles: Mapping[str, Profile]) -> Geometry:
    """The geometry of a print profile's paper (`a4`, `letter`) under a style."""
    try:
        profile = profile_named(profiles, paper.lower())
    except UnknownProfile as exc:
        raise PaperError(str(exc)) from None
    width, height = pt(profile.paper.width), pt(profile.paper.height)
    margin = pt(style.margin)
    return Geometry(
        page_width=width,
        page_height=height,
        left=margin,
        top=height - margin,
        width=width - 2 * margin,
        height=height - 2 * margin - pt(style.footer),
        gutter=pt(style.gutter),
    )
