"""Lost Mount (expansion sheet §3): a horse waiting on the map; the witcher who reaches it rolls for cards.

Placement: a player draws Location tokens from one terrain pile (`placement_choices` of them), keeps one
and puts the mount on its location; the tokens go back and the pile is shuffled. At setup the player
taking the last turn places it; later the player who reached it, after their Phase I.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..models.lost_mount import LostMountCard
from .actions import Action, ChooseTerrain
from .pack import Pack, no_flow
from .state import Decision, Flow, GameState, PlayerState
from .tables import TERRAINS, Tables


@dataclass(frozen=True, slots=True, repr=False)
class PlaceLostMount(Action):
    """Put the Lost Mount on the location of one of the drawn Location tokens."""

    location: str


@dataclass
class LostMount:
    """Where the mount stands (None: set aside) and who must place it again after their Phase I."""

    location: str | None = None
    placer: int | None = None


def card(s: GameState) -> LostMountCard | None:
    """The Lost Mount card when its pack is selected, else None (the rule is off)."""
    return s.tables.lost_mount


def place(s: GameState, seat: int) -> Flow:
    """One placement by `seat`: a terrain pile, then one of the tokens drawn from its top."""
    mount = card(s)
    assert mount is not None and s.lost_mount is not None
    piles = [t for t in TERRAINS if s.token_piles[t]]
    if not piles:  # every token of the map is out: the mount waits aside
        s.lost_mount.location = None
        return
    action = yield Decision(seat, "lost-mount-pile", tuple(ChooseTerrain(t.value) for t in piles))
    assert isinstance(action, ChooseTerrain)
    pile = s.token_piles[next(t for t in piles if t.value == action.terrain)]
    drawn = pile[-mount.placement_choices:]
    options = tuple(dict.fromkeys(PlaceLostMount(s.tables.token_location(token)) for token in drawn))
    chosen = yield Decision(seat, "lost-mount-place", options)
    assert isinstance(chosen, PlaceLostMount)
    s.rng.shuffle(pile)  # both tokens go back and the pile is shuffled
    s.lost_mount.location = chosen.location


def setup(s: GameState) -> Flow:
    """Setup (§12, after the monsters): the player taking the last turn places the mount."""
    if card(s) is None:
        return
    s.lost_mount = LostMount()
    yield from place(s, s.n - 1)


def reach(s: GameState, p: PlayerState) -> None:
    """A witcher moved onto the mount: roll a die, draw what the card's table says, set the mount aside."""
    mount = card(s)
    if mount is None or s.lost_mount is None or s.lost_mount.location != p.location:
        return
    result = s.rng.randint(1, 6)
    draw = next(roll.draw for roll in mount.rolls if roll.results[0] <= result <= roll.results[1])
    s.draw(p, draw)
    s.lost_mount.location = None
    s.lost_mount.placer = p.seat


def after_phase_one(s: GameState, p: PlayerState) -> Flow:
    """The witcher who reached the mount this turn places it again once their Phase I is over."""
    if s.lost_mount is not None and s.lost_mount.placer == p.seat:
        s.lost_mount.placer = None
        yield from place(s, p.seat)


class LostMountRules(Pack):
    """The pack's hooks: placed last at setup, reached on entering, placed again after that Phase I."""

    id = "lost-mount"

    def is_on(self, tables: Tables) -> bool:
        return tables.lost_mount is not None

    def setup_last(self, s: GameState) -> Flow:
        return setup(s)

    def entered(self, s: GameState, p: PlayerState) -> Flow:
        reach(s, p)
        return no_flow()

    def after_phase_one(self, s: GameState, p: PlayerState) -> Flow:
        return after_phase_one(s, p)


PACK = LostMountRules()
