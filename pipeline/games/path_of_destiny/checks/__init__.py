"""Path of Destiny's consistency rules (reference §18), one module per part of the game."""

from __future__ import annotations

from pipeline.content.database import Database
from pipeline.findings import Finding
from pipeline.rules.checks import run_check_modules

from ..content import PathOfDestinyContent
from . import (
    automa,
    cards,
    characters,
    counts,
    guide,
    guide_references,
    parts,
    rules_constants,
    setup,
    stories,
    story_profile,
    text_numbers,
)

# What `pnp validate` proves of the database besides references (pipeline/content/refs.py): counts
# match, story decks hold, the guide's references resolve.
STRUCTURE = (counts, stories, guide_references)
# The rest of the game's consistency rules, added by `pnp check`.
CONSISTENCY = (characters, cards, setup, rules_constants, automa, parts, guide, story_profile, text_numbers)


def run_checks(db: Database, structure_only: bool = False) -> list[Finding]:
    """The game's checks on a loaded database (see pipeline/rules/checks.py)."""
    return run_check_modules(db, PathOfDestinyContent(db), STRUCTURE, CONSISTENCY, structure_only, whole_database=(counts,))
