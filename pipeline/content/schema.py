"""JSON Schemas generated from a game's file models, and raw-data validation against them.

The schemas are committed under `content/schema/<game>/` so editors (yaml-language-server)
autocomplete and underline mistakes; `pnp schema --check` fails when they are stale.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pipeline.atomic import write_atomic
from pipeline.findings import Finding, error
from pipeline.reading import YAML_LIMIT, UnreadableFile, read_input

from .models import SLUG_PATTERN, ContentFile
from .yaml_loader import LoadedFile

if TYPE_CHECKING:
    from jsonschema.exceptions import ValidationError

JSON_SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"


def schema_for(model: type[ContentFile], game_id: str) -> dict[str, Any]:
    """The JSON Schema of one file kind, with discriminated unions turned into if/then rules.

    jsonschema ignores OpenAPI's `discriminator`, so a plain `oneOf` would test every effect class
    against every effect and report all of them; keyed if/then tests one, and says why it failed.
    """
    schema = model.model_json_schema()
    schema = _rewrite_discriminators(schema)
    return {
        "$schema": JSON_SCHEMA_DIALECT,
        "$id": f"{SCHEMA_BASE}/{game_id}/{model.kind_name()}.schema.json",
        **schema,
    }


def _rewrite_discriminators(node: Any) -> Any:
    if isinstance(node, list):
        return [_rewrite_discriminators(item) for item in node]
    if not isinstance(node, dict):
        return node
    node = {key: _rewrite_discriminators(value) for key, value in node.items()}
    discriminator = node.get("discriminator")
    if isinstance(discriminator, dict) and "mapping" in discriminator and "oneOf" in node:
        prop = discriminator["propertyName"]
        mapping: dict[str, str] = discriminator["mapping"]
        rewritten = {k: v for k, v in node.items() if k not in ("oneOf", "discriminator")}
        rewritten.update(
            {
                "type": "object",
                "required": [prop],
                "properties": {prop: {"enum": sorted(mapping)}},
                "allOf": [
                    {"if": {"properties": {prop: {"const": name}}}, "then": {"$ref": ref}}
                    for name, ref in sorted(mapping.items())
                ],
            }
        )
        return rewritten
    return node


SHARED_FILE = "_shared.schema.json"  # not a kind's file name: a kind is a slug, which has no underscore
SCHEMA_BASE = "https://pnp-pipeline.invalid/schema"


def schema_text(schema: dict[str, Any]) -> str:
    return json.dumps(schema, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def schema_files(game_id: str, models: Iterable[type[ContentFile]]) -> dict[str, dict[str, Any]]:
    """The committed schema files of a game's file kinds, by file name: a definition that two or more kinds hold
    alike (the Old World effect union) is written once, in `_shared.schema.json`, and each kind's file refers to
    it as `_shared.schema.json#/$defs/<name>` (relative to the file's `$id`, so to its sibling file on disk too).
    Validation reads the whole schema of a kind (`schema_for`); these files are for editors and readers."""
    kinds = {model.kind_name(): schema_for(model, game_id) for model in models}
    shared = _shared_definitions([schema.get("$defs", {}) for schema in kinds.values()])
    files: dict[str, dict[str, Any]] = {}
    for kind, schema in kinds.items():
        own = {name: d for name, d in schema.get("$defs", {}).items() if name not in shared}
        rest = {key: value for key, value in schema.items() if key != "$defs"}
        files[f"{kind}.schema.json"] = _to_shared({**rest, **({"$defs": own} if own else {})}, shared)
    if shared:
        files[SHARED_FILE] = {"$schema": JSON_SCHEMA_DIALECT, "$id": f"{SCHEMA_BASE}/{game_id}/{SHARED_FILE}",
                              "title": f"Definitions shared by the file kinds of {game_id}", "$defs": shared}
    return files


def _shared_definitions(kinds: list[dict[str, Any]]) -> dict[str, Any]:
    """The definitions that two or more kinds hold, each alike in every kind that holds it, together with every
    definition they refer to (so the shared file refers to nothing outside itself)."""
    seen: dict[str, list[Any]] = {}
    for defs in kinds:
        for name, definition in defs.items():
            seen.setdefault(name, []).append(definition)
    shared = {name: found[0] for name, found in seen.items() if len(found) > 1 and all(d == found[0] for d in found)}
    while True:  # drop a shared definition that refers to one that is not shared alike
        broken = {name for name, definition in shared.items() if not _local_refs(definition) <= shared.keys()}
        if not broken:
            return shared
        shared = {name: definition for name, definition in shared.items() if name not in broken}


def _local_refs(node: Any) -> set[str]:
    if isinstance(node, list):
        return set().union(*(_local_refs(item) for item in node)) if node else set()
    if not isinstance(node, dict):
        return set()
    found = {node["$ref"].removeprefix("#/$defs/")} if str(node.get("$ref", "")).startswith("#/$defs/") else set()
    return found.union(*(_local_refs(value) for value in node.values()))


def _to_shared(node: Any, shared: dict[str, Any]) -> Any:
    """node with each reference to a shared definition pointing into the shared file."""
    if isinstance(node, list):
        return [_to_shared(item, shared) for item in node]
    if not isinstance(node, dict):
        return node
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/$defs/") and ref.removeprefix("#/$defs/") in shared:
        node = {**node, "$ref": f"{SHARED_FILE}{ref}"}
    return {key: value if key == "$ref" else _to_shared(value, shared) for key, value in node.items()}


def write_schemas(schema_root: Path, game_id: str, models: Iterable[type[ContentFile]]) -> list[Path]:
    """Write the game's schema files (`schema_files`); return the paths that changed."""
    return [path for name, schema in schema_files(game_id, models).items()
            if write_schema(path := schema_root / game_id / name, schema)]


def write_schema(path: Path, schema: dict[str, Any]) -> bool:
    """Write one schema file unless it holds the schema already; whether it was written."""
    if is_current(path, schema):
        return False
    write_atomic(path, schema_text(schema).encode("utf-8"))
    return True


def is_current(path: Path, schema: dict[str, Any]) -> bool:
    """Whether the file holds exactly the schema as `pnp schema` writes it."""
    return holds_text(path, schema_text(schema))


def stale_schemas(schema_root: Path, game_id: str, models: Iterable[type[ContentFile]]) -> list[Path]:
    """Schema files that are missing or differ from what the models generate."""
    return [schema_root / game_id / name for name, schema in schema_files(game_id, models).items()
            if not is_current(schema_root / game_id / name, schema)]


def holds_text(path: Path, text: str) -> bool:
    """Whether the file holds exactly text; a missing, oversized or special file (a FIFO) does not (also the
    generated reference pages' test, `pnp docs --check`)."""
    try:
        return read_input(path, YAML_LIMIT) == text.encode("utf-8")
    except UnreadableFile:
        return False


class SchemaValidator:
    """Validates raw YAML data of one file kind and phrases each error for a person."""

    def __init__(self, schema: dict[str, Any]) -> None:
        # Imported here: jsonschema is only needed once a file fails the fast model check.
        from jsonschema import Draft202012Validator

        # The schema is trusted (generated, and checked against the meta-schema in tests).
        self._validator = Draft202012Validator(schema)

    def validate(self, loaded: LoadedFile) -> list[Finding]:
        findings = []
        for err in self._validator.iter_errors(loaded.data):
            for leaf in _leaves(err):
                findings.append(_finding(leaf, loaded))
        return sorted(set(findings))


def _leaves(err: ValidationError) -> list[ValidationError]:
    """The errors worth showing: for if/then and anyOf, the failing sub-errors, not the wrapper."""
    if err.validator in ("anyOf", "oneOf") and err.context:
        # Nullable fields (X | None) produce anyOf[X, null]: report the branch that fits the type.
        non_null = [e for e in err.context if e.validator != "type" or "null" not in str(e.validator_value)]
        deepest = max(non_null or err.context, key=lambda e: len(e.absolute_path))
        return _leaves(deepest)
    return [err]


def _finding(err: ValidationError, loaded: LoadedFile) -> Finding:
    path = list(err.absolute_path)
    message = describe(err)
    if err.validator == "additionalProperties" and isinstance(err.instance, dict):
        allowed = set(err.schema.get("properties", {}))
        extra = sorted(k for k in err.instance if k not in allowed)
        if extra:
            pos = loaded.key_position([*path, extra[0]])
            return error("SCHEMA", message, loaded.display, pos.line, pos.column)
    pos = loaded.nearest_position(path)
    return error("SCHEMA", message, loaded.display, pos.line, pos.column)


def field_label(path: Sequence[str | int]) -> str:
    """`cards[3].cost` style label of a path inside a file."""
    label = ""
    for part in path:
        label += f"[{part}]" if isinstance(part, int) else (f".{part}" if label else str(part))
    return label or "the file"


def describe(err: ValidationError) -> str:
    """A sentence a designer understands: 'cards[2].cost must be an integer ≥ 0, got 'three''."""
    where = field_label(list(err.absolute_path))
    schema = err.schema if isinstance(err.schema, dict) else {}
    value = err.instance
    kind = err.validator
    if kind == "type":
        return f"{where} must be {_type_phrase(schema)}, got {_show(value)}"
    if kind == "required":
        missing = str(err.message).split("'")[1] if "'" in str(err.message) else str(err.validator_value)
        return f"{where} is missing the required field '{missing}'"
    if kind == "additionalProperties":
        allowed = sorted(schema.get("properties", {}))
        extra = sorted(k for k in value if k not in allowed) if isinstance(value, dict) else []
        return f"{where} has unknown field(s) {', '.join(repr(k) for k in extra)}; allowed: {', '.join(allowed)}"
    if kind in ("minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum"):
        return f"{where} must be {_bounds_phrase(schema)}, got {_show(value)}"
    if kind in ("enum", "const"):
        options = schema.get("enum", [schema.get("const")])
        if where.endswith(".type") or where == "type":
            return f"unknown type {_show(value)} at {where}; known types: {', '.join(map(str, options))}"
        return f"{where} must be one of {', '.join(map(str, options))}; got {_show(value)}"
    if kind == "pattern":
        if err.validator_value == SLUG_PATTERN:
            return f"{where} must be a kebab-case id (lowercase letters, digits, single hyphens), got {_show(value)}"
        return f"{where} must match the pattern {err.validator_value}, got {_show(value)}"
    if kind in ("minItems", "maxItems"):
        count = len(value) if isinstance(value, list) else "?"
        bound = "at least" if kind == "minItems" else "at most"
        return f"{where} must have {bound} {err.validator_value} item(s), got {count}"
    if kind in ("minLength", "maxLength"):
        bound = "at least" if kind == "minLength" else "at most"
        return f"{where} must have {bound} {err.validator_value} character(s), got {_show(value)}"
    return f"{where}: {err.message}"


def _type_phrase(schema: dict[str, Any]) -> str:
    kind = schema.get("type")
    names = {
        "integer": "an integer",
        "number": "a number",
        "string": "a text",
        "boolean": "true or false",
        "array": "a list",
        "object": "a mapping",
        "null": "empty",
    }
    if isinstance(kind, list):
        phrase = " or ".join(names.get(str(k), str(k)) for k in kind)
    else:
        phrase = names.get(str(kind), str(kind))
    bounds = _bounds_phrase(schema)
    return f"{phrase} {bounds}" if bounds and kind in ("integer", "number") else phrase


def _bounds_phrase(schema: dict[str, Any]) -> str:
    low, high = schema.get("minimum"), schema.get("maximum")
    if "exclusiveMinimum" in schema:
        low_text = f"> {schema['exclusiveMinimum']}"
    elif low is not None:
        low_text = f"≥ {low}"
    else:
        low_text = ""
    high_text = f"≤ {high}" if high is not None else ""
    if low is not None and high is not None:
        return f"from {low} to {high}"
    return " and ".join(t for t in (low_text, high_text) if t)


def _show(value: Any) -> str:
    if isinstance(value, str):
        return repr(value) if len(value) <= 40 else repr(value[:37] + "...")
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if value is None:
        return "nothing"
    return json.dumps(value)
