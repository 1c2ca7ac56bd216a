"""Card sizes as data (`sizes:` of the layouts, `size: poker`) and the sheet grid that follows each size: the grid
that holds the most cards in the printable area, turned a quarter where that fits more, backs registered."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from pipeline.render.faces import PreparedFace, RenderContext, prepare_face
from pipeline.render.imposition import Group, _grids, impose, one_up
from pipeline.render.layouts import Layouts, load_layouts
from pipeline.render.units import Size, pt
from pipeline.rules.components import Face

REPO = Path(__file__).resolve().parents[2]
SHIPPED, _ = load_layouts(REPO / "pipeline" / "layouts")

DECKS = """kind: templates
sizes:
  domino: {width: 40mm, height: 80mm}
templates:
  tarot-card:
    extends: card
    size: tarot
    boxes:
      background: {width: 70mm, height: 120mm}
  square-card:
    extends: card
    size: square
    boxes:
      background: {width: 70mm, height: 70mm}
  poker-card:
    extends: card
    size: poker
    boxes:
      background: {width: 2.5in, height: 3.5in}
  poker-back:
    extends: card-back
    size: poker
    boxes:
      background: {width: 2.5in, height: 3.5in}
  domino-card:
    size: domino
    boxes: {}
  plain:
    boxes: {}
"""


def layouts_with(tmp_path: Path, text: str, more: str = "") -> tuple[Layouts, list]:  # type: ignore[type-arg]
    """The shipped layouts plus a templates file of a game `g` (and another one where `more` is given)."""
    folder = tmp_path / "layouts"
    shutil.copytree(REPO / "pipeline" / "layouts", folder)
    (folder / "g").mkdir()
    (folder / "g" / "decks.yaml").write_text(text, encoding="utf-8")
    if more:
        (folder / "g" / "more.yaml").write_text(more, encoding="utf-8")
    return load_layouts(folder)


def mm(size: Size | None) -> tuple[float, float] | None:
    return (round(size.width, 1), round(size.height, 1)) if size is not None else None


def test_the_named_sizes_are_data_in_millimetres() -> None:
    sizes = SHIPPED.sizes[""]
    assert mm(sizes["poker"]) == (63.5, 88.9)
    assert (round(sizes["bridge"].width, 2), round(sizes["bridge"].height, 2)) == (57.15, 88.9)
    assert sizes["mini-euro"] == Size(44, 68) and sizes["tarot"] == Size(70, 120) and sizes["square"] == Size(70, 70)
    assert SHIPPED.templates["card"].size == sizes["standard"] == Size(63, 88)
    assert SHIPPED.templates["large-card"].size == Size(88, 126)
    assert SHIPPED.templates["path-of-destiny/symbol-token"].size == Size(16, 16)
    assert "symbol-token" not in sizes  # Path of Destiny's own name


def test_a_template_takes_its_size_by_name_and_a_game_may_name_its_own(tmp_path: Path) -> None:
    layouts, findings = layouts_with(tmp_path, DECKS)
    assert findings == []
    assert layouts.templates["g/tarot-card"].size == Size(70, 120)
    assert layouts.templates["g/domino-card"].size == Size(40, 80)
    assert mm(layouts.templates["g/plain"].size) == (63.5, 88.9)  # no size written anywhere: poker
    assert layouts.size_named("other-game", "domino") is None


def test_an_unknown_size_name_is_a_finding_at_its_line_with_the_nearest_name(tmp_path: Path) -> None:
    text = DECKS.replace("size: tarot", "size: tarrot")
    layouts, findings = layouts_with(tmp_path, text)
    line = text.splitlines().index("    size: tarrot") + 1
    assert [(f.code, f.line) for f in findings] == [("LAYOUT-SIZE", line)]
    assert findings[0].file.endswith("g/decks.yaml")
    assert "'tarrot'" in findings[0].message and "did you mean 'tarot'" in findings[0].message
    assert "g/tarot-card" not in layouts.templates  # nothing is drawn from it


def test_a_size_named_twice_or_of_no_size_is_a_finding(tmp_path: Path) -> None:
    text = DECKS.replace("  domino: {width: 40mm, height: 80mm}",
                         "  domino: {width: 40mm, height: 80mm}\n  flat: {width: 40mm, height: 0mm}")
    _, findings = layouts_with(tmp_path, text, "kind: templates\nsizes:\n  domino: {width: 1mm, height: 1mm}\n")
    assert sorted((f.code, Path(f.file).name, f.line) for f in findings) == [
        ("LAYOUT-RANGE", "decks.yaml", 4), ("LAYOUT-SIZE", "more.yaml", 3)]


A4, LETTER = SHIPPED.profiles["a4"], SHIPPED.profiles["letter"]


@pytest.mark.parametrize(("size", "profile", "cols", "rows", "rotated"), [
    ("poker", "a4", 3, 3, False),
    ("poker", "letter", 2, 4, True),  # upright only 3 x 2 fit: 3 x 88.9 mm is more than the 265.8 mm there is
    ("tarot", "a4", 2, 2, False),
    ("tarot", "letter", 2, 2, False),
    ("mini-euro", "a4", 4, 4, False),
    ("mini-euro", "letter", 4, 3, False),  # turned: 2 x 6, no more: a tie stays upright
    ("square", "a4", 2, 4, False),
    ("square", "letter", 2, 3, False),
    ("standard", "a4", 3, 3, False),  # the shipped games' cards keep their grid
    ("standard", "letter", 3, 3, False),
    ("large", "a4", 2, 2, False),
])
def test_the_grid_holds_the_most_cards_in_the_printable_area(size: str, profile: str, cols: int, rows: int,
                                                            rotated: bool) -> None:
    paper = SHIPPED.profiles[profile]
    grid = _grids(SHIPPED.sizes[""][size], paper.paper, paper, "duplex")[0]
    assert (grid.cols, grid.rows, grid.rotated) == (cols, rows, rotated)
    # The grid and its bleed lie inside the profile's margin.
    assert grid.left - paper.bleed >= paper.margin - 1e-6 and grid.top - paper.bleed >= paper.margin - 1e-6


def prepared(layouts: Layouts, template: str, count: int, tmp_path: Path) -> list[PreparedFace]:
    ctx = RenderContext("g", "en", tmp_path, tmp_path)
    faces = []
    for index in range(count):
        face, findings = prepare_face(Face(template, f"c{index}", "deck", {"title": f"{index}", "game": "g"}),
                                      layouts.templates[f"g/{template}"], ctx)
        assert findings == []
        faces.append(face)
    return faces


def page_size(page) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    return round(float(page.mediabox.width) / pt(1), 1), round(float(page.mediabox.height) / pt(1), 1)


@pytest.mark.parametrize(("template", "per_sheet", "size"), [("tarot-card", 4, (70, 120)), ("square-card", 8, (70, 70))])
def test_sheets_and_one_up_pages_follow_the_deck_size(tmp_path: Path, template: str, per_sheet: int,
                                                      size: tuple[int, int]) -> None:
    layouts, _ = layouts_with(tmp_path, DECKS)
    faces = prepared(layouts, template, 10, tmp_path)
    slots = [(face, None) for face in faces]
    sheets = impose([Group("deck", faces[0].template.size, list(slots))], A4, "none", (0.0, 0.0), "t")
    assert sheets.pages == -(-10 // per_sheet)
    assert max(p.row for p in sheets.positions) * max(p.col for p in sheets.positions) == per_sheet
    pages = PdfReader(io.BytesIO(one_up(list(slots), 3.0, "none", "t").data)).pages
    assert len(pages) == 10
    assert {page_size(page) for page in pages} == {(size[0] + 6, size[1] + 6)}
    trim = pages[0].trimbox
    assert (round(float(trim.width) / pt(1), 1), round(float(trim.height) / pt(1), 1)) == size


def placements(page) -> list[tuple[float, float, float, float, float]]:  # type: ignore[no-untyped-def]
    """Each form a page draws: the trim box it lands on (x0, y0, x1, y1 mm) and the turn of its x axis
    (its matrix's b: 1 a quarter left, -1 a quarter right, 0 upright)."""
    stream = ContentStream(page.get_contents(), page.pdf)
    stack, ctm, out = [], (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), []
    forms = page["/Resources"]["/XObject"]
    for operands, op in stream.operations:
        if op == b"q":
            stack.append(ctm)
        elif op == b"Q":
            ctm = stack.pop()
        elif op == b"cm":
            a, b, c, d, e, f = (float(v) for v in operands)
            ta, tb, tc, td, te, tf = ctm
            ctm = (a * ta + b * tc, a * tb + b * td, c * ta + d * tc, c * tb + d * td,
                   e * ta + f * tc + te, e * tb + f * td + tf)
        elif op == b"Do":
            x0, y0, x1, y1 = (float(v) for v in forms[operands[0]].get_object()["/BBox"])
            bleed = -x0
            corners = [(x, y) for x in (0.0, x1 - bleed) for y in (0.0, y1 - bleed)]
            xs = [ctm[0] * x + ctm[2] * y + ctm[4] for x, y in corners]
            ys = [ctm[1] * x + ctm[3] * y + ctm[5] for x, y in corners]
            out.append((round(min(xs) / pt(1), 2), round(min(ys) / pt(1), 2), round(max(xs) / pt(1), 2),
                        round(max(ys) / pt(1), 2), round(ctm[1], 6)))
    return out


def test_a_turned_front_has_a_turned_back_in_the_mirrored_slot(tmp_path: Path) -> None:
    """Poker cards on Letter: eight turned per sheet; the back page mirrors each front's trim box about the
    paper's middle (the sheet flips on its long edge) and turns it the other way."""
    layouts, _ = layouts_with(tmp_path, DECKS)
    fronts = prepared(layouts, "poker-card", 8, tmp_path)
    back = prepared(layouts, "poker-back", 1, tmp_path)[0]
    imposed = impose([Group("deck", fronts[0].template.size, [(f, back) for f in fronts])], LETTER, "duplex",
                     (0.0, 0.0), "t")
    front_page, back_page = PdfReader(io.BytesIO(imposed.data)).pages
    front, rear = placements(front_page), placements(back_page)
    assert len(front) == len(rear) == 8
    assert {p[4] for p in front} == {1.0} and {p[4] for p in rear} == {-1.0}
    paper = LETTER.paper.width
    for x0, y0, x1, y1, _ in front:
        assert round(x1 - x0, 1) == 88.9 and round(y1 - y0, 1) == 63.5
    mirrored = sorted((paper - x1, y0, paper - x0, y1) for x0, y0, x1, y1, _ in front)
    for expected, got in zip(mirrored, sorted(p[:4] for p in rear), strict=True):
        assert got == pytest.approx(expected, abs=0.02)  # the content stream keeps a hundredth of a point
    # Every card (its bleed included) stays within the profile's margin.
    assert min(min(p[0], p[1]) for p in front) - LETTER.bleed >= LETTER.margin - 1e-6
