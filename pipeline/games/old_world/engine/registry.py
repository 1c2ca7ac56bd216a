"""The rules packs, by name in one place: the core calls the active ones through `Pack` (engine/pack.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pipeline.content.database import Database

from ..content import OldWorldContent
from . import advanced_actions, bombs, legendary_hunt, lost_mount, mages, mutagens, skellige, weakness, wild_hunt
from .pack import Pack
from .setup import new_game as start
from .state import GameState
from .tables import Tables

# The order every hook is called in (the order of the rulebooks' setup and turn steps where two packs meet).
PACKS: tuple[Pack, ...] = (
    lost_mount.PACK,
    mutagens.PACK,
    bombs.PACK,
    mages.PACK,
    legendary_hunt.PACK,
    wild_hunt.PACK,
    skellige.PACK,
    advanced_actions.PACK,
    weakness.PACK,
)


def active_packs(tables: Tables) -> tuple[Pack, ...]:
    """The packs whose rules the selected content switches on, in hook order."""
    return tuple(pack for pack in PACKS if pack.is_on(tables))


def new_game(db: Database | Tables, players: int, seed: int, options: Mapping[str, Any] | None = None) -> GameState:
    """A new game at its first decision with the active packs. options: `schools` (one school id per seat)."""
    tables = db if isinstance(db, Tables) else Tables.from_content(OldWorldContent(db))
    return start(tables, players, seed, options, active_packs(tables))
