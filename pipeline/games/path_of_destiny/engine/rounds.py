"""One round (reference §7): take cards in initiative order, play two cards, place the fate marker."""

from __future__ import annotations

from itertools import permutations

from ..enums import AutomaTrigger, Side
from . import automa
from .actions import PASS, DrawFromDeck, Pass, PlayCards, TakeRow, UseAbility
from .execute import Ctx, resolve_card, run_effects
from .state import Decision, Flow, GameState, PlayerState
from .stories import draw_alliance, extra_effort, prerequisites


def use_abilities(s: GameState, p: PlayerState, timing: str) -> Flow:
    """Offer the player's ready abilities of this timing, one at a time, until they pass."""
    while True:
        ready = s.ready_abilities(p, timing)
        if not ready:
            return
        choice = yield Decision(p.seat, "ability", (*(UseAbility(a.id) for a in ready), PASS))
        if isinstance(choice, Pass):
            return
        assert isinstance(choice, UseAbility)
        ability = next(a for a in ready if a.id == choice.ability)
        p.used.add(ability.id)
        yield from run_effects(s, Ctx(p.seat), ability.effects)


# --- 1. Take cards (§7.1) ---------------------------------------------------------------------------


def advance_supply(s: GameState) -> None:
    """Discard the top pair (the topmost one left), slide the remaining pairs up to close the gaps, deal
    into the empty spaces."""
    remaining = [row for row in s.rows if row]
    if remaining:
        s.discard.extend(remaining.pop(0))
    s.rows = remaining + [[] for _ in range(len(s.rows) - len(remaining))]
    s.refill()


def take_cards(s: GameState) -> Flow:
    if s.rounds_played > 0:
        advance_supply(s)
    taken: dict[int, int] = {}  # row -> seat
    from_deck: list[int] = []
    for p in s.in_initiative():
        free = [r for r, cards in enumerate(s.rows) if cards and r not in taken]
        if p.is_automa:
            row = automa.pick_row(s, free)
        else:
            options = (*(TakeRow(r) for r in free), DrawFromDeck())
            choice = yield Decision(p.seat, "take", options)
            row = choice.row if isinstance(choice, TakeRow) else None
        if row is None:
            from_deck.append(p.seat)
            pair = s.draw_pair()
        else:
            taken[row] = p.seat
            pair, s.rows[row] = s.rows[row], []
        p.hand.extend(pair)
        s.used["action-cards"].update(pair)
        if row is not None:
            if row == s.extra_xp_row:
                s.gain_xp(p, s.rules.extra_xp_marker_xp)
            yield from draw_alliance(s, p, row)
        if p.is_automa:
            yield from automa.fire(s, p, AutomaTrigger.DRAW_DECK if row is None else AutomaTrigger.TAKE_ROW)
        else:
            yield from use_abilities(s, p, "take-cards")
    # The new initiative: row spaces top to bottom, then the main-deck space in order of arrival.
    s.initiative = [taken[r] for r in sorted(taken)] + from_deck


# --- 2. Play cards (§7.2) ---------------------------------------------------------------------------


def play_options(p: PlayerState) -> tuple[PlayCards, ...]:
    return tuple(PlayCards(a, b) for a, b in permutations(dict.fromkeys(p.hand), 2))


def play_cards(s: GameState) -> Flow:
    chosen: dict[int, PlayCards] = {}
    for p in s.humans():  # Chosen secretly: nobody's choice depends on another's.
        choice = yield Decision(p.seat, "play", play_options(p))
        assert isinstance(choice, PlayCards)
        chosen[p.seat] = choice
    for p in s.in_initiative():
        if p.is_automa:  # Straight into the timeline, effects ignored (§14).
            p.timeline.extend(p.hand)
            p.hand.clear()
            continue
        play = chosen[p.seat]
        for card in (play.first, play.second):
            p.hand.remove(card)
            p.timeline.append(card)
            s.used["action-cards"].add(card)
        for position in (len(p.timeline) - 2, len(p.timeline) - 1):
            yield from resolve_card(s, p.seat, position)
    for p in s.humans():
        yield from extra_effort(s, p)
        yield from use_abilities(s, p, "play-cards")
    prerequisites(s)


# --- 3. Fate marker (§7.3) --------------------------------------------------------------------------


def vote(s: GameState, p: PlayerState) -> Side | None:
    left, right = (s.count(p, symbol) for symbol in s.active)
    return None if left == right else Side.LEFT if left > right else Side.RIGHT


def supply_vote(s: GameState) -> Side | None:
    """Two players: the printed symbols of the cards left in the supply vote as a third character."""
    cards = s.tables.cards
    shown = [cards[c].symbol for row in s.rows for c in row]
    left, right = (shown.count(symbol) for symbol in s.active)
    return None if left == right else Side.LEFT if left > right else Side.RIGHT


def fate_marker(s: GameState) -> Flow:
    for p in s.humans():
        yield from use_abilities(s, p, "fate-marker")
    bots = [p for p in s.players if p.is_automa]
    if bots:  # Solo: the Automa's majority alone decides (§14).
        side = automa.fate_vote(s, bots[0])
    else:
        votes = [vote(s, p) for p in s.humans()]
        if s.profile.supply_votes:
            votes.append(supply_vote(s))
        left, right = votes.count(Side.LEFT), votes.count(Side.RIGHT)
        side = None if left == right else Side.LEFT if left > right else Side.RIGHT
    if side is None:
        s.fate_aside.append(s.round)
        return
    s.fate[side].append(s.round)
    for a in bots:
        yield from automa.fire(s, a, AutomaTrigger.FATE_MARKER)


def play_round(s: GameState) -> Flow:
    yield from take_cards(s)
    yield from play_cards(s)
    yield from fate_marker(s)
    s.rounds_played += 1
