"""Whole games: same seed, same game; invariants hold after every step for 1-5 players and both bots."""

from __future__ import annotations

from typing import Any

import pytest

from pipeline.games.path_of_destiny.bots import BOTS
from pipeline.rules.simulation import play_game, run_simulation
from pipeline.rules.spec import EngineSpec, GameSpec


def _engine(spec: GameSpec) -> EngineSpec:
    assert spec.engine is not None
    return spec.engine


def _play(spec: GameSpec, db: Any, players: int, seed: int, bot: str) -> Any:
    engine = _engine(spec)
    state = engine.new_game(engine.tables(db), players, seed, None)
    broken = play_game(state, BOTS[bot](seed))
    assert broken is None, f"{players}p seed {seed} {bot}: {broken}"
    return state


def test_the_game_has_an_engine(spec: GameSpec, db: Any) -> None:
    engine = _engine(spec)
    assert engine.player_counts(db) == [1, 2, 3, 4, 5]
    assert set(engine.bots()) == {"random", "greedy"}


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_same_seed_same_game(spec: GameSpec, db: Any, players: int) -> None:
    a = _play(spec, db, players, 7, "random")
    b = _play(spec, db, players, 7, "random")
    assert [str(x) for x in a.log] == [str(x) for x in b.log]
    assert a.result() == b.result()


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_invariants_hold_over_many_seeded_games(spec: GameSpec, db: Any, players: int, bot: str) -> None:
    for seed in range(12):
        state = _play(spec, db, players, seed, bot)
        outcome = state.result()
        assert outcome.termination.value == "epilogue" and outcome.turns == 9
        assert outcome.faction is not None


def test_a_run_of_seeds_plays_every_story_and_reaches_every_epilogue(spec: GameSpec, db: Any) -> None:
    epilogues: set[str] = set()
    for players in (1, 3, 5):
        report = run_simulation(_engine(spec), spec.id, db, players, 90, 1, "random")
        assert report.completed == 90 and not report.errors
        assert report.coverage["stories"] == {"drowned-bells", "ravens-of-greyholt", "kestrel-watch"}
        epilogues |= report.coverage["epilogues"]
    assert report.totals["epilogues"] == 24
    assert len(epilogues) == 24


def test_story_can_be_chosen_by_option(spec: GameSpec, db: Any) -> None:
    engine = _engine(spec)
    assert engine.new_game(engine.tables(db), 2, 5, {"story": "kestrel-watch"}).story.id == "kestrel-watch"


@pytest.mark.parametrize("players", [1, 3, 5])
def test_characters_are_drafted_draw_two_keep_one(spec: GameSpec, db: Any, players: int) -> None:
    """Reference §5 step 6: "That player draws 2, keeps 1 and returns the other. Continue clockwise. In a
    5-player game the last player simply gets the one board that is left."""
    engine = _engine(spec)
    state = engine.new_game(engine.tables(db), players, 4, None)
    kept: list[str] = []
    while state.decision is not None and state.decision.kind == "character":
        decision = state.decision
        assert decision.player == len(kept) and len(decision.actions) == 2
        pick = decision.actions[-1]
        kept.append(pick.character)  # type: ignore[attr-defined]
        state.apply(pick)
    drafted = [p.character for p in state.players if not p.is_automa]
    assert drafted[: len(kept)] == kept and len(drafted) == players
    assert len(kept) == (4 if players == 5 else players)  # the fifth player takes the last board
    assert state.decision is not None and state.decision.kind != "character"
