"""Guide styles and paper as layout data: `guides:` in layouts/base.yaml, a game's block merged over it, a wrong
value a LAYOUT-* finding at its line, and the paper taken from the print profiles."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from pipeline.render.guide import PaperError, render_guide
from pipeline.render.layouts import PACKAGE_LAYOUTS, Layouts, load_layouts
from pipeline.render.units import pt
from tests.render.guide.test_guide_pdf import german

SHIPPED_ACCENT = b".478431 .121569 .121569 rg"  # #7a1f1f, the headings
GAME_ACCENT = b".121569 .247059 .478431 rg"  # #1f3f7a


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A copy of the shipped layouts, with a folder for the fixture document's game (`fixture`)."""
    copy = tmp_path / "layouts"
    shutil.copytree(PACKAGE_LAYOUTS, copy)
    (copy / "fixture").mkdir()
    return copy


def loaded(folder: Path) -> Layouts:
    layouts, findings = load_layouts(folder)
    assert findings == []
    return layouts


def content(data: bytes, tmp_path: Path) -> bytes:
    (tmp_path / "guide.pdf").write_bytes(data)
    return b"".join(page.get_contents().get_data() for page in PdfReader(tmp_path / "guide.pdf").pages)


def test_a_game_override_recolours_its_guide_only(folder: Path, tmp_path: Path) -> None:
    (folder / "fixture" / "guide.yaml").write_text('kind: templates\nguides:\n  palette: {accent: "#1f3f7a"}\n')
    layouts = loaded(folder)
    own = content(render_guide(german(), layouts=layouts).data, tmp_path)
    assert GAME_ACCENT in own and SHIPPED_ACCENT not in own
    shipped = content(render_guide(german()).data, tmp_path)
    assert SHIPPED_ACCENT in shipped and GAME_ACCENT not in shipped
    style = layouts.guide_style("fixture", "guide")
    assert style is not None and style.ink == "#222222" and style.margin == 18.0  # the rest merged from base.yaml
    assert layouts.guide_style("old-world", "guide") == layouts.guide_style("", "guide")


def test_a_game_override_of_one_key_keeps_the_others(folder: Path) -> None:
    (folder / "fixture" / "guide.yaml").write_text("kind: templates\nguides:\n  aid: {margin: 0.5in}\n")
    layouts = loaded(folder)
    own, shared = layouts.guide_style("fixture", "aid"), layouts.guide_style("", "aid")
    assert own is not None and shared is not None
    assert own.margin == pytest.approx(12.7)
    assert own.columns == shared.columns == 2 and own.body_size == shared.body_size == 7.6


@pytest.mark.parametrize(("written", "code", "line"), [
    ("guides:\n  guide:\n    acent: \"#000000\"\n", "LAYOUT-INVALID", 4),
    ("guides:\n  aid:\n    margin: 11 furlongs\n", "LAYOUT-UNIT", 4),
    ("guides:\n  guide:\n    body_size: 0pt\n", "LAYOUT-RANGE", 4),
    ("guides:\n  guide:\n    accent: palette.gold\n", "LAYOUT-COLOR", 4),
    ("guides:\n  palette:\n    rule: '#bbbbzz'\n", "LAYOUT-COLOR", 4),
    ("guides:\n  guide:\n    columns: 0\n", "LAYOUT-INVALID", 4),
    ("guides:\n  handout: {margin: 5mm}\n", "LAYOUT-INVALID", 3),
])
def test_a_bad_value_is_a_finding_at_its_line(folder: Path, written: str, code: str, line: int) -> None:
    (folder / "fixture" / "guide.yaml").write_text("kind: templates\n" + written)
    layouts, findings = load_layouts(folder)
    assert [(f.code, Path(f.file).name, f.line) for f in findings] == [(code, "guide.yaml", line)]
    assert layouts.guide_style("fixture", "guide") == layouts.guide_style("", "guide")  # dropped, not half-read


def test_a_bad_shared_value_is_a_finding_in_base_yaml(folder: Path) -> None:
    base = folder / "base.yaml"
    text = base.read_text()
    line = text.splitlines().index("    h2_size: 11.5pt") + 1
    base.write_text(text.replace("    h2_size: 11.5pt", "    h2_size: big", 1))
    layouts, findings = load_layouts(folder)
    assert [(f.code, Path(f.file).name, f.line) for f in findings] == [("LAYOUT-UNIT", "base.yaml", line)]
    with pytest.raises(PaperError, match="no guide style"):
        render_guide(german(), layouts=layouts)


def test_the_paper_is_a_print_profile(folder: Path, tmp_path: Path) -> None:
    profiles = folder / "profiles.yaml"
    profiles.write_text(profiles.read_text() + "  a5:\n    paper: {width: 148mm, height: 210mm}\n    margin: 5mm\n")
    (tmp_path / "guide.pdf").write_bytes(render_guide(german(), "a5", layouts=loaded(folder)).data)
    page = PdfReader(tmp_path / "guide.pdf").pages[0]
    assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx((pt(148), pt(210)), abs=0.01)
    with pytest.raises(PaperError, match="a5"):
        render_guide(german(), "a5")  # the shipped profiles have no A5
