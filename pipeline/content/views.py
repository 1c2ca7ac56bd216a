"""Typed views of a database's collections, declared once per field instead of a property each.

    class OldWorldContent:
        db: Database
        schools = Entities[School]("schools")
        school_records = Records[School]("schools")
        manifest = First[Manifest]("game")

The list is read on first use and kept on the instance (like functools.cached_property). A name
that is not one of the game's collections raises UnknownCollection on first use, never an empty list.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, Generic, TypeVar, overload

from .database import Database, Record

T = TypeVar("T")


class _CollectionView(ABC, Generic[T]):
    """A non-data descriptor reading one collection on first use and keeping the result on the view."""

    def __init__(self, collection: str) -> None:
        self.collection = collection
        self.attribute = collection

    def __set_name__(self, owner: type, name: str) -> None:
        self.attribute = name

    @abstractmethod
    def read(self, db: Database) -> Any:
        """What the view makes of the collection."""

    def __get__(self, view: Any, owner: type) -> Any:
        if view is None:
            return self
        value = self.read(view.db)
        view.__dict__[self.attribute] = value  # later reads find it first
        return value


class Entities(_CollectionView[T]):
    """Every entity of one collection, in the order the database indexed them."""

    def read(self, db: Database) -> list[T]:
        return db.all(self.collection)

    @overload
    def __get__(self, view: None, owner: type) -> Entities[T]: ...
    @overload
    def __get__(self, view: object, owner: type) -> list[T]: ...
    def __get__(self, view: Any, owner: type) -> Any:
        return super().__get__(view, owner)


class First(_CollectionView[T]):
    """The first entity of a collection (a manifest), or None when the content has none."""

    def read(self, db: Database) -> T | None:
        entities = db.all(self.collection)
        return entities[0] if entities else None

    @overload
    def __get__(self, view: None, owner: type) -> First[T]: ...
    @overload
    def __get__(self, view: object, owner: type) -> T | None: ...
    def __get__(self, view: Any, owner: type) -> Any:
        return super().__get__(view, owner)


class Records(_CollectionView[T]):
    """Every record (entity and where it is written) of one collection, in the order the database indexed them."""

    def read(self, db: Database) -> list[Record[T]]:
        return db.records(self.collection)

    @overload
    def __get__(self, view: None, owner: type) -> Records[T]: ...
    @overload
    def __get__(self, view: object, owner: type) -> list[Record[T]]: ...
    def __get__(self, view: Any, owner: type) -> Any:
        return super().__get__(view, owner)


class FirstRecord(_CollectionView[T]):
    """The record of the first entity of a collection (a manifest and where it is written), or None."""

    def read(self, db: Database) -> Record[T] | None:
        records = db.records(self.collection)
        return records[0] if records else None

    @overload
    def __get__(self, view: None, owner: type) -> FirstRecord[T]: ...
    @overload
    def __get__(self, view: object, owner: type) -> Record[T] | None: ...
    def __get__(self, view: Any, owner: type) -> Any:
        return super().__get__(view, owner)
