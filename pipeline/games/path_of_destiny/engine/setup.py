"""Setting up a game by player count (reference §5, §11, §14): `new_game` returns the state at its
first decision.

Options (all optional): `story` (a story id; default: by seed, so a run of seeds plays every story),
`characters` (character ids by seat), `level` (solo difficulty id; default: by seed), `automa` (the
Automa's character), `extra_effort` (bool, default True: The Drowned Bells with its extra-effort cards).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..models import SoloLevel
from .chapter import play
from .state import GameState, PlayerState
from .stories import setup_story
from .tables import Tables


def choose_story(tables: Tables, seed: int, options: Mapping[str, Any]) -> str:
    stories = list(tables.stories)
    story = options.get("story") or stories[seed % len(stories)]
    if story not in tables.stories:
        raise ValueError(f"unknown story {story!r}; one of {', '.join(stories)}")
    return str(story)


def choose_level(tables: Tables, seed: int, options: Mapping[str, Any]) -> SoloLevel:
    assert tables.automa is not None, "solo needs the Automa"
    levels = tables.automa.levels
    wanted = options.get("level")
    if wanted is None:
        return levels[(seed // max(1, len(tables.stories))) % len(levels)]
    for level in levels:
        if level.id == wanted:
            return level
    raise ValueError(f"unknown solo level {wanted!r}")


def new_game(tables: Tables, players: int, seed: int, options: Mapping[str, Any] | None = None) -> GameState:
    """A seeded game for 1-5 players at its first decision."""
    options = options or {}
    story = tables.stories[choose_story(tables, seed, options)]
    s = GameState(tables, story, players, seed)
    solo = s.profile.automa
    # Tokens form the general supply (§5 step 5).
    s.token_supply = dict(tables.symbol_tokens)
    s.lost_supply = tables.lost_markers
    # Action cards: shuffled main deck, face-up pairs in the supply rows (§5 step 3).
    s.deck = list(tables.main_ids)
    s.rng.shuffle(s.deck)
    s.rows = [[] for _ in range(s.profile.supply_rows)]
    s.refill()
    s.extra_xp_row = s.profile.extra_xp_row - 1 if story.story.uses_extra_xp_marker else None
    # Characters: drawn at random (§5 step 6), or as the options name them.
    pool = sorted(tables.characters)
    characters = list(options.get("characters") or s.rng.sample(pool, players))
    if len(characters) != players or len(set(characters)) != players or not set(characters) <= set(pool):
        raise ValueError(f"characters must be {players} different ids of {', '.join(pool)}")
    for seat, character in enumerate(characters):
        p = PlayerState(seat, character, hand=tables.starting_ids(character))
        s.players.append(p)
        s.gain_xp(p, 0)  # unlocks the first ability
        s.used["characters"].add(character)
    if solo:
        _add_automa(s, characters[0], seed, options)
    # Initiative: the story's starting order, characters not in play skipped (§5 step 2C, §12).
    order = story.story.start_order
    rank = {c: i for i, c in enumerate(order)}
    s.initiative = sorted(range(len(s.players)), key=lambda seat: rank.get(s.players[seat].character, len(order)))
    setup_story(s, solo, bool(options.get("extra_effort", True)))
    s.used["stories"].add(story.id)
    s.start(play(s))
    return s


def _add_automa(s: GameState, human: str, seed: int, options: Mapping[str, Any]) -> None:
    """The Automa board of another character, its cube on the level's start space (§14)."""
    tables = s.tables
    assert tables.automa is not None
    boards = [b for b in tables.automa.boards if b.character != human]
    wanted = options.get("automa")
    board = next((b for b in boards if b.character == wanted), None) if wanted else s.rng.choice(boards)
    if board is None:
        raise ValueError(f"no Automa board for {wanted!r}")
    level = choose_level(tables, seed, options)
    s.level = level.id
    a = PlayerState(len(s.players), board.character, automa=board)
    a.unlocked.append(board.abilities[0].id)
    if level.second_ability_from_start and len(board.abilities) > 1:
        a.unlocked.append(board.abilities[1].id)
    s.players.append(a)
    s.gain_xp(a, level.start_xp)
