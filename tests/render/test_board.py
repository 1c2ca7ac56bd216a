"""Boards drawn from a description: tile plans, tile labels, and what a board that does not fit reports."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from pipeline.findings import Severity
from pipeline.render.board import board_form, plan_board
from pipeline.render.layouts import Layouts, Template, load_layouts
from pipeline.render.pdf import Document
from pipeline.render.tiling import LABEL_STRIP, TilePlan, TilingError, plan_tiles, tile_label, tiles_along
from pipeline.render.units import Size, pt
from pipeline.rules.boards import Area, BoardLocation, BoardSpec, Spot

REPO = Path(__file__).resolve().parents[2]
A4 = Size(210, 297)
LETTER = Size(215.9, 279.4)


@pytest.fixture(scope="module")
def layouts() -> Layouts:
    loaded, findings = load_layouts(REPO / "pipeline" / "layouts")
    assert findings == []
    return loaded


@pytest.mark.parametrize(("paper", "margin", "columns", "rows"), [(A4, 5, 3, 3), (LETTER, 3.81, 4, 3)],
                         ids=["a4", "letter"])
def test_tiles_fill_the_printable_area_with_the_overlap(paper: Size, margin: float, columns: int, rows: int) -> None:
    """800 x 560 mm on landscape sheets: A4 less 5 mm margins holds 3 x 3 tiles overlapping by 10 mm."""
    board = Size(800, 560)
    plan = plan_tiles(board, paper, margin, 10)
    assert (plan.columns, plan.rows, plan.paper.width > plan.paper.height, plan.strips) == (columns, rows, True, ())
    assert {tile.sheet for tile in plan.tiles} == {plan.paper} and len({(t.region.width, t.region.height) for t in plan.tiles}) == 1
    for tile in plan.tiles:
        assert plan.left(tile) >= margin and plan.left(tile) + tile.region.width <= tile.sheet.width - margin
        assert plan.top(tile) >= margin + LABEL_STRIP and plan.top(tile) + tile.region.height <= tile.sheet.height - margin
    last = plan.tile(plan.columns - 1, plan.rows - 1).region
    assert last.right == pytest.approx(800) and last.bottom == pytest.approx(560)
    first, second = plan.tile(0, 0).region, plan.tile(1, 0).region
    assert first.right - second.x == pytest.approx(10)


def test_the_orientation_with_fewer_sheets_is_chosen() -> None:
    """380 x 540 mm on A4: 2 x 2 portrait sheets, where landscape would take 2 x 3; 540 x 370 mm: 2 x 2
    landscape sheets, where portrait would take 3 x 2."""
    plan = plan_tiles(Size(380, 540), A4, 5, 10)
    assert (plan.columns, plan.rows, plan.paper, plan.strips) == (2, 2, A4, ())
    landscape = plan_tiles(Size(540, 370), A4, 5, 10)
    assert (landscape.columns, landscape.rows, landscape.paper, landscape.strips) == (2, 2, A4.swapped(), ())


def covered(plan: TilePlan) -> bool:
    """Whether the tiles cover every point of the board (checked on a 1 mm raster)."""
    regions = [tile.region for tile in plan.tiles]
    return all(any(r.x <= x <= r.right and r.y <= y <= r.bottom for r in regions)
               for x in range(0, int(plan.board.width) + 1) for y in range(0, int(plan.board.height) + 1))


@pytest.mark.parametrize(("board", "strips"), [(Size(600, 540), (3, 2, 2)), (Size(540, 600), (2, 2, 3))],
                         ids=["columns", "rows"])
def test_mixed_orientations_take_fewer_sheets(board: Size, strips: tuple[int, ...]) -> None:
    """600 x 540 mm on A4: a landscape column of 3 and two portrait columns of 2, 7 sheets where one orientation
    takes 8 (4 x 2 portrait) or 9 (3 x 3 landscape); the board turned takes rows the same way."""
    plan = plan_tiles(board, A4, 5, 10)
    assert (plan.count, plan.strips) == (7, strips)
    assert {tile.sheet for tile in plan.tiles} == {A4, A4.swapped()}
    for tile in plan.tiles:  # each tile inside the printable area of its own sheet
        assert plan.left(tile) >= 5 and plan.left(tile) + tile.region.width <= tile.sheet.width - 5 + 1e-9
        assert plan.top(tile) >= 5 + LABEL_STRIP and plan.top(tile) + tile.region.height <= tile.sheet.height - 5 + 1e-9
    assert covered(plan)
    # Neighbouring strips and neighbours within a strip overlap by exactly the overlap.
    strip = (lambda t: t.column) if strips == (3, 2, 2) else (lambda t: t.row)  # noqa: E731
    first, second = [[t for t in plan.tiles if strip(t) == k] for k in (0, 1)]
    edge = (lambda r: (r.x, r.right)) if strips == (3, 2, 2) else (lambda r: (r.y, r.bottom))  # noqa: E731
    assert edge(first[0].region)[1] - edge(second[0].region)[0] == pytest.approx(10)
    assert [tile_label(t.column, t.row) for t in plan.tiles][:3] == (["A1", "A2", "A3"] if strips == (3, 2, 2)
                                                                     else ["A1", "A2", "B1"])


def test_alignment_marks_sit_on_trim_lines_that_two_sheets_show() -> None:
    """Every mark lies on a trim line (the middle of a seam's overlap) and on at least two sheets, so its halves
    meet when the sheets are laid over each other; each shared stretch of a seam carries two."""
    plan = plan_tiles(Size(600, 540), A4, 5, 10)
    lines_x = {round(t.region.x + 5, 6) for t in plan.tiles if t.region.x > 0}
    lines_y = {round(t.region.y + 5, 6) for t in plan.tiles if t.region.y > 0}
    marks = plan.marks()
    assert len(marks) == len(set(marks))
    for x, y in marks:
        assert round(x, 6) in lines_x or round(y, 6) in lines_y
        shown = [t for t in plan.tiles if t.region.x <= x <= t.region.right and t.region.y <= y <= t.region.bottom]
        assert len(shown) >= 2
    # The seam between the landscape column (3 tiles) and the first portrait column (2): 4 shared stretches.
    seam = min(lines_x)
    assert len([m for m in marks if m[0] == pytest.approx(seam) and round(m[1], 6) not in lines_y]) == 8


def test_a_wider_margin_costs_sheets() -> None:
    """The old 10 mm tile margin left 3 mm too few for three landscape rows: 12 sheets in one orientation, 11 with
    two landscape rows of 3 and a portrait row of 5 (against 9 with the 5 mm margin)."""
    plan = plan_tiles(Size(800, 560), A4, 10, 10)
    assert (plan.count, plan.strips) == (11, (3, 3, 5))


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
