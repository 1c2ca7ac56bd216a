"""The solo Automa (reference §14): levels, its pair, its fate marker, no path markers."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import pytest

from pipeline.games.path_of_destiny.engine import GameState
from pipeline.games.path_of_destiny.engine.actions import DrawFromDeck
from pipeline.games.path_of_destiny.engine.automa import chapter_start, fate_vote, pick_row
from pipeline.games.path_of_destiny.engine.chapter import award_path_markers
from pipeline.games.path_of_destiny.engine.rounds import take_cards
from pipeline.games.path_of_destiny.engine.tables import Tables
from pipeline.games.path_of_destiny.enums import Side, Symbol

from .conftest import run

LEVELS = [
    ("just-the-story", 0, 1),
    ("normal", 2, 1),
    ("the-sword-and-the-story", 4, 1),
    ("blood-sweat-and-tears", 6, 1),
    ("death-march", 8, 2),
]


@pytest.mark.parametrize(("level", "start_xp", "abilities"), LEVELS)
def test_each_level_sets_the_automa_start_xp_and_abilities(
    game: Callable[..., GameState], level: str, start_xp: int, abilities: int
) -> None:
    s = game(1, 1, level=level, characters=["geralt"])
    automa = s.players[1]
    assert automa.is_automa and automa.character != "geralt"
    assert automa.xp == start_xp and len(automa.unlocked) == abilities
    assert s.level == level


def test_the_automa_unlocks_its_second_ability_at_8_xp_and_scores_the_golden_cube(game: Callable[..., GameState]) -> None:
    s = game(1, 1, level="blood-sweat-and-tears")
    a = s.players[1]
    s.gain_xp(a, 2)
    assert len(a.unlocked) == 2 and s.golden(a) == 0
    s.gain_xp(a, 5)
    assert s.golden(a) == 5


def test_the_automa_takes_the_pair_with_most_active_symbols_higher_on_a_tie(game: Callable[..., GameState]) -> None:
    s = game(1, 1, story="drowned-bells")
    cards = s.tables.cards
    left, right = s.active
    active = [c for c in s.tables.main_ids if cards[c].symbol in (left, right)]
    blank = [c for c in s.tables.main_ids if cards[c].symbol not in (left, right)]
    s.rows = [[blank[0], blank[1]], [active[0], blank[2]], [active[1], blank[3]], [active[2], active[3]]]
    assert pick_row(s, [0, 1, 2, 3]) == 3
    assert pick_row(s, [0, 1, 2]) == 1
    assert pick_row(s, [0]) is None  # no active symbol: the main deck


def test_the_automa_fate_marker_goes_to_its_majority(game: Callable[..., GameState]) -> None:
    s = game(1, 3, story="drowned-bells")
    a = s.players[1]
    left, right = s.active
    s.gain(a, left, 5)
    assert fate_vote(s, a) is Side.LEFT  # one flip cannot overturn a lead of 5
    s.gain(a, right, 6)
    assert fate_vote(s, a) in (Side.RIGHT, None)


def test_the_automa_never_holds_a_path_marker(game: Callable[..., GameState]) -> None:
    s = game(1, 1, story="drowned-bells")
    a = s.players[1]
    for symbol in s.active:
        s.gain(a, symbol, 9)
    award_path_markers(s)
    assert s.holders == {Side.LEFT: 0, Side.RIGHT: 0}


def test_a_solo_game_plays_to_an_epilogue_at_every_level(game: Callable[..., GameState]) -> None:
    for level, _xp, _n in LEVELS:
        s = game(1, 2, level=level)
        while not s.is_terminal():
            s.apply(s.legal_actions()[0])
            assert not s.invariant_violations()
        assert s.outcome is not None and s.outcome.ending is not None
        assert len(s.players[1].timeline) == 2 + 6  # the Automa keeps like a player


def _automa_take_xp(game: Callable[..., GameState], automa: str, rows_active: bool) -> int:
    """The XP the Automa `automa` gains in one take-cards step, taking a row (`rows_active`) or drawing."""
    s = game(1, 1, story="drowned-bells", characters=["geralt"], automa=automa, level="just-the-story")
    a = s.players[1]
    assert a.character == automa
    cards = s.tables.cards
    active = [c for c in s.tables.main_ids if cards[c].symbol in s.active]
    blank = [c for c in s.tables.main_ids if cards[c].symbol not in s.active]
    top = [active[0], active[1]] if rows_active else [blank[0], blank[1]]
    s.rows = [top, *([blank[2 + 2 * i], blank[3 + 2 * i]] for i in range(len(s.rows) - 1))]
    s.extra_xp_row = None
    before = a.xp
    run(take_cards(s), lambda d: DrawFromDeck())  # the player draws; the Automa picks by its rule
    assert (s.rows[0] == []) == rows_active  # the Automa took the top row, or drew from the deck
    return a.xp - before


def test_scheming_fires_only_when_the_automa_takes_a_row(game: Callable[..., GameState]) -> None:
    assert _automa_take_xp(game, "yennefer", rows_active=True) == 1
    assert _automa_take_xp(game, "yennefer", rows_active=False) == 0


def test_wanderer_fires_only_when_the_automa_draws_from_the_deck(game: Callable[..., GameState]) -> None:
    assert _automa_take_xp(game, "ciri", rows_active=False) == 1
    assert _automa_take_xp(game, "ciri", rows_active=True) == 0


def _chapter_start_gains(tables: Tables, level: str) -> tuple[dict[Symbol, int], tuple[Symbol, ...]]:
    """The tokens the Automa (Vesemir's board, one ability) gains at the first chapter start at `level`."""
    from pipeline.games.path_of_destiny.engine import new_game

    s = new_game(tables, 1, 1, {"level": level, "story": "drowned-bells", "characters": ["geralt"], "automa": "vesemir"})
    a = s.players[1]
    before = dict(a.tokens)
    run(chapter_start(s, a))
    return {symbol: a.tokens[symbol] - before[symbol] for symbol in Symbol}, tuple(s.active)


def test_the_difficulty_sets_only_the_automas_start_xp(tables: Tables) -> None:
    # §14 Difficulty: "the Automa's normal XP cube starts on" 0/2/4/6/8; nothing else changes with the level, so two
    # levels play the same chapter start (same seed, board and story).
    assert _chapter_start_gains(tables, "normal") == _chapter_start_gains(tables, "the-sword-and-the-story")


def test_chapter_symbols_are_an_opt_in_variant(db: Any, spec: Any) -> None:
    # The designed deviation stays playable with --set: each active symbol gains the level's chapter_symbols.
    from pipeline.rules.variants import apply_variant

    designed = spec.engine.tables(apply_variant(db, {"automa.automa.levels.the-sword-and-the-story.chapter_symbols": "1"}))
    plain, active = _chapter_start_gains(designed, "normal")
    more, _ = _chapter_start_gains(designed, "the-sword-and-the-story")
    assert {symbol: more[symbol] - plain[symbol] for symbol in Symbol} == {s: int(s in active) for s in Symbol}


def test_the_levels_step_from_easy_to_hard(tables: Tables) -> None:
    assert tables.automa is not None
    levels = tables.automa.levels
    steps = [(level.start_xp, level.chapter_symbols) for level in levels]
    assert all(a[0] < b[0] and a[1] <= b[1] for a, b in itertools.pairwise(steps)), steps
