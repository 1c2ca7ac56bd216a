"""The grid box of a layout template (`type: grid`): the boxes of one cell repeated over rows and columns.

A grid covers its box (`x`, `y`, `width`, `height`) with `rows` × `columns` cells `gap` apart and draws in each the
boxes of `cell:` (named parts, each a box placed relative to its cell, as large as the cell unless it says
otherwise). A part's `field`, `text`, `icon`, `when` and `fill_field` may write `{n}` (the cell's number, `first`
and on in reading order), `{row}` and `{column}` (from 1), so each cell binds its own field (`field: space_{n}`) or
prints its number (`text: "{n}"`). The grid is expanded into plain boxes named `<grid>.<n>.<part>` before the
template is read, so every check of a box (units, colours, placement, bindings, fit) holds for each cell, and each
finding points at the line of the grid that wrote the key.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, WithJsonSchema

from .units import LENGTH_JSON_SCHEMA, RangeError, UnitError, parse_length

GRID = "grid"
BOUND_KEYS = ("field", "text", "icon", "when", "fill_field")  # the keys whose `{n}`, `{row}`, `{column}` are filled
MAX_CELLS = 1000  # a board of 30 × 30 spaces, with room to spare: a typo of 10000 rows is not drawn


# A grid's length as written: read by `_length`, one finding each; a length in the layout schema.
WrittenLength = Annotated[Any, WithJsonSchema(LENGTH_JSON_SCHEMA)]


class GridModel(BaseModel):
    """A grid box: rows × columns of cells, each drawing the boxes of `cell:`; its lengths are read as the other
    boxes' are, one finding each."""

    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)

    type: Literal["grid"] = Field(description="grid: rows × columns of cells, each drawing the boxes of `cell:`")
    x: WrittenLength = Field(0, description="the grid's left edge, from the face's top-left corner")
    y: WrittenLength = Field(0, description="the grid's top edge, from the face's top-left corner")
    width: WrittenLength = Field(description="the width the cells and gaps cover")
    height: WrittenLength = Field(description="the height the cells and gaps cover")
    rows: Annotated[int, Field(ge=1)] = Field(description="grid: the number of rows of cells")
    columns: Annotated[int, Field(ge=1)] = Field(description="grid: the number of columns of cells")
    gap: WrittenLength = Field(0, description="grid: the space between cells")
    first: int = Field(1, description="grid: the number of the first cell (`{n}`), counted in reading order")
    cell: Annotated[dict[str, dict[str, Any]], Field(min_length=1)] = Field(
        description="grid: the boxes drawn in every cell by name, placed from the cell's corner and as large as the "
                    "cell unless they say; their field, text, icon, when and fill_field may write {n}, {row}, {column}")


@dataclass(frozen=True)
class Cell:
    """Where an expanded box came from: the grid's name and the part of its `cell:`."""

    grid: str
    part: str


@dataclass(frozen=True)
class GridProblem:
    """What keeps a grid from being expanded: the keys under the template it is at, a finding code and a message."""

    path: tuple[str | int, ...]
    code: str
    message: str


def is_grid(box: Any) -> bool:
    return isinstance(box, dict) and box.get("type") == GRID


def expand_grids(boxes: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Cell], list[GridProblem]]:
    """The boxes with each grid replaced by its cells' boxes (in its place, cell by cell in reading order), where
    each expanded box came from, and what keeps a grid from expanding (that grid is then left out)."""
    expanded: dict[str, Any] = {}
    cells: dict[str, Cell] = {}
    problems: list[GridProblem] = []
    for name, box in boxes.items():
        if not is_grid(box):
            expanded[name] = box
            continue
        found, trouble = _cells(name, box)
        problems += trouble
        for box_name, (part, data) in found.items():
            expanded[box_name] = data
            cells[box_name] = Cell(name, part)
    return expanded, cells, problems


def _cells(name: str, written: dict[str, Any]) -> tuple[dict[str, tuple[str, dict[str, Any]]], list[GridProblem]]:
    """Each cell's boxes of one grid, by expanded name, or the problems that keep it from expanding."""
    try:
        grid = GridModel.model_validate(written)
    except ValidationError as exc:
        return {}, [GridProblem(("boxes", name, *(str(p) for p in e["loc"])), "LAYOUT-INVALID", e["msg"])
                    for e in exc.errors()]
    if grid.rows * grid.columns > MAX_CELLS:
        return {}, [GridProblem(("boxes", name, "rows"), "LAYOUT-RANGE",
                                f"{grid.rows} × {grid.columns} cells; a grid draws at most {MAX_CELLS}")]
    lengths = {"x": grid.x, "y": grid.y, "width": grid.width, "height": grid.height, "gap": grid.gap}
    read: dict[str, float] = {}
    for key, value in lengths.items():
        read[key], problem = _length(value, ("boxes", name, key))
        if problem is not None:
            return {}, [problem]
    x, y, width, height, gap = read.values()
    cell_width = (width - gap * (grid.columns - 1)) / grid.columns
    cell_height = (height - gap * (grid.rows - 1)) / grid.rows
    if cell_width <= 0 or cell_height <= 0 or gap < 0:
        return {}, [GridProblem(("boxes", name, "gap"), "LAYOUT-RANGE",
                                f"{grid.rows} × {grid.columns} cells {gap:g}mm apart leave no room in "
                                f"{width:g} × {height:g}mm")]
    found: dict[str, tuple[str, dict[str, Any]]] = {}
    for row in range(grid.rows):
        for column in range(grid.columns):
            number = grid.first + row * grid.columns + column
            slots = {"n": number, "row": row + 1, "column": column + 1}
            left, top = x + column * (cell_width + gap), y + row * (cell_height + gap)
            for part, data in grid.cell.items():
                placed, problem = _placed(name, part, data, left, top, cell_width, cell_height, slots)
                if problem is not None:
                    return {}, [problem]
                found[f"{name}.{number}.{part}"] = (part, placed)
    return found, []


def _placed(grid: str, part: str, data: dict[str, Any], left: float, top: float, width: float, height: float,
            slots: dict[str, int]) -> tuple[dict[str, Any], GridProblem | None]:
    """One part of one cell as a plain box: placed in the cell (its x and y from the cell's corner, its size the
    cell's unless written) and its bound keys filled in."""
    placed = dict(data)
    for key, corner in (("x", left), ("y", top)):
        offset, problem = _length(data.get(key, 0), ("boxes", grid, "cell", part, key))
        if problem is not None:
            return placed, problem
        placed[key] = corner + offset
    placed.setdefault("width", width)
    placed.setdefault("height", height)
    for key in BOUND_KEYS:
        value = placed.get(key)
        if isinstance(value, str):
            placed[key] = _filled(value, slots)
    return placed, None


def _length(value: Any, path: tuple[str | int, ...]) -> tuple[float, GridProblem | None]:
    """A written length in mm, or the problem with it (as the other boxes' lengths are judged: layouts._Numbers)."""
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        return 0.0, GridProblem(path, "LAYOUT-INVALID", f"{value!r} is not a length")
    try:
        return parse_length(value), None
    except UnitError as exc:
        return 0.0, GridProblem(path, "LAYOUT-RANGE" if isinstance(exc, RangeError) else "LAYOUT-UNIT", str(exc))


def _filled(value: str, slots: dict[str, int]) -> str:
    for slot, number in slots.items():
        value = value.replace(f"{{{slot}}}", str(number))
    return value


def source_path(path: tuple[str | int, ...], cells: Mapping[str, Cell]) -> tuple[str | int, ...]:
    """A path under a template as written: an expanded box's key is a key of its grid's cell part (`x`, `y` of a part
    that writes none, and `width`, `height` likewise, are the grid's own)."""
    if len(path) < 2 or path[0] != "boxes" or path[1] not in cells:
        return path
    cell = cells[str(path[1])]
    return ("boxes", cell.grid, "cell", cell.part, *path[2:])
