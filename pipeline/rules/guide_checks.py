"""Checks of the guide files every game shares (pipeline/content/guide.py), under a game's finding-code prefix."""

from __future__ import annotations

from collections.abc import Collection, Iterator

from pipeline.content.database import Database, Record
from pipeline.content.guide import GuideEntry, GuideSection
from pipeline.content.yaml_loader import LoadedFile
from pipeline.findings import Finding, error

Path_ = tuple[str | int, ...]


def guide_entries(db: Database) -> Iterator[tuple[GuideEntry, Record, Path_]]:
    """Every guide entry (rules sections, then glossary) with its record and path, in file order."""
    for rec in [*db.records("guide-sections"), *db.records("glossary")]:
        if isinstance(rec.entity, GuideSection):
            for i, entry in enumerate(rec.entity.entries):
                yield entry, rec, (*rec.path, "entries", i)
        else:
            yield rec.entity, rec, rec.path


def table_findings(loaded: LoadedFile, path: Path_, entry: GuideEntry, prefix: str, sources: Collection[str]) -> list[Finding]:
    """`<prefix>-GUIDE-TABLE`: a table has rows or a source the game generates, not both or neither."""
    findings = []
    for field in ("blocks", "summary"):
        for i, block in enumerate(getattr(entry, field)):
            if block.kind == "table" and bool(block.source) == bool(block.rows):
                pos = loaded.position((*path, field, i))
                findings.append(error(f"{prefix}-GUIDE-TABLE", "a table needs either rows or a source, not both or neither",
                                      loaded.display, pos.line, pos.column))
            if block.source and block.source not in sources:
                pos = loaded.position((*path, field, i, "source"))
                known = f"use one of: {', '.join(sources)}" if sources else "this game generates no tables: write rows"
                findings.append(error(f"{prefix}-GUIDE-TABLE", f"no table is generated from source {block.source!r}",
                                      loaded.display, pos.line, pos.column, hint=known))
    return findings
