"""The colours a board draws besides its layout's panels (roads, locations, the text and spots of its areas): names
of its template's palette. The shared `board-base` template (layouts/base.yaml) names every one; a game's board
template extends it and overrides any. A location's disc and ground take `terrain-<terrain>` and
`patch-<terrain>` where the palette has them, else `terrain` and `patch`.
"""

from __future__ import annotations

from dataclasses import dataclass

from .layouts import Template, palette_color

NAMES = ("ink", "muted", "light", "text", "spot", "road", "road-inner", "terrain", "patch")


@dataclass(frozen=True)
class BoardColors:
    palette: dict[str, str]

    @property
    def ink(self) -> str:
        """Text and outlines on a light panel, location rims."""
        return self.palette["ink"]

    @property
    def muted(self) -> str:
        """Spot outlines and labels."""
        return self.palette["muted"]

    @property
    def light(self) -> str:
        """Text on a dark panel; the fill of track spots and badges."""
        return self.palette["light"]

    @property
    def text(self) -> str:
        """The text of a track's spots."""
        return self.palette["text"]

    @property
    def spot(self) -> str:
        """The fill of a card or token place."""
        return self.palette["spot"]

    @property
    def road(self) -> str:
        return self.palette["road"]

    @property
    def road_inner(self) -> str:
        return self.palette["road-inner"]

    def terrain(self, terrain: str) -> str:
        return self.palette.get(f"terrain-{terrain}", self.palette["terrain"])

    def patch(self, terrain: str) -> str:
        return self.palette.get(f"patch-{terrain}", self.palette["patch"])

    def named(self, value: str) -> str | None:
        """A colour a board description gives (a spot's accent): a palette name, or a colour as written."""
        return palette_color(self.palette, value)


def board_colors(template: Template) -> tuple[BoardColors | None, list[str]]:
    """The board colours of a template's palette, or None and the names it lacks."""
    missing = [name for name in NAMES if name not in template.palette]
    return (None, missing) if missing else (BoardColors(dict(template.palette)), [])
