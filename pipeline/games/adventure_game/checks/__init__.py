"""The Adventure Game's consistency rules (reference §22), one module per job."""

from __future__ import annotations

from pipeline.content.database import Database
from pipeline.findings import Finding

from ..content import AdventureContent
from . import counts, language, locales, references

# What `pnp validate` proves of the database: references resolve and the stated counts match.
STRUCTURE = (references, counts)
# The rest, added by `pnp check`: numbers from the rule data, translations complete, in step and well set.
CONSISTENCY = (language, locales)


def run_checks(db: Database, structure_only: bool = False) -> list[Finding]:
    """The Adventure Game's checks on a loaded database; counts only when every file loaded."""
    content = AdventureContent(db)
    findings: list[Finding] = []
    for module in STRUCTURE if structure_only else STRUCTURE + CONSISTENCY:
        if module is counts and not db.complete:
            continue
        findings.extend(module.check(content))
    return findings
