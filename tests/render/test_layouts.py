"""Layouts as data: `extends` merges boxes; a cycle or a missing parent is a finding, never a skip."""

from pathlib import Path

from pipeline.games import find_game
from pipeline.render.layouts import load_layouts

REPO = Path(__file__).resolve().parents[2]


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


BASE = """kind: templates
templates:
  card:
    size: {width: 63mm, height: 88mm}
    palette: {ink: "#111111"}
    boxes:
      background: {type: rect, x: 0, y: 0, width: 63mm, height: 88mm, fill: "#ffffff", bleed: true}
      title: {type: text, field: name, x: 3mm, y: 3mm, width: 57mm, height: 8mm, size: {min: 6pt, max: 10pt}}
"""


def test_child_overrides_and_removes_boxes(tmp_path: Path) -> None:
    write(tmp_path, "base.yaml", BASE)
    write(tmp_path, "game/cards.yaml", """kind: templates
templates:
  thing:
    extends: card
    boxes:
      title: {y: 5mm, font: bold}
      background: null
      cost: {type: text, field: cost, x: 0.1in, y: 0, width: 10mm, height: 12pt}
""")
    layouts, findings = load_layouts(tmp_path)
    assert findings == []
    thing = layouts.template_for("game", "thing")
    assert thing is not None and thing.name == "game/thing"
    boxes = {b.name: b for b in thing.boxes}
    assert set(boxes) == {"title", "cost"}
    assert boxes["title"].box.y == 5.0 and boxes["title"].box.width == 57.0
    assert boxes["title"].text_style.font == "bold" and boxes["title"].text_style.max_size == 10.0
    assert boxes["cost"].box.x == 2.54 and round(boxes["cost"].box.height, 3) == 4.233
    assert layouts.template_for("other-game", "thing") is None
    assert layouts.template_for("game", "card") is not None  # falls back to the shared name


def test_extends_cycle_is_a_finding(tmp_path: Path) -> None:
    write(tmp_path, "cycle.yaml", """kind: templates
templates:
  a: {extends: b, size: {width: 1, height: 1}, boxes: {}}
  b: {extends: c, boxes: {}}
  c: {extends: a, boxes: {}}
""")
    layouts, findings = load_layouts(tmp_path)
    assert layouts.templates == {}
    assert {f.code for f in findings} == {"LAYOUT-CYCLE"}
    first = next(f for f in findings if "'a'" in f.message)
    assert "a -> b -> c -> a" in first.message and first.line == 3 and first.file.endswith("cycle.yaml")


def test_missing_parent_is_a_finding(tmp_path: Path) -> None:
    write(tmp_path, "orphan.yaml", """kind: templates
templates:
  orphan:
    extends: nowhere
    boxes: {}
""")
    layouts, findings = load_layouts(tmp_path)
    assert [f.code for f in findings] == ["LAYOUT-PARENT"]
    assert "'nowhere'" in findings[0].message and findings[0].line == 4
    assert "orphan" not in layouts.templates


def test_invalid_boxes_and_units_are_findings(tmp_path: Path) -> None:
    write(tmp_path, "bad.yaml", """kind: templates
templates:
  typo:
    size: {width: 63mm, height: 88mm}
    boxes:
      title: {type: txet, width: 1, height: 1}
  unit:
    size: {width: 63 furlongs, height: 88mm}
    boxes: {}
""")
    _, findings = load_layouts(tmp_path)
    assert sorted(f.code for f in findings) == ["LAYOUT-INVALID", "LAYOUT-UNIT"]


def test_a_box_of_no_size_is_a_finding(tmp_path: Path) -> None:
    write(tmp_path, "flat.yaml", """kind: templates
templates:
  flat:
    size: {width: 63mm, height: 88mm}
    palette: {ink: "#111111"}
    boxes:
      title: {type: text, field: name, x: 3mm, y: 3mm, width: -55mm, height: 8mm}
""")
    layouts, findings = load_layouts(tmp_path)
    assert [(f.code, f.line) for f in findings] == [("LAYOUT-RANGE", 7)]  # at the box's width
    assert "boxes.title.width" in findings[0].message and "above 0" in findings[0].message
    assert "flat" not in layouts.templates


def test_shipped_layouts_cover_every_old_world_face() -> None:
    layouts, findings = load_layouts(REPO / "pipeline" / "layouts")
    assert findings == []
    assert {"a4", "letter"} <= set(layouts.profiles)
    assert layouts.profiles["a4"].bleed == 3.0
    ruleset = find_game("old-world")
    db, _ = ruleset.load(REPO / "content")
    components = ruleset.printing.components(db, ruleset.localizer(db, "en"))
    assert components is not None
    kinds = {face.kind for face in components.faces()}
    assert {k for k in kinds if layouts.template_for("old-world", k) is None} == set()


def test_extends_of_a_name_the_game_and_the_shared_layouts_both_have_is_a_finding(tmp_path: Path) -> None:
    """`hero` extends `card`: the game's own `game/card` or the shared `card`? Neither is guessed; each can be named."""
    write(tmp_path, "base.yaml", BASE)
    cards = write(tmp_path, "game/cards.yaml", """kind: templates
templates:
  card:
    extends: card
    boxes:
      title: {font: bold}
  hero:
    extends: card
    boxes: {}
  own-hero:
    extends: game/card
    boxes: {}
  shared-hero:
    extends: shared:card
    boxes: {}
""")
    layouts, findings = load_layouts(tmp_path)
    assert [(f.code, f.file, f.line) for f in findings] == [("LAYOUT-EXTENDS-AMBIGUOUS", cards.as_posix(), 8)]
    assert "'game/card'" in findings[0].message and "`extends: shared:card`" in findings[0].hint
    assert "game/hero" not in layouts.templates
    fonts = {name: next(b for b in layouts.templates[f"game/{name}"].boxes if b.name == "title").text_style.font
             for name in ("card", "own-hero", "shared-hero")}
    assert fonts == {"card": "bold", "own-hero": "bold", "shared-hero": "regular"}
