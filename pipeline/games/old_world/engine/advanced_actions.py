"""Monster Trail's Advanced Action cards (expansion sheet §9.6, FAQ L6061).

The cards sit in the Action deck (`Tables.market_ids`), so they reach the market like any other. Buying one costs
1 hand card trashed, the whole price: no slot modifier, no discarding for a cost (`buy_options`, `buy`). No effect
that takes a card by its cost takes one (`Tables.takes_by_cost`; the Vengerberg exchange included). A traveling
ability is played from hand in Phase I, then the card is discarded; one a turn (`travel_options`, `travel`). A
passive fires when damage discards the card from the deck or the hand, before the rest of the damage
(`damage_discarded`).
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass

from ..models.base import Effects
from .actions import Action, interned
from .pack import Pack
from .state import Decision, Flow, GameState, PlayerState
from .tables import Tables


@dataclass(frozen=True, slots=True, repr=False)
class TrashBuy(Action):
    """Phase III: gain the Advanced Action card in `slot`, trashing `trash` from hand (§9.6)."""

    slot: int
    trash: str


@dataclass(frozen=True, slots=True, repr=False)
class Travel(Action):
    """Phase I: play `card` from hand for its traveling ability, then discard it (§9.6)."""

    card: str


def buy_options(s: GameState, p: PlayerState) -> list[Action]:
    """Each Advanced card on the market with each distinct hand card to trash for it."""
    cards = s.tables.cards
    return [interned(TrashBuy, slot, trash)
            for slot, card in enumerate(s.market) if card is not None and cards[card].trash_cost
            for trash in dict.fromkeys(p.hand)]


def buy(s: GameState, p: PlayerState, action: TrashBuy) -> None:
    p.hand.remove(action.trash)
    s.trash.append(action.trash)
    s.put_gained(p, s.take_from_market(action.slot), to_hand=True)


def travel_options(s: GameState, p: PlayerState) -> list[Action]:
    """One traveling ability per turn (designed: a card that draws would otherwise draw itself back, turn after
    reshuffle, for ever)."""
    if p.travelled:
        return []
    cards = s.tables.cards
    return [interned(Travel, card) for card in dict.fromkeys(p.hand) if cards[card].travel]


def travel(s: GameState, p: PlayerState, action: Travel) -> Flow:
    from .execute import Ctx, run_effects  # execute imports witcher, which imports this module

    p.travelled = True
    p.hand.remove(action.card)
    p.discard.append(action.card)
    s.used["action-cards"].add(action.card)
    yield from run_effects(s, Ctx(p.seat), s.tables.cards[action.card].travel)


def has_damage_passive(s: GameState, card: str) -> bool:
    """Whether damage discarding `card` fires a passive (only Advanced cards have one: most damage has none)."""
    return card in _passives(s)


def damage_discarded(s: GameState, p: PlayerState, card: str, amount: int) -> Flow:
    """Damage just discarded `card`, which has a passive, with `amount` still to deal: the passive happens now; the
    damage left after a Shield it raised is returned (a witcher's Shield was spent before any card went)."""
    passive = _passives(s)[card]
    from .combo import hit_opponent  # combo and execute import witcher, which imports this module
    from .execute import Ctx, run_effects

    s.used["action-cards"].add(card)
    f = s.fight
    pending = f.attack_damage if f is not None else 0
    yield from run_effects(s, Ctx(p.seat), passive)
    if f is not None and f.attack_damage > pending:
        # Its damage hits the owner's opponent now, not with the next combo of whoever is attacking.
        dealt, f.attack_damage = f.attack_damage - pending, pending
        if f.witcher == p.seat or f.defender == p.seat:
            yield from hit_opponent(s, p.seat, f, dealt)
    if p.mage:  # a Mage's Shield icons are Energy, which never stops damage (expansion sheet §8.4)
        return amount
    absorbed = min(p.shield, amount)
    p.shield -= absorbed
    return amount - absorbed


def _passives(s: GameState) -> dict[str, Effects]:
    """The damage-discard passives by card id (memoised per content: every card damage discards is looked up)."""
    found: dict[str, Effects] | None = s.tables.memo.get("damage-discard")
    if found is None:
        found = s.tables.memo["damage-discard"] = {c.id: c.damage_discard for c in s.tables.cards.values() if c.damage_discard}
    return found


class AdvancedActionsRules(Pack):
    """The mode's hooks: traveling abilities in Phase I, a trash to gain in Phase III, the damage-discard passives."""

    id = "advanced-actions"

    def is_on(self, tables: Tables) -> bool:
        return any(card.trash_cost or card.travel for card in tables.cards.values())

    def phase_one_options(self, s: GameState, p: PlayerState) -> list[Action]:
        return travel_options(s, p)

    def take_action(self, s: GameState, p: PlayerState, action: Action) -> Flow | None:
        return travel(s, p, action) if isinstance(action, Travel) else None

    def buy_options(self, s: GameState, p: PlayerState) -> list[Action]:
        return buy_options(s, p)

    def buy(self, s: GameState, p: PlayerState, action: Action) -> int | None:
        if not isinstance(action, TrashBuy):
            return None
        buy(s, p, action)
        return action.slot

    def damage_discarded(self, s: GameState, p: PlayerState, card: str, amount: int) -> Generator[Decision, Action, int]:
        if not has_damage_passive(s, card):
            return amount
        left: int = yield from damage_discarded(s, p, card, amount)
        return left


PACK = AdvancedActionsRules()
