"""Chapter end and game end (reference §8-§10): main symbol and branch, path markers, carry-over,
XP and abilities, final scoring and its tie-breaks."""

from __future__ import annotations

from collections.abc import Callable

from pipeline.games.path_of_destiny.engine import GameState, Tables, new_game
from pipeline.games.path_of_destiny.engine.actions import ChooseMain, KeepCards, UseAbility
from pipeline.games.path_of_destiny.engine.chapter import (
    award_path_markers,
    chapter_start,
    decide_winner,
    keep_cards,
    main_side,
    read_card,
    side_quest,
)
from pipeline.games.path_of_destiny.enums import Side, StoryCardKind, Symbol
from pipeline.games.path_of_destiny.models import ActionCard

from .conftest import advance, run


def test_main_symbol_more_markers_then_higher_numeral_then_leader_chooses(game: Callable[..., GameState]) -> None:
    s = game(3, 1, story="drowned-bells")
    s.fate = {Side.LEFT: [1, 2], Side.RIGHT: [3]}
    assert run(main_side(s)) is Side.LEFT
    s.fate = {Side.LEFT: [1], Side.RIGHT: [3]}
    assert run(main_side(s)) is Side.RIGHT  # III beats I
    s.fate = {Side.LEFT: [], Side.RIGHT: []}
    flow = main_side(s)
    decision = next(flow)
    assert decision.kind == "main" and decision.player == s.initiative[0]
    assert ChooseMain("right") in decision.actions


def test_the_branch_taken_follows_the_main_symbol_to_its_epilogue(game: Callable[..., GameState]) -> None:
    for seed in range(6):
        s = game(3, seed)
        while not s.is_terminal():
            s.apply(s.legal_actions()[-1])
        story = s.story
        number = story.intro().next
        assert number is not None
        for main in s.mains:
            left, right = story.spread(number)
            number = (left if main is Side.LEFT else right).next
            assert number is not None
        assert story.cards[number].kind is StoryCardKind.EPILOGUE
        assert s.epilogue == number and s.outcome is not None and s.outcome.ending == number


def test_path_markers_go_to_the_most_symbols_ties_to_initiative(game: Callable[..., GameState]) -> None:
    s = game(3, 1, story="drowned-bells")
    left, right = s.active
    first, second, third = (s.players[seat] for seat in s.initiative)
    s.gain(third, left, 2)
    s.gain(second, right, 1)
    s.gain(first, right, 1)
    award_path_markers(s)
    assert s.holders == {Side.LEFT: third.seat, Side.RIGHT: first.seat}


def test_path_marker_bonuses_pay_the_holders_then_the_markers_are_discarded(game: Callable[..., GameState]) -> None:
    s = game(2, 1, story="drowned-bells")
    card = s.story.cards[4]  # left: gain 2 XP, right: gain 1 VP
    assert card.path_markers is not None
    a, b = s.players
    s.holders = {Side.LEFT: a.seat, Side.RIGHT: b.seat}
    xp, vp = a.xp, b.vp
    run(read_card(s, 4))
    assert a.xp == xp + 2 and b.vp == vp + 1
    assert s.holders == {Side.LEFT: None, Side.RIGHT: None}


def test_chapter_carry_over_keeps_the_chosen_card_and_clears_tokens(game: Callable[..., GameState]) -> None:
    s = game(2, 2, story="drowned-bells")
    advance(s, "keep")
    assert s.decision is not None
    p = s.players[s.decision.player]
    keep = KeepCards((p.timeline[3],))
    assert len(p.timeline) == 6 and keep in s.legal_actions()
    s.apply(keep)
    advance(s, "take")
    assert s.chapter == 2
    assert p.timeline[0] == keep.cards[0] and len(p.timeline) == 1
    assert len(p.hand) == s.rules.hand_size
    advance(s, "keep")
    assert len(s.players[s.decision.player].timeline) == 1 + 6 and len(s.decision.actions[0].cards) == 2  # type: ignore[union-attr]


def test_xp_unlocks_abilities_fills_the_golden_cube_and_losing_xp_keeps_them(game: Callable[..., GameState]) -> None:
    s = game(2, 1, story="kestrel-watch", characters=["geralt", "yennefer"])
    p = s.players[0]
    assert p.unlocked == ["witcher-senses"]
    s.gain_xp(p, 5)
    assert "steady-blade" in p.unlocked
    s.gain_xp(p, 20)
    assert s.golden(p) == 5 and len(p.unlocked) == 4
    s.gain_xp(p, 100)
    assert p.xp == 40 and s.golden(p) == 20
    s.lose_xp(p, 38)
    assert p.xp == 2 and len(p.unlocked) == 4


def test_an_ability_is_used_once_per_game(game: Callable[..., GameState]) -> None:
    s = game(2, 1, story="drowned-bells", characters=["yennefer", "geralt"])
    yen = s.players[0]
    advance(s, "ability")
    assert s.decision is not None and s.decision.player == yen.seat
    s.apply(UseAbility("portal"))
    magic = yen.tokens[Symbol.MAGIC]
    assert magic >= 1 and "portal" in yen.used
    while s.chapter == 1 and not s.is_terminal():
        assert UseAbility("portal") not in s.legal_actions()
        s.apply(s.legal_actions()[0])


def test_side_quest_pays_its_best_tier(game: Callable[..., GameState]) -> None:
    s = game(2, 1, characters=["geralt", "yennefer"])
    p = s.players[0]
    combat = [c for c in s.tables.main_ids if s.tables.cards[c].symbol is Symbol.COMBAT]
    p.hand = combat[:3] + [c for c in s.tables.main_ids if s.tables.cards[c].symbol is None][:2]
    assert side_quest(s, p) == 5
    p.hand = combat[:1]
    assert side_quest(s, p) == 0


def test_most_vp_wins_and_a_tie_goes_to_the_higher_initiative(game: Callable[..., GameState]) -> None:
    s = game(3, 1)
    first, second, third = s.initiative
    s.players[third].vp = 30
    s.players[second].vp = 30
    s.players[first].vp = 10
    assert decide_winner(s) == second
    s.players[third].vp = 31
    assert decide_winner(s) == third


def test_path_markers_wait_for_the_first_card_that_pays_them(game: Callable[..., GameState]) -> None:
    """A card without path-marker rewards (an ending before its epilogue) leaves the markers in place."""
    s = game(2, 1, story="drowned-bells")
    assert s.story.cards[2].path_markers is None and not s.story.cards[2].effects
    a, b = s.players
    s.holders = {Side.LEFT: a.seat, Side.RIGHT: b.seat}
    xp, vp = a.xp, b.vp
    run(read_card(s, 2))
    assert s.holders == {Side.LEFT: a.seat, Side.RIGHT: b.seat}
    run(read_card(s, 4))  # left: gain 2 XP, right: gain 1 VP
    assert a.xp == xp + 2 and b.vp == vp + 1
    assert s.holders == {Side.LEFT: None, Side.RIGHT: None}


def test_a_kept_card_resolves_immediately_when_it_is_kept(test_tables: Tables) -> None:
    """Reference §8.4: "If a kept card has an effect you can apply, it is resolved **immediately**"."""
    card = ActionCard.model_validate(
        {"id": "t-left", "name": "Left", "colors": ["red"], "effect": {"type": "gain-path-symbol", "path": "left", "amount": 2}}
    )
    test_tables.cards[card.id] = card
    s = new_game(test_tables, 2, 1, {"story": "drowned-bells", "characters": ["geralt", "yennefer"], "extra_effort": False})
    advance(s, "keep")
    left = s.side_symbol(Side.LEFT)
    for p in s.players:
        p.timeline[0] = card.id
    run(keep_cards(s), lambda d: KeepCards((card.id,)))
    assert all(p.timeline == [card.id] and p.tokens[left] == 2 for p in s.players)
    run(chapter_start(s))  # the next chapter does not resolve it a second time
    assert all(p.tokens[left] == 2 for p in s.players)
