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
from .actions import ChooseCharacter
from .chapter import play
from .state import Decision, Flow, GameState, PlayerState
from .stories import setup_story
from .tables import Tables

CHARACTERS_DRAWN = 2  # §5 step 6: each player "draws 2, keeps 1 and returns the other"


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
    # Tokens form the general supply (§5 step 5).
    s.token_supply = dict(tables.symbol_tokens)
    s.lost_supply = tables.lost_markers
    # Action cards: shuffled main deck, face-up pairs in the supply rows (§5 step 3).
    s.deck = list(tables.main_ids)
    s.rng.shuffle(s.deck)
    s.rows = [[] for _ in range(s.profile.supply_rows)]
    s.refill()
    s.extra_xp_row = s.profile.extra_xp_row - 1 if story.story.uses_extra_xp_marker else None
    # Characters: drafted (§5 step 6), or as the options name them.
    characters = list(options.get("characters") or []) or None
    pool = sorted(tables.characters)
    named_ok = characters is None or (len(characters) == len(set(characters)) == players and set(characters) <= set(pool))
    if not named_ok:
        raise ValueError(f"characters must be {players} different ids of {', '.join(pool)}")
    level = choose_level(tables, seed, options) if s.profile.automa else None
    s.start(_set_up_and_play(s, characters, level, options))
    return s


def _set_up_and_play(s: GameState, characters: list[str] | None, level: SoloLevel | None, options: Mapping[str, Any]) -> Flow:
    """The character draft (unless the options name the characters), the rest of the setup, then the game."""
    if characters is None:
        characters = yield from draft_characters(s)
    else:
        for seat, character in enumerate(characters):
            _seat_player(s, seat, character)
    if level is not None:
        _add_automa(s, characters[0], level, options)
    # Initiative: the story's starting order, characters not in play skipped (§5 step 2C, §12).
    order = s.story.story.start_order
    rank = {c: i for i, c in enumerate(order)}
    s.initiative = sorted(range(len(s.players)), key=lambda seat: rank.get(s.players[seat].character, len(order)))
    setup_story(s, level is not None, bool(options.get("extra_effort", True)))
    s.used["stories"].add(s.story.id)
    yield from play(s)


def draft_characters(s: GameState) -> Flow:
    """§5 step 6: "Shuffle all character boards face down. That player draws 2, keeps 1 and returns the
    other. Continue clockwise." The last of five players gets the board left. The characters by seat."""
    pile = sorted(s.tables.characters)
    s.rng.shuffle(pile)
    chosen: list[str] = []
    for seat in range(s.n):
        drawn = [pile.pop() for _ in range(min(CHARACTERS_DRAWN, len(pile)))]
        kept = drawn[0]
        if len(drawn) > 1:
            action = yield Decision(seat, "character", tuple(ChooseCharacter(c) for c in drawn))
            assert isinstance(action, ChooseCharacter)
            kept = action.character
            pile.extend(c for c in drawn if c != kept)
            s.rng.shuffle(pile)  # the returned board goes back face down
        _seat_player(s, seat, kept)
        chosen.append(kept)
    return chosen


def _seat_player(s: GameState, seat: int, character: str) -> None:
    """A player's character material: the starting hand, the first ability unlocked (§5 step 6)."""
    p = PlayerState(seat, character, hand=s.tables.starting_ids(character))
    s.players.append(p)
    s.gain_xp(p, 0)  # unlocks the first ability
    s.used["characters"].add(character)


def _add_automa(s: GameState, human: str, level: SoloLevel, options: Mapping[str, Any]) -> None:
    """The Automa board of another character, its cube on the level's start space (§14)."""
    tables = s.tables
    assert tables.automa is not None
    boards = [b for b in tables.automa.boards if b.character != human]
    wanted = options.get("automa")
    board = next((b for b in boards if b.character == wanted), None) if wanted else s.rng.choice(boards)
    if board is None:
        raise ValueError(f"no Automa board for {wanted!r}")
    s.level = level.id
    a = PlayerState(len(s.players), board.character, automa=board)
    a.unlocked.append(board.abilities[0].id)
    if level.second_ability_from_start and len(board.abilities) > 1:
        a.unlocked.append(board.abilities[1].id)
    s.players.append(a)
    s.gain_xp(a, level.start_xp)
