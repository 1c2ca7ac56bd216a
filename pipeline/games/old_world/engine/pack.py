"""What a rules pack may add to the game, declared once (the hook specification).

A pack's rules are one `Pack` subclass in the pack's own module; `registry.py` lists them and keeps those
its content switches on (`is_on`) in `GameState.packs`. The core calls each hook of every active pack in
that order and imports no pack. Every hook is a no-op here, so a pack overrides only what it changes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager, nullcontext
from typing import TYPE_CHECKING, Any, ClassVar

from pipeline.rules.effects import Effect
from pipeline.rules.engine import Action, Decision, Flow

from ..enums import AttackType, LocationAction, PokerCategory, Terrain

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
    # The effect classes of the shared vocabulary (effects.py) that only this pack carries out (`run_effect`).
    effects: ClassVar[tuple[type[Effect], ...]] = ()

    def is_on(self, tables: Tables) -> bool:
        """Whether the selected content plays this pack's rules (else none of its hooks is called)."""
        return False

    def run_effect(self, s: GameState, seat: int, effect: Effect) -> Flow | None:
        """Carry out one effect of a class in `effects` for `seat`; a flow when it asks the players."""
        return None

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

    def gain_scope(self, s: GameState, p: PlayerState) -> AbstractContextManager[None]:
        """Held while `p` may gain cards: their whole turn, a duel loser's gain."""
        return nullcontext()

    def phase_one_options(self, s: GameState, p: PlayerState) -> list[Action]:
        """More Phase I options (after moves, location actions and Dice Poker)."""
        return []

    def confined_options(self, s: GameState, p: PlayerState) -> list[Action] | None:
        """The witcher stands on a pack's own place off the map: their only Phase I options there (else None)."""
        return None

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

    def trophies_win(self, s: GameState) -> bool:
        """Whether the trophy track's top wins the game (else the pack's own goal does, §11.2)."""
        return True

    def has_solo_goal(self, s: GameState) -> bool:
        """The solo game is won by the pack's own goal, not the trophies (so the last monster may be defeated, §14.2)."""
        return False

    def suffers_fatigue(self, s: GameState) -> bool:
        return True

    def level_up_reward(self, s: GameState, p: PlayerState, reward: int) -> Generator[Decision, Action, bool]:
        """Take a level-up reward of `reward` cards otherwise; False leaves it to the cards."""
        return (yield from _false())

    def potion_instead(self, s: GameState, p: PlayerState) -> Generator[Decision, Action, bool]:
        """Take something else instead of one Potion; False draws the Potion."""
        return (yield from _false())

    def damage_discarded(self, s: GameState, p: PlayerState, card: str, amount: int) -> Generator[Decision, Action, int]:
        """Damage discarded `card`; the damage still to take (`amount` unless the card changes it)."""
        return (yield from _same(amount))

    # --- Fights (§10) ---------------------------------------------------------------------------------

    def fight_support(self, s: GameState, p: PlayerState) -> Generator[Decision, Action, int]:
        """Cards other players give up before a monster's Life Pool is dealt: by how many it shrinks."""
        return (yield from _same(0))

    def monster_life(self, s: GameState, life: int, location: str) -> int:
        """The Life Pool of a monster fought at `location` (`life` as printed or as another pack left it)."""
        return life

    def before_monster_fight(self, s: GameState, p: PlayerState, f: FightState, terrain: Terrain) -> bool:
        """Before the first turn of a fight against the monster of `terrain`: True lets the witcher strike first."""
        return False

    def strikes_first(self, s: GameState, p: PlayerState, f: FightState) -> bool:
        """The witcher strikes first for the pack's own reason (a trail of a monster on no terrain's slot)."""
        return False

    def attack_type(self, s: GameState) -> AttackType | None:
        """Charge or Bite decided by the pack (else by the players or, solo, a die)."""
        return None

    def monster_attack(self, s: GameState, p: PlayerState, f: FightState, card: str) -> Flow | None:
        """The flow of a Life Pool card the monster attacks with that is the pack's own, else None."""
        return None

    def fight_turn_started(self, s: GameState, f: FightState, seat: int) -> None:
        """A witcher's fight turn begins."""

    def fight_options(self, s: GameState, p: PlayerState, f: FightState) -> list[Action]:
        """More step 1 options of a fight turn (after the Potions)."""
        return []

    def duel_openers(self, s: GameState, p: PlayerState, f: FightState) -> list[Action]:
        """What a duellist may use before the life pools are made."""
        return []

    def take_fight_action(self, s: GameState, p: PlayerState, f: FightState, action: Action) -> Flow | None:
        """The flow of one of this pack's own fight options, else None."""
        return None

    def resolve_combo(self, s: GameState, p: PlayerState, f: FightState, deal: Callable[..., Flow]) -> Flow | None:
        """Step 3 resolved otherwise for this witcher (`deal` applies pending damage), else None."""
        return None

    def absorb_hit(self, s: GameState, f: FightState, amount: int) -> int:
        """The damage to a monster's Life Pool left once the pack's pieces took theirs."""
        return amount

    def life_pool_card_lost(self, s: GameState, seat: int, f: FightState, card: str) -> Flow:
        """Damage by `seat` took `card` from the monster's Life Pool."""
        return no_flow()

    def fight_ended(self, s: GameState, f: FightState) -> None:
        """A fight is over: its cards go back (before the fighters' decks are rebuilt)."""

    def monster_left(self, s: GameState, terrain: Terrain) -> None:
        """The monster of `terrain` was killed or driven away."""

    def monster_gone(self, s: GameState, terrain: Terrain, level: int) -> bool:
        """True when no monster spawns in place of the one that left `terrain` (the pack took the slot)."""
        return False

    # --- Locations (§9) ---------------------------------------------------------------------------

    def blocks_location(self, s: GameState, location: str) -> bool:
        """The location action at `location` may not be taken now."""
        return False

    def location_options(self, s: GameState, p: PlayerState, kind: LocationAction) -> list[Action]:
        """The options of a location action of the pack's own kind (`EVENT_ISLAND_ACTIONS`)."""
        return []

    def take_location_action(self, s: GameState, p: PlayerState, action: Action) -> Flow | None:
        """The flow of one of those options, else None."""
        return None

    def market_trash_options(self, s: GameState, p: PlayerState, most: int) -> list[Action] | None:
        """Every way to trash up to `most` market cards when the pack has more than the game's one market (Vizima),
        else None; the options are the pack's own location actions (`take_location_action`)."""
        return None

    def locals_poker_payout(self, s: GameState) -> Mapping[PokerCategory, int] | None:
        """The table Dice Poker with the locals pays by, when the pack's replaces the game's."""
        return None

    # --- Checks of a game in play ---------------------------------------------------------------

    def card_zones(self, s: GameState) -> list[list[str]]:
        """The pack's own places that hold Action cards (for their conservation)."""
        return []

    def attack_deck_extra(self, s: GameState) -> int:
        """Cards the pack adds to the Monster Fight deck now (deck, Life Pool and spent together)."""
        return 0

    def own_attack_cards(self, s: GameState, f: FightState) -> int:
        """Cards of a fight's Life Pool and spent pile that are the pack's own, not the Monster Fight deck's."""
        return 0

    def violations(self, s: GameState) -> Sequence[str]:
        """Broken invariants of the pack's own state."""
        return []


def _false() -> Generator[Decision, Action, bool]:
    return False
    yield  # a generator that asks nothing


def _same(amount: int) -> Generator[Decision, Action, int]:
    return amount
    yield  # a generator that asks nothing
