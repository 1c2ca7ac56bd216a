"""The checks a declared game writes in its manifest (counts, field options, constraints, facts): each broken rule
is one finding of its code at the line that breaks it (a mistake may break other rules too: a hero too many is
also a count), under the code the manifest gives it."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.app.check import check, validate
from pipeline.findings import Finding
from pipeline.games import find_game
from tests.conftest import line_of

MANIFEST = """\
kind: game
game:
  id: quest
  name: Quest
  locales: [en]
  guide: {code: QG}
  components:
    heroes: 2
    battle_dice: 3
    blank_faces: 1
  rules:
    actions_per_turn: 2
  counts:
    heroes: {kind: hero}
    battle_dice: {kind: die, sum: count, where: {group: battle}}
  constraints:
    - {kind: route, when: {sea: false}, then: {gold_cost: 0}, code: QG-MAP}
    - {kind: die, when: {group: battle}, then: {hero: null, blank_faces: {rule: blank_faces}}, code: QG-DICE}
    - {kind: die, when: {group: hero}, then: {hero: {not: null}, blank_faces: 0}, code: QG-DICE}
    - {kind: hero, inverse: {action: hero}, code: QG-HERO}
    - {kind: hero, named_by: die.hero, code: QG-DICE}
    - {kind: die, when: {group: hero}, unique: hero, code: QG-DICE}
    - {kind: quest, then: {most: {at_least: least}}, code: QG-QUEST}
  facts:
    game: {fields: {rules: {actions_per_turn: 2}}}
    hero: {only: [geralt, triss, yarpen], records: {geralt: {action: brew}}}
    action: {records: {brew: {summary: {names: ["trait:potion"]}}}}
    region: {records: {gray: {adjacent: [red]}, red: {adjacent: [gray, blue]}}}
    route: {complete: true, records: {gray-red: {between: [a, b], sea: true, gold_cost: 2}}}
    procedure: {records: {turn: {steps: [act, rest]}}}
  kinds:
    hero:
      fields:
        action: {type: ref, to: action}
    action:
      fields:
        hero: {type: ref, to: hero, required: false}
        summary: {type: translatable, required: false}
    die:
      fields:
        group: {type: enum, values: [battle, hero], translated: false}
        hero: {type: ref, to: hero, required: false}
        count: {type: integer, min: 1}
        blank_faces: {type: integer, min: 0, default: 0}
    region:
      fields:
        adjacent: {type: list, of: ref, to: region, symmetric: true, distinct: true, code: QG-MAP}
    place:
      fields: {}
    route:
      fields:
        between: {type: list, of: ref, to: place, length: 2, unique: unordered, code: QG-MAP}
        sea: {type: boolean, default: false}
        gold_cost: {type: integer, min: 0, default: 0}
    quest:
      fields:
        least: {type: integer, min: 1}
        most: {type: integer, min: 1, required: false}
    procedure:
      fields:
        steps: {type: list, of: object, fields: {id: {type: text}}}
    trait:
      fields:
        name: {type: text}
"""

CONTENT = """\
kind: hero
items:
  - {id: geralt, action: brew}
  - {id: triss, action: prepare}
---
kind: action
items:
  - {id: brew, hero: geralt, summary: "Charge every {trait:potion} card."}
  - {id: prepare, hero: triss}
  - {id: rest}
---
kind: die
items:
  - {id: battle-die, group: battle, count: 3, blank_faces: 1}
  - {id: geralt-die, group: hero, hero: geralt, count: 3}
  - {id: triss-die, group: hero, hero: triss, count: 1}
---
kind: region
items:
  - {id: gray, adjacent: [red]}
  - {id: red, adjacent: [gray, blue]}
  - {id: blue, adjacent: [red]}
---
kind: place
items: [{id: a}, {id: b}, {id: c}]
---
kind: route
items:
  - {id: gray-red, between: [a, b], sea: true, gold_cost: 2}
  - {id: b-c, between: [b, c]}
---
kind: quest
items:
  - {id: main, least: 1, most: 1}
  - {id: side, least: 1}
---
kind: procedure
items:
  - id: turn
    steps: [{id: act}, {id: rest}]
---
kind: trait
items: [{id: potion, name: POTION}, {id: spell, name: SPELL}]
"""

FILES = ("heroes", "actions", "dice", "regions", "places", "routes", "quests", "procedures", "traits")


def write_game(root: Path, manifest: str = MANIFEST, content: str = CONTENT) -> Path:
    folder = root / "quest"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.yaml").write_text(manifest, encoding="utf-8")
    for name, text in zip(FILES, content.split("---\n"), strict=True):
        (folder / f"{name}.yaml").write_text(text, encoding="utf-8")
    return folder


def findings_of(root: Path) -> list[Finding]:
    return [f for f in check([find_game("quest", root)], root, cache_dir=root / ".cache").findings
            if not f.code.startswith("I18N") and f.code != "CHECK-SKIPPED"]  # the catalogs; the guide not built


def test_a_game_that_keeps_its_declared_rules_has_no_finding_and_counts_its_facts(tmp_path: Path) -> None:
    write_game(tmp_path)
    assert findings_of(tmp_path) == []
    stats = validate([find_game("quest", tmp_path)], tmp_path).extra["stats"]["quest"]
    assert (stats["heroes"], stats["battle_dice"]) == (2, 3)


# (file, text to replace, replacement, expected code, text on the expected line)
BROKEN = [
    ("game.yaml", "battle_dice: 3", "battle_dice: 4", "QG-COUNT", "battle_dice: 4"),
    ("game.yaml", "actions_per_turn: 2", "actions_per_turn: 3", "QG-FACT", "actions_per_turn: 3"),
    ("routes.yaml", "between: [b, c]}", "between: [b, c], gold_cost: 1}", "QG-MAP", "gold_cost: 1"),
    ("routes.yaml", "between: [b, c]}", "between: [b, b]}", "QG-MAP", "[b, b]"),
    ("routes.yaml", "between: [b, c]}", "between: [b, a]}", "QG-MAP", "[b, a]"),
    ("regions.yaml", "{id: blue, adjacent: [red]}", "{id: blue, adjacent: [red, gray]}", "QG-MAP", "[red, gray]"),
    ("regions.yaml", "{id: blue, adjacent: [red]}", "{id: blue, adjacent: [red, red]}", "QG-MAP", "[red, red]"),
    ("dice.yaml", "group: battle, count: 3", "group: battle, hero: geralt, count: 3", "QG-DICE", "id: battle-die"),
    ("dice.yaml", "count: 3, blank_faces: 1", "count: 3, blank_faces: 2", "QG-DICE", "blank_faces: 2"),
    ("dice.yaml", "hero: triss, count: 1}", "hero: triss, count: 1, blank_faces: 1}", "QG-DICE", "triss-die"),
    ("dice.yaml", "hero: triss, count: 1}\n", "hero: triss, count: 1}\n  - {id: spare, group: hero, hero: geralt, count: 1}\n",
     "QG-DICE", "id: spare"),
    ("heroes.yaml", "{id: triss, action: prepare}", "{id: triss, action: rest}", "QG-HERO", "action: rest"),
    ("quests.yaml", "least: 1, most: 1}", "least: 2, most: 1}", "QG-QUEST", "least: 2"),
    ("heroes.yaml", "{id: triss, action: prepare}",
     "{id: triss, action: prepare}\n  - {id: ciri, action: rest}", "QG-FACT", "id: ciri"),
    ("heroes.yaml", "{id: geralt, action: brew}", "{id: geralt, action: prepare}  # fact", "QG-FACT", "# fact"),
    ("actions.yaml", "every {trait:potion} card", "every {trait:spell} card", "QG-FACT", "{trait:spell}"),
    ("regions.yaml", "{id: gray, adjacent: [red]}\n  - {id: red, adjacent: [gray, blue]}\n  - {id: blue, adjacent: [red]}",
     "{id: gray, adjacent: [red, blue]}\n  - {id: red, adjacent: [gray, blue]}\n  - {id: blue, adjacent: [red, gray]}",
     "QG-FACT", "id: gray"),
    ("routes.yaml", "sea: true, gold_cost: 2", "sea: true, gold_cost: 3", "QG-FACT", "gold_cost: 3"),
    ("routes.yaml", "  - {id: gray-red, between: [a, b], sea: true, gold_cost: 2}\n", "", "QG-FACT", "id: b-c"),
    ("procedures.yaml", "[{id: act}, {id: rest}]", "[{id: rest}, {id: act}]", "QG-FACT", "steps:"),
]


@pytest.mark.parametrize(("relative", "old", "new", "code", "shown"), BROKEN, ids=[f"{b[3]}:{b[2]}" for b in BROKEN])
def test_each_broken_declared_rule_is_one_finding_at_its_line(tmp_path: Path, relative: str, old: str, new: str,
                                                              code: str, shown: str) -> None:
    folder = write_game(tmp_path)
    path = folder / relative
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    findings = findings_of(tmp_path)
    hits = [f for f in findings if f.code == code]
    assert len(hits) == 1, [f.as_text() for f in findings]
    assert hits[0].file.endswith(f"quest/{relative}")
    assert hits[0].line == line_of(path, shown)


def test_a_hero_no_die_names_is_a_finding_at_its_id(tmp_path: Path) -> None:
    folder = write_game(tmp_path, content=CONTENT.replace("  - {id: triss-die, group: hero, hero: triss, count: 1}\n", ""))
    assert [(f.code, f.line) for f in findings_of(tmp_path)] == [("QG-DICE", line_of(folder / "heroes.yaml", "id: triss"))]


def test_constraint_codes_default_to_the_game_s_prefix(tmp_path: Path) -> None:
    folder = write_game(tmp_path, MANIFEST.replace(", code: QG-QUEST}", "}"),
                        CONTENT.replace("least: 1, most: 1}", "least: 2, most: 1}"))
    found = findings_of(tmp_path)
    assert [(f.code, f.line) for f in found] == [("QG-RULE", line_of(folder / "quests.yaml", "least: 2"))]
    assert "it must be at least its least" in found[0].message


@pytest.mark.parametrize(("old", "new", "shown"), [
    ("battle_dice: {kind: die, sum: count,", "battle_dice: {kind: die, sum: cuont,", "sum: cuont"),
    ("battle_dice: {kind: die,", "battle_dice: {kind: dice,", "kind: dice"),
    ("when: {sea: false}", "when: {see: false}", "when: {see: false}"),
    ("then: {gold_cost: 0}", "then: {gold: 0}", "then: {gold: 0}"),
    ("{kind: hero, inverse: {action: hero}", "{kind: heroes, inverse: {action: hero}", "kind: heroes"),
    ("named_by: die.hero", "named_by: dice.hero", "named_by: dice.hero"),
    ("region: {records: {gray: {adjacent:", "region: {records: {gray: {adjacency:", "region: {records:"),
])
def test_a_constraint_naming_nothing_is_a_finding_at_its_manifest_line(tmp_path: Path, old: str, new: str, shown: str) -> None:
    assert old in MANIFEST
    folder = write_game(tmp_path, MANIFEST.replace(old, new, 1))
    found = findings_of(tmp_path)
    assert [(f.code, f.line) for f in found] == [("DECLARED-CONSTRAINT", line_of(folder / "game.yaml", shown))], found


def test_a_border_listed_one_way_only_is_the_symmetric_finding_not_a_fact(tmp_path: Path) -> None:
    folder = write_game(tmp_path, content=CONTENT.replace("{id: red, adjacent: [gray, blue]}", "{id: red, adjacent: [blue]}"))
    assert [(f.code, f.line) for f in findings_of(tmp_path)] == [("QG-MAP", line_of(folder / "regions.yaml", "id: gray"))]


def test_a_text_naming_a_record_that_does_not_exist_is_the_guide_s_finding_not_a_fact(tmp_path: Path) -> None:
    write_game(tmp_path, content=CONTENT.replace("{trait:potion} card", "{trait:potions} card"))
    assert [f.code for f in findings_of(tmp_path)] == ["QG-GUIDE-REF"]
