"""The layout files' JSON Schema: it catches what a designer mistypes and accepts every layout pnp ships."""

from __future__ import annotations

from pathlib import Path
from typing import Any, get_args

import pytest
from jsonschema import Draft202012Validator

from pipeline import shipped
from pipeline.app.new import new_game
from pipeline.content.schema import is_current
from pipeline.content.yaml_loader import load_yaml_file
from pipeline.render.grid import GRID
from pipeline.render.layout_schema import LAYOUTS_SCHEMA_FILE, layouts_schema
from pipeline.render.layouts import BOX_TYPES, BoxType

TEMPLATES = shipped.PACKAGE_DIR / "templates"
SHIPPED = sorted(shipped.LAYOUTS.rglob("*.yaml"))
SCAFFOLDED = sorted(TEMPLATES.glob("*/layouts/*.yaml"))
SCHEMA_LINE = "# yaml-language-server: $schema="


@pytest.fixture(scope="module")
def validator() -> Draft202012Validator:
    schema = layouts_schema()
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def problems(validator: Draft202012Validator, data: Any) -> list[str]:
    return [".".join(map(str, error.absolute_path)) for error in validator.iter_errors(data)]


def templates(**boxes: Any) -> dict[str, Any]:
    return {"kind": "templates", "templates": {"card": {"boxes": boxes}}}


def test_the_committed_schema_is_current(content_root: Path) -> None:
    assert is_current(content_root / "schema" / LAYOUTS_SCHEMA_FILE, layouts_schema())


@pytest.mark.parametrize("path", SHIPPED + SCAFFOLDED, ids=lambda p: p.relative_to(shipped.PACKAGE_DIR).as_posix())
def test_every_shipped_and_scaffolded_layout_file_is_valid(validator: Draft202012Validator, path: Path) -> None:
    loaded, findings = load_yaml_file(path, path.name)
    assert loaded is not None and not findings
    assert problems(validator, loaded.data) == []


def test_a_misspelt_box_property_is_rejected_whole_or_as_a_change(validator: Draft202012Validator) -> None:
    whole = templates(title={"type": "text", "width": 10, "height": 5, "stroke_widht": "1pt"})
    assert problems(validator, whole) == ["templates.card.boxes.title"]
    changed = {"kind": "templates", "templates": {"card": {"extends": "card", "boxes": {"title": {"feild": "name"}}}}}
    assert problems(validator, changed) == ["templates.card.boxes.title"]
    changed["templates"]["card"]["boxes"]["title"] = {"field": "name"}  # a change needs no type, width or height
    assert problems(validator, changed) == []


def test_an_unknown_box_type_is_rejected(validator: Draft202012Validator) -> None:
    assert problems(validator, templates(disc={"type": "circle", "width": 10, "height": 10})) == ["templates.card.boxes.disc"]
    extends = {"kind": "templates", "templates": {"card": {"extends": "card", "boxes": {"disc": {"type": "circle"}}}}}
    assert problems(validator, extends) == ["templates.card.boxes.disc"]


def test_a_whole_template_needs_each_box_complete(validator: Draft202012Validator) -> None:
    assert problems(validator, templates(band={"width": 10, "height": 5})) == ["templates.card.boxes.band"]
    assert problems(validator, templates(band={"type": "rect", "width": 10, "height": 5}, gone=None)) == []


def test_a_grid_is_checked_as_a_grid_and_its_cell_parts_as_boxes(validator: Draft202012Validator) -> None:
    grid = {"type": "grid", "width": 60, "height": 60, "rows": 3, "columns": 3, "cell": {"number": {"type": "text"}}}
    assert problems(validator, templates(spaces=grid)) == []
    assert problems(validator, templates(spaces={**grid, "colums": 3})) == ["templates.card.boxes.spaces"]
    misspelt = {**grid, "cell": {"number": {"type": "text", "fiel": "space_{n}"}}}
    assert problems(validator, templates(spaces=misspelt)) == ["templates.card.boxes.spaces"]


def test_a_misspelt_key_of_a_template_a_file_or_a_profile_is_rejected(validator: Draft202012Validator) -> None:
    assert problems(validator, {"kind": "templates", "templates": {"card": {"extend": "card", "boxes": {}}}}) == ["templates.card"]
    assert problems(validator, {"kind": "templates", "font": {}}) == [""]
    profile = {"paper": {"width": "210mm", "height": "297mm"}, "margin": "5mm", "safezone": "3mm"}
    assert problems(validator, {"kind": "profiles", "profiles": {"a4": profile}}) == ["profiles.a4"]
    assert problems(validator, {"kind": "layout"}) == ["kind"]


def test_a_length_is_held_to_the_units_pnp_reads(validator: Draft202012Validator) -> None:
    assert problems(validator, templates(band={"type": "rect", "width": "63 mm", "height": "1.5in"})) == []
    assert problems(validator, templates(band={"type": "rect", "width": "63 millimetres", "height": 5})) != []


def test_every_box_type_has_its_meaning() -> None:
    assert list(BOX_TYPES) == [*get_args(BoxType), GRID]


def test_every_layout_file_points_its_editor_at_the_schema(content_root: Path, tmp_path: Path) -> None:
    for path in SHIPPED:  # in a checkout: the repository's content root holds it
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith(SCHEMA_LINE), path
        assert (path.parent / first.removeprefix(SCHEMA_LINE)).resolve() == content_root / "schema" / LAYOUTS_SCHEMA_FILE
    root = tmp_path / "content"
    written = new_game("my-game", ["full"], root)
    assert root / "schema" / LAYOUTS_SCHEMA_FILE in written
    layouts = sorted((root / "my-game" / "layouts").glob("*.yaml"))
    assert len(layouts) == len(SCAFFOLDED)
    for path in layouts:
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith(SCHEMA_LINE), path
        assert (path.parent / first.removeprefix(SCHEMA_LINE)).resolve() == (root / "schema" / LAYOUTS_SCHEMA_FILE).resolve()
