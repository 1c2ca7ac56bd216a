"""Generated JSON Schemas: committed copies are fresh, valid, and test one effect class at a time."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from pipeline.content.database import content_files
from pipeline.content.schema import schema_for, stale_schemas, write_schemas
from pipeline.content.yaml_loader import load_yaml_file
from pipeline.games import GAMES
from pipeline.games.old_world.models import ActionCardsFile


def test_committed_schemas_are_up_to_date(content_root: Path) -> None:
    for game in GAMES.values():
        assert stale_schemas(content_root / "schema", game.id, game.file_kinds) == []


def test_generated_schemas_are_valid_json_schema() -> None:
    for game in GAMES.values():
        for kind in game.file_kinds:
            Draft202012Validator.check_schema(schema_for(kind, game.id))


def test_a_changed_model_makes_the_schema_stale(tmp_path: Path) -> None:
    write_schemas(tmp_path, "old-world", [ActionCardsFile])
    assert stale_schemas(tmp_path, "old-world", [ActionCardsFile]) == []
    path = tmp_path / "old-world" / "action-cards.schema.json"
    data = json.loads(path.read_text())
    data["title"] = "edited by hand"
    path.write_text(json.dumps(data))
    assert stale_schemas(tmp_path, "old-world", [ActionCardsFile]) == [path]


def test_effects_are_keyed_by_type_not_a_plain_one_of() -> None:
    text = json.dumps(schema_for(ActionCardsFile, "old-world"))
    assert '"oneOf"' not in text
    assert '"const": "gain-gold"' in text


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_shipped_file_passes_its_committed_json_schema(content_root: Path, game_id: str) -> None:
    """The fast path (strict models) and the JSON Schema agree on the shipped content."""
    kinds = {k.kind_name(): k for k in GAMES[game_id].file_kinds}
    for path in content_files(content_root / game_id):
        loaded, findings = load_yaml_file(path)
        assert loaded is not None and not findings
        kind = kinds[loaded.data["kind"]]
        committed = json.loads((content_root / "schema" / game_id / f"{kind.kind_name()}.schema.json").read_text())
        assert committed == json.loads(json.dumps(schema_for(kind, game_id)))
        errors = list(Draft202012Validator(committed).iter_errors(loaded.data))
        assert errors == [], f"{path}: {errors[0].message}"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_content_file_points_its_editor_at_its_schema(content_root: Path, game_id: str) -> None:
    for path in content_files(content_root / game_id):
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith("# yaml-language-server: $schema="), path
        target = (path.parent / first.split("$schema=")[1].strip()).resolve()
        assert target == (content_root / "schema" / game_id / target.name).resolve() and target.is_file(), path
