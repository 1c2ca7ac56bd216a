"""The reference guide's tables: Path of Destiny generates none, so every table writes its rows (POD-GUIDE-TABLE)."""

from __future__ import annotations

from pipeline.findings import Finding
from pipeline.rules.guide_checks import guide_entries, table_findings

from ..content import PathOfDestinyContent


def check(content: PathOfDestinyContent) -> list[Finding]:
    return [finding for entry, rec, path in guide_entries(content.db)
            for finding in table_findings(rec.loaded, path, entry, "POD", ())]
