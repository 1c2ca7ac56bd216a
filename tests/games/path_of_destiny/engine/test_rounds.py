"""A round (reference §7): taking cards in initiative order, timeline resolution order, the fate marker."""

from __future__ import annotations

from collections.abc import Callable

from pipeline.games.path_of_destiny.engine import GameState, new_game
from pipeline.games.path_of_destiny.engine.actions import DrawFromDeck, PlayCards, TakeRow
from pipeline.games.path_of_destiny.engine.rounds import fate_marker, supply_vote, vote
from pipeline.games.path_of_destiny.engine.tables import Tables
from pipeline.games.path_of_destiny.enums import Side, Symbol

from .conftest import advance, run


def test_taking_cards_goes_in_initiative_order_and_resets_it_from_the_spaces(game: Callable[..., GameState]) -> None:
    s = game(3, 4, story="drowned-bells", characters=["geralt", "dandelion", "vesemir"])
    first, second, third = s.initiative
    assert s.decision is not None and s.decision.player == first and s.decision.kind == "take"
    s.apply(TakeRow(2))
    assert s.decision.player == second
    assert TakeRow(2) not in s.legal_actions()  # one standee per row space
    s.apply(DrawFromDeck())
    assert s.decision.player == third
    s.apply(TakeRow(0))
    assert s.initiative == [third, first, second]  # rows top-down, then the main-deck space


def test_the_extra_xp_row_gives_one_xp(game: Callable[..., GameState]) -> None:
    s = game(2, 3, story="drowned-bells")
    leader = s.players[s.initiative[0]]
    xp = leader.xp
    assert s.extra_xp_row == 3
    s.apply(TakeRow(3))
    assert leader.xp == xp + s.rules.extra_xp_marker_xp


def test_the_supply_discards_its_top_pair_and_slides_up_after_the_first_round(game: Callable[..., GameState]) -> None:
    s = game(2, 5, story="drowned-bells", characters=["geralt", "dandelion"])
    s.apply(TakeRow(0))  # first round: nothing is discarded
    s.apply(TakeRow(2))
    assert not s.discard
    top, third = list(s.rows[1]), list(s.rows[3])
    advance(s, "take")
    assert s.rounds_played == 1
    assert s.discard == top  # the topmost pair left
    assert s.rows[0] == third  # slid up
    assert all(len(row) == 2 for row in s.rows)


def test_timeline_resolves_left_card_first(test_tables: Tables) -> None:
    for order, gained in ((("t-giver", "t-taker"), 3), (("t-taker", "t-giver"), 0)):
        s = new_game(test_tables, 2, 1, {"story": "drowned-bells", "characters": ["geralt", "yennefer"], "extra_effort": False})
        p = s.players[0]
        p.hand[:2] = ["t-giver", "t-taker"]
        advance(s, "play")
        while s.decision is not None and s.decision.player != 0:
            s.apply(s.legal_actions()[0])
            advance(s, "play")
        xp = p.xp
        s.apply(PlayCards(*order))
        assert p.timeline[-2:] == list(order)
        assert p.xp - xp == gained


def test_fate_marker_goes_to_the_side_more_players_favour(game: Callable[..., GameState]) -> None:
    s = game(3, 1, story="drowned-bells")
    left, right = s.active
    a, b, c = (s.players[seat] for seat in s.initiative)
    s.gain(a, left, 2)
    s.gain(b, right, 1)
    s.gain(c, right, 3)
    assert (vote(s, a), vote(s, b), vote(s, c)) == (Side.LEFT, Side.RIGHT, Side.RIGHT)
    s.round = 2
    run(fate_marker(s), choose=lambda d: d.actions[-1])  # abilities: pass
    assert s.fate[Side.RIGHT] == [2]


def test_a_tied_vote_sets_the_fate_marker_aside(game: Callable[..., GameState]) -> None:
    s = game(4, 1, story="drowned-bells")
    left, right = s.active
    for i, seat in enumerate(s.initiative):
        s.gain(s.players[seat], left if i % 2 else right, 1)
    s.round = 1
    run(fate_marker(s), choose=lambda d: d.actions[-1])
    assert s.fate == {Side.LEFT: [], Side.RIGHT: []} and s.fate_aside == [1]


def test_two_players_the_supply_votes_as_a_third_character(game: Callable[..., GameState]) -> None:
    s = game(2, 1, story="drowned-bells")
    left, _right = s.active
    card = next(c for c in s.tables.main_ids if s.tables.cards[c].symbol is left)
    s.deck.extend(c for row in s.rows for c in row)
    s.rows = [[card], [], [], []]
    assert supply_vote(s) is Side.LEFT
    assert isinstance(left, Symbol)
