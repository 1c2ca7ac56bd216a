"""Chapters and the story deck (reference §6, §8, §9): chapter start, main and secondary symbol,
VP and XP, path markers, keeping timeline cards, turning to the next story card, final scoring."""

from __future__ import annotations

from itertools import permutations

from ..enums import AutomaTrigger, Side, StoryCardKind
from . import automa
from .actions import ChooseMain, KeepCards
from .execute import Ctx, resolve_card, run_effects
from .rounds import play_round, use_abilities
from .state import Decision, Flow, GameState, PlayerState
from .stories import discard_alliances, reveal_alliances, score_objectives, take_specials
from .tables import SIDES


def play(s: GameState) -> Flow:
    """The whole game: intro, three chapters of three rounds, final scoring, the epilogue."""
    intro = s.story.intro()
    yield from read_card(s, intro.number)
    open_spread(s, intro.next or 0)
    for chapter in range(1, s.rules.chapters + 1):
        s.chapter = chapter
        yield from chapter_start(s)
        for rnd in range(1, s.rules.rounds_per_chapter + 1):
            s.round = rnd
            yield from play_round(s)
        yield from chapter_end(s)


# --- The story deck (§4.2, §8.5) ---------------------------------------------------------------------


def read_card(s: GameState, number: int) -> Flow:
    """Read a story card: its effects on every player, then the path-marker holders' rewards. The
    markers are discarded once a card has paid them; a card without rewards leaves them for a later
    card of the same reading (an ending chain's epilogue, §8.5)."""
    card = s.story.cards[number]
    s.read.append(number)
    s.used["story-cards"].add(s.story.card_id(number))
    for p in s.humans():
        yield from run_effects(s, Ctx(p.seat), card.effects)
    if card.path_markers is not None:
        for side in SIDES:
            holder = s.holders.get(side)
            if holder is not None:
                rewards = card.path_markers.left if side is Side.LEFT else card.path_markers.right
                yield from run_effects(s, Ctx(holder), rewards)
        s.holders = dict.fromkeys(SIDES)  # The path markers are discarded once paid.


def open_spread(s: GameState, number: int) -> None:
    """Lay out the spread card `number` opens: its two path cards give the chapter's active symbols."""
    left, right = s.story.spread(number)
    assert left.symbol is not None and right.symbol is not None
    s.spread = (left.number, right.number)
    s.active = (left.symbol, right.symbol)
    for card in (left, right):
        s.used["story-cards"].add(s.story.card_id(card.number))
        if card.number not in s.read:
            s.read.append(card.number)


# --- Chapter start and end (§8) -----------------------------------------------------------------------


def chapter_start(s: GameState) -> Flow:
    """Fresh fate markers; the Automa's symbols (kept cards resolved when they were kept, §8.4)."""
    s.fate = {Side.LEFT: [], Side.RIGHT: []}
    s.fate_aside = []
    for p in s.in_initiative():
        if p.is_automa:
            yield from automa.chapter_start(s, p)


def main_side(s: GameState) -> Flow:
    """More fate markers; on a tie the higher numeral; with none the initiative leader chooses (§8.1)."""
    left, right = s.fate[Side.LEFT], s.fate[Side.RIGHT]
    if len(left) != len(right):
        return Side.LEFT if len(left) > len(right) else Side.RIGHT
    if left:
        return Side.LEFT if max(left) > max(right) else Side.RIGHT
    leader = s.players[s.initiative[0]]
    if leader.is_automa:
        return automa.choose_main(s, leader)
    choice = yield Decision(leader.seat, "main", tuple(ChooseMain(side.value) for side in SIDES))
    assert isinstance(choice, ChooseMain)
    return Side(choice.side)


def award_path_markers(s: GameState) -> None:
    """Most of a path's symbol takes its marker; ties to the higher initiative; never the Automa (§8.3)."""
    for side in SIDES:
        symbol = s.side_symbol(side)
        best: PlayerState | None = None
        for p in s.humans():  # initiative order: the first of the tied keeps it
            if best is None or s.count(p, symbol) > s.count(best, symbol):
                best = p
        s.holders[side] = best.seat if best is not None else None


def chapter_end(s: GameState) -> Flow:
    main = yield from main_side(s)
    s.mains.append(main)
    yield from reveal_alliances(s, main)
    for p in s.in_initiative():
        if p.is_automa:
            yield from automa.fire(s, p, AutomaTrigger.CHAPTER_END)
        else:
            yield from use_abilities(s, p, "chapter-end")
    # VP for the main symbol, XP for the secondary symbol (§8.2).
    secondary = Side.RIGHT if main is Side.LEFT else Side.LEFT
    for p in s.in_initiative():
        s.gain_vp(p, s.count(p, s.side_symbol(main)) * s.rules.vp_per_main_symbol)
        s.gain_xp(p, s.count(p, s.side_symbol(secondary)) * s.rules.xp_per_secondary_symbol)
    award_path_markers(s)
    if s.chapter == 1:
        take_specials(s)
    winner = s.story.cards[s.spread[0] if main is Side.LEFT else s.spread[1]]
    assert winner.next is not None
    if s.chapter < s.rules.chapters:
        yield from keep_cards(s)
        yield from read_card(s, winner.next)
        open_spread(s, winner.next)
    else:
        yield from final_scoring(s, winner.next)


def keep_cards(s: GameState) -> Flow:
    """Clean up: tokens and lost-symbol markers go back; everyone keeps 1 (then 2) timeline cards (§8.4)."""
    count = s.rules.kept_after_chapter[s.chapter - 1]
    kept: dict[int, list[str]] = {}
    for p in s.in_initiative():
        if p.is_automa:
            kept[p.seat] = automa.keep(s, p, count)
            continue
        options = tuple(KeepCards(cards) for cards in permutations(dict.fromkeys(p.timeline), count))
        choice = yield Decision(p.seat, "keep", options)
        assert isinstance(choice, KeepCards)
        kept[p.seat] = list(choice.cards)
    for p in s.in_initiative():
        s.clear_pool(p)
        s.discard.extend(c for c in p.timeline if c not in kept[p.seat])
        p.timeline = kept[p.seat]
    # §8.4: "If a kept card has an effect you can apply, it is resolved immediately": with the paths of
    # the chapter that just ended, before the next story card is read.
    for p in s.humans():
        for position in range(len(p.timeline)):
            yield from resolve_card(s, p.seat, position)


# --- Game end (§9) ---------------------------------------------------------------------------------


def side_quest(s: GameState, p: PlayerState) -> int:
    """The best tier of the side quest the hand (or timeline) reaches."""
    quest = s.tables.characters[p.character].side_quest
    cards = s.tables.cards
    zones = {"hand": p.hand, "timeline": p.timeline, "timeline-or-hand": p.hand + p.timeline}[quest.holding.value]
    have = sum(
        1
        for c in zones
        if (quest.symbol is not None and cards[c].symbol is quest.symbol)
        or (quest.color is not None and quest.color in cards[c].colors)
    )
    return max((tier.vp for tier in quest.tiers if have >= tier.at_least), default=0)


def final_scoring(s: GameState, number: int) -> Flow:
    """Read on to the epilogue (its path-marker rewards are chapter 3's), then side quests, abilities,
    story scoring and the golden cube; the most VP wins, ties to the higher initiative."""
    while True:
        yield from read_card(s, number)
        card = s.story.cards[number]
        if card.kind is StoryCardKind.EPILOGUE or card.next is None:
            break
        number = card.next
    s.epilogue = number
    s.used["epilogues"].add(s.story.card_id(number))
    for p in s.humans():
        s.gain_vp(p, side_quest(s, p))
        yield from use_abilities(s, p, "game-end")
    if s.objectives:
        score_objectives(s, s.side_symbol(s.mains[-1]))
    discard_alliances(s)
    for p in s.in_initiative():
        s.gain_vp(p, s.golden(p))
    s.end(decide_winner(s), tuple(p.vp for p in s.players))


def decide_winner(s: GameState) -> int:
    """The most VP wins; a tie goes to the tied player higher on the initiative track (§9)."""
    return max(s.initiative, key=lambda seat: (s.players[seat].vp, -s.initiative.index(seat)))
