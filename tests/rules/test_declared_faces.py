"""Every declared field type prints from a box bound to it: labels, colours from data, shared enums, refs by name."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pipeline.games import find_game
from pipeline.rules.components import Components

MANIFEST = """\
kind: game
game:
  id: proto
  name: Proto
  locales: [en, de]
  enums:
    faction: {values: {red: Reds, blue: Blues}, colors: {red: "#a3202a", blue: palette.frame}}
  kinds:
    crew:
      fields:
        name: {type: translatable}
        motto: {type: text}
        side: {type: enum, enum: faction}
    card:
      print: cards
      fields:
        title: {type: translatable}
        cost: {type: integer, min: 0, max: 9}
        side: {type: enum, enum: faction}
        mood: {type: enum, values: {calm: Calm, wild: Wild}}
        wild: {type: boolean, default: false, label: Wild card}
        quick: {type: boolean, default: false}
        captain: {type: ref, to: crew}
        motto: {type: ref, to: crew, shows: motto, required: false}
        tint: {type: color, required: false}
        dice: {type: map, keys: [sword, shield], required: false}
        steps: {type: list, of: object, fields: {id: {type: text}, icon: {type: icon}, text: {type: translatable}}, required: false}
        sides: {type: list, of: enum, enum: faction, required: false}
        crews: {type: list, of: ref, to: crew, required: false}
        icons: {type: list, of: icon, required: false}
        numbers: {type: list, of: integer, required: false}
        extra: {type: object, fields: {note: {type: text}, wild: {type: boolean, label: Extra}}, required: false}
"""

CREWS = """\
kind: crew
items:
  - {id: wolves, name: The Wolves, motto: Run together, side: red}
  - {id: crows, name: The Crows, motto: Watch, side: blue}
"""

CARDS = """\
kind: card
items:
  - id: scout
    title: Scout
    cost: 0
    side: red
    mood: wild
    wild: true
    quick: true
    captain: wolves
    motto: crows
    tint: "#ffcc00"
    dice: {sword: 2, shield: 1}
    steps: [{id: look, icon: exploration, text: Look.}, {id: move, icon: shield, text: Move.}]
    sides: [red, blue]
    crews: [wolves, crows]
    icons: [sword, shield]
    numbers: [1, 2]
    extra: {note: Rare, wild: true}
  - {id: guard, title: Guard, cost: 2, side: blue, mood: calm, captain: crows}
"""

GERMAN = """\
msgid ""
msgstr ""
"Language: de\\n"
"Content-Type: text/plain; charset=UTF-8\\n"

msgctxt "crew:wolves:name"
msgid "The Wolves"
msgstr "Die Wölfe"

msgctxt "enum:faction:red"
msgid "Reds"
msgstr "Rote"

msgctxt "label:card:wild"
msgid "Wild card"
msgstr "Joker"
"""


def write_game(root: Path, manifest: str = MANIFEST, cards: str = CARDS) -> Path:
    folder = root / "proto"
    (folder / "locales").mkdir(parents=True)
    (folder / "game.yaml").write_text(manifest, encoding="utf-8")
    (folder / "crews.yaml").write_text(CREWS, encoding="utf-8")
    (folder / "cards.yaml").write_text(cards, encoding="utf-8")
    (folder / "locales" / "de.po").write_text(GERMAN, encoding="utf-8")
    return folder


def components(root: Path, locale: str = "en") -> Components:
    spec = find_game("proto", root)
    db, findings = spec.load(root)
    assert [f for f in findings if f.severity.value == "error"] == []
    assert spec.printing is not None
    return spec.printing.components(db, spec.localizer(db, locale))


def fields(root: Path, card: str, locale: str = "en") -> dict[str, Any]:
    return dict(next(face for face in components(root, locale).faces() if face.id == card).fields)


def test_every_field_type_prints_as_its_face_offers_it(tmp_path: Path) -> None:
    write_game(tmp_path)
    assert fields(tmp_path, "scout") == {
        "title": "Scout", "cost": 0, "side": "Reds", "side:color": "#a3202a", "mood": "Wild",
        "wild": "Wild card", "quick": True,
        "captain": "The Wolves",  # the named record's name, not its id
        "motto": "Watch",  # `shows: motto` of the crew it names
        "tint": "#ffcc00",
        "dice": "2 {icon:sword} + 1 {icon:shield}",
        "steps": "{icon:exploration}: Look.\n{icon:shield}: Move.",  # an item's fields but its id, one paragraph each
        "sides": "Reds, Blues", "crews": "The Wolves, The Crows", "icons": ["sword", "shield"], "numbers": "1, 2",
        "extra": "Rare: Extra",
    }


def test_a_false_boolean_and_an_absent_field_offer_nothing_so_when_hides_their_boxes(tmp_path: Path) -> None:
    write_game(tmp_path)
    assert fields(tmp_path, "guard") == {"title": "Guard", "cost": 2, "side": "Blues", "side:color": "palette.frame",
                                         "mood": "Calm", "captain": "The Crows"}


def test_a_shared_enums_labels_are_translated_once_and_print_for_every_kind(tmp_path: Path) -> None:
    write_game(tmp_path)
    spec = find_game("proto", tmp_path)
    db, _ = spec.load(tmp_path)
    contexts = [s.context for s in spec.strings(db)]
    assert contexts.count("enum:faction:red") == 1 and not [c for c in contexts if c.startswith("enum:card:side")]
    assert "enum:card:mood:calm" in contexts  # an inline enum keeps its kind's context
    assert "label:card:wild" in contexts
    german = fields(tmp_path, "scout", "de")
    assert (german["side"], german["sides"], german["wild"], german["captain"]) == (
        "Rote", "Rote, Blues", "Joker", "Die Wölfe")  # refs print the name in the locale


@pytest.mark.parametrize(("written", "broken", "code"), [
    ('colors: {red: "#a3202a", blue: palette.frame}', 'colors: {red: "#a3202", blue: palette.frame}', "DECLARED-COLOR"),
    ('colors: {red: "#a3202a", blue: palette.frame}', 'colors: {red: "#a3202a"}', "DECLARED-COLOR"),
    ("mood: {type: enum, values: {calm: Calm, wild: Wild}}", "mood: {type: enum, values: [calm, wild], colors: {calm: 'rgb(1,2,3)', wild: red}}",
     "DECLARED-COLOR"),
    ("cost: {type: integer, min: 0, max: 9}", "cost: {type: integer, min: 0, max: 9, colors: {a: red}}", "DECLARED-COLOR"),
    ("side: {type: enum, enum: faction}\n    card:", "side: {type: enum, enum: fraction}\n    card:", "DECLARED-ENUM"),
    ("cost: {type: integer, min: 0, max: 9}", "cost: {type: integer, enum: faction}", "DECLARED-ENUM"),
    ("motto: {type: ref, to: crew, shows: motto, required: false}", "motto: {type: ref, to: crew, shows: moto, required: false}",
     "DECLARED-SHOWS"),
    ("cost: {type: integer, min: 0, max: 9}", "cost: {type: integer, min: 0, max: 9, shows: name}", "DECLARED-SHOWS"),
    ("cost: {type: integer, min: 0, max: 9}", "cost: {type: integer, min: 0, max: 9, label: Cost}", "DECLARED-LABEL"),
])
def test_a_malformed_declaration_is_a_finding_at_its_line(tmp_path: Path, written: str, broken: str, code: str) -> None:
    from pipeline.rules.declared_game import read_declaration
    from tests.conftest import line_of

    assert written in MANIFEST
    folder = write_game(tmp_path, manifest=MANIFEST.replace(written, broken, 1))
    _, found = read_declaration(folder)
    assert [(f.code, f.line) for f in found] == [(code, line_of(folder / "game.yaml", broken.splitlines()[0].strip()))]


def test_a_colour_field_holding_no_colour_is_a_schema_finding_at_its_line(tmp_path: Path) -> None:
    from pipeline.app.check import validate
    from tests.conftest import line_of

    folder = write_game(tmp_path, cards=CARDS.replace('tint: "#ffcc00"', 'tint: "#ffcc0"'))
    found = [(f.code, f.line) for f in validate([find_game("proto", tmp_path)], tmp_path).findings]
    assert found == [("SCHEMA", line_of(folder / "cards.yaml", 'tint: "#ffcc0"'))]


def test_a_shared_enum_no_field_names_is_a_warning_at_its_line(tmp_path: Path) -> None:
    from pipeline.rules.declared_game import read_declaration
    from tests.conftest import line_of

    folder = write_game(tmp_path, manifest=MANIFEST.replace("  kinds:\n", "    moods: {values: [calm]}\n  kinds:\n", 1))
    _, found = read_declaration(folder)
    assert [(f.code, f.severity.value, f.line) for f in found] == [
        ("DECLARED-ENUM-UNUSED", "warning", line_of(folder / "game.yaml", "moods: {values"))]


def test_a_boolean_without_a_label_bound_to_a_text_box_is_layout_field_type_with_a_hint(tmp_path: Path) -> None:
    from pipeline.app.check import check
    from tests.conftest import line_of

    folder = write_game(tmp_path)
    (folder / "layouts").mkdir()
    layout = folder / "layouts" / "cards.yaml"
    layout.write_text("""\
kind: templates
templates:
  card:
    extends: card
    size: poker
    boxes:
      background: {width: 2.5in, height: 3.5in}
      quick: {type: text, field: quick, x: 5mm, y: 5mm, width: 50mm, height: 8mm}
      wild: {type: text, field: wild, when: quick, x: 5mm, y: 15mm, width: 50mm, height: 8mm}
""", encoding="utf-8")
    found = [f for f in check([find_game("proto", tmp_path)], tmp_path, ["en"], cache_dir=tmp_path / "cache").findings
             if f.code.startswith("LAYOUT")]
    assert [(f.code, f.line) for f in found] == [("LAYOUT-FIELD-TYPE", line_of(layout, "quick: {type: text"))]
    assert "label:" in found[0].hint
