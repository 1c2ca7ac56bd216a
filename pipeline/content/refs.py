"""References that describe themselves: a field marked `Ref("locations")` holds the id of a location.

    class School(Entity):
        home: Annotated[Slug, Ref("locations")]

One generic check resolves every marked field of every entity (nested models and lists included)
and reports a dangling one as REF-UNKNOWN at the value's line, so no game writes reference checks.
"""

from __future__ import annotations

import difflib
import types
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Annotated, Any, TypeVar, Union, get_args, get_origin

from pydantic import BaseModel
from pydantic.fields import FieldInfo

from pipeline.findings import Finding

from .database import Database, finding_at
from .models import iter_models
from .schema import field_label

PathKey = tuple[str | int, ...]


@dataclass(frozen=True)
class Ref:
    """Marks a model field (or the items of a list field) as the id of an entity of `collection`."""

    collection: str


@dataclass(frozen=True)
class RefField:
    name: str
    ref: Ref
    many: bool  # a list of ids rather than one


M = TypeVar("M")


def marker_in(annotation: Any, kind: type[M]) -> M | None:
    """The marker of a kind (a `Ref`, an `ImageFile`...) on a type annotation, seen through `| None`."""
    if get_origin(annotation) is Annotated:
        return next((m for m in annotation.__metadata__ if isinstance(m, kind)), None)
    if get_origin(annotation) in (Union, types.UnionType):
        return next((found for arg in get_args(annotation) if (found := marker_in(arg, kind)) is not None), None)
    return None


def field_marker(info: FieldInfo, kind: type[M]) -> M | None:
    """The marker of a kind on a model field. Pydantic lifts a field's outer Annotated metadata into
    `metadata`; inner ones stay in the annotation."""
    return next((m for m in info.metadata if isinstance(m, kind)), None) or marker_in(info.annotation, kind)


@cache
def ref_fields(model: type[BaseModel]) -> tuple[RefField, ...]:
    """The marked fields of one model class (its nested models declare their own)."""
    found = []
    for name, info in model.model_fields.items():
        ref = field_marker(info, Ref)
        if ref is not None:
            found.append(RefField(name, ref, many=False))
            continue
        if (ref := _item_ref(info.annotation)) is not None:
            found.append(RefField(name, ref, many=True))
    return tuple(found)


def _item_ref(annotation: Any) -> Ref | None:
    """The Ref of the items of a `list[Id]`, `tuple[Id, Id]` or `tuple[Id, ...]` annotation."""
    if get_origin(annotation) not in (list, tuple):
        return None
    refs = {marker_in(arg, Ref) for arg in get_args(annotation) if arg is not Ellipsis}
    return refs.pop() if len(refs) == 1 else None


def references(entity: BaseModel) -> Iterator[tuple[PathKey, Ref, Any]]:
    """Every id an entity names: (path inside the entity, its Ref, the id)."""
    for here, model in iter_models(entity):
        for field in ref_fields(type(model)):
            value = getattr(model, field.name)
            if field.many:
                for i, item in enumerate(value):
                    yield (*here, field.name, i), field.ref, item
            elif value is not None:
                yield (*here, field.name), field.ref, value


def dangling_references(db: Database) -> list[Finding]:
    """REF-UNKNOWN for every marked id that names no entity of its collection."""
    findings = []
    for record in db.records_in_file_order():
        if not isinstance(record.entity, BaseModel):
            continue
        for path, ref, value in references(record.entity):
            if db.has(ref.collection, value):
                continue
            message = f"{field_label(path)} names {value!r}, which is not one of the {ref.collection}"
            findings.append(finding_at(record.where(*path), "REF-UNKNOWN", message, _hint(db, ref.collection, value)))
    return findings


def _hint(db: Database, collection: str, value: Any) -> str:
    known = sorted(str(key) for key in db.collections[collection])
    close = difflib.get_close_matches(str(value), known, n=1)
    if close:
        return f"did you mean {close[0]!r}?"
    if known:
        return f"known: {', '.join(known[:12])}{' …' if len(known) > 12 else ''}"
    return f"the content defines no {collection}"
