"""A game's printed text, read from its loaded database: the strings a translation covers (content fields,
message templates, guide), a Localizer over them, and the text helpers every builder of printed pieces uses."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel

from pipeline.content.database import Database, Record
from pipeline.content.texts import FieldPath, TextIndex, text_index

from .localizer import Describe, Localizer
from .messages import Message, SourceString

TEXTS = "texts"  # the collection of message templates (kind `texts`, pipeline/i18n/models.py)


def message_templates(db: Database) -> list[SourceString]:
    """The English message templates of the content (msgctxt = the template id), with where each is written."""
    return [
        SourceString(t.id, t.text, plural=t.plural, count=t.count, path=r.loaded.path,
                     line=r.loaded.position([*r.path, "text"]).line, note=t.note)
        for r in db.every_record(TEXTS)  # every pack's: the catalogs cover them whether selected or not
        for t in [r.entity]
    ]


def content_strings(db: Database) -> list[SourceString]:
    """The content's translatable fields (msgctxt from the models), with where each is written: the fields of the
    database's TextIndex, which the faces, boards and guides of every locale print from, so they are walked once."""
    return [
        SourceString(f.context, f.source, path=f.record.loaded.path, line=_written_line(f.record, f.path), note=f.note)
        for f in text_index(db).fields
    ]


def _written_line(record: Record, path: FieldPath) -> int:
    """The line of a field, or of its nearest parent the file writes (a field left to its default is not)."""
    full = [*record.path, *path]
    while len(full) > len(record.path) and not record.loaded.has(full):
        full.pop()
    return record.loaded.position(full).line


def translatable_strings(db: Database, printed: Sequence[SourceString] = ()) -> list[SourceString]:
    """Every string a translation covers: the content's translatable fields, the message templates, then
    `printed` (what a game prints beyond them, e.g. its guide); a context is listed once, first come first kept."""
    out: list[SourceString] = []
    seen: set[str] = set()
    for string in [*content_strings(db), *message_templates(db), *printed]:
        if string.context not in seen:
            seen.add(string.context)
            out.append(string)
    return out


def game_localizer(db: Database, locale: str, describe: Describe) -> Localizer:
    """A game's Localizer for a locale: its catalog, its message templates and its effect sentences."""
    manifests = db.all("game")
    source_locale = getattr(manifests[0], "source_locale", "en") if manifests else "en"
    return Localizer.load(locale, db.root, message_templates(db), describe, source_locale)


class LocalizedText:
    """`text` and `label` over a Localizer `loc`, for builders of printed pieces (faces, boards)."""

    loc: Any
    texts: TextIndex  # the contexts of the content's translatable fields

    def text(self, owner: BaseModel, name: str) -> str:
        """A translatable field of a content model, in the locale (empty stays empty)."""
        source = getattr(owner, name)
        return str(self.loc.text(self.texts.context(owner, name), source)) if source else ""

    def label(self, context: str, **params: Any) -> str:
        """A message template of the game filled with params."""
        return str(self.loc.message(Message(context, params)))

