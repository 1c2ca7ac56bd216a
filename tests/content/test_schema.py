"""Generated JSON Schemas: committed copies are fresh, valid, and test one effect class at a time."""

from __future__ import annotations

import json
from pathlib import Path

from jsonschema import Draft202012Validator

from pipeline.content.schema import schema_for, stale_schemas, write_schemas
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
