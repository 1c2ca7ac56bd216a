"""The games this pipeline ships, as an explicit registry (no registration by import side effect)."""

from __future__ import annotations

from pipeline.rules.ruleset import Ruleset

from .adventure_game.ruleset import AdventureGameRuleset
from .old_world.ruleset import OldWorldRuleset
from .path_of_destiny.ruleset import PathOfDestinyRuleset

GAMES: dict[str, Ruleset] = {
    ruleset.id: ruleset
    for ruleset in (OldWorldRuleset(), AdventureGameRuleset(), PathOfDestinyRuleset())
}


def find_game(game_id: str) -> Ruleset:
    """The ruleset for a game id; KeyError names the known ids."""
    try:
        return GAMES[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}; known games: {', '.join(sorted(GAMES))}") from None
