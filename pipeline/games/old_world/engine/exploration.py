"""Exploring the City or the Wilds, quests, and numbered events (reference §12)."""

from __future__ import annotations

from ..enums import EventType, ExplorationDeck, ResultKind, Terrain
from ..models.base import Event
from .actions import ChooseOption, interned
from .execute import Ctx, run_effects
from .state import Decision, Flow, GameState, PlayerState, Quest
from .tables import TERRAINS

# Events entering events: a guard against content cycles (the static checks forbid them).
MAX_EVENT_DEPTH = 8


def explore(s: GameState, p: PlayerState, deck: ExplorationDeck) -> Flow:
    """Draw the deck's top card, choose an affordable option, apply its Instant or Quest result."""
    pile = s.exploration[deck.value]
    if not pile:
        # §18.15: used cards are out of this game, but a long game reshuffles the set-aside ones.
        pile.extend(s.exploration_used[deck.value])
        s.exploration_used[deck.value] = []
        s.rng.shuffle(pile)
    if not pile:
        return
    card_id = pile.pop()
    s.used["exploration"].add(card_id)
    card = s.tables.exploration[card_id]
    affordable = [i for i, o in enumerate(card.options) if p.gold >= o.gold_cost]
    if not affordable:
        s.exploration_used[deck.value].append(card_id)  # §18 (silent): nothing affordable, nothing happens.
        return
    action = yield Decision(p.seat, "explore-option", tuple(interned(ChooseOption, i) for i in affordable))
    assert isinstance(action, ChooseOption)
    option = card.options[action.index]
    s.give_gold(p, -option.gold_cost)
    result = option.result
    yield from run_effects(s, Ctx(p.seat), result.effects)
    if result.kind is ResultKind.QUEST and result.quest is not None:
        start_quest(s, p, card_id, result.quest.terrain, result.quest.enter_event)
    else:
        s.exploration_used[deck.value].append(card_id)


def start_quest(s: GameState, p: PlayerState, card: str, terrain: Terrain | None, event: int) -> None:
    """Keep a Quest; its location is a token of the terrain, else of another terrain (§12.2)."""
    order = [terrain] if terrain is not None else []
    order += [t for t in TERRAINS if t is not terrain]
    if terrain is None:
        s.rng.shuffle(order)
    for t in order:
        if s.token_piles[t]:
            p.quests.append(Quest(card, event, s.token_piles[t].pop()))
            return
    _set_aside(s, card)  # No token at all: the quest cannot be resolved and is discarded.


def _set_aside(s: GameState, card: str) -> None:
    if card:
        s.exploration_used[s.tables.exploration[card].deck.value].append(card)


def on_enter(s: GameState, p: PlayerState) -> Flow:
    """Entering a location: claim Trail Quests there, then resolve the Quests located there (§8.6, §12.2)."""
    here = p.location
    for token in [t for t in p.trail_quests if s.tables.token_location(t) == here]:
        from .fight import TRAIL_QUEST_GOLD

        p.trail_quests.remove(token)
        p.gold += TRAIL_QUEST_GOLD  # The token's Gold came from the bank when the quest started.
        p.trail_tokens.append(token)
    for quest in [q for q in p.quests if q.token is not None and s.tables.token_location(q.token) == here]:
        p.quests.remove(quest)
        assert quest.token is not None
        pile = s.token_piles[s.tables.token_terrain(quest.token)]
        pile.append(quest.token)
        s.rng.shuffle(pile)
        _set_aside(s, quest.card)
        yield from enter_event(s, p, quest.event)
        if s.outcome is not None:
            return


def enter_event(s: GameState, p: PlayerState, number: int) -> Flow:
    """Read event `number` and resolve it by its type (§3.6, §12.2)."""
    event = s.tables.events.get(number)
    # §18 (silent): an Equipment/Companion already kept by someone is not in the deck: nothing happens.
    if event is None or number in s.kept_events or s.event_depth > MAX_EVENT_DEPTH:
        return
    s.event_depth += 1
    s.used["events"].add(event.id)
    yield from resolve_event(s, p, event)
    s.event_depth -= 1


def resolve_event(s: GameState, p: PlayerState, event: Event) -> Flow:
    """An event's options (the affordable ones), its effects, and the card kept if it is Equipment or a Companion."""
    ctx = Ctx(p.seat)
    if event.type is EventType.OPTIONS and event.options:
        affordable = [i for i, o in enumerate(event.options) if p.gold >= o.gold_cost]
        if affordable:
            action = yield Decision(p.seat, "event-option", tuple(interned(ChooseOption, i) for i in affordable))
            assert isinstance(action, ChooseOption)
            option = event.options[action.index]
            s.give_gold(p, -option.gold_cost)
            yield from run_effects(s, ctx, option.effects)
    yield from run_effects(s, ctx, event.effects)
    if event.keep is not None and event.type in (EventType.EQUIPMENT, EventType.COMPANION):
        s.kept_events.add(event.number)
        p.kept.append(event.number)
