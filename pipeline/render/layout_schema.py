"""The JSON Schema of layout files (`kind: templates`, `kind: profiles`), generated from the layout models.

It is for a designer's editor (yaml-language-server): box types and properties complete, a misspelt property or an
unknown box type is underlined as it is typed. `pnp check` reads layouts with the models themselves and judges what
the schema cannot (units in range, colours, `extends`, placement), so the schema only ever says less than it.

A template is written as a whole or, when it `extends` another, as what it changes: under `extends` every key of a
box may be left out (it is inherited); without it, each box needs what the models require (its `type`, `width`,
`height`; a grid's `rows`, `columns` and `cell`, whose parts need a `type`).
"""

from __future__ import annotations

import copy
from typing import Any

from pydantic import BaseModel

from pipeline.content.schema import JSON_SCHEMA_DIALECT, SCHEMA_BASE

from .grid import GRID, GridModel
from .layouts import (
    BOX_TYPES,
    EXTENDS,
    BoxModel,
    FontsModel,
    GuidesModel,
    ProfilesFile,
    TemplateModel,
    TemplatesFile,
)

LAYOUTS_SCHEMA_FILE = "layouts.schema.json"  # beside the games' schema folders, in <content>/schema/
KINDS = {"templates": "TemplatesFile", "profiles": "ProfilesFile"}
_MODELS: tuple[type[BaseModel], ...] = (BoxModel, GridModel, TemplateModel, TemplatesFile, ProfilesFile, FontsModel,
                                        GuidesModel)


def layouts_schema() -> dict[str, Any]:
    """The schema of any layout file: its `kind` picks the file's model."""
    defs: dict[str, Any] = {}
    for model in _MODELS:
        schema = model.model_json_schema(ref_template="#/$defs/{model}")
        defs.update(schema.pop("$defs", {}))
        defs[model.__name__] = schema
    _box_types(defs)
    _written_forms(defs)
    return {
        "$schema": JSON_SCHEMA_DIALECT,
        "$id": f"{SCHEMA_BASE}/{LAYOUTS_SCHEMA_FILE}",
        "title": "A pnp layout file: face templates (kind: templates) or print profiles (kind: profiles)",
        "type": "object",
        "required": ["kind"],
        "properties": {"kind": {"enum": sorted(KINDS), "description": "templates or profiles"}},
        "allOf": [{"if": {"properties": {"kind": {"const": kind}}}, "then": {"$ref": f"#/$defs/{name}"}}
                  for kind, name in sorted(KINDS.items())],
        "$defs": dict(sorted(defs.items())),
    }


def _box_types(defs: dict[str, Any]) -> None:
    """A box's `type` says what each type draws (an editor shows it beside each choice)."""
    described = [{"const": name, "description": meaning} for name, meaning in BOX_TYPES.items() if name != GRID]
    kind = defs["BoxModel"]["properties"]["type"]
    defs["BoxModel"]["properties"]["type"] = {"description": kind["description"], "oneOf": described}


def _written_forms(defs: dict[str, Any]) -> None:
    """The forms a template's parts are written in: whole (no `extends`) or as changes (every key optional)."""
    box, grid = defs["BoxModel"], defs["GridModel"]
    part = {**box, "required": [key for key in box["required"] if key not in ("width", "height")]}
    defs["GridModel"]["properties"]["cell"]["additionalProperties"] = {"$ref": "#/$defs/GridPart"}
    defs["GridPart"] = part
    defs["BoxChange"] = _optional(box)
    defs["GridChange"] = _optional(grid)
    defs["GridChange"]["properties"]["cell"] = {**grid["properties"]["cell"],
                                                "additionalProperties": {"$ref": "#/$defs/BoxChange"}}
    defs["GridChange"]["properties"]["cell"].pop("minProperties", None)
    types = {"enum": [*BOX_TYPES], "description": box["properties"]["type"]["description"]}
    defs["WholeBox"] = _by_type(types, "GridModel", {"$ref": "#/$defs/BoxModel"})
    defs["BoxChanges"] = _by_type(types, "GridChange", {"anyOf": [{"$ref": "#/$defs/BoxChange"},
                                                                   {"$ref": "#/$defs/GridChange"}]})
    # A game's `guides:` changes the shared block key by key.
    defs["GuidesChange"] = _optional(defs["GuidesModel"])
    defs["GuidesChange"]["properties"].update({kind: {**defs["GuidesModel"]["properties"][kind],
                                                      "$ref": "#/$defs/GuideStyleChange"} for kind in ("guide", "aid")})
    defs["GuideStyleChange"] = _optional(defs["GuideStyleModel"])
    defs["TemplatesFile"]["properties"]["guides"] = {"anyOf": [{"$ref": "#/$defs/GuidesChange"}, {"type": "null"}],
                                                     "description": defs["TemplatesFile"]["properties"]["guides"]
                                                     ["description"]}
    defs["TemplatesFile"]["properties"]["templates"]["additionalProperties"] = {"$ref": "#/$defs/Template"}
    defs["Template"] = _template(defs["TemplateModel"])
    del defs["TemplateModel"]


def _by_type(types: dict[str, Any], grid: str, other: dict[str, Any]) -> dict[str, Any]:
    """A box whose `type: grid` is read as a grid and anything else as a plain box."""
    return {"type": "object", "properties": {"type": types},
            "if": {"properties": {"type": {"const": GRID}}, "required": ["type"]},
            "then": {"$ref": f"#/$defs/{grid}"}, "else": other}


def _template(model: dict[str, Any]) -> dict[str, Any]:
    """A template as written: the model's keys and `extends`; its boxes whole, or as changes under `extends`
    (a box written `null` is removed)."""
    def boxes(form: str) -> dict[str, Any]:
        return {"properties": {"boxes": {"additionalProperties": {"anyOf": [{"$ref": f"#/$defs/{form}"},
                                                                             {"type": "null"}]}}}}

    template = copy.deepcopy(model)
    template["properties"]["extends"] = {"type": "string", "description": EXTENDS}
    template["properties"]["boxes"] = {key: value for key, value in template["properties"]["boxes"].items()
                                       if key != "additionalProperties"}
    template["required"] = []
    template.update({"if": {"required": ["extends"]}, "then": boxes("BoxChanges"),
                     "else": {**boxes("WholeBox"), "required": ["boxes"]}})
    template["title"] = "Template"
    return template


def _optional(model: dict[str, Any]) -> dict[str, Any]:
    """A model's schema with no key required: what a template that extends another (or a game's guides) writes."""
    changed = copy.deepcopy(model)
    changed.pop("required", None)
    return changed
