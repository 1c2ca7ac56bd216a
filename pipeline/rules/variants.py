"""Rule variants for `pnp balance --set`: a rule constant of the manifest (`hand_limit=6,7`) or a designed value
of one content entity addressed by its file and id (`cards.market.aard.cost=2,3`: the file
`cards/market.yaml`, the entity `aard`, its field `cost`), each changed in memory on a copy of the database.

A value is validated by the field's own type and constraints, so `hand_limit=0` is refused as the content
would be. Keys and values are checked before any game is played: a mistake is a `VariantError` naming the
nearest known key.
"""

from __future__ import annotations

import difflib
import itertools
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from pipeline.content.database import Database, Record

MANIFEST = "game"  # the collection of a game's manifest, whose `rules` holds the rule constants


class VariantError(ValueError):
    """A `--set` the content cannot take: an unknown key or a value its field refuses."""


@dataclass(frozen=True)
class Setting:
    """One key with the values to try."""

    key: str
    values: tuple[str, ...]


def parse_setting(text: str) -> Setting:
    """`KEY=V1,V2,...` as written on the command line."""
    key, sep, values = text.partition("=")
    parts = tuple(v.strip() for v in values.split(","))
    if not sep or not key.strip() or not all(parts):
        raise VariantError(f"--set {text!r}: write KEY=V1,V2,... (e.g. hand_limit=6,7,8)")
    return Setting(key.strip(), parts)


def grid(settings: Sequence[Setting]) -> list[dict[str, str]]:
    """Every combination of the settings' values, in the order written; one empty variant without settings."""
    keys = [s.key for s in settings]
    return [dict(zip(keys, combo, strict=True)) for combo in itertools.product(*(s.values for s in settings))]


def label(variant: dict[str, str]) -> str:
    return ", ".join(f"{k}={v}" for k, v in variant.items()) or "as shipped"


@dataclass(frozen=True)
class _Target:
    collection: str
    key: Any
    path: tuple[str, ...]  # the field path inside the entity: ("rules", "hand_limit") or ("cost",)


def _rule_constants(db: Database) -> tuple[Any, type[BaseModel]] | None:
    """The manifest's key and the model of its rule constants (None: the game has none)."""
    records = db.collections.get(MANIFEST, {})
    for key, record in records.items():
        fields = type(record.entity).model_fields if isinstance(record.entity, BaseModel) else {}
        rules: Any = fields["rules"].annotation if "rules" in fields else None
        if isinstance(rules, type) and issubclass(rules, BaseModel):
            return key, rules
    return None


def _file_stem(db: Database, record: Record) -> str:
    try:
        relative = Path(record.loaded.path).resolve().relative_to(Path(db.root).resolve())
    except ValueError:
        relative = Path(record.loaded.path)
    return ".".join(relative.with_suffix("").parts)


def _entity_keys(db: Database) -> dict[str, _Target]:
    """Every designed scalar field of every entity, by its dotted key."""
    keys: dict[str, _Target] = {}
    for name, records in db.collections.items():
        if name == MANIFEST:
            continue
        for key, record in records.items():
            entity = record.entity
            if not isinstance(entity, BaseModel):
                continue
            stem = _file_stem(db, record)
            for field, value in entity:
                if isinstance(value, (int, float, str)) and not isinstance(value, bool) and field != "id":
                    keys[f"{stem}.{key}.{field}"] = _Target(name, key, (field,))
    return keys


def known_keys(db: Database) -> dict[str, _Target]:
    """Every key `--set` accepts for this content: rule constants by name, entity fields by dotted path."""
    keys: dict[str, _Target] = {}
    found = _rule_constants(db)
    if found is not None:
        manifest_key, rules = found
        for field in rules.model_fields:
            keys[field] = _Target(MANIFEST, manifest_key, ("rules", field))
    keys.update(_entity_keys(db))
    return keys


def _updated(model: BaseModel, path: tuple[str, ...], raw: str, key: str) -> BaseModel:
    field, rest = path[0], path[1:]
    if rest:
        inner = getattr(model, field)
        return model.model_copy(update={field: _updated(inner, rest, raw, key)})
    changed = model.model_copy()
    try:  # the field's own type and constraints judge the value, as when the content is loaded
        type(model).__pydantic_validator__.validate_assignment(changed, field, raw)
    except ValidationError as exc:
        reason = exc.errors()[0]["msg"]
        raise VariantError(f"--set {key}={raw}: {reason}") from None
    return changed


def check_settings(db: Database, settings: Sequence[Setting]) -> None:
    """Refuse an unknown key (naming the nearest known one) or a value its field refuses, before any game."""
    keys = known_keys(db)
    for setting in settings:
        if setting.key not in keys:
            close = difflib.get_close_matches(setting.key, list(keys), n=1)
            hint = f"; did you mean {close[0]}?" if close else "; keys are rule constants (hand_limit) or FILE.ID.FIELD"
            raise VariantError(f"--set: {db.game_id} has no key {setting.key!r}{hint}")
    for variant in grid(settings):
        apply_variant(db, variant)


def apply_variant(db: Database, variant: dict[str, str]) -> Database:
    """A copy of the database with the variant's values; the original is unchanged."""
    if not variant:
        return db
    keys = known_keys(db)
    collections = dict(db.collections)
    for key, raw in variant.items():
        target = keys[key]
        records = dict(collections[target.collection])
        record = records[target.key]
        records[target.key] = replace(record, entity=_updated(record.entity, target.path, raw, key))
        collections[target.collection] = records
    return replace(db, collections=collections)
