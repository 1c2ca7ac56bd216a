"""The game state: zones, accounts and the pending decision (reference §20.4).

The rules run as one generator (see turn.py) that yields a `Decision` whenever a player must
choose; `apply()` sends the chosen action back in. All chance goes through `self.rng`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from types import ModuleType
from typing import TYPE_CHECKING, Any

from pipeline.rules.engine import Action, Decision, DecisionFlow, Flow, IllegalAction

# Decision, Flow and IllegalAction are the shared engine's; the rules modules import them from here.
__all__ = ["ComboCard", "Decision", "FightState", "Flow", "GameState", "IllegalAction", "PlayerState", "Quest", "solo_tier"]

from ..enums import Attribute, Terrain
from .outcome import Outcome, Termination
from .tables import ATTRIBUTES, Tables

if TYPE_CHECKING:
    from .legendary_hunt import Hunt, LegendaryFight
    from .lost_mount import LostMount
    from .mages import Pool
    from .pack import Pack
    from .skellige import Seas
    from .weakness import Weakness
    from .wild_hunt import WildHuntState


@dataclass
class Quest:
    """An exploration result kept by a player until they enter its location (reference §12.2)."""

    card: str
    event: int
    token: str | None


@dataclass
class PlayerState:
    seat: int
    school: str
    location: str
    gold: int = 0
    attributes: dict[Attribute, int] = field(default_factory=lambda: dict.fromkeys(ATTRIBUTES, 1))
    maxed: set[Attribute] = field(default_factory=set)
    level: int = 1
    shield: int = 1  # a Mage's Energy (expansion sheet §8.4)
    mage: bool = False
    claimed: str | None = None  # the school a Mage claimed at setup (§8.3)
    deck: list[str] = field(default_factory=list)  # top = end of the list
    discard: list[str] = field(default_factory=list)  # top = end of the list
    hand: list[str] = field(default_factory=list)
    potions: list[str] = field(default_factory=list)
    mutagens: list[str] = field(default_factory=list)  # Monster Trail: kept in the play area (expansion sheet §9.3)
    bombs: list[str] = field(default_factory=list)  # Monster Trail: held apart from the potions (§9.5)
    trophies: list[str] = field(default_factory=list)  # "monster:<id>", "witcher:<id>", "attribute:<id>"
    track: int = 0
    own_witcher_trophies: list[str] = field(default_factory=list)
    trail_tokens: list[str] = field(default_factory=list)
    trail_quests: list[str] = field(default_factory=list)
    quests: list[Quest] = field(default_factory=list)
    kept: list[int] = field(default_factory=list)  # event numbers of Equipment / Companion cards
    turns: int = 0
    # Per turn (reference §7.1, §21.9 rule 71).
    moved_into: set[str] = field(default_factory=set)
    actions_used: set[str] = field(default_factory=set)
    poker_partners: set[int] = field(default_factory=set)
    travelled: bool = False  # Monster Trail: one traveling ability per turn (engine/advanced_actions.py)
    phase3_target: int = 0

    def has_trail(self, terrain: Terrain, tables: Tables) -> bool:
        return any(tables.token_terrain(t) is terrain for t in self.trail_tokens)

    def card_count(self) -> int:
        return len(self.deck) + len(self.discard) + len(self.hand)


@dataclass
class ComboCard:
    card: str
    via: int  # the extension of the card beneath used to attach this one; -1 for the first / none


@dataclass
class FightState:
    """One fight: a monster fight, a witcher duel or an event's short fight."""

    kind: str  # "monster" | "duel" | "short"
    witcher: int
    defender: int | None = None
    monster: str | None = None
    level: int = 1
    short_damage: int = 0
    life_pool: list[str] = field(default_factory=list)  # top = end of the list
    spent: list[str] = field(default_factory=list)
    turns_taken: dict[int, int] = field(default_factory=dict)
    monster_turns: int = 0
    potions_used: dict[int, list[str]] = field(default_factory=dict)
    bombs_used: dict[int, list[str]] = field(default_factory=dict)  # count with the potions against Alchemy (§9.5)
    once: set[tuple[int, str]] = field(default_factory=set)
    defense_penalty: dict[int, int] = field(default_factory=dict)
    combo: list[ComboCard] = field(default_factory=list)
    combo_owner: int = -1
    # The current witcher turn's pending parts (steps 1-4).
    attack_damage: int = 0
    draw_mod: int = 0
    extra_links: int = 0
    return_to_hand: list[int] = field(default_factory=list)
    whole_fight_draw_mod: int = 0
    monster_first: bool = False
    worse_attack_first: bool = False
    decider: int = 0
    protection: dict[int, int] = field(default_factory=dict)  # a Mage's Protection, by seat (§8.4)
    specialty_level: dict[int, int] = field(default_factory=dict)  # a Dimeritium Bomb's Specialty level, by seat (§9.5)
    legendary: LegendaryFight | None = None  # a fight against the legendary monster (engine/legendary_hunt.py)

    @property
    def is_duel(self) -> bool:
        return self.kind == "duel"


class GameState(DecisionFlow):
    """The whole game: shared zones, players, the current fight and the pending decision."""

    def __init__(self, tables: Tables, players: int, seed: int, packs: tuple[Pack, ...] = ()) -> None:
        self.tables = tables
        self.packs = packs  # the active packs' rules, in the registry's order (engine/registry.py)
        self.rules = tables.rules
        self.n = players
        self.profile = tables.profile(players)
        self.seed = seed
        self.rng = random.Random(seed)
        self.players: list[PlayerState] = []
        self.active = 0
        self.turn = 0
        self.action_deck: list[str] = []
        self.market: list[str | None] = []
        self.common_discard: list[str] = []
        self.trash: list[str] = []
        self.potion_deck: list[str] = []
        self.potion_discard: list[str] = []
        self.mutagen_deck: list[str] = []  # with Monster Trail's Mutagen mode (engine/mutagens.py)
        self.bomb_deck: list[str] = []  # with Monster Trail's Bomb mode (engine/bombs.py)
        self.bomb_discard: list[str] = []
        self.exploration: dict[str, list[str]] = {}
        self.exploration_used: dict[str, list[str]] = {}
        self.kept_events: set[int] = set()
        self.monster_stacks: dict[int, list[str]] = {1: [], 2: [], 3: []}
        self.driven_away: dict[int, list[str]] = {1: [], 2: [], 3: []}
        self.extra_stack: list[str] = []
        self.defeated: list[str] = []
        self.slots: dict[Terrain, tuple[str, str] | None] = {}  # terrain -> (location token, monster)
        self.token_piles: dict[Terrain, list[str]] = {}
        self.fight_deck: list[str] = []
        self.attribute_trophies: list[str] = []
        self.closed_tavern: str | None = None
        self.bank = 0  # the bank's balance; negative = it has paid out
        self.pot = 0
        self.dice: dict[int, list[int]] = {}  # Poker dice on the table, by the seat that may reroll them.
        self.wagers: dict[int, str] = {}
        self.fight: FightState | None = None
        self.log: list[Action] = []
        self.used: dict[str, set[str]] = {k: set() for k in ("action-cards", "potions", "monsters", "exploration", "events")}
        self.outcome: Outcome | None = None
        self.event_depth = 0
        self.tallies: Any = None  # invariants.py keeps its incremental conservation counts here.
        self.lost_mount: LostMount | None = None  # with the Lost Mount pack (engine/lost_mount.py)
        self.seas: Seas | None = None  # with Skellige: the Ships (engine/skellige.py)
        self.other_pool: Pool | None = None  # a mixed game's pool no one is gaining from (engine/mages.py)
        self.hunt: Hunt | None = None  # the legendary monster, with Legendary Hunt (engine/legendary_hunt.py)
        self.weakness: Weakness | None = None  # with Monster Trail's Weakness mode (engine/weakness.py)
        self.wild_hunt: WildHuntState | None = None  # the cooperative game's opponent (engine/wild_hunt.py)

    # --- The contract (moves in pipeline/rules/engine.py) -------------------------------------

    def idle_player(self) -> int:
        return self.active

    def result(self) -> Outcome | None:
        return self.outcome

    def coverage(self) -> dict[str, set[str]]:
        """Content used in this game, by database collection: for unreachable-content warnings."""
        return {k: set(v) for k, v in self.used.items()}

    def invariant_violations(self) -> list[str]:
        return _invariants().violations(self)

    def flow_ended(self) -> None:
        self.outcome = Outcome(Termination.TURN_CAP, None, self.turn)

    def end(self, termination: Termination, winner: int | None) -> None:
        faction = self.players[winner].school if winner is not None else None
        score = None
        if winner is not None and self.n == 1:
            score = solo_tier(self, self.players[winner].turns)
        self.outcome = Outcome(termination, winner, self.turn, faction, score)

    # --- Zones ----------------------------------------------------------------------------------

    def hand_room(self, p: PlayerState) -> int:
        return self.rules.hand_limit - len(p.hand)

    def draw(self, p: PlayerState, count: int, reshuffle: bool = True) -> int:
        """Draw up to `count` cards; the hand limit stops drawing; fights never reshuffle (§6.1, §6.2)."""
        drawn = 0
        while drawn < count and len(p.hand) < self.rules.hand_limit:
            if not p.deck:
                if not reshuffle or not p.discard:
                    break
                p.deck = p.discard
                p.discard = []
                self.rng.shuffle(p.deck)
            p.hand.append(p.deck.pop())
            drawn += 1
        return drawn

    def draw_to(self, p: PlayerState, size: int) -> None:
        self.draw(p, max(0, size - len(p.hand)))

    def reshuffle_all(self, p: PlayerState, with_hand: bool = True) -> None:
        """Deck + discard (+ hand) into one new shuffled deck (after fights, Fatigue)."""
        p.deck.extend(p.discard)
        p.discard = []
        if with_hand:
            p.deck.extend(p.hand)
            p.hand = []
        self.rng.shuffle(p.deck)

    def in_fight(self, seat: int) -> bool:
        f = self.fight
        return f is not None and (f.witcher == seat or f.defender == seat)

    def give_gold(self, p: PlayerState, amount: int) -> None:
        """Bank pays `amount` (negative: the player pays, as much as they have)."""
        if amount < 0:
            amount = -min(p.gold, -amount)
        p.gold += amount
        self.bank -= amount

    # --- Market ---------------------------------------------------------------------------------

    def reveal(self) -> str | None:
        """Top of the Action Deck; an empty deck reshuffles the common discard (reference §18.8)."""
        if not self.action_deck and self.common_discard:
            self.action_deck = self.common_discard
            self.common_discard = []
            self.rng.shuffle(self.action_deck)
        return self.action_deck.pop() if self.action_deck else None

    def take_from_market(self, slot: int) -> str:
        """Remove a market card, slide the others right, refill the left-most slot (§7.3)."""
        card = self.market[slot]
        assert card is not None
        del self.market[slot]
        self.market.insert(0, self.reveal())
        return card

    def slot_cost(self, slot: int) -> int:
        card = self.market[slot]
        assert card is not None
        return max(0, self.tables.cards[card].cost + self.tables.manifest.market.slot_modifiers[slot])

    def takes_at_cost(self, card: str, accept: Callable[[int], bool]) -> bool:
        """Whether an effect taking a card whose printed cost passes `accept` may take this one (never an Advanced
        Action card, priced by a trash: `Tables.takes_by_cost`)."""
        return self.tables.takes_by_cost(card) and accept(self.tables.cards[card].cost)

    def market_slots(self, accept: Callable[[int], bool]) -> list[int]:
        """The market slots whose card such an effect may take."""
        return [i for i, card in enumerate(self.market) if card is not None and self.takes_at_cost(card, accept)]

    def gain_by_cost(self, p: PlayerState, accept: Callable[[int], bool], to_hand: bool) -> str | None:
        """Reveal Action Deck cards until one passes `accept` (§10.10); the rest go to the common discard."""
        revealed: list[str] = []
        found = None
        while True:
            card = self.reveal()
            if card is None:
                break
            if self.takes_at_cost(card, accept):
                found = card
                break
            revealed.append(card)
        self.common_discard.extend(revealed)
        if found is not None:
            self.put_gained(p, found, to_hand)
        return found

    def put_gained(self, p: PlayerState, card: str, to_hand: bool) -> None:
        self.used["action-cards"].add(card)
        if to_hand and len(p.hand) < self.rules.hand_limit:
            p.hand.append(card)
        else:
            p.discard.append(card)

    # --- Potions --------------------------------------------------------------------------------

    def draw_potion(self) -> str | None:
        """Top of the Potion Deck; when empty, the discarded potions are reshuffled (reference §18: silent)."""
        if not self.potion_deck and self.potion_discard:
            self.potion_deck = self.potion_discard
            self.potion_discard = []
            self.rng.shuffle(self.potion_deck)
        return self.potion_deck.pop() if self.potion_deck else None


@cache
def _invariants() -> ModuleType:
    """The invariants module, imported on first use (it imports this one); cached, since the runner asks after every step."""
    from . import invariants

    return invariants


def solo_tier(state: GameState, turns: int) -> str | None:
    """The solo score tier for a number of turns (manifest `solo_tiers`)."""
    for tier in state.tables.manifest.solo_tiers:
        if (tier.min_turns is None or turns >= tier.min_turns) and (tier.max_turns is None or turns <= tier.max_turns):
            return tier.id
    return None
