"""Board colours are layout data: the palette of the shared `board-base` template, overridden per game; a board
template lacking one, or a spot naming one the palette lacks, is LAYOUT-COLOR."""

from __future__ import annotations

import io
import re
import shutil
from pathlib import Path

from pypdf import PdfReader

from pipeline.render.board import board_form, plan_board
from pipeline.render.layouts import Layouts, load_layouts
from pipeline.render.pdf import Document
from pipeline.render.units import pt
from pipeline.rules.boards import Area, BoardLocation, BoardSpec, Spot

REPO = Path(__file__).resolve().parents[2]


def layouts_edited(tmp_path: Path, file: str, old: str, new: str) -> tuple[Layouts, list]:  # type: ignore[type-arg]
    folder = tmp_path / "layouts"
    shutil.copytree(REPO / "pipeline" / "layouts", folder)
    path = folder / file
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1
    path.write_text(text.replace(old, new), encoding="utf-8")
    return load_layouts(folder)


def board(spots: tuple[Spot, ...] = ()) -> BoardSpec:
    """Two forest and water locations joined by a road on the Old World board, and one area."""
    return BoardSpec("board", "Test Board", 800, 560, "board",
                     locations=[BoardLocation("a", 1, "Alpha", 100, 100, "forest", "potion"),
                                BoardLocation("b", 2, "Beta", 300, 200, "water", "gold")],
                     connections=[("a", "b")], areas=[Area("legend", "Legend", spots=spots, text=("Text",))])


def drawn_colors(spec: BoardSpec, layouts: Layouts) -> tuple[set[tuple[float, float, float]], list]:  # type: ignore[type-arg]
    """The RGB colours the board form fills and strokes with, and the findings of drawing it."""
    plan, findings = plan_board(spec, "old-world", "en", layouts)
    assert plan is not None and findings == []
    doc = Document("test", (pt(plan.size.width), pt(plan.size.height)))
    findings = board_form(doc, "Board", plan)
    doc.canvas.doForm("Board")
    doc.end_page()
    page = PdfReader(io.BytesIO(doc.finish())).pages[0]
    stream = page["/Resources"]["/XObject"]["/FormXob.Board"].get_object().get_data().decode("latin-1")
    found = re.findall(r"([\d.]+) ([\d.]+) ([\d.]+) (?:rg|RG)\b", stream)
    return {tuple(round(float(v), 3) for v in rgb) for rgb in found}, findings  # type: ignore[misc]


def rgb(hex_color: str) -> tuple[float, float, float]:
    return tuple(round(int(hex_color[i:i + 2], 16) / 255, 3) for i in (1, 3, 5))  # type: ignore[return-value]


def test_the_road_and_terrain_colours_come_from_the_layouts(tmp_path: Path) -> None:
    shipped, _ = load_layouts(REPO / "pipeline" / "layouts")
    colors, _ = drawn_colors(board(), shipped)
    assert {rgb("#7a5c3a"), rgb("#4f8a3c"), rgb("#3f86c0")} <= colors  # road, forest and water discs
    layouts, findings = layouts_edited(tmp_path, "base.yaml", 'road: "#7a5c3a"', 'road: "#123456"')
    assert findings == []
    colors, _ = drawn_colors(board(), layouts)
    assert rgb("#123456") in colors and rgb("#7a5c3a") not in colors


def test_a_game_overrides_a_board_colour_in_its_own_palette(tmp_path: Path) -> None:
    layouts, findings = layouts_edited(tmp_path, "old-world/boards.yaml", '      frame: "#3b3024"\n      accent: "#c9a45c"\n',
                                       '      frame: "#3b3024"\n      accent: "#c9a45c"\n      terrain-forest: "#00ff00"\n')
    assert findings == []
    colors, _ = drawn_colors(board(), layouts)
    assert rgb("#00ff00") in colors and rgb("#4f8a3c") not in colors


def test_a_board_template_without_the_board_colours_is_a_finding(tmp_path: Path) -> None:
    layouts, findings = layouts_edited(tmp_path, "old-world/boards.yaml", "  board:\n    extends: board-base\n",
                                       "  board:\n")
    assert findings == []
    plan, findings = plan_board(board(), "old-world", "en", layouts)
    assert plan is None and [f.code for f in findings] == ["LAYOUT-COLOR"]
    template_line = (tmp_path / "layouts" / "old-world" / "boards.yaml").read_text(encoding="utf-8").splitlines().index("  board:") + 1
    assert findings[0].file.endswith("old-world/boards.yaml") and findings[0].line == template_line  # the template's name
    assert "'road'" in findings[0].message and "board-base" in findings[0].hint


def test_a_spot_coloured_by_a_name_the_palette_lacks_is_a_finding() -> None:
    shipped, _ = load_layouts(REPO / "pipeline" / "layouts")
    marked = (Spot(value="1", text="a", color="palette.accent"), Spot(value="2", text="b", color="palette.nowhere"))
    colors, findings = drawn_colors(board(marked), shipped)
    assert rgb("#c9a45c") in colors
    assert [f.code for f in findings] == ["LAYOUT-COLOR"] and "'palette.nowhere'" in findings[0].message


def test_a_board_colour_that_is_no_colour_is_a_finding_at_its_line(tmp_path: Path) -> None:
    _, findings = layouts_edited(tmp_path, "base.yaml", 'road: "#7a5c3a"', 'road: "roadish"')
    text = (REPO / "pipeline" / "layouts" / "base.yaml").read_text(encoding="utf-8").splitlines()
    line = next(i for i, row in enumerate(text, start=1) if 'road: "#7a5c3a"' in row)
    assert ("LAYOUT-COLOR", line) in [(f.code, f.line) for f in findings]
