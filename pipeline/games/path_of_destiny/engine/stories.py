"""The three stories' special rules, as far as the content encodes them (reference §11):
extra-effort cards, secret objectives with prerequisites and special-symbol markers, alliances."""

from __future__ import annotations

from ..enums import Faction, Holding, ObjectiveKind, Side, Symbol
from ..story_models import AllianceCard, Requirement
from .actions import ChooseDeck, DiscardAlliance
from .execute import Ctx, run_effects
from .state import Decision, Flow, GameState, Objective, PlayerState

# The Lesser Evil: the left path is Renfri's, the right path Stregobor's (reference §11.3, §16.4).
FACTION_OF_SIDE = {Side.LEFT: Faction.RENFRI.value, Side.RIGHT: Faction.STREGOBOR.value}


def setup_story(s: GameState, solo: bool, extra_effort: bool) -> None:
    """Lay out the chosen story's components (reference §11)."""
    story = s.story.story
    # Extra-effort cards: one random card of each chapter's four (§11.1).
    if extra_effort:
        for chapter in range(1, s.rules.chapters + 1):
            efforts = [c for c in story.extra_effort_cards if c.chapter == chapter]
            if efforts:
                s.extra_effort[chapter] = s.rng.choice(efforts)
    # Secret objectives: one of each kind, solo cards replacing combat and magic; a prerequisite beside each (§11.2).
    if story.secret_objectives:
        prerequisites = list(story.prerequisite_cards)
        s.rng.shuffle(prerequisites)
        for kind in ObjectiveKind:
            wants_solo = solo and kind in (ObjectiveKind.COMBAT, ObjectiveKind.MAGIC)
            pool = [o for o in story.secret_objectives if o.kind is kind and o.solo == wants_solo]
            if pool and prerequisites:
                pre = prerequisites.pop()
                s.objectives.append(Objective(s.rng.choice(pool), pre.id, pre.color.value))
    # Special-symbol markers: the first goes with the left path marker, the second with the right.
    for side, marker in zip((Side.LEFT, Side.RIGHT), story.special_symbol_markers, strict=False):
        s.special_markers[side] = marker.id
    # Alliance markers in random order beside the lowest rows, with the shuffled decks (§11.3).
    if story.alliance_markers:
        markers = list(story.alliance_markers)
        s.rng.shuffle(markers)
        lowest = range(len(s.rows) - len(markers), len(s.rows))
        s.alliance_rows = {row: tuple(f.value for f in m.factions) for row, m in zip(lowest, markers, strict=True)}
        for faction in Faction:
            deck = [f"{a.id}#{k}" for a in story.alliance_cards if a.faction is faction for k in range(a.copies)]
            s.rng.shuffle(deck)
            s.alliance_decks[faction.value] = deck
            s.alliance_discard[faction.value] = []
            s.alliance_all.extend(deck)


# --- Extra effort (§11.1) ---------------------------------------------------------------------------


def extra_effort(s: GameState, p: PlayerState) -> Flow:
    """After playing: each sequence of this chapter's card completed by adjacent timeline cards, with at
    least one card played this turn in it, pays its rewards (once per sequence and turn)."""
    card = s.extra_effort.get(s.chapter)
    if card is None or p.is_automa:
        return
    cards = s.tables.cards
    played = {len(p.timeline) - k for k in range(1, s.rules.cards_played_per_round + 1)}
    for sequence in card.sequences:
        length = len(sequence.colors)
        for start in range(len(p.timeline) - length + 1):
            window = range(start, start + length)
            if played.isdisjoint(window):
                continue
            if all(sequence.colors[k] in cards[p.timeline[start + k]].colors for k in range(length)):
                yield from run_effects(s, Ctx(p.seat), sequence.rewards)
                break


# --- Prerequisites and secret objectives (§11.2) ---------------------------------------------------


def prerequisites(s: GameState) -> None:
    """After playing: 3 cards of a prerequisite's colour claim its left slot (+1 XP) in the round it is
    first claimed; later, 4 cards claim the right slot (+2 XP). One marker per player and card."""
    r = s.rules
    for objective in s.objectives:
        for p in s.humans():
            if objective.prerequisite in p.prerequisites:
                continue
            have = sum(1 for c in p.timeline if objective.color in s.tables.cards[c].colors)
            first_open = objective.left_round is None or objective.left_round == s.rounds_played
            if first_open and have >= r.prerequisite_first_cards:
                objective.left_round = s.rounds_played
                p.prerequisites[objective.prerequisite] = Side.LEFT
                s.gain_xp(p, r.prerequisite_first_xp)
            elif not first_open and have >= r.prerequisite_later_cards:
                p.prerequisites[objective.prerequisite] = Side.RIGHT
                s.gain_xp(p, r.prerequisite_later_xp)


def holding(s: GameState, p: PlayerState, req: Requirement) -> int:
    """How many of the required symbols or colour a player holds where the requirement counts."""
    cards = s.tables.cards
    total = 0
    if req.holding in (Holding.HAND, Holding.TIMELINE_OR_HAND):
        if req.symbol is not None:
            total += sum(1 for c in p.hand if cards[c].symbol is req.symbol)
        if req.color is not None:
            total += sum(1 for c in p.hand if req.color in cards[c].colors)
    if req.holding in (Holding.TIMELINE, Holding.TIMELINE_OR_HAND):
        if req.symbol is not None:
            total += s.count(p, req.symbol)
        if req.color is not None:
            total += sum(1 for c in p.timeline if req.color in cards[c].colors)
    return total


def score_objectives(s: GameState, main: Symbol) -> dict[int, int]:
    """The two objectives the chapter-3 main symbol reveals, scored: VP by seat (the Automa never scores)."""
    ranked = s.rules.objective_ranked_vp
    gained: dict[int, int] = {}
    for objective in s.objectives:
        card = objective.card
        if main not in card.kind.reveals():
            continue
        held = {p.seat: holding(s, p, card.requirement) for p in s.humans()}
        best = max(held.values(), default=0)
        for seat, amount in held.items():
            if amount < 1:
                continue
            if card.scoring == "flat":
                vp = card.vp or 0
            else:
                below = best - amount
                vp = ranked[below] if below < len(ranked) else 0
            gained[seat] = gained.get(seat, 0) + vp
            s.gain_vp(s.players[seat], vp)
    return gained


def take_specials(s: GameState) -> None:
    """After chapter 1, the path-marker holders take the story's special-symbol markers."""
    for side, _marker in s.special_markers.items():
        holder = s.holders.get(side)
        if holder is not None:
            s.players[holder].specials.append(side)


# --- Alliances (§11.3) -----------------------------------------------------------------------------


def alliance_card(s: GameState, instance: str) -> AllianceCard:
    key = instance.split("#", 1)[0]
    return next(a for a in s.story.story.alliance_cards if a.id == key)


def draw_alliance(s: GameState, p: PlayerState, row: int) -> Flow:
    """Taking a row beside an alliance marker: draw 1 alliance card; over the limit, discard down."""
    factions = s.alliance_rows.get(row)
    if not factions or p.is_automa:
        return
    faction = factions[0]
    if len(factions) > 1:
        choice = yield Decision(p.seat, "alliance-deck", tuple(ChooseDeck(f) for f in factions))
        assert isinstance(choice, ChooseDeck)
        faction = choice.faction
    deck = s.alliance_decks[faction]
    if not deck and s.alliance_discard[faction]:
        deck.extend(s.alliance_discard[faction])
        s.alliance_discard[faction].clear()
        s.rng.shuffle(deck)
    if not deck:
        return
    p.alliance.append(deck.pop())
    mine = [a for a in p.alliance if alliance_card(s, a).faction.value == faction]
    if len(mine) > s.rules.alliance_limit_per_faction:
        choice = yield Decision(p.seat, "alliance-discard", tuple(DiscardAlliance(a) for a in mine))
        assert isinstance(choice, DiscardAlliance)
        p.alliance.remove(choice.card)
        s.alliance_discard[faction].append(choice.card)


def reveal_alliances(s: GameState, main: Side) -> Flow:
    """Chapter end: everyone applies and discards their cards of the main path's faction."""
    if not s.alliance_decks:
        return
    faction = FACTION_OF_SIDE[main]
    for p in s.humans():
        for instance in [a for a in p.alliance if alliance_card(s, a).faction.value == faction]:
            p.alliance.remove(instance)
            s.alliance_discard[faction].append(instance)
            yield from run_effects(s, Ctx(p.seat), [alliance_card(s, instance).effect])


def discard_alliances(s: GameState) -> None:
    """Game end: face-down alliance cards are discarded without effect."""
    for p in s.players:
        for instance in p.alliance:
            s.alliance_discard[alliance_card(s, instance).faction.value].append(instance)
        p.alliance.clear()
