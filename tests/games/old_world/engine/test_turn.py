"""The turn's phases: movement payments, Phase II choices, the Phase III market (reference §7)."""

from __future__ import annotations

from pipeline.games.old_world.engine.actions import Buy, Meditate, Move, Pass
from pipeline.games.old_world.engine.turn import buy_options, move_options, phase_three, phase_two_options
from pipeline.games.old_world.enums import Attribute as A

from .conftest import drive


def test_market_cost_modifiers(game) -> None:  # type: ignore[no-untyped-def]
    """+1, +1, 0, 0, 0, -1 left to right, floored at 0: Reflex (cost 2) right-most costs 1 (§17.7)."""
    s = game()
    assert s.tables.manifest.market.slot_modifiers == [1, 1, 0, 0, 0, -1]
    s.market = ["reflex", "reflex", "reflex", "jab", "reflex", "reflex"]
    assert [s.slot_cost(i) for i in range(6)] == [3, 3, 2, 0, 2, 1]
    s.market[5] = "jab"
    assert s.slot_cost(5) == 0


def test_buying_pays_by_discarding_and_slides_the_market(game) -> None:  # type: ignore[no-untyped-def]
    s = game()
    p = s.players[0]
    s.market[5] = "reflex"
    market = list(s.market)
    p.hand = ["jab", "kick", "duck"]
    p.deck = ["jab"] * 5
    assert Buy(5, ("jab",)) in buy_options(s, p)
    drive(phase_three(s, p), lambda d: Pass() if Pass() in d.actions else Buy(5, ("jab",)))
    assert "reflex" in p.hand and "jab" in p.discard
    assert s.market[1:] == market[:5]


def test_phase_three_discards_down_to_the_cap_and_draws(game) -> None:  # type: ignore[no-untyped-def]
    s = game()
    p = s.players[0]
    p.hand, p.deck = ["jab"] * 5, ["kick"] * 5
    p.phase3_target = s.rules.phase3_draw_after_loss
    s.market = ["reflex"] * 6  # nothing affordable with a 2-card hand? cost 3/3/2/2/2/1
    seen: list[int] = []

    def pick(d):  # type: ignore[no-untyped-def]
        seen.append(len(p.hand))
        return d.actions[0]

    drive(phase_three(s, p), pick)
    assert seen[:2] == [5, 4]  # no Pass offered above the cap


def test_movement_payments(game) -> None:  # type: ignore[no-untyped-def]
    s = game()
    p = s.players[0]
    p.location = "glenmore"  # neighbours: cintra (mountain), doldeth (mountain)
    p.hand, p.gold = ["jab", "kick"], 1  # jab forest, kick water
    options = set(move_options(s, p))
    assert Move("cintra", ("jab",)) not in options  # a forest card does not match a mountain
    assert Move("cintra", ("jab", "kick")) in options  # any two cards
    assert Move("cintra", ("jab",), gold=1) in options  # one card and one Gold
    p.hand = ["lean-back"]  # wild
    assert Move("doldeth", ("lean-back",)) in set(move_options(s, p))


def test_meditation_needs_a_top_attribute_and_an_available_trophy(game) -> None:  # type: ignore[no-untyped-def]
    s = game()
    p = s.players[0]
    assert not any(isinstance(a, Meditate) for a in phase_two_options(s, p))
    p.attributes[A.COMBAT] = 5
    p.maxed.add(A.COMBAT)
    assert Meditate("combat") in phase_two_options(s, p)
