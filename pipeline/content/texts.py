"""Translatable text that describes itself: a field marker, and the msgctxt of every marked field derived from the models.

A model marks a field translatable by its type (`name: Translated`, `text: OptionalTranslated = ""`). The
context of a field is the path to it, built from stable names only:

    <prefix>[:<key>] (:<field> | :<field>:<item key>)* :<field>

`prefix` is the entity's `text_prefix` (kebab-case class name unless set), `key` its `text_key()`
(its id, an event's number). Nested models add their field's name; list items add their own key
(`help-card:action-help:sections:draw-and-gain:lines:hand-limit:text`); items without a key (an
effect in a list) add none; items of a `Lettered` list add their printed letter
(`exploration:city-07:options:a:label`). Extraction (`content_fields`, for `pnp i18n extract`) and
printing (`TextIndex.context`, for the face, board and guide builders) both read this one walk.
"""

from __future__ import annotations

import string
import weakref
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from enum import Enum
from typing import Annotated, Any, TypeVar

from pydantic import AfterValidator, BaseModel, Field

from pipeline.findings import Finding

from .database import Database, Record, finding_at

T = TypeVar("T")


@dataclass(frozen=True)
class Translatable:
    """Marks a str field as text a translation must cover.

    `note`: what translators are told about the field, from the model that holds it (e.g. the numbers
    an author's wording of structured effects must show: `pipeline.rules.effects.RulesWording`).
    """

    note: Callable[[BaseModel], str] | None = None


@dataclass(frozen=True)
class Lettered:
    """Marks a list whose items are printed with letters (A, B, ...): the letter is the item's key."""


Translated = Annotated[str, Field(min_length=1), Translatable()]
OptionalTranslated = Annotated[str, Translatable()]  # empty when the content has none

FieldPath = tuple[str | int, ...]


def _keys_unique(items: list[Any]) -> list[Any]:
    keys = [text_key(item) for item in items]
    twice = sorted({key for key in keys if key and keys.count(key) > 1})
    if twice:
        raise ValueError(f"ids must be unique in this list (they key its translations): {', '.join(twice)} given twice")
    return items


# A list whose items' ids must be unique (put in the Annotated of a list field).
UniqueKeys = AfterValidator(_keys_unique)


@dataclass(frozen=True)
class TextField:
    """One translatable field of the content: its msgctxt, its English and where it is written."""

    context: str
    source: str
    record: Record
    path: FieldPath  # from the record's entity to the field, for its YAML position
    note: str = ""
    owner: Any = None  # the model that holds the field
    name: str = ""  # the field's name in the owner


def text_prefix(model: type[BaseModel]) -> str:
    """The first part of an entity's contexts: its `text_prefix`, else its class name in kebab-case."""
    declared = getattr(model, "text_prefix", "")
    if declared:
        return str(declared)
    name = model.__name__
    return "".join(f"-{c.lower()}" if c.isupper() and i else c.lower() for i, c in enumerate(name))


def text_key(model: BaseModel) -> str:
    """What names a model among its siblings: its `text_key()`, else its id; "" when it has neither."""
    method = getattr(type(model), "text_key", None)  # asked of the class: a model's missing attribute is slow
    if callable(method):
        return str(method(model) or "")
    key = getattr(model, "id", None) if "id" in type(model).model_fields else None
    if isinstance(key, Enum):
        key = key.value
    return key if isinstance(key, str) else ""


def content_fields(db: Database) -> Iterator[TextField]:
    """Every non-empty translatable field of the content, in file order, each with a unique context
    (a clash is also a finding: `context_clashes`)."""
    seen: set[str] = set()
    for found in _fields(db):
        yield _unique(found, seen)


def context_clashes(db: Database) -> list[Finding]:
    """TEXT-CONTEXT-CLASH where two translatable texts would share one msgctxt (two keyless items alike,
    or an id that repeats another path): their translations would follow their order, so it is an error."""
    first: dict[str, TextField] = {}
    findings = []
    for found in _fields(db):
        earlier = first.setdefault(found.context, found)
        if earlier is found:
            continue
        where, there = found.record.where(*found.path), earlier.record.where(*earlier.path)
        message = f"msgctxt {found.context!r} is also the context of the text at {there.file}:{there.line}"
        findings.append(finding_at(where, "TEXT-CONTEXT-CLASH", message,
                                   "give the item (or the one before it) an id of its own"))
    return findings


def _fields(db: Database) -> list[TextField]:
    """Every non-empty translatable field of the content in file order, walked once per database (the clash
    check, the text index and extraction each read them all; a loaded database does not change)."""
    return _once_per_database(_FIELDS, db, lambda: list(_walk_content(db)))


def _walk_content(db: Database) -> Iterator[TextField]:
    for record in db.records_in_file_order():
        entity = record.entity
        if not isinstance(entity, BaseModel):
            continue
        key = text_key(entity)
        base = f"{text_prefix(type(entity))}:{key}" if key else text_prefix(type(entity))
        yield from _walk(record, entity, base, ())


def _unique(found: TextField, seen: set[str]) -> TextField:
    """The field, its context suffixed -2, -3... when it clashes with an earlier one (reported by
    `context_clashes`), so extraction and printing still agree on every context."""
    context, n = found.context, 2
    while context in seen:
        context, n = f"{found.context}-{n}", n + 1
    seen.add(context)
    return found if context == found.context else TextField(context, found.source, found.record, found.path,
                                                            found.note, found.owner, found.name)


def _walk(record: Record, model: BaseModel, base: str, path: FieldPath) -> Iterator[TextField]:
    for name, info in type(model).model_fields.items():
        value = getattr(model, name)
        marker = next((m for m in info.metadata if isinstance(m, Translatable)), None)
        if marker is not None:
            if not isinstance(value, str):
                raise TypeError(f"{type(model).__name__}.{name} is marked translatable but is not a string")
            if value:
                note = marker.note(model) if marker.note is not None else ""
                yield TextField(f"{base}:{_segment(name)}", value, record, (*path, name), note, model, name)
        elif isinstance(value, BaseModel):
            yield from _walk(record, value, f"{base}:{_segment(name)}", (*path, name))
        elif isinstance(value, (list, tuple)) and value:
            lettered = any(isinstance(m, Lettered) for m in info.metadata)
            yield from _items(record, value, f"{base}:{_segment(name)}", (*path, name), lettered)


def _segment(name: str) -> str:
    return name.replace("_", "-")


def _items(record: Record, items: Any, base: str, path: FieldPath, lettered: bool) -> Iterator[TextField]:
    for index, item in enumerate(items):
        if isinstance(item, BaseModel):
            key = string.ascii_lowercase[index] if lettered else text_key(item)
            yield from _walk(record, item, f"{base}:{key}" if key else base, (*path, index))
        elif isinstance(item, (list, tuple)):
            yield from _items(record, item, base, (*path, index), False)


def text_index(db: Database) -> TextIndex:
    """The database's TextIndex, made once per database (every face, board and guide builder of each locale
    asks for it; a loaded database does not change)."""
    return _once_per_database(_INDEXES, db, lambda: TextIndex(db))


def _once_per_database(store: dict[int, tuple[weakref.ref[Database], T]], db: Database, make: Callable[[], T]) -> T:
    """What `make` derives from a live database, kept by its id with a weak reference that drops the entry with
    the database (so a new database at a recycled id never meets an old value)."""
    held = store.get(id(db))
    if held is not None and held[0]() is db:
        return held[1]
    value = make()
    key = id(db)
    store[key] = (weakref.ref(db, lambda _: store.pop(key, None)), value)
    return value


class TextIndex:
    """The msgctxt of every translatable field of a database, asked by the model that holds it."""

    def __init__(self, db: Database) -> None:
        self.fields = list(content_fields(db))
        self._by_field = {(id(f.owner), f.name): f for f in self.fields}

    def context(self, owner: BaseModel, name: str) -> str:
        """The context of a field of a model of this database; a field that is not translatable raises."""
        found = self._by_field.get((id(owner), name))
        if found is None or found.owner is not owner:
            raise KeyError(f"{type(owner).__name__}.{name} is no translatable field of this database")
        return found.context


# The index and the translatable fields of each live database (`_once_per_database`).
_INDEXES: dict[int, tuple[weakref.ref[Database], TextIndex]] = {}
_FIELDS: dict[int, tuple[weakref.ref[Database], list[TextField]]] = {}
