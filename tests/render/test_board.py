"""Boards drawn from a description: tile plans, tile labels, and what a board that does not fit reports."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from pipeline.findings import Severity
from pipeline.render.board import board_form, plan_board
from pipeline.render.layouts import Layouts, Template, load_layouts
from pipeline.render.pdf import Document
from pipeline.render.tiling import LABEL_STRIP, TilingError, plan_tiles, tile_label, tiles_along
from pipeline.render.units import Size, pt
from pipeline.rules.boards import Area, BoardLocation, BoardSpec, Spot

REPO = Path(__file__).resolve().parents[2]
A4 = Size(210, 297)
LETTER = Size(215.9, 279.4)


@pytest.fixture(scope="module")
def layouts() -> Layouts:
    loaded, findings = load_layouts(REPO / "layouts")
    assert findings == []
    return loaded


@pytest.mark.parametrize(("paper", "margin", "columns", "rows"), [(A4, 5, 3, 3), (LETTER, 3.81, 4, 3)],
                         ids=["a4", "letter"])
def test_tiles_fill_the_printable_area_with_the_overlap(paper: Size, margin: float, columns: int, rows: int) -> None:
    """800 x 560 mm on landscape sheets: A4 less 5 mm margins holds 3 x 3 tiles overlapping by 10 mm."""
    board = Size(800, 560)
    plan = plan_tiles(board, paper, margin, 10)
    assert (plan.columns, plan.rows, plan.paper.width > plan.paper.height) == (columns, rows, True)
    assert plan.left >= margin and plan.left + plan.tile.width <= plan.paper.width - margin
    assert plan.top >= margin + LABEL_STRIP and plan.top + plan.tile.height <= plan.paper.height - margin
    last = plan.region(plan.columns - 1, plan.rows - 1)
    assert last.right == pytest.approx(800) and last.bottom == pytest.approx(560)
    first, second = plan.region(0, 0), plan.region(1, 0)
    assert first.right - second.x == pytest.approx(10)


def test_the_orientation_with_fewer_sheets_is_chosen() -> None:
    """600 x 540 mm on A4: 4 x 2 portrait sheets, where landscape would take 3 x 3."""
    plan = plan_tiles(Size(600, 540), A4, 5, 10)
    assert (plan.columns, plan.rows, plan.paper) == (4, 2, A4)
    landscape = plan_tiles(Size(540, 600), A4, 5, 10)  # the same board turned: landscape sheets win
    assert (landscape.columns, landscape.rows, landscape.paper) == (2, 4, A4.swapped())


def test_a_wider_margin_costs_sheets() -> None:
    """The old 10 mm tile margin left 3 mm too few for three rows: 12 sheets."""
    assert plan_tiles(Size(800, 560), A4, 10, 10).count == 12


def test_a_board_smaller_than_the_paper_is_one_tile() -> None:
    assert plan_tiles(Size(150, 100), A4, 10, 10).count == 1


def test_an_overlap_wider_than_the_paper_is_an_error() -> None:
    with pytest.raises(TilingError):
        tiles_along(800, 10, 10)


def test_tile_labels_name_row_then_column() -> None:
    assert [tile_label(0, 0), tile_label(2, 0), tile_label(0, 1), tile_label(3, 25), tile_label(0, 26)] == [
        "A1", "A3", "B1", "Z4", "AA1"]


def small_board(**changes: object) -> BoardSpec:
    """A board using the Old World board template, with two locations and one area."""
    spec = BoardSpec("board", "Test Board", 800, 560, "board",
                     locations=[BoardLocation("a", 1, "Alpha", 100, 100, "forest", "potion"),
                                BoardLocation("b", 2, "Beta", 300, 200, "water", "gold")],
                     connections=[("a", "b")], areas=[Area("legend", "Legend", text=("{icon:potion} Potion",))])
    for key, value in changes.items():
        setattr(spec, key, value)
    return spec


def draw(plan_spec: BoardSpec, layouts: Layouts) -> tuple[list, bytes]:  # type: ignore[type-arg]
    plan, findings = plan_board(plan_spec, "old-world", "en", layouts)
    assert plan is not None
    doc = Document("test", (pt(plan.size.width), pt(plan.size.height)))
    findings += board_form(doc, "Board", plan)
    doc.canvas.doForm("Board")
    doc.end_page()
    return findings, doc.finish()


def test_a_board_draws_its_location_names_as_text(layouts: Layouts, tmp_path: Path) -> None:
    findings, data = draw(small_board(), layouts)
    assert findings == []
    (tmp_path / "b.pdf").write_bytes(data)
    text = PdfReader(tmp_path / "b.pdf").pages[0].extract_text()
    assert "Alpha" in text and "Beta" in text and "Legend" in text


def test_a_location_off_the_board_is_an_error_and_left_out(layouts: Layouts) -> None:
    spec = small_board()
    spec.locations[0] = BoardLocation("a", 1, "Alpha", 900, 100, "forest", "potion")
    plan, findings = plan_board(spec, "old-world", "en", layouts)
    assert plan is not None and [loc.id for loc in plan.locations] == ["b"]
    assert [(f.code, f.severity) for f in findings] == [("BOARD-POSITION", Severity.ERROR)]
    assert "Alpha" in findings[0].message and "outside" in findings[0].message
    drawn, _ = draw(spec, layouts)  # the road to the missing location is skipped, nothing raises
    assert [f.code for f in drawn] == ["BOARD-POSITION"]


def test_a_location_under_an_area_is_a_warning(layouts: Layouts) -> None:
    spec = small_board(locations=[BoardLocation("a", 1, "Alpha", 700, 300, "forest", "potion")], connections=[],
                       areas=[Area("decks", "Decks")])
    _, findings = plan_board(spec, "old-world", "en", layouts)
    assert [(f.code, f.severity) for f in findings] == [("BOARD-OVERLAP", Severity.WARNING)]


def test_an_area_without_a_layout_box_is_an_error(layouts: Layouts) -> None:
    _, findings = plan_board(small_board(areas=[Area("nowhere", "Nowhere")]), "old-world", "en", layouts)
    assert [f.code for f in findings] == ["BOARD-AREA"]


def test_a_missing_template_is_a_finding(layouts: Layouts) -> None:
    plan, findings = plan_board(small_board(template="no-such-board"), "old-world", "en", layouts)
    assert plan is None and [f.code for f in findings] == ["LAYOUT-MISSING"]


def test_a_spot_too_small_for_its_card_is_a_finding(layouts: Layouts) -> None:
    spots = tuple(Spot("Slot", place="action-card") for _ in range(4))  # four cards in the 85 mm legend box
    findings, _ = draw(small_board(areas=[Area("legend", "Too small", spots=spots)]), layouts)
    assert {f.code for f in findings} == {"BOARD-SPOT-SIZE"}


def test_card_spots_take_their_size_from_the_card_templates(layouts: Layouts) -> None:
    template = layouts.template_for("old-world", "action-card")
    assert isinstance(template, Template) and template.size == Size(63, 88)
    findings, _ = draw(small_board(areas=[Area("market", "Market", spots=(Spot("Cost", "+1", place="action-card"),) * 6)]),
                       layouts)
    assert findings == []
