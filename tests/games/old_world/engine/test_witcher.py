"""Attributes, witcher level, Shield, trophies and the final-trophy rule (reference §6, §11)."""

from __future__ import annotations

from pipeline.games.old_world.engine.outcome import Termination
from pipeline.games.old_world.engine.witcher import gain_trophy, lower_attribute, raise_attribute
from pipeline.games.old_world.enums import Attribute as A

from .conftest import drive


def test_level_up_when_all_attributes_exceed_the_level_with_draws_1_1_2_2(game) -> None:  # type: ignore[no-untyped-def]
    s = game()
    p = s.players[0]
    draws = s.rules.levelup_draw
    assert [draws[level] for level in (2, 3, 4, 5)] == [1, 1, 2, 2]
    for level in (2, 3, 4, 5):
        p.hand, p.deck, p.discard = [], ["jab"] * 20, []
        for attribute in (A.COMBAT, A.DEFENSE, A.ALCHEMY):
            drive(raise_attribute(s, p, attribute))
            assert p.level == level - 1 and p.hand == []
        drive(raise_attribute(s, p, A.SPECIALTY))
        assert p.level == level
        assert len(p.hand) == draws[level]


def test_defense_raise_gives_a_shield_and_alchemy_raise_a_potion(game) -> None:  # type: ignore[no-untyped-def]
    s = game()
    p = s.players[0]
    p.shield, p.potions = 1, []
    drive(raise_attribute(s, p, A.DEFENSE))
    assert (p.attributes[A.DEFENSE], p.shield) == (2, 2)
    drive(raise_attribute(s, p, A.ALCHEMY))
    assert len(p.potions) == 1


def test_potions_over_the_hold_limit_are_discarded_by_choice(game) -> None:  # type: ignore[no-untyped-def]
    s = game()
    p = s.players[0]
    p.potions = ["potion-swallow"] * s.rules.potion_hold_limit
    drive(raise_attribute(s, p, A.ALCHEMY))
    assert len(p.potions) == s.rules.potion_hold_limit


def test_a_five_is_never_lowered_and_one_is_the_floor(game) -> None:  # type: ignore[no-untyped-def]
    s = game()
    p = s.players[0]
    drive(raise_attribute(s, p, A.COMBAT, 4))
    lower_attribute(s, p, A.COMBAT)
    assert p.attributes[A.COMBAT] == 5
    lower_attribute(s, p, A.ALCHEMY, 3)
    assert p.attributes[A.ALCHEMY] == 1


def test_lowering_defense_lowers_the_shield(game) -> None:  # type: ignore[no-untyped-def]
    s = game()
    p = s.players[0]
    drive(raise_attribute(s, p, A.DEFENSE, 2))
    assert p.shield == 3
    lower_attribute(s, p, A.DEFENSE, 2)
    assert p.shield == 1


def test_meditation_at_the_final_step_takes_the_card_but_does_not_advance(game) -> None:  # type: ignore[no-untyped-def]
    s = game()
    p = s.players[0]
    p.track = s.rules.win_trophies - 1
    won = drive(gain_trophy(s, p, "attribute:combat-trophy-1", from_fight=False))
    assert not won and p.track == s.rules.win_trophies - 1
    assert "attribute:combat-trophy-1" in p.trophies and not s.is_terminal()


def test_a_fight_trophy_at_the_final_step_wins_at_once(game) -> None:  # type: ignore[no-untyped-def]
    s = game()
    p = s.players[1]
    p.track = s.rules.win_trophies - 1
    assert drive(gain_trophy(s, p, "monster:drowner", from_fight=True))
    outcome = s.result()
    assert outcome is not None and outcome.termination is Termination.TROPHIES and outcome.winner == 1
    assert outcome.faction == p.school


def test_a_trophy_costs_the_fatigue_of_the_new_track_position(game) -> None:  # type: ignore[no-untyped-def]
    s = game()
    p = s.players[0]
    p.hand, p.deck, p.discard = ["jab"], ["kick"] * 5, ["duck"]
    drive(gain_trophy(s, p, "monster:drowner", from_fight=True))
    fatigue = s.tables.manifest.trophy_track[1].fatigue
    assert p.track == 1 and len(s.trash) == fatigue
    assert p.hand == [] and p.discard == [] and len(p.deck) == 7 - fatigue  # all reshuffled


def test_raising_defense_to_five_gives_no_shield(game) -> None:  # type: ignore[no-untyped-def]
    """Reference §6.4: Defense "every raise: Shield +1 immediately (exception: level 5)"."""
    s = game()
    p = s.players[0]
    drive(raise_attribute(s, p, A.DEFENSE, 3))
    p.shield = 2
    drive(raise_attribute(s, p, A.DEFENSE))
    assert (p.attributes[A.DEFENSE], p.shield) == (5, 2)
