"""Actions are small frozen values that print as the call that makes them."""

from __future__ import annotations

import dataclasses

import pytest

from pipeline.games.old_world.engine.actions import Buy, Move, Pass, PlayCard, Reroll


def test_move_prints_as_its_call() -> None:
    assert str(Move("novigrad", pay=("card-a", "card-b"))) == "Move('novigrad', pay=('card-a', 'card-b'))"


def test_defaults_are_left_out_and_others_printed_as_keywords() -> None:
    assert str(PlayCard("jab")) == "PlayCard('jab')"
    assert str(PlayCard("jab", via=1)) == "PlayCard('jab', via=1)"
    assert str(Move("cintra", ("kick",), gold=1)) == "Move('cintra', pay=('kick',), gold=1)"
    assert str(Pass()) == "Pass()"
    assert repr(Buy(5)) == "Buy(5)"
    assert str(Reroll((0, 3))) == "Reroll(dice=(0, 3))"


def test_actions_are_frozen_and_compare_by_value() -> None:
    move = Move("novigrad", ("jab",))
    assert move == Move("novigrad", ("jab",))
    assert hash(move) == hash(Move("novigrad", ("jab",)))
    with pytest.raises(dataclasses.FrozenInstanceError):
        move.destination = "vizima"  # type: ignore[misc]
