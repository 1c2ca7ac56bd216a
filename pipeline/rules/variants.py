"""Rule variants for `pnp balance --set`: a rule constant of the manifest (`hand_limit=6,7`) or a designed value
of one content entity addressed by its file, id and field path (`cards.market.aard.cost=2,3`: the file
`cards/market.yaml`, the entity `aard`, its field `cost`), each changed in memory on a copy of the database.

A path goes as deep as the value lies: a field of a field (`packs.mages.mages.gekhira.specialty.name`), a list
item by its id (`automa.automa.levels.death-march.chapter_symbols`) or, for items without an id, by its 1-based
position (`packs.mages.mages.gekhira.specialty.levels.1.1.amount`: level 1, first effect), a mapping entry by
its key (`levelup_draw.4`).

A value is validated by the field's own type and constraints, so `hand_limit=0` is refused as the content
would be. Keys and values are checked before any game is played: a mistake is a `VariantError` naming the
path's first unknown part and the nearest names at that point.
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
SCALARS = (int, float, str, bool, type(None))  # what a path must end at: one value of a field
SHOWN_NAMES = 8  # names listed when none is close to a mistyped part


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
    """A variant as a report names it: each key readable (`readable_key`) with its value; "as shipped" without one."""
    return ", ".join(f"{readable_key(k)}={v}" for k, v in variant.items()) or "as shipped"


def readable_key(key: str) -> str:
    """A `--set` key without the parts its file path repeats: `packs.wild-hunt.wild-hunt.wild-hunt.difficulty` reads
    `wild-hunt.difficulty`, `automa.automa.levels.death-march.chapter_symbols` reads `automa.levels.death-march...`."""
    parts = key.split(".")
    kept = [part for i, part in enumerate(parts) if i == 0 or part != parts[i - 1]]
    return ".".join(kept[1:] if kept[0] == "packs" and len(kept) > 1 else kept)


@dataclass(frozen=True)
class _Target:
    collection: str
    key: Any
    steps: tuple[Any, ...]  # inside the entity: a field name, a list position (int, 0-based) or a mapping key


def _file_stem(db: Database, record: Record) -> str:
    try:
        relative = Path(record.loaded.path).resolve().relative_to(Path(db.root).resolve())
    except ValueError:
        relative = Path(record.loaded.path)
    return ".".join(relative.with_suffix("").parts)


def entity_key(db: Database, collection: str, key: Any) -> str:
    """The `FILE.ID` a `--set` key starts with for one entity (`packs.wild-hunt.wild-hunt.wild-hunt`)."""
    return f"{_file_stem(db, db.collections[collection][key])}.{key}"


def _entities(db: Database) -> dict[str, tuple[str, Any]]:
    """Every entity by `FILE.ID` (the manifest too: `game.old-world.trophy_track.2.fatigue`)."""
    return {
        f"{_file_stem(db, record)}.{key}": (name, key)
        for name, records in db.collections.items() for key, record in records.items()
        if isinstance(record.entity, BaseModel)
    }


def _manifest(db: Database) -> tuple[Any, BaseModel] | None:
    """The manifest's key and its rule constants (None: the game has none)."""
    for key, record in db.collections.get(MANIFEST, {}).items():
        rules = getattr(record.entity, "rules", None)
        if isinstance(rules, BaseModel):
            return key, rules
    return None


def _unknown(key: str, done: str, part: str, names: Sequence[str]) -> VariantError:
    close = difflib.get_close_matches(part, names, n=3, cutoff=0.6)
    where = f"in {done}" if done else "at the top (rule constants and content files)"
    listed = ", ".join(close) if close else ", ".join(names[:SHOWN_NAMES]) + (", ..." if len(names) > SHOWN_NAMES else "")
    what = "nearest" if close else "names there"
    return VariantError(f"--set {key}: no {part!r} {where}; {what}: {listed}")


def _names(value: Any) -> list[str]:
    """The parts a path may take next inside `value`."""
    if isinstance(value, BaseModel):
        return list(type(value).model_fields)
    if isinstance(value, (list, tuple)):
        ids = [str(item.id) for item in value if getattr(item, "id", None) is not None]
        return ids or [str(i) for i in range(1, len(value) + 1)]
    if isinstance(value, dict):
        return [str(k) for k in value]
    return []


def _step(value: Any, part: str) -> Any:
    """The step inside `value` that `part` names, or None."""
    if isinstance(value, BaseModel):
        return part if part in type(value).model_fields else None
    if isinstance(value, (list, tuple)):
        for position, item in enumerate(value):
            if getattr(item, "id", None) is not None and str(item.id) == part:
                return position
        if part.isdigit() and 1 <= int(part) <= len(value):
            return int(part) - 1
        return None
    if isinstance(value, dict):
        return next((k for k in value if str(k) == part), None)
    return None


def _child(value: Any, step: Any) -> Any:
    return getattr(value, step) if isinstance(value, BaseModel) else value[step]


def resolve(db: Database, key: str) -> _Target:
    """The value a key addresses; a `VariantError` names the first part no name matches and the nearest names."""
    parts = key.split(".")
    manifest = _manifest(db)
    entities = _entities(db)
    if manifest is not None and parts[0] in type(manifest[1]).model_fields:
        target = _Target(MANIFEST, manifest[0], ("rules",))
        entity, done, rest = db.collections[MANIFEST][manifest[0]].entity, "", parts
    else:
        for end in range(len(parts), 0, -1):
            if ".".join(parts[:end]) in entities:
                break
        else:
            end = 0
        if end == 0:
            raise _unknown_file(key, parts, entities, manifest)
        collection, entity_key = entities[".".join(parts[:end])]
        target = _Target(collection, entity_key, ())
        entity, done, rest = db.collections[collection][entity_key].entity, ".".join(parts[:end]), parts[end:]
    value = entity
    for step in target.steps:
        value = _child(value, step)
    steps = list(target.steps)
    for part in rest:
        step = _step(value, part)
        if step is None:
            if not _names(value):
                raise VariantError(f"--set {key}: {done} is a value; it has no part {part!r}")
            raise _unknown(key, done, part, _names(value))
        steps.append(step)
        value = _child(value, step)
        done = f"{done}.{part}" if done else part
    if not isinstance(value, SCALARS):
        raise VariantError(f"--set {key}: {done} is not one value; add one of: {', '.join(_names(value)[:SHOWN_NAMES])}")
    return replace(target, steps=tuple(steps))


def _unknown_file(key: str, parts: list[str], entities: dict[str, Any], manifest: Any) -> VariantError:
    """The first part of `key` that no rule constant, file or entity id begins with."""
    prefixes = [name.split(".") for name in entities]
    for depth, part in enumerate(parts):
        done = parts[:depth]
        names = sorted({p[depth] for p in prefixes if len(p) > depth and p[:depth] == done})
        if depth == 0 and manifest is not None:
            names = sorted(type(manifest[1]).model_fields) + names
        if part not in names:
            return _unknown(key, ".".join(done), part, names)
    return VariantError(f"--set {key}: name a field after the entity")


def check_settings(db: Database, settings: Sequence[Setting]) -> None:
    """Refuse an unknown key (naming its first unknown part and the nearest names) or a value its field refuses,
    before any game."""
    for setting in settings:
        resolve(db, setting.key)
    for variant in grid(settings):
        apply_variant(db, variant)


def _updated(value: Any, steps: tuple[Any, ...], raw: str, key: str) -> Any:
    """`value` with the value at `steps` set to `raw`; the innermost model's field validates what changed."""
    step, rest = steps[0], steps[1:]
    if isinstance(value, BaseModel):
        new = _updated(getattr(value, step), rest, raw, key) if rest else raw
        changed = value.model_copy()
        try:  # the field's own type and constraints judge the value, as when the content is loaded
            type(value).__pydantic_validator__.validate_assignment(changed, step, new)
        except ValidationError as exc:
            raise VariantError(f"--set {key}={raw}: {exc.errors()[0]['msg']}") from None
        return changed
    new = _updated(value[step], rest, raw, key) if rest else raw
    if isinstance(value, dict):
        return {**value, step: new}
    items = list(value)
    items[step] = new
    return type(value)(items)


def apply_variant(db: Database, variant: dict[str, str]) -> Database:
    """A copy of the database with the variant's values; the original is unchanged."""
    if not variant:
        return db
    collections = dict(db.collections)
    for key, raw in variant.items():
        target = resolve(db, key)
        records = dict(collections[target.collection])
        record = records[target.key]
        records[target.key] = replace(record, entity=_updated(record.entity, target.steps, raw, key))
        collections[target.collection] = records
    return replace(db, collections=collections)
