"""LAYOUT-CONTRAST: text printed in a colour too close to what is printed under it, and `color: auto`."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.app.check import check
from pipeline.app.new import new_game
from pipeline.games import find_game
from pipeline.render.contrast import contrast_ratio
from tests.conftest import line_of


def test_the_contrast_ratio_is_wcag_2s() -> None:
    assert contrast_ratio("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast_ratio("#ffffff", "#000000") == pytest.approx(21.0)
    assert contrast_ratio("#777777", "#777777") == pytest.approx(1.0)
    assert contrast_ratio("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)  # WCAG's own example of AA


@pytest.fixture
def layout(tmp_path: Path) -> Path:
    new_game("my-game", "cards", tmp_path / "content")
    return tmp_path / "content" / "my-game" / "layouts" / "cards.yaml"


def _contrast(layout: Path, tmp_path: Path) -> list[tuple[str, str, int]]:
    root = layout.parents[2]
    found = check([find_game("my-game", root)], root, ["en"], cache_dir=tmp_path / "cache").findings
    return sorted({(f.severity.value, f.code, f.line) for f in found if f.code == "LAYOUT-CONTRAST"})


def test_light_text_on_a_light_band_is_an_error_at_the_boxs_line(layout: Path, tmp_path: Path) -> None:
    """The title is light on the dark band; the band made light leaves it unreadable (contrast ~1:1)."""
    text = layout.read_text(encoding="utf-8")
    layout.write_text(text.replace("band: {type: rect, fill: frame,", "band: {type: rect, fill: light,", 1), encoding="utf-8")
    assert _contrast(layout, tmp_path) == [("error", "LAYOUT-CONTRAST", line_of(layout, "title: {type: text"))]


def test_a_faint_colour_is_a_warning(layout: Path, tmp_path: Path) -> None:
    """Light text on the accent gold reads poorly (about 2:1): advice, not an error."""
    text = layout.read_text(encoding="utf-8")
    layout.write_text(text.replace("band: {type: rect, fill: frame,", "band: {type: rect, fill: accent,", 1), encoding="utf-8")
    assert _contrast(layout, tmp_path) == [("warning", "LAYOUT-CONTRAST", line_of(layout, "title: {type: text"))]


def test_color_auto_prints_ink_or_light_whichever_reads_on_the_fill(layout: Path, tmp_path: Path) -> None:
    text = layout.read_text(encoding="utf-8").replace("valign: middle, color: light}", "valign: middle, color: auto}", 1)
    for fill in ("light", "accent", "frame"):
        layout.write_text(text.replace("band: {type: rect, fill: frame,", f"band: {{type: rect, fill: {fill},", 1),
                          encoding="utf-8")
        assert _contrast(layout, tmp_path) == [], fill


def test_the_renderer_draws_the_colour_auto_chose(layout: Path, tmp_path: Path) -> None:
    """`auto` draws the title in ink on a light band (dark pixels in the title's box) and in light on the dark
    band (bright pixels there): the colour the contrast check judged is the colour printed."""
    import pypdfium2 as pdfium
    from typer.testing import CliRunner

    from pipeline.cli import app

    root = layout.parents[2]
    text = layout.read_text(encoding="utf-8").replace("valign: middle, color: light}", "valign: middle, color: auto}", 1)
    extremes = {}
    for fill in ("light", "frame"):
        layout.write_text(text.replace("band: {type: rect, fill: frame,", f"band: {{type: rect, fill: {fill},", 1),
                          encoding="utf-8")
        out = tmp_path / f"out-{fill}"
        built = CliRunner().invoke(app, ["build", "--content", str(root), "--out", str(out), "--locale", "en",
                                         "--target", "cards", "--jobs", "1", "--cache-dir", str(tmp_path / "cache")])
        assert built.exit_code == 0, built.output
        pdf_page = pdfium.PdfDocument(out / "my-game" / "en" / "cards-1up.pdf")[0]
        page = pdf_page.render(scale=4).to_pil().convert("L")
        mm = page.width / (pdf_page.get_width() / 72 * 25.4)
        bleed = (page.width / mm - 63.5) / 2  # the 1-up page is the trim plus the bleed on every side
        # the middle of the title box (x 14-50 mm, y 4-12 mm): only its text and the band beneath
        extremes[fill] = page.crop((int((20 + bleed) * mm), int((5 + bleed) * mm), int((44 + bleed) * mm),
                                    int((11 + bleed) * mm))).getextrema()
    print(extremes)
    assert extremes["light"][0] < 90  # ink on the light band
    assert extremes["frame"][1] > 200  # light on the dark band


def _colour_suits(layout: Path, sun: str, moon: str) -> None:
    """The scaffold's suit enum with a colour per value, and its band filled with the card's suit colour."""
    manifest = layout.parents[1] / "game.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace(
        "values: {sun: Sun, moon: Moon}}", f'values: {{sun: Sun, moon: Moon}}, colors: {{sun: "{sun}", moon: "{moon}"}}}}'),
        encoding="utf-8")
    layout.write_text(layout.read_text(encoding="utf-8").replace("band: {type: rect, fill: frame,",
                                                                 "band: {type: rect, fill_field: suit,", 1), encoding="utf-8")


def test_text_on_a_fill_from_data_is_judged_with_each_faces_own_fill(layout: Path, tmp_path: Path) -> None:
    """The light title reads on the dark sun band; on the light moon band it cannot: an error, naming a moon card."""
    _colour_suits(layout, "#202020", "#f4f0e6")
    root = layout.parents[2]
    found = [f for f in check([find_game("my-game", root)], root, ["en"], cache_dir=tmp_path / "cache").findings
             if f.code == "LAYOUT-CONTRAST"]
    assert [(f.severity.value, f.line) for f in found] == [("error", line_of(layout, "title: {type: text"))]
    assert "on #f4f0e6" in found[0].message and "'guard'" in found[0].message  # the only moon card


def test_color_auto_on_a_fill_from_data_chooses_per_face(layout: Path, tmp_path: Path) -> None:
    _colour_suits(layout, "#202020", "palette.light")
    layout.write_text(layout.read_text(encoding="utf-8").replace("valign: middle, color: light}", "valign: middle, color: auto}", 1),
                      encoding="utf-8")
    assert _contrast(layout, tmp_path) == []


def test_a_text_colour_from_data_is_judged_with_it(layout: Path, tmp_path: Path) -> None:
    """`color_field: suit` prints each card's text in its suit's colour: a light one on the light panel is an error
    at the binding."""
    _colour_suits(layout, "#202020", "#f6f2ea")
    layout.write_text(layout.read_text(encoding="utf-8").replace("band: {type: rect, fill_field: suit,", "band: {type: rect, fill: frame,")
                      .replace("max: 11pt}, align: center, valign: middle}", "max: 11pt}, align: center, valign: middle, color_field: suit}"),
                      encoding="utf-8")
    assert _contrast(layout, tmp_path) == [("error", "LAYOUT-CONTRAST", line_of(layout, "text: {type: text"))]


def test_a_fill_from_an_enum_without_colours_is_a_finding_not_a_traceback(layout: Path, tmp_path: Path) -> None:
    """Measured on main: `fill_field` bound to an enum, with `color: auto` on a box above it, raised from the contrast check."""
    layout.write_text(layout.read_text(encoding="utf-8").replace("band: {type: rect, fill: frame,", "band: {type: rect, fill_field: suit,", 1)
                      .replace("valign: middle, color: light}", "valign: middle, color: auto}", 1), encoding="utf-8")
    root = layout.parents[2]
    found = check([find_game("my-game", root)], root, ["en"], cache_dir=tmp_path / "cache").findings
    assert [(f.code, f.line) for f in found if f.severity.value == "error"] == [
        ("LAYOUT-FIELD-TYPE", line_of(layout, "band: {type: rect"))]


def test_a_colour_name_no_palette_holds_is_layout_color_at_the_binding(layout: Path, tmp_path: Path) -> None:
    _colour_suits(layout, "palette.gold", "#202020")
    root = layout.parents[2]
    found = [f for f in check([find_game("my-game", root)], root, ["en"], cache_dir=tmp_path / "cache").findings
             if f.code == "LAYOUT-COLOR"]
    assert [(f.line, "'palette.gold'" in f.message) for f in found] == [(line_of(layout, "band: {type: rect"), True)]


def test_the_renderer_fills_each_card_with_its_own_suit_colour(layout: Path, tmp_path: Path) -> None:
    import pypdfium2 as pdfium
    from typer.testing import CliRunner

    from pipeline.cli import app

    _colour_suits(layout, "#a3202a", "#1f3f8a")
    root = layout.parents[2]
    out = tmp_path / "out"
    built = CliRunner().invoke(app, ["build", "--content", str(root), "--out", str(out), "--locale", "en",
                                     "--target", "cards", "--jobs", "1", "--cache-dir", str(tmp_path / "cache")])
    assert built.exit_code == 0, built.output
    document = pdfium.PdfDocument(out / "my-game" / "en" / "cards-1up.pdf")
    band = {}
    for page in document:
        text = page.get_textpage().get_text_range()
        image = page.render(scale=2).to_pil().convert("RGB")
        mm = image.width / (page.get_width() / 72 * 25.4)
        for name in ("Scout", "Guard"):
            if name in text:
                band[name] = image.getpixel((int(6 * mm), int(6 * mm)))  # inside the band, left of the cost disc
    assert band == {"Scout": (0xa3, 0x20, 0x2a), "Guard": (0x1f, 0x3f, 0x8a)}
