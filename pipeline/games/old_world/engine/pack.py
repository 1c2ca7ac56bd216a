"""What a rules pack may add to the game, declared once (the hook specification).

A pack's rules are one `Pack` subclass in the pack's own module; `registry.py` lists them and keeps those
its content switches on (`is_on`) in `GameState.packs`. The core calls each hook of every active pack in
that order and imports no pack. Every hook is a no-op here, so a pack overrides only what it changes.
"""

from __future__ import annotations

from collections.abc import Mapping
from contextlib import AbstractContextManager, nullcontext
from typing import TYPE_CHECKING, Any

from pipeline.rules.engine import Action, Decision, Flow

from ..enums import Terrain

if TYPE_CHECKING:
    from collections.abc import Generator

    from .state import FightState, GameState, PlayerState
    from .tables import Tables


def no_flow() -> Flow:
    """A flow that asks nothing: the default of every hook that may ask the players."""
    yield from ()


class Pack:
    """A rules pack: its id and the hooks it implements (setup, turn and phases, options, fights, checks)."""

    id: str = ""

    def is_on(self, tables: Tables) -> bool:
        """Whether the selected content plays this pack's rules (else none of its hooks is called)."""
        return False

    # --- Setup (reference §5, in this order) ------------------------------------------------------

    def setup_decks(self, s: GameState) -> None:
        """Shuffle the pack's own decks beside the Potion deck."""

    def setup_fight_deck(self, s: GameState) -> None:
        """Once the Monster Fight deck is shuffled."""

    def setup_board(self, s: GameState, options: Mapping[str, Any]) -> None:
        """Once the players are seated: the pack's pieces and state; `options` are the game's options."""

    def setup_choices(self, s: GameState) -> Flow:
        """The pack's first setup choices, before the starting monsters are drawn."""
        return no_flow()

    def monster_placed(self, s: GameState, terrain: Terrain) -> Flow:
        """A monster was placed on the board in `terrain` (at setup or as a new monster)."""
        return no_flow()

    def setup_last(self, s: GameState) -> Flow:
        """The last setup step, once every player took their setup choices."""
        return no_flow()

    # --- The game and its rounds ------------------------------------------------------------------

    def game_flow(self, s: GameState) -> Flow | None:
        """A game played otherwise than turn after turn (a cooperative game's rounds), else None."""
        return None

    def is_cooperative(self, s: GameState) -> bool:
        """The players play together: no duels, no Dice Poker between them, the pack's own Exploration."""
        return False

    def end_of_round(self, s: GameState) -> Flow:
        """After the last player's turn."""
        return no_flow()

    # --- A turn (§7) ----------------------------------------------------------------------------------

    def new_turn(self, s: GameState, p: PlayerState) -> None:
        """A player's turn begins."""

    def turn_scope(self, s: GameState, p: PlayerState) -> AbstractContextManager[None]:
        """Held around a player's whole turn."""
        return nullcontext()

    def phase_one_options(self, s: GameState, p: PlayerState) -> list[Action]:
        """More Phase I options (after moves, location actions and Dice Poker)."""
        return []

    def may_sail(self, s: GameState, p: PlayerState, destination: str) -> bool:
        """Whether a sea link may be taken now (only packs with sea links ask)."""
        return True

    def sail(self, s: GameState, p: PlayerState, destination: str) -> Flow:
        """A Move along a sea link, before the witcher arrives."""
        return no_flow()

    def entered(self, s: GameState, p: PlayerState) -> Flow:
        """The witcher moved into a location, before its Quests and encounters are read."""
        return no_flow()

    def after_entered(self, s: GameState, p: PlayerState) -> Flow:
        """The witcher moved into a location, after its Quests and encounters."""
        return no_flow()

    def take_action(self, s: GameState, p: PlayerState, action: Action) -> Flow | None:
        """The flow of one of this pack's own Phase I or II actions, else None."""
        return None

    def ends_phase_one(self, s: GameState, p: PlayerState) -> bool:
        """Phase I ends now (the witcher reached a fight that must be taken)."""
        return False

    def after_phase_one(self, s: GameState, p: PlayerState) -> Flow:
        """Between Phase I and Phase II."""
        return no_flow()

    def forced_fight(self, s: GameState, p: PlayerState) -> Flow | None:
        """A Phase II fight the witcher must take instead of choosing, else None."""
        return None

    def may_fight_monster_at(self, s: GameState, location: str) -> bool:
        return True

    def phase_two_options(self, s: GameState, p: PlayerState) -> list[Action]:
        """More Phase II options (after the monster fights)."""
        return []

    def monster_fight_chosen(self, s: GameState, location: str) -> None:
        """A witcher chose to fight the monster at `location`."""

    def may_explore(self, s: GameState, p: PlayerState) -> bool:
        return True

    def buy_options(self, s: GameState, p: PlayerState) -> list[Action]:
        """More ways to gain a market card in Phase III."""
        return []

    def buy(self, s: GameState, p: PlayerState, action: Action) -> int | None:
        """Gain a market card by one of this pack's own options: the slot it took; None when `action` is not one."""
        return None

    def gained_from_market(self, s: GameState, slot: int) -> None:
        """A Phase III gain took the card in `slot`."""

    # --- A witcher's resources ------------------------------------------------------------------

    def level_up_reward(self, s: GameState, p: PlayerState, reward: int) -> Generator[Decision, Action, bool]:
        """Take a level-up reward of `reward` cards otherwise; False leaves it to the cards."""
        return (yield from _false())

    def potion_instead(self, s: GameState, p: PlayerState) -> Generator[Decision, Action, bool]:
        """Take something else instead of one Potion; False draws the Potion."""
        return (yield from _false())

    def damage_discarded(self, s: GameState, p: PlayerState, card: str, amount: int) -> Generator[Decision, Action, int]:
        """Damage discarded `card`; the damage still to take (`amount` unless the card changes it)."""
        return (yield from _same(amount))

    # --- Checks of a game in play --------------------------------------------------------------

    def violations(self, s: GameState) -> list[str]:
        """Broken invariants of the pack's own state."""
        return []

    def fight_ended(self, s: GameState, f: FightState) -> None:
        """A fight is over (its cards are cleaned up)."""


def _false() -> Generator[Decision, Action, bool]:
    return False
    yield  # a generator that asks nothing


def _same(amount: int) -> Generator[Decision, Action, int]:
    return amount
    yield  # a generator that asks nothing
