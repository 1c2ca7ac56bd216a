"""Icons drawn: an icon file's SVG drawing (`pipeline/icon_files.py`) scaled to the text size, and the named colours.

Inline `{icon:name}` tokens and layout icon boxes both draw through `draw_icon`, with the icons in
effect (`icon_files.use_icons`, set per game and locale by the build and the check). Callers check names with
`is_icon` and report an unknown one as an ICON-UNKNOWN finding before anything is drawn; drawing one
anyway is a programming error (`UnknownIcon`), never a placeholder on the page.
"""

from __future__ import annotations

import re
from functools import lru_cache
from io import BytesIO
from pathlib import Path

from reportlab.graphics.shapes import Drawing
from reportlab.lib.colors import Color, getAllNamedColors, toColor
from reportlab.pdfgen.canvas import Canvas

from pipeline.icon_files import icon_file, read_icon

from . import reportlab_internals as internals

COLORS = {
    "blue": "#2f6db5",
    "red": "#c0392b",
    "green": "#3c9a4a",
    "yellow": "#d9a514",
    "purple": "#7d4ba3",
    "forest": "#2e7d32",
    "mountain": "#7b6a58",
    "water": "#2a7fbf",
    "gold": "#e0b020",
    "ink": "#222222",
    "paper": "#fbf7ee",
}


HEX_COLOR = re.compile(r"#[0-9a-fA-F]{6}")
# reportlab's colour names, as toColor looks them up; not its internal `_CMYK_…` ones, nor `transparent`, which
# prints nothing (a box without a fill is written without `fill`).
_NAMED_COLORS = {name.lower(): color for name, color in getAllNamedColors().items()
                 if not name.startswith("_") and name != "transparent"}


@lru_cache(maxsize=1024)
def rgb(value: str) -> Color:
    """A colour parsed once: "#rrggbb" or a reportlab colour name; else a ValueError saying why.

    reportlab's toColor alone takes much more and prints it wrong: "#12345", "#fff" and "123456" as numbers,
    "rgb(1%,2%,3%)", "hsl(400,0,0)", "transparent"; only the two written forms reach the renderer."""
    if HEX_COLOR.fullmatch(value):
        return toColor(value)
    named = _NAMED_COLORS.get(value.lower())
    if named is None:
        raise ValueError("write #rrggbb (six hex digits) or a reportlab colour name"
                         + ("; transparent prints nothing: leave the colour out" if value.lower() == "transparent" else ""))
    return named


@lru_cache(maxsize=512)
def _drawing(path: Path) -> Drawing:
    return read_icon(path)




class _IconRenderer(internals.DrawingRenderer):
    """reportlab's drawing renderer without its font state: an icon holds no text (letters are paths), and
    setting the renderer's default font would put Helvetica, never embedded, on the page."""

    def applyStateChanges(self, delta: dict[str, object], newState: dict[str, object]) -> None:
        super().applyStateChanges({k: v for k, v in delta.items() if k not in ("fontName", "fontSize")}, newState)


class UnknownIcon(KeyError):
    """An icon name drawn without being checked first (a programming error)."""


def draw_icon(c: Canvas, name: str, x: float, y: float, size: float) -> None:
    """Draw icon `name` in the square of side `size` points whose bottom-left corner is (x, y)."""
    path = icon_file(name)
    if path is None:
        raise UnknownIcon(f"no icon {name!r}: check names with is_icon and report them before drawing")
    drawing = _drawing(path)
    c.saveState()
    c.translate(x, y)
    c.scale(size / drawing.width, size / drawing.height)
    operators = _operators(path)
    if operators is None:
        _IconRenderer().draw(drawing, c, 0, 0)
    else:
        internals.operators(c).extend(operators)
    c.restoreState()


@lru_cache(maxsize=512)
def _operators(path: Path) -> tuple[str, ...] | None:
    """What reportlab's renderer writes for an icon at the origin, rendered once on a scratch canvas; None for
    an icon that uses a resource of its document (an image, a transparency), which is drawn each time.

    Why: the renderer walks the drawing's shapes and formats every operator again for each icon placed, the
    same text each time (the placement is the `cm` before it). In the old-world cards target that was
    about a tenth of the build's CPU time. Its output depends on nothing of the canvas but its code list:
    it sets every colour, width and transform itself, inside its own q ... Q.
    """
    scratch = Canvas(BytesIO(), invariant=1)
    objects, start = internals.object_count(scratch), len(internals.operators(scratch))
    _IconRenderer().draw(_drawing(path), scratch, 0, 0)
    if internals.object_count(scratch) != objects or internals.uses_document_resources(scratch):
        return None
    return tuple(internals.operators(scratch)[start:])
