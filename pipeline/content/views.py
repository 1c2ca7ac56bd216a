"""Typed views of a database's collections, declared once per field instead of a property each.

    class OldWorldContent:
        db: Database
        schools = Entities[School]("schools")
        manifest = First[Manifest]("game")

The list is read on first use and kept on the instance (like functools.cached_property).
"""

from __future__ import annotations

from typing import Any, Generic, TypeVar, overload

T = TypeVar("T")


class Entities(Generic[T]):
    """Every entity of one collection, in the order the database indexed them."""

    def __init__(self, collection: str) -> None:
        self.collection = collection
        self.attribute = collection

    def __set_name__(self, owner: type, name: str) -> None:
        self.attribute = name

    @overload
    def __get__(self, view: None, owner: type) -> Entities[T]: ...
    @overload
    def __get__(self, view: object, owner: type) -> list[T]: ...
    def __get__(self, view: Any, owner: type) -> Any:
        if view is None:
            return self
        value = view.db.all(self.collection)
        view.__dict__[self.attribute] = value  # later reads find it first (a non-data descriptor)
        return value


class First(Generic[T]):
    """The first entity of a collection (a manifest), or None when the content has none."""

    def __init__(self, collection: str) -> None:
        self.collection = collection
        self.attribute = collection

    def __set_name__(self, owner: type, name: str) -> None:
        self.attribute = name

    @overload
    def __get__(self, view: None, owner: type) -> First[T]: ...
    @overload
    def __get__(self, view: object, owner: type) -> T | None: ...
    def __get__(self, view: Any, owner: type) -> Any:
        if view is None:
            return self
        found = view.db.all(self.collection)
        value = found[0] if found else None
        view.__dict__[self.attribute] = value
        return value
