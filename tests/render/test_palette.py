"""Palettes as data: a layout names its colours once (`palette:`) and refers to them as `palette.<name>`;
a reference to a colour the palette lacks is LAYOUT-COLOR at its line, and the template is not drawn."""

from __future__ import annotations

from pathlib import Path

from pipeline.render.layouts import load_layouts
from tests.conftest import line_of

TEMPLATE = """kind: templates
templates:
  card:
    size: {width: 63mm, height: 88mm}
    palette: {ink: "#111111", gold: "#e0b020", night: "#102030"}
    boxes:
      background: {type: rect, width: 63mm, height: 88mm, fill: palette.night, stroke: palette.gold}
      title: {type: text, field: name, x: 3mm, y: 3mm, width: 57mm, height: 8mm, color: palette.gold}
      body: {type: text, field: rules, x: 3mm, y: 13mm, width: 57mm, height: 40mm}
"""


def test_palette_references_resolve_to_the_palette_colours(tmp_path: Path) -> None:
    (tmp_path / "cards.yaml").write_text(TEMPLATE, encoding="utf-8")
    layouts, findings = load_layouts(tmp_path)
    assert findings == []
    card = layouts.templates["card"]
    boxes = {box.name: box for box in card.boxes}
    assert boxes["title"].text_style.color == "#e0b020"
    assert boxes["body"].text_style.color == "#111111"  # the default text colour is palette.ink
    assert card.color(boxes["background"].model.fill or "") == "#102030"
    assert card.color("palette.gold") == card.color("gold") == "#e0b020"  # a bare palette name still reads


def test_an_unknown_palette_name_is_layout_color_at_its_line(tmp_path: Path) -> None:
    path = tmp_path / "cards.yaml"
    path.write_text(TEMPLATE.replace("color: palette.gold}", "color: palette.golden}"), encoding="utf-8")
    layouts, findings = load_layouts(tmp_path)
    assert [(f.code, f.severity, f.line) for f in findings] == [("LAYOUT-COLOR", "error", line_of(path, "palette.golden"))]
    assert "'palette.golden' names no colour of the template's palette" in findings[0].message
    assert "palette.gold" in findings[0].message  # the names it does have
    assert "card" not in layouts.templates


def test_a_text_box_without_ink_in_its_palette_is_a_finding(tmp_path: Path) -> None:
    path = tmp_path / "cards.yaml"
    path.write_text(TEMPLATE.replace('ink: "#111111", ', ""), encoding="utf-8")
    _, findings = load_layouts(tmp_path)
    assert [(f.code, f.line) for f in findings] == [("LAYOUT-COLOR", line_of(path, "body:"))]
    assert "palette.ink" in findings[0].message


def test_the_shipped_layouts_refer_to_palette_colours_by_palette_name() -> None:
    layouts, findings = load_layouts(Path(__file__).resolve().parents[2] / "pipeline" / "layouts")
    assert findings == []
    written = [spec.model.fill for template in layouts.templates.values() for spec in template.boxes if spec.model.fill]
    assert written and all(not fill.isalpha() or fill.startswith("palette.") for fill in written)
