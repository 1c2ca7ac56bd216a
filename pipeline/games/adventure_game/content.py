"""A typed view of the Adventure Game's database: the manifest, the glossary and the rule data the guide names."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pipeline.content.database import Database, Record
from pipeline.content.guide import GuideEntry
from pipeline.content.views import Entities, First

from .models import REF_KINDS, Manifest, Named


@dataclass(frozen=True)
class AdventureContent:
    db: Database

    manifest = First[Manifest]("game")
    entries = Entities[GuideEntry]("glossary")

    def data(self, kind: str) -> list[Any]:
        """The rule data of a reference kind (`action`, `face`...), in file order."""
        return self.db.all(REF_KINDS[kind])

    def lookup(self, kind: str, key: str) -> Any:
        """One thing of the rule data by reference kind and id, or None."""
        collection = REF_KINDS.get(kind)
        return self.db.get(collection, key) if collection else None

    def named_records(self) -> list[tuple[str, Record]]:
        """Every rule data record that has a name, with its reference kind."""
        return [
            (kind, record)
            for kind, collection in REF_KINDS.items()
            for record in self.db.records(collection)
            if isinstance(record.entity, Named)
        ]

    def rule_values(self) -> dict[str, int]:
        """Every number a `{rule_key}` placeholder can print: the component facts and the rules."""
        if self.manifest is None:
            return {}
        return {**self.manifest.components, **self.manifest.rules}
