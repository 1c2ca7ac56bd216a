"""The references read from pydantic models: the layout vocabulary, the declared field types, the manifest keys.

Each model is read through its JSON Schema (the one editors get), so a key's type, default and meaning on the page
are those the schema gives it: one source, the model's `Field(description=...)`.
"""

from __future__ import annotations

import json
import re
from typing import Any

from pydantic import BaseModel

from pipeline.content.declared import FIELD_TYPES, DeclaredGame, FieldDeclaration
from pipeline.games import GAMES
from pipeline.render.grid import GRID, GridModel
from pipeline.render.layout_schema import LAYOUTS_SCHEMA_FILE, layouts_schema
from pipeline.render.layouts import BOX_TYPES, BoxModel
from pipeline.render.units import LENGTH_PATTERN

from .examples import FIELD_EXAMPLES
from .markdown import anchor, code, header, paragraphs, table

Sections = dict[str, str]  # a $defs name -> the heading of its section on the page


def layouts_page() -> str:
    """Every box type (with the properties it uses), every property, and the keys of templates, fonts, sizes,
    guides and print profiles."""
    schema = layouts_schema()
    defs = schema["$defs"]
    defs["Template"] = _documented_template(defs)
    sections = {"BoxModel": "Box properties", "GridModel": "Grid properties", "Template": "Template keys",
                "TemplatesFile": "Templates file", "SizeModel": "Size", "FontSizeModel": "Font size range",
                "FontsModel": "Fonts", "GuidesModel": "Guides", "GuideStyleModel": "Guide style",
                "ProfilesFile": "Profiles file", "ProfileModel": "Print profile"}
    # The schema's forms of a box or a guide style (whole, or changes) link to the one section of their keys.
    aliases = {"GridPart": sections["BoxModel"], "GuidesChange": sections["GuidesModel"],
               "GuideStyleChange": sections["GuideStyleModel"]}
    lines = header("Layouts", "the layout models (`pipeline/render/layouts.py`, `grid.py`)")
    lines += [f"A layout file is `kind: templates` (face templates) or `kind: profiles` (print profiles). Its JSON "
              f"Schema, `schema/{LAYOUTS_SCHEMA_FILE}` of the content root, holds these same descriptions: a file "
              "that starts with `# yaml-language-server: $schema=<path to it>` gets them in the editor, with "
              "completion and typos underlined. Lengths are a number in millimetres or a number and a unit "
              "(`3mm`, `0.3cm`, `0.125in`, `8pt`; a bare font size or stroke width is in points). Boxes are placed "
              "from the face's top-left corner and drawn in the order written.", ""]
    lines += ["## Box types", ""]
    lines += table(["type", "draws"], [(f"[{code(name)}](#{anchor(name)})", meaning) for name, meaning in BOX_TYPES.items()])
    for name, meaning in BOX_TYPES.items():
        model = GridModel if name == GRID else BoxModel
        uses = [code(key) for key, description in _descriptions(model).items() if _applies(description, name)]
        lines += [f"### {name}", "", meaning, "", "Properties: " + ", ".join(uses) + ".", ""]
    for name, heading in sections.items():
        lines += _section(heading, defs[name], {**sections, **aliases}, defs=defs)
    return _page(lines)


def _documented_template(defs: dict[str, Any]) -> dict[str, Any]:
    """A template's keys as the page shows them: its boxes are boxes or grids (the schema tells whole from changed)."""
    template = defs["Template"]
    boxes = {**template["properties"]["boxes"], "additionalProperties": {"anyOf": [{"$ref": "#/$defs/BoxModel"},
                                                                                  {"$ref": "#/$defs/GridModel"}]}}
    return {**template, "properties": {**template["properties"], "boxes": boxes}}


def declared_fields_page() -> str:
    """Every field type a declared game's kinds may use, with an example, and every key of a field declaration."""
    schema = FieldDeclaration.model_json_schema(ref_template="#/$defs/{model}")
    defs = schema.get("$defs", {})
    declaration = defs.get("FieldDeclaration", schema)  # a model that holds itself is written as a reference
    lines = header("Declared field types", "`pipeline/content/declared.py`")
    lines += ["A declared game names its component kinds and their fields in its `game.yaml` (see "
              "[the manifest keys](manifest.md)); each field has a `type`. The content holds the values; `pnp check` "
              "holds every record to the declaration, with file and line.", ""]
    lines += table(["type", "holds"], [(f"[{code(name)}](#{anchor(name)})", meaning) for name, meaning in FIELD_TYPES.items()])
    for name, meaning in FIELD_TYPES.items():
        declared, value = FIELD_EXAMPLES[name]
        lines += [f"## {name}", "", meaning, "", "```yaml", "# game.yaml, under game.kinds.<kind>.fields:", declared,
                  "# a record of the kind:", value, "```", ""]
    sections = {"FieldDeclaration": "Field declaration keys"}
    lines += _section("Field declaration keys", declaration, sections, defs=defs)
    return _page(lines)


def manifest_page() -> str:
    """The manifest (`game.yaml`) keys of a declared game, then those of each shipped game."""
    lines = header("Manifest keys", "the manifest models (`pipeline/content/declared.py`, `pipeline/games/*/models`)")
    lines += ["A game's `game.yaml` says `kind: game` and holds its keys under `game:`. A declared game (`pnp new`) "
              "writes the keys below; the [field types](declared-fields.md) are a page of their own.", ""]
    lines += _model_sections(DeclaredGame, "Declared game", "", "##")
    for game in GAMES.values():
        manifest = next(model for model in game.file_kinds if model.kind_name() == "game")
        lines += [f"## {game.name}", "", f"The manifest of the shipped game `{game.id}`.", ""]
        lines += _model_sections(manifest.model_fields["game"].annotation, f"{game.id}: game", f"{game.id}: ", "###")
    return _page(lines)


def _model_sections(model: Any, title: str, prefix: str, level: str) -> list[str]:
    """A section for the model and one for each model it holds (its `$defs`), each linked from the types."""
    schema = model.model_json_schema(ref_template="#/$defs/{model}")
    defs = schema.pop("$defs", {})
    own = {name: prefix + _words(name) for name in defs if "properties" in defs[name]}
    sections = {model.__name__: title, **own}
    lines = _section(title, schema, sections, level, defs)
    for name in own:
        lines += _section(own[name], defs[name], sections, f"{level}#", defs)
    return lines


def _section(heading: str, schema: dict[str, Any], sections: Sections, level: str = "##",
             defs: dict[str, Any] | None = None) -> list[str]:
    """One model's section: its description and a table of its keys."""
    lines = [f"{level} {heading}", ""]
    for paragraph in paragraphs(schema.get("description", "")):
        lines += [paragraph, ""]
    required = set(schema.get("required", ()))
    rows = []
    for key, prop in schema.get("properties", {}).items():
        default = "required" if key in required else _default(prop)
        rows.append((code(key), _type(prop, sections, defs or {}), default, prop.get("description", "")))
    return [*lines, *table(["key", "type", "default", "meaning"], rows)]


def _type(node: dict[str, Any], sections: Sections, defs: dict[str, Any]) -> str:
    """A schema node's type in words, a model's linked to its section (another definition, an enum, spelt out)."""
    if "$ref" in node:
        name = node["$ref"].rpartition("/")[2]
        if name in sections:
            return f"[{sections[name]}](#{anchor(sections[name])})"
        return _type(defs[name], sections, defs) if name in defs else _words(name)
    if node.get("pattern") == LENGTH_PATTERN:
        return "length"
    for union in ("anyOf", "oneOf"):
        if union in node:
            options = [n for n in node[union] if n.get("type") != "null"]
            if any(n.get("pattern") == LENGTH_PATTERN for n in options):  # a length is a text or a number of mm
                options = [n for n in options if n.get("type") != "number"]
            if all("const" in n for n in options):
                return "one of " + ", ".join(code(str(n["const"])) for n in options)
            return " or ".join(dict.fromkeys(_type(n, sections, defs) for n in options))
    if "enum" in node:
        return "one of " + ", ".join(code(str(value)) for value in node["enum"])
    if "const" in node:
        return code(str(node["const"]))
    kind = node.get("type")
    if kind == "array":
        return "list of " + _type(node.get("items", {}), sections, defs)
    if kind == "object":
        values = node.get("additionalProperties") or next(iter(node.get("patternProperties", {}).values()), None)
        return f"mapping of name to {_type(values, sections, defs)}" if isinstance(values, dict) else "mapping"
    words = {"string": "text", "integer": "integer", "number": "number", "boolean": "true or false", "null": "none"}
    return words.get(str(kind), "any") + _bounds(node)


def _bounds(node: dict[str, Any]) -> str:
    marks = {"minimum": "≥", "exclusiveMinimum": ">", "maximum": "≤", "exclusiveMaximum": "<"}
    found = [f"{mark} {node[key]}" for key, mark in marks.items() if key in node]
    return f" {', '.join(found)}" if found else ""


def _default(node: dict[str, Any]) -> str:
    if "default" not in node:
        return ""
    value = node["default"]
    if value is None:
        return "none"
    return code(value if isinstance(value, str) else json.dumps(value, ensure_ascii=False))


def _words(name: str) -> str:
    """A model's class name as words: `KindDeclaration` -> `Kind declaration`."""
    return re.sub(r"(?<!^)(?=[A-Z])", " ", name).capitalize()


def _descriptions(model: type[BaseModel]) -> dict[str, str]:
    return {info.alias or key: info.description or "" for key, info in model.model_fields.items()}


def _applies(description: str, box_type: str) -> bool:
    """Whether a box property counts for a box type: its description names the types it is for (`text, rows: ...`),
    else it counts for all."""
    named = re.match(r"^([a-z]+(?:, [a-z]+)*): ", description)
    types = named.group(1).split(", ") if named else []
    return not types or not all(name in BOX_TYPES for name in types) or box_type in types


def _page(lines: list[str]) -> str:
    return "\n".join(lines).rstrip("\n") + "\n"

