"""The games this pipeline ships, as an explicit registry of game descriptions (no registration by import side effect)."""

from __future__ import annotations

from pipeline.rules.spec import GameSpec

from .adventure_game.spec import SPEC as ADVENTURE_GAME
from .old_world.spec import SPEC as OLD_WORLD
from .path_of_destiny.spec import SPEC as PATH_OF_DESTINY

GAMES: dict[str, GameSpec] = {spec.id: spec for spec in (OLD_WORLD, ADVENTURE_GAME, PATH_OF_DESTINY)}


def find_game(game_id: str) -> GameSpec:
    """The description of a game id; KeyError names the known ids."""
    try:
        return GAMES[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}; known games: {', '.join(sorted(GAMES))}") from None
