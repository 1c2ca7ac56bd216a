"""Loading a content tree: kinds, schema errors phrased for a person, models, duplicate ids."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from pipeline.content.database import UnknownCollection, load_database
from pipeline.content.yaml_loader import MissingPosition
from pipeline.games.old_world.models import FILE_KINDS

CARD = """\
  - id: {id}
    name: {name}
    color: blue
    terrain: forest
    cost: {cost}
    fight: {{damage: 1}}
"""


def write(root: Path, name: str, text: str) -> Path:
    path = root / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def cards_file(*cards: tuple[str, str, object]) -> str:
    body = "".join(CARD.format(id=i, name=n, cost=c) for i, n, c in cards)
    return "kind: action-cards\ncards:\n" + body


def load(root: Path):  # type: ignore[no-untyped-def]
    return load_database(root, "old-world", FILE_KINDS)


def test_a_valid_file_is_indexed_with_its_position(tmp_path: Path) -> None:
    write(tmp_path, "cards.yaml", cards_file(("quick-cut", "Quick Cut", 0), ("slash", "Slash", 2)))
    db, findings = load(tmp_path)
    assert findings == []
    assert db.get("action-cards", "slash").cost == 2
    where = db.where("action-cards", "slash", "cost")
    assert (where.file.endswith("cards.yaml"), where.line) == (True, 13)


def test_a_file_of_unknown_kind_is_an_error_not_skipped(tmp_path: Path) -> None:
    write(tmp_path, "notes.yaml", "# notes\nkind: notes\nitems: []\n")
    db, findings = load(tmp_path)
    assert [(f.code, f.line) for f in findings] == [("CONTENT-KIND", 2)]
    assert "kind 'notes' is unknown" in findings[0].message
    assert not db.complete


def test_a_file_without_kind_is_an_error(tmp_path: Path) -> None:
    write(tmp_path, "loose.yaml", "cards: []\n")
    _, findings = load(tmp_path)
    assert [(f.code, f.line) for f in findings] == [("CONTENT-KIND", 1)]
    assert "has no 'kind'" in findings[0].message


def test_a_wrong_type_is_phrased_for_a_person_at_its_line(tmp_path: Path) -> None:
    write(tmp_path, "cards.yaml", cards_file(("quick-cut", "Quick Cut", "three")))
    _, findings = load(tmp_path)
    assert [(f.code, f.line, f.column) for f in findings] == [("SCHEMA", 7, 11)]
    assert findings[0].message == "cards[0].cost must be an integer ≥ 0, got 'three'"


def test_a_negative_cost_names_the_bound(tmp_path: Path) -> None:
    write(tmp_path, "cards.yaml", cards_file(("quick-cut", "Quick Cut", -1)))
    _, findings = load(tmp_path)
    assert findings[0].message == "cards[0].cost must be ≥ 0, got -1"


def test_an_unknown_field_is_reported_at_its_key(tmp_path: Path) -> None:
    text = cards_file(("quick-cut", "Quick Cut", 1)).replace("    cost: 1\n", "    cost: 1\n    coste: 2\n")
    write(tmp_path, "cards.yaml", text)
    _, findings = load(tmp_path)
    assert [(f.code, f.line, f.column) for f in findings] == [("SCHEMA", 8, 5)]
    assert "unknown field(s) 'coste'" in findings[0].message


def test_an_unknown_effect_type_lists_the_known_ones(tmp_path: Path) -> None:
    text = cards_file(("quick-cut", "Quick Cut", 1)).replace("{damage: 1}", "{effects: [{type: fireball, amount: 2}]}")
    write(tmp_path, "cards.yaml", text)
    _, findings = load(tmp_path)
    assert [f.code for f in findings] == ["SCHEMA"]
    assert "unknown type 'fireball'" in findings[0].message and "deal-damage" in findings[0].message


def test_an_effect_with_a_bad_parameter_is_checked_against_its_own_class(tmp_path: Path) -> None:
    text = cards_file(("quick-cut", "Quick Cut", 1)).replace("{damage: 1}", "{effects: [{type: deal-damage, amount: 0}]}")
    write(tmp_path, "cards.yaml", text)
    _, findings = load(tmp_path)
    assert [f.message for f in findings] == ["cards[0].fight.effects[0].amount must be from 1 to 20, got 0"]


def test_a_bad_id_must_be_kebab_case(tmp_path: Path) -> None:
    write(tmp_path, "cards.yaml", cards_file(("Quick Cut", "Quick Cut", 1)))
    _, findings = load(tmp_path)
    assert "must be a kebab-case id" in findings[0].message
    assert findings[0].line == 3


def test_a_model_rule_beyond_the_schema_is_reported_at_its_line(tmp_path: Path) -> None:
    text = cards_file(("quick-cut", "Quick Cut", 1)).replace("{damage: 1}", "{effects: [{type: draw-modifier, amount: 0}]}")
    write(tmp_path, "cards.yaml", text)
    _, findings = load(tmp_path)
    assert [(f.code, f.line) for f in findings] == [("MODEL", 8)]
    assert "a draw modifier of 0 changes nothing" in findings[0].message


def test_a_duplicate_id_across_files_points_at_the_second(tmp_path: Path) -> None:
    write(tmp_path, "a.yaml", cards_file(("quick-cut", "Quick Cut", 1)))
    write(tmp_path, "b.yaml", cards_file(("slash", "Slash", 1), ("quick-cut", "Quick Cut Again", 1)))
    _, findings = load(tmp_path)
    assert [(f.code, Path(f.file).name, f.line) for f in findings] == [("CONTENT-DUPLICATE-ID", "b.yaml", 9)]
    assert "a.yaml:3" in findings[0].message


def test_valid_entities_of_a_rejected_file_are_kept(tmp_path: Path) -> None:
    write(tmp_path, "cards.yaml", cards_file(("quick-cut", "Quick Cut", 1), ("slash", "Slash", "two")))
    db, findings = load(tmp_path)
    assert [f.code for f in findings] == ["SCHEMA"]
    assert db.get("action-cards", "quick-cut") is not None
    assert db.has("action-cards", "slash")  # rejected, but references to it are not "unknown"
    assert not db.complete


def test_yaml_errors_surface_as_findings_with_file_and_line(tmp_path: Path) -> None:
    write(tmp_path, "cards.yaml", "kind: action-cards\ncards:\n  - id: a\n  - id: b\n    id: c\n")
    _, findings = load(tmp_path)
    assert [(f.code, f.line) for f in findings] == [("YAML-DUPLICATE-KEY", 5)]


def test_an_empty_tree_is_an_error(tmp_path: Path) -> None:
    _, findings = load(tmp_path)
    assert [f.code for f in findings] == ["CONTENT-EMPTY"]


def test_the_position_of_a_field_the_file_lacks_fails_loudly(tmp_path: Path) -> None:
    write(tmp_path, "cards.yaml", cards_file(("slash", "Slash", 2)))
    db, _ = load(tmp_path)
    record = db.record("action-cards", "slash")
    assert record is not None
    assert record.where("fight", "damage").line == 8
    with pytest.raises(MissingPosition, match=r"cards\.yaml: no node at cards\[0\]\.cots"):
        record.where("cots")  # misspelt
    assert not record.is_written("copies")  # optional, defaulted: the caller points at the entity
    assert record.where().line == 3
    with pytest.raises(MissingPosition):
        db.where("action-cards", "slahs", "cost")


def test_a_collection_no_file_kind_fills_is_an_error_not_an_empty_list(tmp_path: Path) -> None:
    write(tmp_path, "cards.yaml", cards_file(("slash", "Slash", 2)))
    db, _ = load(tmp_path)
    assert db.records("potions") == []  # a kind of the game, with no file yet
    with pytest.raises(UnknownCollection, match="^old-world has no collection .action-crads.$"):
        db.records("action-crads")
