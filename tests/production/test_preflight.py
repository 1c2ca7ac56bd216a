"""The output preflight (production/preflight.py, `pnp preflight`): each rule on a crafted PDF, read back with pypdf and
from what the document wrote (the build's way), and every build of the example trees passing its own preflight on
A4 and Letter."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline.cli import app
from pipeline.findings import Finding
from pipeline.production.preflight import count_findings, preflight_drawn, preflight_pdf, safe_zone_findings
from pipeline.render.faces import RenderContext, prepare_face
from pipeline.render.imposition import Group, impose
from pipeline.render.layouts import load_layouts
from pipeline.render.pdf import Document, DrawnPdf
from pipeline.render.profiles import Profile
from pipeline.render.units import Size, pt
from pipeline.rules.components import Face

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "tests" / "fixtures"
LAYOUTS, _ = load_layouts(REPO / "pipeline" / "layouts")


def profile(name: str) -> Profile:
    return LAYOUTS.profiles[name]


def codes(findings: list) -> list[str]:  # type: ignore[type-arg]
    return [f.code for f in findings]


Preflight = Callable[[Document, str, Profile, bool, Iterable[Size] | None], list[Finding]]


def read_back(doc: Document, path: str, paper: Profile, one_up: bool, trims: Iterable[Size] | None = None) -> list[Finding]:
    return preflight_pdf(doc.finish(), path, paper, one_up, trims)


def as_drawn(doc: Document, path: str, paper: Profile, one_up: bool, trims: Iterable[Size] | None = None) -> list[Finding]:
    doc.finish()
    return preflight_drawn(doc.drawn(), path, paper, one_up, trims)


@pytest.fixture(params=[read_back, as_drawn], ids=["pypdf", "drawn"])
def preflight(request: pytest.FixtureRequest) -> Preflight:
    """The preflight of a crafted document, read back from its bytes or from what it wrote."""
    return request.param  # type: ignore[no-any-return]


def sheet(paper: Profile, draw) -> Document:  # type: ignore[no-untyped-def]
    """A one-page document on the profile's paper, drawn by draw(canvas) with the pipeline's embedded font."""
    doc = Document("test", (pt(paper.paper.width), pt(paper.paper.height)))
    draw(doc.canvas)
    doc.end_page()
    return doc


def test_a_crop_mark_outside_the_printable_area_on_letter_is_flagged(preflight: Preflight) -> None:
    letter = profile("letter")  # margin 0.15 in = 3.81 mm
    height = pt(letter.paper.height)
    inside = sheet(letter, lambda c: c.line(pt(10), height - pt(20), pt(10), height - pt(4.5)))
    outside = sheet(letter, lambda c: c.line(pt(10), height - pt(20), pt(10), height - pt(1)))
    assert preflight(inside, "inside.pdf", letter, False, None) == []
    findings = preflight(outside, "outside.pdf", letter, False, None)
    assert codes(findings) == ["PREFLIGHT-MARK"]
    assert (findings[0].file, findings[0].line) == ("outside.pdf", 1)
    assert "1.0 mm from the paper's edge" in findings[0].message


def test_text_in_the_margin_is_a_mark_outside_the_printable_area(preflight: Preflight) -> None:
    a4 = profile("a4")
    near_top = sheet(a4, lambda c: c.drawString(pt(20), pt(a4.paper.height - 2), "deck label"))
    assert codes(preflight(near_top, "label.pdf", a4, False, None)) == ["PREFLIGHT-MARK"]
    # Measured by the font's widths: a label that ends 2 mm before the margin is inside, one word more is not.
    a4_right = pt(a4.paper.width - a4.margin)
    fits = sheet(a4, lambda c: c.drawRightString(a4_right - pt(2), pt(100), "deck label"))
    assert preflight(fits, "label.pdf", a4, False, None) == []
    longer = sheet(a4, lambda c: c.drawString(a4_right - c.stringWidth("deck label", c._fontname, c._fontsize) - pt(2),
                                              pt(100), "deck label, longer"))
    assert codes(preflight(longer, "label.pdf", a4, False, None)) == ["PREFLIGHT-MARK"]


def test_a_card_form_placed_over_the_margin_is_a_mark_outside_the_printable_area(preflight: Preflight) -> None:
    a4 = profile("a4")

    def place(c, x: float) -> None:  # type: ignore[no-untyped-def]
        c.beginForm("card", 0, 0, pt(63), pt(88))
        c.rect(0, 0, pt(63), pt(88), fill=1)
        c.endForm()
        c.saveState()
        c.translate(x, pt(100))
        c.doForm("card")
        c.restoreState()

    assert preflight(sheet(a4, lambda c: place(c, pt(20))), "form.pdf", a4, False, None) == []
    findings = preflight(sheet(a4, lambda c: place(c, pt(a4.paper.width - 64))), "form.pdf", a4, False, None)
    assert codes(findings) == ["PREFLIGHT-MARK"] and "a form reaches" in findings[0].message


def test_a_font_not_embedded_is_flagged(preflight: Preflight) -> None:
    def helvetica(c) -> None:  # type: ignore[no-untyped-def]
        c.setFont("Helvetica", 10)  # one of the standard 14: reportlab never embeds it
        c.drawString(pt(50), pt(150), "not embedded")

    findings = preflight(sheet(profile("a4"), helvetica), "helvetica.pdf", profile("a4"), False, None)
    assert codes(findings) == ["PREFLIGHT-FONT"] and "Helvetica" in findings[0].message
    embedded = sheet(profile("a4"), lambda c: c.drawString(pt(50), pt(150), "embedded"))
    assert preflight(embedded, "vera.pdf", profile("a4"), False, None) == []


def one_up_page(trim_box: bool) -> Document:
    width, height = pt(63 + 6), pt(88 + 6)
    doc = Document("one-up", (width, height))
    if trim_box:
        doc.canvas.setBleedBox((0, 0, width, height))
        doc.canvas.setTrimBox((pt(3), pt(3), width - pt(3), height - pt(3)))
    doc.canvas.rect(0, 0, width, height, fill=1)
    doc.end_page()
    return doc


def test_a_missing_trim_box_is_flagged(preflight: Preflight) -> None:
    a4 = profile("a4")
    cards = [Size(63, 88)]
    assert preflight(one_up_page(True), "cards-1up.pdf", a4, True, cards) == []
    findings = preflight(one_up_page(False), "cards-1up.pdf", a4, True, cards)
    assert codes(findings) == ["PREFLIGHT-TRIMBOX"] and "TrimBox and BleedBox" in findings[0].message


def test_a_one_up_page_of_no_card_size_and_a_sheet_of_the_wrong_paper_are_flagged(preflight: Preflight) -> None:
    a4, letter = profile("a4"), profile("letter")
    findings = preflight(one_up_page(True), "cards-1up.pdf", a4, True, [Size(63.5, 88.9)])
    assert codes(findings) == ["PREFLIGHT-PAGE-SIZE"] and "63.0 × 88.0 mm" in findings[0].message
    on_a4 = sheet(a4, lambda c: None)
    assert codes(preflight(on_a4, "cards.pdf", letter, False, None)) == ["PREFLIGHT-PAGE-SIZE"]


def test_a_card_missing_from_the_positions_is_flagged() -> None:
    expected = {("market", "quick-cut"): 2, ("market", "aard"): 1}
    positions = [{"deck": "market", "card": "quick-cut", "page": 1, "row": 1, "col": 1},
                 {"deck": "market", "card": "aard", "page": 1, "row": 1, "col": 2}]
    findings = count_findings(positions, expected, "cards.pdf", pages=2)
    assert codes(findings) == ["PREFLIGHT-COUNT"]
    assert "'quick-cut' of deck 'market' is placed 1 time(s), the content has 2 copies" in findings[0].message
    assert count_findings([*positions, positions[0]], expected, "cards.pdf", pages=2) == []
    beyond = [{**positions[0], "page": 3}, *positions, positions[0]]
    assert codes(count_findings(beyond[1:] + [beyond[0]], {**expected, ("market", "quick-cut"): 3}, "cards.pdf", 2)) == [
        "PREFLIGHT-COUNT"]


def test_text_closer_to_the_trim_than_the_safe_zone_is_flagged(tmp_path: Path) -> None:
    (tmp_path / "t.yaml").write_text(
        "kind: templates\ntemplates:\n  label:\n    size: {width: 63mm, height: 88mm}\n    palette: {ink: \"#222222\"}\n    boxes:\n"
        "      near: {type: text, field: name, x: 4mm, y: 1.5mm, width: 50mm, height: 4mm, size: 6pt}\n"
        "      safe: {type: text, field: name, x: 4mm, y: 40mm, width: 50mm, height: 4mm, size: 6pt}\n", encoding="utf-8")
    layouts, problems = load_layouts(tmp_path)
    assert problems == []
    face = Face("label", "one", "deck", {"name": "Header"})
    prepared, _ = prepare_face(face, layouts.templates["label"], RenderContext("g", "en", tmp_path, tmp_path))
    findings = safe_zone_findings([(5, prepared), (7, prepared)], "cards-1up.pdf", 3.0)
    assert codes(findings) == ["PREFLIGHT-SAFE-ZONE"]
    assert (findings[0].line, "'near'" in findings[0].message, "(and 1 more)" in findings[0].message) == (5, True, True)
    assert "t.yaml:7" in findings[0].hint  # the line of the box "near"


def build(tmp_path: Path, paper: str) -> tuple[int, dict, Path]:  # type: ignore[type-arg]
    out = tmp_path / "out"
    argv = ["build", "--content", str(FIXTURES), "--layouts", str(REPO / "pipeline" / "layouts"), "--out", str(out),
            "--cache-dir", str(tmp_path / "cache"), "--paper", paper, "--format", "json", "--jobs", "1"]
    result = CliRunner().invoke(app, argv)
    return result.exit_code, json.loads(result.stdout), out


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_build_of_the_example_trees_passes_its_own_preflight(tmp_path: Path, paper: str) -> None:
    code, report, out = build(tmp_path, paper)
    assert [f for f in report["findings"] if f["code"].startswith("PREFLIGHT")] == [] and code == 0, report["findings"]
    pdfs = sorted(out.rglob("*.pdf"))
    assert {p.name for p in pdfs} >= {"cards.pdf", "cards-1up.pdf", "tokens.pdf", "help-cards.pdf", "reference-guide.pdf"}
    checked = CliRunner().invoke(app, ["preflight", *map(str, pdfs), "--content", str(FIXTURES), "--format", "json"])
    assert checked.exit_code == 0, checked.stdout
    # A card the build report no longer lists: `pnp preflight` compares the report with the content.
    game_report = out / "old-world" / "build-report.json"
    data = json.loads(game_report.read_text(encoding="utf-8"))
    cards = next(f for t in data["targets"] for f in t["files"] if f["path"].endswith("/cards.pdf"))
    dropped = cards["positions"].pop()
    game_report.write_text(json.dumps(data), encoding="utf-8")
    sheet_pdf = out / "old-world" / "en" / "cards.pdf"
    rechecked = CliRunner().invoke(app, ["preflight", str(sheet_pdf), "--content", str(FIXTURES), "--format", "json"])
    findings = json.loads(rechecked.stdout)["findings"]
    assert rechecked.exit_code == 1 and [f["code"] for f in findings] == ["PREFLIGHT-COUNT"]
    assert repr(dropped["card"]) in findings[0]["message"]


def _imposed(tmp_path: Path, paper: Profile, backs: str = "duplex") -> tuple[bytes, DrawnPdf, set[int]]:
    """Nine poker-size cards imposed on the profile's paper (three rows fill Letter's height)."""
    (tmp_path / "t.yaml").write_text(
        "kind: templates\ntemplates:\n  label:\n    size: {width: 63.5mm, height: 88mm}\n    palette: {ink: \"#222222\"}\n"
        "    boxes:\n      name: {type: text, field: name, x: 5mm, y: 40mm, width: 50mm, height: 6pt, size: 6pt}\n",
        encoding="utf-8")
    layouts, problems = load_layouts(tmp_path)
    assert problems == []
    ctx = RenderContext("g", "en", tmp_path, tmp_path)
    face, _ = prepare_face(Face("label", "one", "deck", {"name": "Card"}), layouts.templates["label"], ctx)
    imposed = impose([Group("deck", Size(63.5, 88), [(face, face)] * 9)], paper, backs, (0.0, 0.0), "t")
    return imposed.data, imposed.drawn, {p.page for p in imposed.positions}


@pytest.mark.parametrize("backs", ["duplex", "gutter"])
def test_every_cut_line_of_a_letter_sheet_has_a_crop_mark_at_both_ends(tmp_path: Path, backs: str) -> None:
    # Three rows of poker cards leave 3.9 mm above the grid on Letter: the column marks start at the bleed's edge
    # there (they were left out, and no column cut was marked). Duplex backs and a gutter's back half carry none.
    letter = profile("letter")
    data, drawn, fronts = _imposed(tmp_path, letter, backs)
    assert preflight_pdf(data, "cards.pdf", letter, False, [Size(63.5, 88)], fronts) == []
    assert preflight_drawn(drawn, "cards.pdf", letter, False, [Size(63.5, 88)], fronts) == []


def test_a_sheet_whose_margin_leaves_no_room_for_the_column_marks_is_flagged(tmp_path: Path) -> None:
    narrow = replace(profile("letter"), margin=4.5)  # 3.2 mm between the grid and the margin: no room past the bleed
    data, drawn, fronts = _imposed(tmp_path, narrow)
    for findings in (preflight_pdf(data, "cards.pdf", narrow, False, [Size(63.5, 88)], fronts),
                     preflight_drawn(drawn, "cards.pdf", narrow, False, [Size(63.5, 88)], fronts)):
        assert codes(findings) == ["PREFLIGHT-CROP-MARK"]
        assert (findings[0].line, "8 end(s)" in findings[0].message) == (1, True)  # 4 column cuts, top and bottom
    # Without knowing the fronts, a grid with row marks at both ends is judged all the same.
    assert codes(preflight_pdf(data, "cards.pdf", narrow, False, [Size(63.5, 88)])) == ["PREFLIGHT-CROP-MARK"]
