"""The shipped Old World content validates and checks clean, with the real component counts."""

from __future__ import annotations

import json
from pathlib import Path

from jsonschema import Draft202012Validator

from pipeline.content.database import content_files
from pipeline.content.schema import schema_for
from pipeline.content.yaml_loader import load_yaml_file
from pipeline.findings import Severity
from pipeline.games import find_game


def test_shipped_content_has_no_findings(content_root: Path) -> None:
    game = find_game("old-world")
    db, findings = game.load(content_root)
    findings += game.checks(db)
    assert [f.as_text() for f in findings if f.severity is Severity.ERROR] == []
    assert db.complete


def test_shipped_content_has_the_boxes_counts(content_root: Path) -> None:
    game = find_game("old-world")
    db, _ = game.load(content_root)
    counts = game.info(db).counts
    assert counts["schools"] == 5
    assert counts["starting_cards"] == 50
    assert counts["market_cards"] == 90
    assert counts["potions"] == 28
    assert counts["city_exploration"] == counts["wilds_exploration"] == 36
    assert counts["events"] == 56
    assert counts["monsters"] == counts["monster_tokens"] == 28
    assert counts["monster_fight_cards"] == 20
    assert counts["attribute_trophies"] == 8
    assert counts["witcher_trophies"] == 20
    assert counts["location_tokens"] == 18
    assert counts["locations"] == 19


def test_every_shipped_file_passes_its_committed_json_schema(content_root: Path) -> None:
    """The fast path (strict models) and the JSON Schema agree on the shipped content."""
    game = find_game("old-world")
    kinds = {k.kind_name(): k for k in game.file_kinds}
    for path in content_files(content_root / "old-world"):
        loaded, findings = load_yaml_file(path)
        assert loaded is not None and not findings
        kind = kinds[loaded.data["kind"]]
        committed = json.loads((content_root / "schema" / "old-world" / f"{kind.kind_name()}.schema.json").read_text())
        assert committed == json.loads(json.dumps(schema_for(kind, "old-world")))
        errors = list(Draft202012Validator(committed).iter_errors(loaded.data))
        assert errors == [], f"{path}: {errors[0].message}"


def test_every_content_file_points_its_editor_at_the_schema(content_root: Path) -> None:
    for path in content_files(content_root / "old-world"):
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith("# yaml-language-server: $schema="), path
        target = (path.parent / first.split("$schema=")[1].strip()).resolve()
        assert target.is_file(), f"{path}: schema {target} does not exist"
