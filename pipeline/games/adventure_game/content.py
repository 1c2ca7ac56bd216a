"""A typed view of the Adventure Game's database: manifest, guide text, rule data and terms."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from pipeline.content.database import Database, Record
from pipeline.content.views import Entities, First
from pipeline.i18n.models import Term

from .models import REF_KINDS, GlossaryEntry, GuideSection, Manifest, Named


@dataclass(frozen=True)
class AdventureContent:
    db: Database

    manifest = First[Manifest]("game")

    @cached_property
    def source_locale(self) -> str:
        return self.manifest.source_locale if self.manifest else "en"

    entries = Entities[GlossaryEntry]("glossary")

    @cached_property
    def entry_by_id(self) -> dict[str, GlossaryEntry]:
        return {entry.id: entry for entry in self.entries}

    sections = Entities[GuideSection]("guide-sections")

    terms = Entities[Term]("terms")

    @cached_property
    def term_by_id(self) -> dict[str, Term]:
        return {term.id: term for term in self.terms}

    def data(self, kind: str) -> list[Any]:
        """The rule data of a reference kind (`action`, `face`...), in file order."""
        return self.db.all(REF_KINDS[kind])

    def lookup(self, kind: str, key: str) -> Any:
        """One thing of the rule data by reference kind and id, or None."""
        collection = REF_KINDS.get(kind)
        return self.db.get(collection, key) if collection else None

    def named_records(self) -> list[tuple[str, Record]]:
        """Every rule data record that has a name, with its reference kind."""
        found = []
        for kind, collection in REF_KINDS.items():
            for record in self.db.records(collection):
                if isinstance(record.entity, Named):
                    found.append((kind, record))
        return found

    def rule_values(self, variant: str | None = None) -> dict[str, int]:
        """Every number `{rule_key}` can print: component facts and rules, with a variant's replacements."""
        if self.manifest is None:
            return {}
        values = {**self.manifest.components, **self.manifest.rules}
        for found in self.manifest.variants:
            if found.id == variant:
                for key, other in found.replaces.items():
                    if other in values:
                        values[key] = values[other]
        return values

    def collation(self, locale: str) -> str:
        """The locale's umlaut rule for sorting (DIN 5007-2 "expand" unless the manifest says "base")."""
        if self.manifest is None or locale not in self.manifest.collation:
            return "expand"
        return self.manifest.collation[locale].umlauts
