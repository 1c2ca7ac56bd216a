"""A game declared in its manifest: each field type's broken value and each broken declaration is a finding
at its file and line, through the same machinery as the shipped games."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.app.check import validate
from pipeline.content.schema import schema_for
from pipeline.findings import Finding
from pipeline.games import find_game
from pipeline.rules.declared_game import enum_labels, read_declaration
from tests.conftest import line_of

MANIFEST = """\
kind: game
game:
  id: proto
  name: Proto
  locales: [en]
  kinds:
    card:
      count: 3
      fields:
        title: {type: translatable}
        cost: {type: integer, min: 0, max: 5}
        suit: {type: enum, values: [sun, moon]}
        ally: {type: ref, to: card, required: false}
        icon: {type: icon}
        art: {type: image, required: false}
        tags: {type: list, of: integer}
"""

CARDS = """\
kind: card
items:
  - id: scout
    title: Scout
    cost: 2
    suit: sun
    ally: guard
    icon: shield
    tags: [1, 2]
    copies: 2
  - id: guard
    title: Guard
    cost: 1
    suit: moon
    icon: sword
    tags: []
"""


def write_game(root: Path, manifest: str = MANIFEST, cards: str = CARDS) -> Path:
    folder = root / "proto"
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(manifest, encoding="utf-8")
    (folder / "cards.yaml").write_text(cards, encoding="utf-8")
    return folder


def findings_of(root: Path) -> list[Finding]:
    return validate([find_game("proto", root)], root).findings


def test_a_sound_declared_game_validates_and_counts_its_copies(tmp_path: Path) -> None:
    write_game(tmp_path)
    report = validate([find_game("proto", tmp_path)], tmp_path)
    assert report.findings == []
    assert report.extra["stats"] == {"proto": {"card": 3}}


@pytest.mark.parametrize(("written", "broken", "code", "phrase"), [
    ("cost: 2", "cost: 9", "SCHEMA", "must be from 0 to 5"),
    ("suit: sun", "suit: star", "SCHEMA", "must be one of sun, moon"),
    ("ally: guard", "ally: gaurd", "REF-UNKNOWN", "did you mean 'guard'?"),
    ("icon: shield", "icon: sheild", "ICON-UNKNOWN", "no icon 'sheild'"),
    ("icon: shield", "icon: shield\n    art: art/missing.png", "ART-MISSING", "art/missing.png"),
    ("tags: [1, 2]", "tags: [1, two]", "SCHEMA", "must be an integer"),
])
def test_each_field_type_reports_a_broken_value_at_its_line(tmp_path: Path, written: str, broken: str, code: str,
                                                            phrase: str) -> None:
    folder = write_game(tmp_path, cards=CARDS.replace(written, broken, 1))
    found = [f for f in findings_of(tmp_path) if f.code == code]
    assert len(found) == 1, findings_of(tmp_path)
    shown = f"{found[0].message} {found[0].hint}"
    assert phrase in shown
    assert found[0].file.endswith("proto/cards.yaml")
    assert found[0].line == line_of(folder / "cards.yaml", broken.splitlines()[-1])


def test_a_missing_required_translatable_text_is_a_finding_at_its_record(tmp_path: Path) -> None:
    folder = write_game(tmp_path, cards=CARDS.replace("    title: Guard\n", ""))
    [found] = findings_of(tmp_path)
    assert (found.code, found.line) == ("SCHEMA", line_of(folder / "cards.yaml", "- id: guard"))
    assert "'title'" in found.message


LABELLED = MANIFEST.replace("suit: {type: enum, values: [sun, moon]}", """\
suit:
          type: enum
          values:
            sun: Sun
            moon: Moon
        moods: {type: list, of: enum, values: [calm, wild], required: false}""")


def test_enum_labels_are_translatable_strings_at_their_manifest_lines(tmp_path: Path) -> None:
    """A mapping gives each value its label, a plain list's value is its own; the content still holds the value."""
    folder = write_game(tmp_path, manifest=LABELLED)
    assert findings_of(tmp_path) == []
    declaration, _ = read_declaration(folder)
    assert declaration is not None
    manifest = folder / "game.yaml"
    assert [(s.context, s.source, s.path, s.line) for s in enum_labels(declaration)] == [
        ("enum:card:suit:sun", "Sun", manifest, line_of(manifest, "sun: Sun")),
        ("enum:card:suit:moon", "Moon", manifest, line_of(manifest, "moon: Moon")),
        ("enum:card:moods:calm", "calm", manifest, line_of(manifest, "moods:")),
        ("enum:card:moods:wild", "wild", manifest, line_of(manifest, "moods:")),
    ]
    (folder / "cards.yaml").write_text(CARDS.replace("suit: sun", "suit: Sun"), encoding="utf-8")
    assert [(f.code, f.line) for f in findings_of(tmp_path)] == [("SCHEMA", line_of(folder / "cards.yaml", "suit: Sun"))]


def test_a_declared_count_the_content_misses_is_a_finding_at_the_count(tmp_path: Path) -> None:
    folder = write_game(tmp_path, cards=CARDS.replace("copies: 2", "copies: 3"))
    [found] = findings_of(tmp_path)
    assert (found.code, found.line) == ("DECLARED-COUNT", line_of(folder / "game.yaml", "count: 3"))


@pytest.mark.parametrize(("written", "broken", "code"), [
    ("{type: integer, min: 0, max: 5}", "{type: integer, min: 5, max: 0}", "DECLARED-RANGE"),
    ("{type: enum, values: [sun, moon]}", "{type: enum}", "DECLARED-ENUM"),
    ("{type: ref, to: card, required: false}", "{type: ref, to: cart, required: false}", "DECLARED-REF"),
    ("icon: {type: icon}", "icon: {type: icn}", "DECLARED-FIELD-TYPE"),
    ("{type: list, of: integer}", "{type: list, of: image}", "DECLARED-FIELD-TYPE"),
    ("icon: {type: icon}", "icon: {type: icon}\n        id: {type: text}", "DECLARED-FIELD-NAME"),
    ("id: proto", "id: prototype", "DECLARED-GAME-ID"),
    ("icon: {type: icon}", "icon: {type: icon}\n        title: {type: text}", "YAML-DUPLICATE-KEY"),
    ("  kinds:\n", "  kinds:\n    game:\n      fields: {}\n", "DECLARED-KIND"),
    ("      count: 3\n", "      count: 3\n      back: card\n", "DECLARED-BACK"),
])
def test_a_bad_declaration_is_a_finding_at_the_manifest_line(tmp_path: Path, written: str, broken: str, code: str) -> None:
    folder = write_game(tmp_path, manifest=MANIFEST.replace(written, broken, 1))
    found = [f for f in findings_of(tmp_path) if f.code == code]
    assert len(found) == 1, findings_of(tmp_path)
    assert found[0].file.endswith("proto/game.yaml")
    last = [line for line in broken.splitlines() if "game:" in line or "{}" not in line][-1]
    assert found[0].line == line_of(folder / "game.yaml", last.strip(), 2 if last.strip() == "game:" else 1)


def test_a_bad_field_declaration_does_not_blame_the_content(tmp_path: Path) -> None:
    write_game(tmp_path, manifest=MANIFEST.replace("{type: integer, min: 0, max: 5}", "{type: number}"))
    assert [f.code for f in findings_of(tmp_path)] == ["DECLARED-FIELD-TYPE"]


def test_the_declared_kinds_have_json_schemas_with_their_types(tmp_path: Path) -> None:
    write_game(tmp_path)
    card_file = next(kind for kind in find_game("proto", tmp_path).file_kinds if kind.kind_name() == "card")
    schema = schema_for(card_file, "proto")
    text = str(schema)
    assert "'maximum': 5" in text and "'sun', 'moon'" in text and "title" in text


NUMBERED = """\
kind: game
game:
  id: proto
  name: Proto
  locales: [en]
  kinds:
    scene:
      numbered: {first: 1, last: 3, entries: [1], links: next}
      fields:
        next: {type: list, of: integer, required: false}
"""

SCENES = """\
kind: scene
items:
  - {id: start, number: 1, next: [2, 3]}
  - {id: middle, number: 2, next: [3]}
  - {id: end, number: 3}
"""


def test_a_numbered_kind_is_checked_as_a_numbered_deck(tmp_path: Path) -> None:
    folder = write_game(tmp_path, NUMBERED, SCENES)
    assert findings_of(tmp_path) == []
    (folder / "cards.yaml").write_text(SCENES.replace("next: [3]", "next: [4]"), encoding="utf-8")
    assert [(f.code, f.line) for f in findings_of(tmp_path)] == [("NUMBERED-REF", 4)]
    (folder / "cards.yaml").write_text(SCENES.replace("next: [2, 3]", "next: [3]"), encoding="utf-8")
    assert [(f.code, f.line) for f in findings_of(tmp_path)] == [("NUMBERED-UNREACHABLE", 4)]


def test_numbered_links_must_name_an_integer_field(tmp_path: Path) -> None:
    folder = write_game(tmp_path, NUMBERED.replace("links: next", "links: nxt"), SCENES)
    found = [(f.code, f.line) for f in findings_of(tmp_path) if f.code.startswith("DECLARED")]
    assert found == [("DECLARED-NUMBERED", line_of(folder / "game.yaml", "links: nxt"))]


STEPS = MANIFEST.replace("        tags: {type: list, of: integer}\n",
                         "        tags: {type: list, of: integer}\n        steps: {type: list, of: translatable, required: false}\n")
STEPS_CARDS = CARDS.replace("    tags: [1, 2]\n", """\
    tags: [1, 2]
    steps:
      - {id: draw, text: Draw a card.}
      - {id: rest, text: Take a rest.}
""")


def step_strings(tmp_path: Path) -> list[tuple[str, str, int]]:
    game = find_game("proto", tmp_path)
    db, _ = game.load(tmp_path)
    return [(s.context, s.source, s.line) for s in game.strings(db) if ":steps:" in s.context]


def test_a_list_of_translatable_text_keys_each_item_by_its_id(tmp_path: Path) -> None:
    """Not by position: an item put in front of the others leaves their msgctxt (so their translations) alone."""
    folder = write_game(tmp_path, manifest=STEPS, cards=STEPS_CARDS)
    assert findings_of(tmp_path) == []
    cards = folder / "cards.yaml"
    assert step_strings(tmp_path) == [("card:scout:steps:draw:text", "Draw a card.", line_of(cards, "id: draw")),
                                      ("card:scout:steps:rest:text", "Take a rest.", line_of(cards, "id: rest"))]
    cards.write_text(STEPS_CARDS.replace("    steps:\n", "    steps:\n      - {id: shuffle, text: Shuffle.}\n"),
                     encoding="utf-8")
    assert [context for context, _, _ in step_strings(tmp_path)] == [
        "card:scout:steps:shuffle:text", "card:scout:steps:draw:text", "card:scout:steps:rest:text"]


@pytest.mark.parametrize(("phrase", "code"), [
    ("{id: draw, text: Take a rest.}", "MODEL"),  # an id twice: the model's check of the list
    ("Take a rest.", "SCHEMA"),  # an item without its id
])
def test_a_text_item_without_its_own_id_is_a_finding_at_its_list(tmp_path: Path, phrase: str, code: str) -> None:
    folder = write_game(tmp_path, manifest=STEPS, cards=STEPS_CARDS.replace("{id: rest, text: Take a rest.}", phrase))
    [found] = findings_of(tmp_path)
    assert found.code == code and found.file.endswith("proto/cards.yaml")
    assert line_of(folder / "cards.yaml", "steps:") <= found.line <= line_of(folder / "cards.yaml", phrase)


# The field types a guide game's rule data needs: boolean, defaults, objects, maps, fixed-length lists.
RICH = MANIFEST + """\
        wild: {type: boolean, default: false}
        rank: {type: integer, min: 0, default: 0}
        faces: {type: map, keys: [sword, shield], min: 1, required: false}
        pair: {type: list, of: ref, to: card, length: 2, required: false}
        steps:
          type: list
          of: object
          min_items: 1
          fields:
            id: {type: text}
            text: {type: translatable}
"""

RICH_CARDS = CARDS.replace("    copies: 2\n", """\
    copies: 2
    wild: true
    faces: {sword: 2, shield: 1}
    pair: [scout, guard]
    steps:
      - {id: draw, text: Draw a card.}
""").replace("    tags: []\n", """\
    tags: []
    rank: 2
    steps:
      - {id: rest, text: Rest.}
""")


def test_the_guide_field_types_load_with_their_defaults(tmp_path: Path) -> None:
    write_game(tmp_path, RICH, RICH_CARDS)
    assert findings_of(tmp_path) == []
    spec = find_game("proto", tmp_path)
    db, _ = spec.load(tmp_path)
    scout, guard = db.all("card")
    assert (scout.wild, scout.rank, scout.faces, scout.pair) == (True, 0, {"sword": 2, "shield": 1}, ["scout", "guard"])
    assert (guard.wild, guard.rank, guard.faces, guard.pair) == (False, 2, {}, [])
    assert [(s.id, s.text) for s in scout.steps] == [("draw", "Draw a card.")]
    assert "card:scout:steps:draw:text" in {s.context for s in spec.strings(db)}  # nested text keyed by the item's id


@pytest.mark.parametrize(("written", "broken", "code", "phrase"), [
    ("wild: true", "wild: maybe", "SCHEMA", "must be true or false"),
    ("rank: 2", "rank: -1", "SCHEMA", "must be ≥ 0"),
    ("faces: {sword: 2, shield: 1}", "faces: {sword: 2, bow: 1}", "SCHEMA", "bow"),
    ("faces: {sword: 2, shield: 1}", "faces: {sword: 0, shield: 1}", "SCHEMA", "faces.sword must be ≥ 1"),
    ("pair: [scout, guard]", "pair: [scout]", "SCHEMA", "2"),
    ("pair: [scout, guard]", "pair: [scout, gaurd]", "REF-UNKNOWN", "did you mean 'guard'?"),
    ("{id: draw, text: Draw a card.}", "{id: draw}", "SCHEMA", "steps[0]"),
])
def test_each_guide_field_type_reports_a_broken_value_at_its_line(tmp_path: Path, written: str, broken: str, code: str,
                                                                  phrase: str) -> None:
    folder = write_game(tmp_path, RICH, RICH_CARDS.replace(written, broken, 1))
    found = [f for f in findings_of(tmp_path) if f.code == code]
    assert len(found) == 1, findings_of(tmp_path)
    assert phrase in f"{found[0].message} {found[0].hint}"
    assert found[0].line == line_of(folder / "cards.yaml", broken)


@pytest.mark.parametrize(("written", "broken", "code", "line"), [
    ("{type: boolean, default: false}", "{type: boolean, default: 3}", "DECLARED-DEFAULT", "wild:"),
    ("{type: integer, min: 0, default: 0}", "{type: integer, min: 0, default: -2}", "DECLARED-DEFAULT", "rank:"),
    ("{type: map, keys: [sword, shield], min: 1, required: false}", "{type: map, min: 1}", "DECLARED-MAP", "faces:"),
    ("          fields:\n            id: {type: text}\n            text: {type: translatable}\n", "", "DECLARED-OBJECT",
     "          type: list"),
    ("            text: {type: translatable}", "            text: {type: translatible}", "DECLARED-FIELD-TYPE",
     "text: {type: translatible}"),
])
def test_a_bad_guide_field_declaration_is_a_finding_at_its_line(tmp_path: Path, written: str, broken: str, code: str,
                                                                line: str) -> None:
    folder = write_game(tmp_path, RICH.replace(written, broken, 1), RICH_CARDS)
    found = [f for f in findings_of(tmp_path) if f.code == code]
    assert len(found) == 1, findings_of(tmp_path)
    assert found[0].line == line_of(folder / "game.yaml", line)
    assert not [f for f in findings_of(tmp_path) if f.file.endswith("cards.yaml")]  # the content is not blamed


def test_the_guide_field_types_show_in_the_json_schema(tmp_path: Path) -> None:
    write_game(tmp_path, RICH, RICH_CARDS)
    card_file = next(kind for kind in find_game("proto", tmp_path).file_kinds if kind.kind_name() == "card")
    record = schema_for(card_file, "proto")["$defs"]["Card"]["properties"]
    assert record["wild"] == {"default": False, "title": "Wild", "type": "boolean"}
    assert record["pair"]["minItems"] == record["pair"]["maxItems"] == 2
    assert record["faces"]["propertyNames"]["enum"] == ["sword", "shield"]
    assert record["faces"]["additionalProperties"]["minimum"] == 1
    assert record["steps"]["minItems"] == 1 and "$ref" in record["steps"]["items"]


def test_a_kind_may_name_its_files_kind_and_records_key(tmp_path: Path) -> None:
    """`file:` and `records:` keep a game's existing files (`kind: cards`, records under `cards:`); refs and
    translations still go by the kind's id."""
    manifest = MANIFEST.replace("    card:\n      count: 3\n", "    card:\n      count: 3\n      file: cards\n      records: cards\n")
    folder = write_game(tmp_path, manifest, CARDS.replace("kind: card\nitems:", "kind: cards\ncards:"))
    assert findings_of(tmp_path) == []
    spec = find_game("proto", tmp_path)
    db, _ = spec.load(tmp_path)
    assert [card.id for card in db.all("cards")] == ["scout", "guard"]
    assert "card:scout:title" in {s.context for s in spec.strings(db)}
    (folder / "cards.yaml").write_text(CARDS, encoding="utf-8")  # the kind's id is no longer its files' kind
    assert {f.code for f in findings_of(tmp_path)} == {"CONTENT-KIND"}
