"""The shipped Path of Destiny content validates and checks clean, with the box's component counts."""

from __future__ import annotations

import json
from pathlib import Path

from jsonschema import Draft202012Validator

from pipeline.content.database import content_files
from pipeline.content.schema import schema_for
from pipeline.content.yaml_loader import load_yaml_file
from pipeline.findings import Severity
from pipeline.games import find_game

GAME = "path-of-destiny"


def test_shipped_content_has_no_errors(content_root: Path) -> None:
    game = find_game(GAME)
    db, findings = game.load(content_root)
    findings += game.checks(db)
    assert [f.as_text() for f in findings if f.severity is Severity.ERROR] == []
    assert db.complete


def test_shipped_content_has_the_boxes_counts(content_root: Path) -> None:
    game = find_game(GAME)
    db, _ = game.load(content_root)
    counts = game.info(db).counts
    assert counts["characters"] == 5
    assert counts["action_cards"] == 68
    assert counts["starting_cards"] == 25
    assert counts["symbol_tokens"] == 160
    assert counts["lost_symbol_markers"] == 30
    assert counts["fate_markers"] == 3
    assert counts["path_markers"] == 2
    assert counts["automa_boards"] == 5
    assert game.player_counts(db) == [1, 2, 3, 4, 5]


def test_every_string_has_a_unique_context(content_root: Path) -> None:
    game = find_game(GAME)
    db, _ = game.load(content_root)
    contexts = [s.context for s in game.strings(db)]
    assert len(contexts) == len(set(contexts))
    assert {"game:name", "symbol:magic:name", "character:geralt:side-quest:text", "action-card:aard-blast:name"} <= set(contexts)


def test_every_shipped_file_passes_its_committed_json_schema(content_root: Path) -> None:
    game = find_game(GAME)
    kinds = {k.kind_name(): k for k in game.file_kinds}
    for path in content_files(content_root / GAME):
        loaded, findings = load_yaml_file(path)
        assert loaded is not None and not findings
        kind = kinds[loaded.data["kind"]]
        committed = json.loads((content_root / "schema" / GAME / f"{kind.kind_name()}.schema.json").read_text())
        assert committed == json.loads(json.dumps(schema_for(kind, GAME)))
        errors = list(Draft202012Validator(committed).iter_errors(loaded.data))
        assert errors == [], f"{path}: {errors[0].message}"


def test_every_content_file_points_its_editor_at_the_schema(content_root: Path) -> None:
    for path in content_files(content_root / GAME):
        first = path.read_text(encoding="utf-8").splitlines()[0]
        depth = len(path.relative_to(content_root / GAME).parts) - 1
        assert first.startswith(f"# yaml-language-server: $schema={'../' * (depth + 1)}schema/{GAME}/"), path
