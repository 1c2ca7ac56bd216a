"""The translatable strings of what Path of Destiny prints beyond its components' own texts.

Message templates (`texts/*.yaml`, msgctxt = the template id), help cards
(`help-card:<id>:section-1:line-2`) and the reference guide (see guide.py).
"""

from __future__ import annotations

from collections.abc import Iterable

from pipeline.content.database import Database, Record
from pipeline.i18n.messages import SourceString
from pipeline.i18n.models import MessageTemplate

from .guide import guide_strings
from .print_models import HelpCard


def print_strings(db: Database, seen: Iterable[str] = ()) -> list[SourceString]:
    """Templates, help cards and guide, in file order; contexts in `seen` are left out."""
    known = set(seen)
    out: list[SourceString] = []

    def add(record: Record, context: str, text: str, *path: str | int, **extra: str) -> None:
        if text and context not in known:
            known.add(context)
            pos = record.loaded.position([*record.path, *path])
            out.append(SourceString(context, text, path=record.loaded.path, line=pos.line, **extra))

    for record in db.records("texts"):
        template: MessageTemplate = record.entity
        add(record, template.id, template.text, "text", plural=template.plural, count=template.count, note=template.note)
    for record in db.records("help-cards"):
        card: HelpCard = record.entity
        prefix = f"help-card:{card.id}"
        add(record, f"{prefix}:title", card.title, "title")
        for s, section in enumerate(card.sections):
            here = f"{prefix}:section-{s + 1}"
            add(record, f"{here}:heading", section.heading, "sections", s, "heading")
            for n, line in enumerate(section.lines):
                add(record, f"{here}:line-{n + 1}", line, "sections", s, "lines", n)
    out += [s for s in guide_strings(db) if s.context not in known]
    return out
