"""Every effect in the database with the record and path it sits at, for checks that point at it."""

from __future__ import annotations

from collections.abc import Iterator

from pipeline.content.database import Database, Record
from pipeline.content.models import iter_models
from pipeline.rules.effects import Effect


def effects_in(db: Database) -> Iterator[tuple[Record, tuple[str | int, ...], Effect]]:
    for collection in db.collections.values():
        for record in collection.values():
            for path, model in iter_models(record.entity):
                if isinstance(model, Effect):
                    yield record, path, model
