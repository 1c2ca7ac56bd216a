"""A game's printed text, read from its loaded database: the message templates of `texts/*.yaml` and a
Localizer over them, plus the small text helpers every builder of printed pieces uses."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pipeline.content.database import Database, Record

from .localizer import Describe, Localizer
from .messages import Message, SourceString

TEXTS = "texts"  # the collection of message templates (kind `texts`, pipeline/i18n/models.py)


def message_templates(db: Database) -> list[SourceString]:
    """The English message templates of the content, by msgctxt."""
    return [
        SourceString(t.id, t.text, plural=t.plural, count=t.count, path=r.loaded.path, note=t.note)
        for r in db.records(TEXTS)
        for t in [r.entity]
    ]


def game_localizer(db: Database, locale: str, describe: Describe) -> Localizer:
    """A game's Localizer for a locale: its catalog, its message templates and its effect sentences."""
    manifests = db.all("game")
    source_locale = getattr(manifests[0], "source_locale", "en") if manifests else "en"
    return Localizer.load(locale, db.root, message_templates(db), describe, source_locale)


class LocalizedText:
    """`t` and `label` over a Localizer `loc`, for builders of printed pieces (faces, boards)."""

    loc: Any

    def t(self, context: str, source: str) -> str:
        """A content string in the locale (empty stays empty)."""
        return str(self.loc.text(context, source)) if source else ""

    def label(self, context: str, **params: Any) -> str:
        """A message template of the game filled with params."""
        return str(self.loc.message(Message(context, params)))


@dataclass
class StringCollector:
    """Collects a game's translatable strings once each, with the YAML position of the field they come from."""

    strings: list[SourceString] = field(default_factory=list)
    seen: set[str] = field(default_factory=set)

    def add(self, record: Record, context: str, text: str, *path: str | int, note: str = "") -> None:
        if not text or context in self.seen:
            return
        self.seen.add(context)
        pos = record.loaded.position([*record.path, *path])
        self.strings.append(SourceString(context, text, path=record.loaded.path, line=pos.line, note=note))
