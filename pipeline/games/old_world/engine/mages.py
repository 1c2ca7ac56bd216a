"""Mages (expansion sheet §8): Mage characters, the Mage Action deck and its market, Energy and Protection.

A Mage is a school entry with `character: mage`. Wisdom is the Defense attribute and Energy the Shield
value under their Mage names (§8.4): raising Wisdom raises Energy, Energy may exceed Wisdom during a
fight and refills to Wisdom after it (witcher.set_shield), damage never takes Energy (witcher.take_damage).
A Mage resolves a combo card by card, left to right, and may pay Energy for a card's boost before the
next card. In a game of Mages only, the Mage deck replaces the Action deck; in a mixed game both
decks have a 6-card market and each player gains from their own (`own_pool`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from ..models.base import FightAbility
from .actions import PASS, Action, interned
from .execute import Ctx, run_effects
from .pack import Pack, no_flow
from .state import Decision, FightState, Flow, GameState, PlayerState
from .tables import Tables
from .witcher import set_shield


@dataclass(frozen=True, slots=True, repr=False)
class ClaimSchool(Action):
    """A Mage covers the symbol and Specialty of a school no witcher uses and starts there (§8.3)."""

    school: str


@dataclass(frozen=True, slots=True, repr=False)
class Boost(Action):
    """Pay the Energy a combo card's boost shows for its boost effect (§8.5)."""

    card: str


@dataclass(frozen=True, slots=True, repr=False)
class TrashFromMarkets(Action):
    """Vizima in a mixed game: pity Gold, then trash up to 2 market cards from either market, by slot (§8.4)."""

    own: tuple[int, ...] = ()
    other: tuple[int, ...] = ()


@dataclass
class Pool:
    """The Action deck, its market and its discard pile that a game is not gaining from right now."""

    deck: list[str]
    market: list[str | None]
    discard: list[str] = field(default_factory=list)
    mage: bool = True  # whose pool it is


def is_mage(s: GameState, school: str) -> bool:
    return s.tables.schools[school].character == "mage"


# --- Setup (§8.3) ------------------------------------------------------------------------------


def claim_schools(s: GameState) -> Flow:
    """After everyone chose a character, the Mages claim schools no witcher uses: the Mage taking the
    last turn first, then counter-clockwise."""
    schools = s.tables.schools
    taken = {schools[p.school].shares_school or p.school for p in s.players if not p.mage}
    for seat in range(s.n - 1, -1, -1):
        p = s.players[seat]
        if not p.mage:
            continue
        free = [school for school, site in sorted(s.tables.school_homes().items()) if school not in taken and site]
        action = yield Decision(seat, "claim-school", tuple(ClaimSchool(school) for school in free))
        assert isinstance(action, ClaimSchool)
        taken.add(action.school)
        p.claimed = action.school
        p.location = s.tables.school_homes()[action.school]


def setup_pools(s: GameState, reveal: Callable[[GameState, list[str]], None]) -> None:
    """The Mage deck's market (`reveal` deals a market by the standard rules, setup.setup_market):
    it replaces the Action deck when every player is a Mage, else it is the second pool."""
    mages = [p for p in s.players if p.mage]
    if not mages:
        return
    if len(mages) == s.n:
        reveal(s, s.tables.mage_ids())
        return
    deck, market = s.action_deck, s.market
    reveal(s, s.tables.mage_ids())
    s.other_pool = Pool(s.action_deck, s.market)
    s.action_deck, s.market = deck, market


@contextmanager
def own_pool(s: GameState, p: PlayerState) -> Iterator[None]:
    """While `p` gains cards, the game's Action deck, market and discard are those of `p`'s pool (§8.4:
    each player gains only from their own pool); the other pool waits in `s.other_pool`."""
    other = s.other_pool
    if other is None or other.mage != p.mage:
        yield
        return
    _swap(s, other)
    try:
        yield
    finally:
        _swap(s, other)


def _swap(s: GameState, other: Pool) -> None:
    other.deck, s.action_deck = s.action_deck, other.deck
    other.market, s.market = s.market, other.market
    other.discard, s.common_discard = s.common_discard, other.discard
    other.mage = not other.mage


def discard_twin(s: GameState, slot: int) -> None:
    """A card gained in Phase III discards the card in the same slot of the other pool; it slides and refills (§8.4)."""
    other = s.other_pool
    if other is None or other.market[slot] is None:
        return
    other.discard.append(_take_from_other(s, other, slot))


def _take_from_other(s: GameState, other: Pool, slot: int) -> str:
    """Remove a card of the other pool's market; the cards left of it slide right and the left-most slot refills."""
    card = other.market[slot]
    assert card is not None
    del other.market[slot]
    if not other.deck and other.discard:
        other.deck, other.discard = other.discard, []
        s.rng.shuffle(other.deck)
    other.market.insert(0, other.deck.pop() if other.deck else None)
    return card


def market_trash_options(s: GameState, most: int) -> list[Action] | None:
    """Vizima in a mixed game: up to `most` cards of either market, in any combination (§8.4); None with one market."""
    other = s.other_pool
    if other is None:
        return None
    filled = [(0, i) for i, card in enumerate(s.market) if card is not None]
    filled += [(1, i) for i, card in enumerate(other.market) if card is not None]
    return [interned(TrashFromMarkets, tuple(i for pool, i in chosen if pool == 0),
                     tuple(i for pool, i in chosen if pool == 1))
            for k in range(most + 1) for chosen in combinations(filled, k)]


def trash_from_markets(s: GameState, p: PlayerState, action: TrashFromMarkets) -> None:
    """Pity Gold as at Vizima, then the chosen cards to the trash; ascending slots keep the later ones' indices."""
    from .locations import PITY_GOLD  # locations offers this action: imported when taken

    other = s.other_pool
    assert other is not None
    if p.gold == 0:
        s.give_gold(p, PITY_GOLD)
    for slot in sorted(action.own):
        s.trash.append(s.take_from_market(slot))
    for slot in sorted(action.other):
        s.trash.append(_take_from_other(s, other, slot))


# --- Fights (§8.4) ------------------------------------------------------------------------------


def start_turn(f: FightState, seat: int) -> None:
    """Protection lasts through the opponent's next turn only: unused, it is lost when ours begins."""
    f.protection.pop(seat, None)


def resolve_left_to_right(s: GameState, p: PlayerState, f: FightState, deal: Callable[..., Flow]) -> Flow:
    """Step 3 for a Mage: card by card, left to right (§8.4). Each card's link to the one beneath it,
    then its basic ability, then its boost if the Mage pays the Energy (§8.5); damage lands at once."""
    cards = s.tables.cards
    for index, placed in enumerate(f.combo):
        card = cards[placed.card]
        if index > 0 and placed.via >= 0:
            yield from _apply(s, p, f, cards[f.combo[index - 1].card].extensions[placed.via], index - 1, deal)
        yield from _apply(s, p, f, card.fight, index, deal)
        boost = card.boost
        if boost is not None and p.shield >= boost.energy and s.outcome is None:
            action = yield Decision(p.seat, "boost", (interned(Boost, placed.card), PASS))
            if isinstance(action, Boost):
                set_shield(s, p, p.shield - boost.energy)
                yield from _apply(s, p, f, boost, index, deal)
        if s.outcome is not None:
            return


def _apply(s: GameState, p: PlayerState, f: FightState, ability: FightAbility, index: int, deal: Callable[..., Flow]) -> Flow:
    f.attack_damage += ability.damage
    yield from deal(s, p, f)
    set_shield(s, p, p.shield + ability.shield)
    f.draw_mod += ability.draw
    for effect in ability.effects:
        yield from run_effects(s, Ctx(p.seat, combo_index=index), [effect])
        yield from deal(s, p, f)
        if s.outcome is not None:
            return


class MagesRules(Pack):
    """The pack's hooks: the Mage pool and school claims at setup, a player's own pool during their turn."""

    id = "mages"

    def is_on(self, tables: Tables) -> bool:
        return any(school.character == "mage" for school in tables.schools.values())

    def setup_board(self, s: GameState, options: Mapping[str, Any]) -> None:
        from .setup import setup_market  # setup imports the modules that import this one

        setup_pools(s, setup_market)

    def setup_choices(self, s: GameState) -> Flow:
        return claim_schools(s)

    def gain_scope(self, s: GameState, p: PlayerState) -> AbstractContextManager[None]:
        return own_pool(s, p)

    def gained_from_market(self, s: GameState, slot: int) -> None:
        discard_twin(s, slot)

    def market_trash_options(self, s: GameState, p: PlayerState, most: int) -> list[Action] | None:
        return market_trash_options(s, most)

    def take_location_action(self, s: GameState, p: PlayerState, action: Action) -> Flow | None:
        if not isinstance(action, TrashFromMarkets):
            return None
        trash_from_markets(s, p, action)
        return no_flow()

    def card_zones(self, s: GameState) -> list[list[str]]:
        pool = s.other_pool
        return [] if pool is None else [pool.deck, pool.discard, [c for c in pool.market if c is not None]]

    def fight_turn_started(self, s: GameState, f: FightState, seat: int) -> None:
        start_turn(f, seat)

    def resolve_combo(self, s: GameState, p: PlayerState, f: FightState, deal: Callable[..., Flow]) -> Flow | None:
        return resolve_left_to_right(s, p, f, deal) if p.mage else None


PACK = MagesRules()
