"""Every translatable string of the Adventure Game, with a stable msgctxt path and where its English is written.

Paths: `entry:dice:title`, `entry:dice:body:2` (the 2nd block's text), `entry:dice:body:3:1` (item 1
of block 3), `entry:dice:body:4:2:1` (table row 2, cell 1), `entry:dice:index:1`; the same under
`section:<id>:` for guide sections; `action:travel:name`, `action:travel:summary`,
`procedure:battle:step:roll`, `hero:geralt:title`; `guide:title`, `guide:only-for`, `game:name`,
`variant:epic:name`. Counting starts at 1. The terms table carries its own German and is not here.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pipeline.content.database import Record, Source
from pipeline.i18n.messages import SourceString

from .content import AdventureContent
from .models import GuideBlock, Procedure

SUMMARY_FIELDS = ("title", "summary")


@dataclass(frozen=True)
class TextUnit:
    """One translatable text: its msgctxt, English, where it is written, and whether it is an example."""

    context: str
    text: str
    where: Source
    path: Path
    example: bool = False  # examples may write numbers out; rule text takes them from the rule data


def _unit(record: Record, context: str, text: str, *fields: str | int, example: bool = False) -> TextUnit:
    return TextUnit(context, text, record.where(*fields), record.loaded.path, example)


def _blocks(record: Record, prefix: str, blocks: list[GuideBlock], *path: str | int) -> list[TextUnit]:
    units = []
    for b, block in enumerate(blocks):
        here = f"{prefix}:body:{b + 1}"
        if block.text:
            units.append(_unit(record, here, block.text, *path, b, "text", example=block.kind == "example"))
        for i, item in enumerate(block.items):
            units.append(_unit(record, f"{here}:{i + 1}", item, *path, b, "items", i))
        for r, row in enumerate(block.rows):
            for c, cell in enumerate(row):
                units.append(_unit(record, f"{here}:{r + 1}:{c + 1}", cell, *path, b, "rows", r, c))
    return units


def text_units(content: AdventureContent) -> list[TextUnit]:
    """Every translatable text of the content, in file order, then entity order."""
    units: list[TextUnit] = []
    for record in content.db.records("game"):
        manifest = record.entity
        units.append(_unit(record, "game:name", manifest.name, "name"))
        for name, text in manifest.guide.model_dump().items():
            units.append(_unit(record, f"guide:{name.replace('_', '-')}", text, "guide", name))
        for v, variant in enumerate(manifest.variants):
            units.append(_unit(record, f"variant:{variant.id}:name", variant.name, "variants", v, "name"))
    for record in content.db.records("guide-sections"):
        section = record.entity
        units.append(_unit(record, f"section:{section.id}:title", section.title, "title"))
        units.extend(_blocks(record, f"section:{section.id}", section.blocks, "blocks"))
    for record in content.db.records("glossary"):
        entry = record.entity
        units.append(_unit(record, f"entry:{entry.id}:title", entry.title, "title"))
        units.extend(_blocks(record, f"entry:{entry.id}", entry.blocks, "blocks"))
        for i, term in enumerate(entry.index_terms):
            units.append(_unit(record, f"entry:{entry.id}:index:{i + 1}", term, "index_terms", i))
    for kind, record in content.named_records():
        units.extend(_data_units(kind, record))
    order = {id(loaded): i for i, (_, loaded) in enumerate(content.db.files)}
    paths = {loaded.path: order[id(loaded)] for _, loaded in content.db.files}
    return sorted(units, key=lambda u: (paths.get(u.path, len(paths)), u.where.line, u.where.column))


def _data_units(kind: str, record: Record) -> list[TextUnit]:
    entity = record.entity
    prefix = f"{kind}:{entity.id}"
    units = [_unit(record, f"{prefix}:name", entity.name, "name")]
    for name in SUMMARY_FIELDS:
        text = getattr(entity, name, None)
        if isinstance(text, str):
            units.append(_unit(record, f"{prefix}:{name}", text, name))
    if isinstance(entity, Procedure):
        for s, step in enumerate(entity.steps):
            units.append(_unit(record, f"{prefix}:step:{step.id}", step.text, "steps", s, "text"))
    return units


def translatable_strings(content: AdventureContent) -> list[SourceString]:
    """The game's strings as i18n source strings (for messages.pot and the catalogs)."""
    return [SourceString(u.context, u.text, path=u.path, line=u.where.line) for u in text_units(content)]
