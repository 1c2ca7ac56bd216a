"""Lost Mount (expansion sheet §3): placement by the last player, the die table, re-placement after Phase I."""

from __future__ import annotations

from typing import Any

import pytest

from pipeline.games.old_world.content import OldWorldContent
from pipeline.games.old_world.engine import GameState, Tables, lost_mount, new_game
from pipeline.games.old_world.engine.actions import ChooseTerrain, Move, Pass
from pipeline.games.old_world.engine.lost_mount import LostMount, PlaceLostMount
from pipeline.games.old_world.engine.turn import take_turn

from .conftest import ROOT, drive


@pytest.fixture(scope="module")
def mount_tables(spec: Any) -> Tables:
    db, findings = spec.load(ROOT / "content", ("lost-mount",))
    assert not findings
    return Tables.from_content(OldWorldContent(db))


def start(tables: Tables, players: int = 3, seed: int = 1) -> GameState:
    """A game with the Lost Mount, past every setup choice but the mount's (answered with the first option)."""
    state = new_game(tables, players, seed)
    while state.decision is not None and state.decision.kind in ("place-monster", "bonus-attribute"):
        state.apply(state.decision.actions[0])
    return state


def test_the_base_game_has_no_mount(tables: Tables, game: Any) -> None:
    state = game(3)
    assert tables.lost_mount is None
    assert state.lost_mount is None


def test_the_last_player_places_it_from_one_pile_choosing_between_two_tokens(mount_tables: Tables) -> None:
    state = start(mount_tables, players=3)
    assert state.decision is not None and state.decision.kind == "lost-mount-pile"
    assert state.decision.player == 2  # the player taking the last turn
    assert {a.terrain for a in state.decision.actions} == {"forest", "mountain", "water"}  # type: ignore[attr-defined]
    state.apply(ChooseTerrain("water"))
    assert state.decision is not None and state.decision.kind == "lost-mount-place"
    pile = state.token_piles[next(t for t in state.token_piles if t.value == "water")]
    top_two = {mount_tables.token_location(token) for token in pile[-2:]}
    offered = {a.location for a in state.decision.actions}  # type: ignore[attr-defined]
    assert offered == top_two and len(offered) == 2
    size = len(pile)
    choice = state.decision.actions[1]
    state.apply(choice)
    assert state.lost_mount is not None and state.lost_mount.location == choice.location  # type: ignore[attr-defined]
    assert len(pile) == size  # both tokens went back
    assert state.decision is not None and state.decision.kind == "phase-1"


@pytest.mark.parametrize(("roll", "drawn"), [(1, 0), (3, 0), (4, 1), (5, 1), (6, 2)])
def test_the_die_table_draws_nothing_one_or_two_cards(mount_tables: Tables, roll: int, drawn: int,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    state = start(mount_tables)
    p = state.players[0]
    p.hand = p.hand[:2]
    state.lost_mount = LostMount(location=p.location)
    monkeypatch.setattr(state.rng, "randint", lambda a, b: roll)
    before = len(p.hand)
    lost_mount.reach(state, p)
    assert len(p.hand) == before + drawn
    assert state.lost_mount.location is None  # set aside
    assert state.lost_mount.placer == p.seat


def test_the_player_who_reached_it_places_it_again_after_their_phase_one(mount_tables: Tables) -> None:
    state = start(mount_tables)
    while state.decision is not None and state.decision.kind.startswith("lost-mount"):
        state.apply(state.decision.actions[0])
    p = state.players[state.active]
    move = next(iter(mount_tables.neighbours[p.location]))
    state.lost_mount = LostMount(location=move)
    kinds: list[str] = []

    def pick(decision: Any) -> Any:
        kinds.append(decision.kind)
        if decision.kind == "phase-1":
            moves = [a for a in decision.actions if isinstance(a, Move) and a.destination == move]
            return moves[0] if moves and p.location != move else next(a for a in decision.actions if isinstance(a, Pass))
        return decision.actions[0]

    p.hand = [*p.hand, *p.deck[:3]]
    p.deck = p.deck[3:]
    drive(take_turn(state, p), pick)
    assert p.location == move
    placing = kinds.index("lost-mount-pile")
    assert "phase-1" in kinds[:placing] and "phase-2" in kinds[placing:]  # after Phase I, before Phase II
    assert state.lost_mount.location is not None and state.lost_mount.placer is None


def test_placement_offers_only_piles_with_tokens_and_waits_when_none_is_left(mount_tables: Tables) -> None:
    state = start(mount_tables)
    while state.decision is not None and state.decision.kind.startswith("lost-mount"):
        state.apply(state.decision.actions[0])
    for pile in state.token_piles.values():
        pile.clear()
    assert drive(lost_mount.place(state, 0)) is None
    assert state.lost_mount is not None and state.lost_mount.location is None


def test_a_mount_placement_prints_as_its_call() -> None:
    assert str(PlaceLostMount("novigrad")) == "PlaceLostMount('novigrad')"

