"""Running a game's check modules: each module has `check(content) -> findings`."""

from __future__ import annotations

from collections.abc import Sequence
from types import ModuleType
from typing import Any

from pipeline.content.database import Database
from pipeline.content.images import missing_images
from pipeline.content.refs import dangling_references
from pipeline.content.texts import context_clashes
from pipeline.findings import Finding


def run_check_modules(
    db: Database,
    content: Any,
    structure: Sequence[ModuleType],
    consistency: Sequence[ModuleType],
    structure_only: bool = False,
    whole_database: Sequence[ModuleType] = (),
) -> list[Finding]:
    """`structure` is what `pnp validate` proves; `consistency` is added by `pnp check`. Modules in
    `whole_database` (counts) only run when every file loaded: a rejected file would skew them.
    Ids in fields marked `Ref` resolve, paths in fields marked `ImageFile` name files, and translatable
    texts have contexts of their own for every game, before its own modules run."""
    findings: list[Finding] = dangling_references(db) + missing_images(db) + context_clashes(db)
    for module in [*structure, *(() if structure_only else consistency)]:
        if module in whole_database and not db.complete:
            continue
        findings.extend(module.check(content))
    return findings
