"""The Adventure Game's consistency rules (reference §22), one module per job."""

from __future__ import annotations

from pipeline.content.database import Database
from pipeline.findings import Finding
from pipeline.rules.checks import run_check_modules

from ..content import AdventureContent
from . import counts, language, locales, references

# What `pnp validate` proves of the database: references resolve and the stated counts match.
STRUCTURE = (references, counts)
# The rest, added by `pnp check`: numbers from the rule data, translations complete, in step and well set.
CONSISTENCY = (language, locales)


def run_checks(db: Database, structure_only: bool = False) -> list[Finding]:
    """The game's checks on a loaded database (see pipeline/rules/checks.py)."""
    return run_check_modules(db, AdventureContent(db), STRUCTURE, CONSISTENCY, structure_only, whole_database=(counts,))
