"""Fonts as data: a game's layouts name its TTF files; rendering, measuring and the glyph check use them;
a font file that is missing or not a font is LAYOUT-FONT at its line in check and build, never a fallback."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from pipeline.cli import app
from pipeline.font_files import DEFAULT, use_family
from pipeline.i18n.glyphs import glyph_findings, missing_glyphs
from pipeline.render.fonts import text_width
from pipeline.render.layouts import load_layouts
from tests.conftest import line_of
from tests.production.test_boards import fonts_of

REPO = Path(__file__).resolve().parents[2]
BOLD_AS_REGULAR = """kind: templates
fonts:
  family: Heavy
  regular: ../fonts/VeraBd.ttf
  bold: ../fonts/VeraBd.ttf
  italic: ../fonts/VeraBI.ttf
  bold-italic: ../fonts/VeraBI.ttf
"""


def layouts_copy(tmp_path: Path, game_fonts: str | None = None) -> Path:
    """The shipped layouts, with `game_fonts` as old-world's own fonts file when given."""
    folder = tmp_path / "layouts"
    shutil.copytree(REPO / "pipeline" / "layouts", folder)
    if game_fonts is not None:
        (folder / "old-world" / "fonts.yaml").write_text(game_fonts, encoding="utf-8")
    return folder


def test_the_shipped_layouts_name_the_shipped_vera_files() -> None:
    layouts, findings = load_layouts(REPO / "pipeline" / "layouts")
    assert findings == []
    for game in ("old-world", "path-of-destiny", "adventure-game"):
        assert layouts.family_for(game) == DEFAULT
    assert DEFAULT.file("regular") == REPO / "pipeline" / "layouts" / "fonts" / "Vera.ttf"


def test_a_game_prints_and_measures_with_its_own_fonts(tmp_path: Path) -> None:
    layouts, findings = load_layouts(layouts_copy(tmp_path, BOLD_AS_REGULAR))
    assert findings == []
    heavy = layouts.family_for("old-world")
    assert heavy.name == "Heavy" and heavy.file("regular").name == "VeraBd.ttf"
    assert layouts.family_for("path-of-destiny") == layouts.fonts[""]  # the shared fonts of base.yaml
    assert layouts.fonts[""].file("regular") == tmp_path / "layouts" / "fonts" / "Vera.ttf"
    plain = text_width("Trophy hunter", "regular")
    with use_family(heavy):
        assert text_width("Trophy hunter", "regular") == text_width("Trophy hunter", "bold") > plain
    assert text_width("Trophy hunter", "regular") == plain  # the default again outside the block


def test_the_glyph_check_reads_the_family_that_prints(tmp_path: Path) -> None:
    """hb-test.ttf (shipped with reportlab's tests) maps hardly any letter: a family of it lacks 'A'."""
    import reportlab

    fonts = tmp_path / "layouts" / "fonts"
    fonts.mkdir(parents=True)
    shutil.copy(Path(reportlab.__file__).parent / "fonts" / "hb-test.ttf", fonts / "sparse.ttf")
    (tmp_path / "layouts" / "base.yaml").write_text(
        "kind: templates\nfonts: {family: Sparse, regular: fonts/sparse.ttf, bold: fonts/sparse.ttf, "
        "italic: fonts/sparse.ttf, bold-italic: fonts/sparse.ttf}\n", encoding="utf-8")
    layouts, findings = load_layouts(tmp_path / "layouts")
    assert findings == []
    assert missing_glyphs("Ab") == []
    with use_family(layouts.family_for("old-world")):
        assert missing_glyphs("Ab") == ["A", "b"]
        [finding] = glyph_findings([("A", "texts.yaml", 4, "a title")])
    assert finding.code == "I18N-GLYPH" and "sparse.ttf" in finding.message


def test_a_character_one_style_lacks_is_missing(tmp_path: Path) -> None:
    """Every style of the family must draw a character: a bold that lacks 'A' makes 'A' missing, though the
    regular, italic and bold italic have it."""
    import reportlab

    fonts = tmp_path / "layouts" / "fonts"
    fonts.mkdir(parents=True)
    shutil.copy(Path(reportlab.__file__).parent / "fonts" / "hb-test.ttf", fonts / "sparse.ttf")
    for name in ("Vera.ttf", "VeraIt.ttf", "VeraBI.ttf"):
        shutil.copy(Path(reportlab.__file__).parent / "fonts" / name, fonts / name)
    (tmp_path / "layouts" / "base.yaml").write_text(
        "kind: templates\nfonts: {family: Mixed, regular: fonts/Vera.ttf, bold: fonts/sparse.ttf, "
        "italic: fonts/VeraIt.ttf, bold-italic: fonts/VeraBI.ttf}\n", encoding="utf-8")
    layouts, findings = load_layouts(tmp_path / "layouts")
    assert findings == []
    with use_family(layouts.family_for("old-world")):
        assert missing_glyphs("A{icon:gold}A\n") == ["A"]


@pytest.mark.parametrize(("written", "why"), [
    ("fonts/Missing.ttf", "cannot read file"),
    ("fonts/bitstream-vera-license.txt", "not a TrueType font"),
    ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "outside the layouts folder"),
    ("../../outside.ttf", "outside the layouts folder"),
])
def test_a_font_that_cannot_be_used_is_a_layout_font_error_at_its_line(tmp_path: Path, written: str, why: str) -> None:
    folder = layouts_copy(tmp_path)
    base = folder / "base.yaml"
    base.write_text(base.read_text(encoding="utf-8").replace("bold: fonts/VeraBd.ttf", f"bold: {written}"), encoding="utf-8")
    layouts, findings = load_layouts(folder)
    assert [(f.code, f.severity, Path(f.file).name, f.line) for f in findings] == [
        ("LAYOUT-FONT", "error", "base.yaml", line_of(base, f"bold: {written}"))]
    assert why in findings[0].message
    assert "" not in layouts.fonts  # no family from a broken block


def test_one_family_name_for_two_sets_of_files_is_a_finding(tmp_path: Path) -> None:
    folder = layouts_copy(tmp_path, BOLD_AS_REGULAR.replace("family: Heavy", "family: Vera"))
    _, findings = load_layouts(folder)
    assert [(f.code, Path(f.file).name, f.line) for f in findings] == [
        ("LAYOUT-FONT", "fonts.yaml", line_of(folder / "old-world" / "fonts.yaml", "family: Vera"))]


def build(tmp_path: Path, layouts: Path) -> tuple[int, dict, Path]:
    out = tmp_path / "out"
    argv = ["build", "--game", "old-world", "--locale", "en", "--target", "tokens", "--content", str(REPO / "content"),
            "--layouts", str(layouts), "--out", str(out), "--cache-dir", str(tmp_path / "cache"),
            "--format", "json", "--jobs", "1"]
    result = CliRunner().invoke(app, argv)
    return result.exit_code, json.loads(result.stdout), out / "old-world" / "en"


def test_the_build_embeds_the_fonts_the_game_names(tmp_path: Path) -> None:
    code, _, out = build(tmp_path, layouts_copy(tmp_path, BOLD_AS_REGULAR))
    assert code == 0
    reader = PdfReader(out / "tokens.pdf")
    names = {str(font["/BaseFont"]).split("+")[-1] for page in reader.pages for font in fonts_of(page["/Resources"], set())}
    assert names and names <= {"BitstreamVeraSans-Bold", "BitstreamVeraSans-BoldOblique"}


def test_the_build_refuses_a_missing_font_and_writes_nothing(tmp_path: Path) -> None:
    folder = layouts_copy(tmp_path, BOLD_AS_REGULAR.replace("../fonts/VeraBI.ttf", "../fonts/Gone.ttf", 1))
    code, report, out = build(tmp_path, folder)
    assert code == 1
    found = [(f["code"], Path(f["file"]).name, f["line"]) for f in report["findings"] if f["code"] == "LAYOUT-FONT"]
    assert found == [("LAYOUT-FONT", "fonts.yaml", line_of(folder / "old-world" / "fonts.yaml", "Gone.ttf"))]
    assert not (out / "tokens.pdf").exists()


def test_a_changed_font_file_rebuilds_what_it_prints(tmp_path: Path) -> None:
    folder = layouts_copy(tmp_path, BOLD_AS_REGULAR)
    assert build(tmp_path, folder)[0] == 0
    _, again, _ = build(tmp_path, folder)
    assert [o["cached"] for o in again["outputs"]] == [True]
    shutil.copy(folder / "fonts" / "Vera.ttf", folder / "fonts" / "VeraBd.ttf")  # same name, other letters
    _, changed, _ = build(tmp_path, folder)
    assert [o["cached"] for o in changed["outputs"]] == [False]
