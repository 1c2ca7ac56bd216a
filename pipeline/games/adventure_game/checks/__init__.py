"""The Adventure Game's consistency rules (reference §22), one module per job; its translations are checked
by the shared i18n checks (pipeline/i18n/checks.py), like every game's."""

from __future__ import annotations

from pipeline.content.database import Database
from pipeline.findings import Finding
from pipeline.rules.checks import run_check_modules

from ..models import AdventureContent
from . import counts, facts, guide, references, rule_data

# What `pnp validate` proves of the database: references resolve and the stated counts match.
STRUCTURE = (references, counts)
# The rest, added by `pnp check`: the guide's text names what exists and takes its numbers from the rule data,
# the rule data agrees with itself and with the published game.
CONSISTENCY = (guide, rule_data, facts)


def run_checks(db: Database, structure_only: bool = False) -> list[Finding]:
    """The game's checks on a loaded database (see pipeline/rules/checks.py)."""
    return run_check_modules(db, AdventureContent(db), STRUCTURE, CONSISTENCY, structure_only, whole_database=(counts,))
