"""Generated JSON Schemas: committed copies are fresh, valid, and test one effect class at a time."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import urljoin

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from pipeline.content.database import content_files
from pipeline.content.schema import SHARED_FILE, schema_for, stale_schemas, write_schemas
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


def committed_validator(folder: Path, kind: str) -> Draft202012Validator:
    """A validator of a committed kind schema that resolves its references into the game's shared file as an editor
    does: relative to the file (its `$id`), to the sibling file on disk."""
    schema = json.loads((folder / f"{kind}.schema.json").read_text())
    registry: Registry = Registry()
    shared = folder / SHARED_FILE
    if shared.is_file():
        contents = json.loads(shared.read_text())
        registry = registry.with_resource(urljoin(schema["$id"], SHARED_FILE), Resource.from_contents(contents))
    return Draft202012Validator(schema, registry=registry)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_shipped_file_passes_its_committed_json_schema(content_root: Path, game_id: str) -> None:
    """The fast path (strict models) and the committed JSON Schema files (shared definitions resolved) agree on the
    shipped content."""
    kinds = {k.kind_name(): k for k in GAMES[game_id].file_kinds}
    for path in content_files(content_root / game_id):
        loaded, findings = load_yaml_file(path)
        assert loaded is not None and not findings
        validator = committed_validator(content_root / "schema" / game_id, kinds[loaded.data["kind"]].kind_name())
        errors = list(validator.iter_errors(loaded.data))
        assert errors == [], f"{path}: {errors[0].message}"


def test_a_definition_kinds_share_is_written_once_and_referred_to_from_a_sibling_file(content_root: Path) -> None:
    """Each Old World file kind with effects refers to the one effect union of `_shared.schema.json`, inlining none."""
    folder = content_root / "schema" / "old-world"
    shared = json.loads((folder / SHARED_FILE).read_text())["$defs"]
    assert "GainGold" in shared
    referring = []
    for path in sorted(folder.glob("*.schema.json")):
        if path.name == SHARED_FILE:
            continue
        text = path.read_text()
        assert '"GainGold"' not in text, f"{path.name} inlines a shared definition"
        if f'"{SHARED_FILE}#/$defs/' in text:
            referring.append(path.name)
    assert {"action-cards.schema.json", "events.schema.json", "monsters.schema.json"} <= set(referring)
    # A kind refers to nothing the shared file lacks, and the shared file to nothing outside itself.
    for path in folder.glob("*.schema.json"):
        names = re.findall(r'"\$ref": "(?:_shared\.schema\.json)?#/\$defs/([^"]+)"', path.read_text())
        local = json.loads(path.read_text()).get("$defs", {})
        for name in names:
            assert name in shared or name in local, f"{path.name}: {name}"


def test_a_kind_alone_inlines_its_definitions(tmp_path: Path) -> None:
    """A definition only one kind holds stays in that kind's file: no shared file for a single kind."""
    written = write_schemas(tmp_path, "old-world", [ActionCardsFile])
    assert [p.name for p in written] == ["action-cards.schema.json"]
    assert committed_validator(tmp_path / "old-world", "action-cards").schema["$defs"]["GainGold"]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_content_file_points_its_editor_at_its_schema(content_root: Path, game_id: str) -> None:
    for path in content_files(content_root / game_id):
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith("# yaml-language-server: $schema="), path
        target = (path.parent / first.split("$schema=")[1].strip()).resolve()
        assert target == (content_root / "schema" / game_id / target.name).resolve() and target.is_file(), path
