"""How a guide looks: paper sizes, margins, type sizes and which parts it has (reference guide or player aid).

Paper and margins are millimetres (as everywhere in render); type sizes are points. The layout
works in points internally and converts the page geometry once, here.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..units import pt

PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}  # mm


class PaperError(ValueError):
    """An unknown paper name (a usage error for the caller)."""


@dataclass(frozen=True)
class GuideStyle:
    """Type sizes (pt), margins (mm) and the parts a document has."""

    margin: float = 18.0
    footer: float = 9.0  # mm below the text area kept for the page number
    gutter: float = 7.0
    columns: int = 1
    index_columns: int = 2
    body_size: float = 9.5
    leading: float = 1.3
    title_size: float = 26.0
    h1_size: float = 16.0
    h2_size: float = 11.5
    small_size: float = 8.5
    title_page: bool = True
    contents: bool = True
    index: bool = True
    related: bool = True
    page_refs: bool = True
    section_breaks: bool = False  # every section starts on a new page (the glossary always does)
    ink: str = "#222222"
    accent: str = "#7a1f1f"
    muted: str = "#666666"
    tint: str = "#f1ebe0"


GUIDE = GuideStyle()
PLAYER_AID = GuideStyle(
    margin=11.0,
    footer=7.0,
    gutter=6.0,
    columns=2,
    body_size=7.6,
    leading=1.22,
    title_size=15.0,
    h1_size=10.5,
    h2_size=8.4,
    small_size=7.0,
    title_page=False,
    contents=False,
    index=False,
    related=False,
    page_refs=False,
)
STYLES = {"guide": GUIDE, "aid": PLAYER_AID}


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


def geometry(paper: str, style: GuideStyle) -> Geometry:
    """The geometry of a paper name (`a4`, `letter`) under a style."""
    size = PAPERS.get(paper.lower())
    if size is None:
        raise PaperError(f"unknown paper {paper!r}; use one of: {', '.join(PAPERS)}")
    width, height = pt(size[0]), pt(size[1])
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
