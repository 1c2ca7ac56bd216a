"""The stories' special rules (reference §11): extra effort, prerequisites and objectives, alliances."""

from __future__ import annotations

from collections.abc import Callable

from pipeline.games.path_of_destiny.engine import GameState
from pipeline.games.path_of_destiny.engine.execute import Ctx
from pipeline.games.path_of_destiny.engine.stories import (
    draw_alliance,
    extra_effort,
    holding,
    prerequisites,
    reveal_alliances,
    score_objectives,
)
from pipeline.games.path_of_destiny.enums import Side, Symbol

from .conftest import run


def _of_color(s: GameState, color: str, n: int) -> list[str]:
    return [c for c in s.tables.main_ids if s.tables.cards[c].colors == [color]][:n]


def test_extra_effort_pays_only_with_a_card_played_this_turn(game: Callable[..., GameState]) -> None:
    s = game(2, 1, story="drowned-bells")
    s.chapter = 1
    s.extra_effort[1] = next(c for c in s.story.story.extra_effort_cards if c.id == "low-water")  # blue, green: 1 XP
    p = s.players[0]
    blue, green, red = _of_color(s, "blue", 1), _of_color(s, "green", 1), _of_color(s, "red", 2)
    p.timeline = blue + green + red  # the sequence is in the timeline, but not among the two just played
    xp = p.xp
    run(extra_effort(s, p))
    assert p.xp == xp
    p.timeline = red + blue + green
    run(extra_effort(s, p))
    assert p.xp == xp + 1


def test_prerequisite_left_slot_in_the_first_round_then_right_slot_needs_four(game: Callable[..., GameState]) -> None:
    s = game(2, 1, story="ravens-of-greyholt")
    objective = s.objectives[0]
    a, b = s.players
    a.timeline = _of_color(s, objective.color, 3)
    xp = a.xp
    prerequisites(s)
    assert a.prerequisites[objective.prerequisite] is Side.LEFT and a.xp == xp + 1
    s.rounds_played += 1
    b.timeline = _of_color(s, objective.color, 3)
    prerequisites(s)
    assert objective.prerequisite not in b.prerequisites  # later: 4 cards
    b.timeline = _of_color(s, objective.color, 4)
    xp = b.xp
    prerequisites(s)
    assert b.prerequisites[objective.prerequisite] is Side.RIGHT and b.xp == xp + 2


def test_ranked_objective_pays_5_3_1_by_distance_from_the_most(game: Callable[..., GameState]) -> None:
    s = game(3, 1, story="ravens-of-greyholt")
    objective = next(o for o in s.objectives if o.card.scoring == "ranked")
    main = next(iter(objective.card.kind.reveals()))
    s.objectives = [objective]
    req = objective.card.requirement
    players = s.players
    for p, n in zip(players, (3, 2, 0), strict=True):
        p.hand, p.timeline = [], []
        for sym in Symbol:
            p.tokens[sym] = 0
        if req.symbol is not None:
            cards = [c for c in s.tables.main_ids if s.tables.cards[c].symbol is req.symbol][:n]
        else:
            cards = _of_color(s, str(req.color), n)
        if req.holding.value == "hand":
            p.hand = cards
        else:
            p.timeline = cards
        assert holding(s, p, req) == n
    gained = score_objectives(s, main)
    assert gained == {players[0].seat: 5, players[1].seat: 3}


def test_alliance_row_draws_a_card_and_the_main_side_reveals_its_faction(game: Callable[..., GameState]) -> None:
    s = game(2, 1, story="kestrel-watch")
    assert s.extra_xp_row is None and len(s.alliance_rows) == 3
    p = s.players[0]
    for row in s.alliance_rows:
        run(draw_alliance(s, p, row))
    assert len(p.alliance) == 3
    for _ in range(6):
        run(draw_alliance(s, p, next(iter(s.alliance_rows))))
    assert len(p.alliance) <= 2 * s.rules.alliance_limit_per_faction
    held = len(p.alliance)
    run(reveal_alliances(s, Side.LEFT))
    assert all(not a.startswith("dunmere") for a in p.alliance) and len(p.alliance) < held
    assert Ctx(p.seat).times == 1
