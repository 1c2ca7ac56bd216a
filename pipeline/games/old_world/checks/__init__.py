"""Old World's consistency rules (reference §21), one module per part of the game."""

from __future__ import annotations

from pipeline.content.database import Database
from pipeline.findings import Finding
from pipeline.rules.checks import run_check_modules

from ..content import OldWorldContent
from . import (
    advanced_actions,
    cards,
    counts,
    events,
    facts,
    guide,
    guide_references,
    legendary_hunt,
    lost_mount,
    mages,
    map,
    monster_trail,
    monsters,
    packs,
    reach,
    setup,
    skellige,
    skellige_events,
    special_monsters,
    stories,
    texts,
    weakness,
    wild_hunt,
)

# What `pnp validate` proves of the database besides references (pipeline/content/refs.py): counts
# match, numbered decks hold, the packs and the selected combination are sound, the guide's references resolve.
STRUCTURE = (counts, events, skellige_events, packs, guide_references)
# The rest of the game's consistency rules, added by `pnp check`.
CONSISTENCY = (cards, reach, facts, map, monsters, stories, setup, texts, guide, lost_mount, mages, special_monsters,
               legendary_hunt, monster_trail, advanced_actions, skellige, weakness, wild_hunt)


def run_checks(db: Database, structure_only: bool = False) -> list[Finding]:
    """The game's checks on a loaded database (see pipeline/rules/checks.py)."""
    return run_check_modules(db, OldWorldContent(db), STRUCTURE, CONSISTENCY, structure_only, whole_database=(counts,))
