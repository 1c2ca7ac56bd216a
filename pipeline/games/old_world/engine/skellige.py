"""Skellige (expansion sheet §10.3-§10.6): Ships between the continent harbors and the islands, and the islands'
location actions.

Setup shuffles the Harbor tokens onto the harbors; a harbor whose token shows a Ship gets one (at most one
Ship per location, rule 4). A witcher on a harbor with a Ship may sail to an island once per turn, paying as for
a move to the island; the Ship goes with them. From an island they sail back to a harbor that has no Ship, the
Ship again with them. An island where another witcher stands is blocked.

Each voyage out rolls a die against Dagon's spot on the Danger Track (§10.6 step 3): a roll in the upper range
is safe and moves Dagon up one spot; reaching the top spot, the Dagon Location, is Dagon's emergence (§10.7):
the traveller's Shield drops to 0 and they take a Dagon Trail token (one each, while the supply lasts). Once
Dagon has emerged every voyage is dangerous, with no roll.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..enums import Region
from .state import GameState, PlayerState


@dataclass
class Seas:
    """Where the Ships are, and who sailed out to an island this turn (once per turn, §10.6)."""

    ships: set[str] = field(default_factory=set)
    sailed_out: set[int] = field(default_factory=set)
    dagon: int = 1  # Dagon's Danger Track spot (1 = the bottom); one past the last die spot: emerged
    dagon_trails: int = 0  # Dagon Trail tokens left in the supply
    trail_holders: set[int] = field(default_factory=set)  # seats holding one


SAFE, DANGEROUS = "safe", "dangerous"


def setup(s: GameState) -> None:
    """§10.3 steps 7-8: the Harbor tokens, shuffled, one per harbor; each with a Ship icon gets a Ship."""
    board = s.tables.skellige
    if board is None:
        return
    tokens = list(s.tables.harbor_ships)
    s.rng.shuffle(tokens)
    start = next(start.spot for start in board.starts if start.players[0] <= s.n <= start.players[1])
    s.seas = Seas(ships={harbor for harbor, ship in zip(board.harbors, tokens, strict=False) if ship}, dagon=start,
                  dagon_trails=s.tables.dagon_trails)


def emerged(s: GameState) -> bool:
    board = s.tables.skellige
    return s.seas is not None and board is not None and s.seas.dagon > len(board.danger_track)


def voyage(s: GameState, p: PlayerState) -> str:
    """The die against Dagon's spot (§10.6 step 3): safe moves Dagon up; its emergence hits the traveller."""
    board, seas = s.tables.skellige, s.seas
    assert board is not None and seas is not None
    if emerged(s):
        return DANGEROUS
    if s.rng.randint(1, 6) < board.danger_track[seas.dagon - 1].safe_from:
        return DANGEROUS
    seas.dagon += 1
    if emerged(s):  # the voyage still counts as safe (§10.7)
        p.shield = 0
        if seas.dagon_trails and p.seat not in seas.trail_holders:
            seas.dagon_trails -= 1
            seas.trail_holders.add(p.seat)
    return SAFE


def is_island(s: GameState, location: str) -> bool:
    return s.tables.locations[location].region is Region.SKELLIGE


def may_sail(s: GameState, p: PlayerState, destination: str) -> bool:
    """A sea link may be taken now: out from a harbor with a Ship once per turn to an island nobody else
    holds, or back from an island to a harbor without a Ship."""
    seas = s.seas
    if seas is None:
        return False
    if is_island(s, destination):
        return (p.location in seas.ships and p.seat not in seas.sailed_out
                and not any(q is not p and q.location == destination for q in s.players))
    return destination not in seas.ships


def sail(s: GameState, p: PlayerState, destination: str) -> None:
    """The witcher's Ship goes with them (call before moving the witcher)."""
    assert s.seas is not None
    s.seas.ships.discard(p.location)
    s.seas.ships.add(destination)
    if is_island(s, destination):
        s.seas.sailed_out.add(p.seat)
        voyage(s, p)


def new_turn(s: GameState, p: PlayerState) -> None:
    if s.seas is not None:
        s.seas.sailed_out.discard(p.seat)
