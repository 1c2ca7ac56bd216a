"""The grid box (`type: grid`): one cell's boxes repeated over rows and columns, expanded when the template is read,
so a grid is checked and drawn box by box, each finding at the grid's line."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from typer.testing import CliRunner

from pipeline.app.new import new_game
from pipeline.cli import app
from pipeline.render.layouts import load_layouts
from pipeline.render.units import pt
from tests.conftest import line_of

runner = CliRunner()

BOARD = """kind: templates
templates:
  board:
    size: {width: 200mm, height: 200mm}
    palette: {ink: "#111111", panel: "#eeeeee"}
    boxes:
      spaces:
        type: grid
        x: 10mm
        y: 20mm
        width: 180mm
        height: 170mm
        rows: 4
        columns: 4
        gap: 2mm
        first: 0
        cell:
          space: {type: rect, fill: panel, stroke: ink}
          label: {type: text, field: "space_{n}", x: 2mm, y: 1mm, width: 20mm, height: 8mm, when: "row_{row}"}
"""


def _write(folder: Path, text: str) -> Path:
    path = folder / "boards.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_grid_is_one_box_per_cell_part_in_reading_order_each_bound_to_its_cell(tmp_path: Path) -> None:
    _write(tmp_path, BOARD)
    layouts, findings = load_layouts(tmp_path)
    assert findings == []
    boxes = {spec.name: spec for spec in layouts.templates["board"].boxes}
    assert list(boxes)[:4] == ["spaces.0.space", "spaces.0.label", "spaces.1.space", "spaces.1.label"]
    assert len(boxes) == 32
    cell_width, cell_height = (180 - 3 * 2) / 4, (170 - 3 * 2) / 4  # 43.5 x 41 mm
    last = boxes["spaces.15.space"].box
    assert (last.x, last.y, last.width, last.height) == (10 + 3 * (cell_width + 2), 20 + 3 * (cell_height + 2),
                                                         cell_width, cell_height)
    label = boxes["spaces.6.label"]  # row 2, column 3
    assert (label.box.x, label.box.y) == (10 + 2 * (cell_width + 2) + 2, 20 + (cell_height + 2) + 1)
    assert (label.model.field, label.model.when) == ("space_6", "row_2")


def test_a_problem_of_a_cell_part_is_found_once_at_the_line_that_wrote_it(tmp_path: Path) -> None:
    path = _write(tmp_path, BOARD.replace("stroke: ink", "stroke: palette.nope"))
    layouts, findings = load_layouts(tmp_path)
    assert [(f.code, f.line) for f in findings] == [("LAYOUT-COLOR", line_of(path, "space: {type: rect"))]
    assert "boxes.spaces.cell.space.stroke" in findings[0].message
    assert "board" not in layouts.templates


def test_a_grid_its_cells_do_not_fit_in_or_with_a_wrong_key_is_a_finding_at_its_line(tmp_path: Path) -> None:
    path = _write(tmp_path, BOARD.replace("gap: 2mm", "gap: 80mm"))
    _, findings = load_layouts(tmp_path)
    assert [(f.code, f.line) for f in findings] == [("LAYOUT-RANGE", line_of(path, "gap: 80mm"))]
    path = _write(tmp_path, BOARD.replace("columns: 4", "colums: 4"))
    _, findings = load_layouts(tmp_path)
    assert {(f.code, f.line) for f in findings} == {("LAYOUT-INVALID", line_of(path, "colums: 4")),
                                                    ("LAYOUT-INVALID", line_of(path, "spaces:"))}
    path = _write(tmp_path, BOARD.replace("label: {type: text,", "label: {type: txet,"))
    _, findings = load_layouts(tmp_path)
    assert [(f.code, f.line) for f in findings] == [("LAYOUT-INVALID", line_of(path, "label: {type: txet"))]


CARD_GRID = """
      track:
        type: grid
        x: 6mm
        y: 30mm
        width: 51mm
        height: 40mm
        rows: 3
        columns: 2
        gap: 3mm
        cell:
          box: {type: rect, stroke: frame, stroke_width: 1pt}
          number: {type: text, text: "{n}", x: 1mm, y: 1mm, width: 8mm, height: 5mm, size: 8pt}
"""


def test_a_grid_on_a_card_prints_every_cell_where_the_layout_puts_it(tmp_path: Path) -> None:
    """Six cells of 24 x 11.33 mm on the card's 1-up page (its trim 3 mm inside the bleed), numbered 1-6."""
    root = tmp_path / "content"
    new_game("my-game", "cards", root)
    layout = root / "my-game" / "layouts" / "cards.yaml"
    text = layout.read_text(encoding="utf-8")
    panel = next(line for line in text.splitlines() if line.strip().startswith("text: {type: text"))
    layout.write_text(text.replace(panel, panel + CARD_GRID.rstrip("\n")), encoding="utf-8")
    out = tmp_path / "out"
    built = runner.invoke(app, ["build", "--content", str(root), "--out", str(out), "--cache-dir", str(tmp_path / "cache"),
                                "--locale", "en", "--target", "cards", "--jobs", "1"])
    assert built.exit_code == 0, built.output
    page = pdfium.PdfDocument(out / "my-game" / "en" / "cards-1up.pdf")[0]
    bleed, width, tall, gap = 3.0, (51 - 3) / 2, (40 - 2 * 3) / 3, 3.0
    expected = [(6 + column * (width + gap) + width / 2, 30 + row * (tall + gap) + tall / 2)
                for row in range(3) for column in range(2)]
    form = next(obj for obj in page.get_objects() if obj.type == pdfium.raw.FPDF_PAGEOBJ_FORM)  # the face, drawn once
    shift = form.get_matrix()
    centres = []  # of each stroked path the size of a cell, in mm from the card's top-left corner
    for obj in page.get_objects(max_depth=2):
        left, bottom, right, top = obj.get_bounds()
        if obj.level == 1 and obj.type == pdfium.raw.FPDF_PAGEOBJ_PATH and abs(right - left - pt(width)) < 3 \
                and abs(top - bottom - pt(tall)) < 3:
            x, y = shift.e + (left + right) / 2, shift.f + (bottom + top) / 2
            centres.append((round(x / pt(1) - bleed, 1), round((page.get_height() - y) / pt(1) - bleed, 1)))
    assert sorted(centres) == sorted((round(x, 1), round(y, 1)) for x, y in expected)
    words = page.get_textpage().get_text_range().split()
    assert [w for w in words if w.isdigit() and len(w) == 1][-6:] == ["1", "2", "3", "4", "5", "6"]


@pytest.mark.parametrize(("written", "code"), [("x: [1]", "LAYOUT-INVALID"), ("x: .nan", "LAYOUT-RANGE"),
                                               ("y: 3 furlongs", "LAYOUT-UNIT"), ("x: {a: 1}", "LAYOUT-INVALID")])
def test_a_cell_parts_length_that_cannot_be_read_is_one_finding_at_its_line(tmp_path: Path, written: str, code: str) -> None:
    path = _write(tmp_path, BOARD.replace("space: {type: rect,", f"space: {{type: rect, {written},"))
    _, findings = load_layouts(tmp_path)
    assert [(f.code, f.line) for f in findings] == [(code, line_of(path, "space: {type: rect"))]
