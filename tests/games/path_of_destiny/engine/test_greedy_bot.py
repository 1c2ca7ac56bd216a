"""The greedy bot's use of once-per-game abilities: a fixed-symbol gain waits for a chapter where it scores."""

from __future__ import annotations

from collections.abc import Callable

from pipeline.games.path_of_destiny.bots import GreedyBot
from pipeline.games.path_of_destiny.engine import GameState
from pipeline.games.path_of_destiny.engine.actions import PASS, UseAbility
from pipeline.games.path_of_destiny.enums import Symbol
from pipeline.rules.engine import Decision


def _asked(state: GameState, character: str, ability: str) -> UseAbility | None:
    """Ask the bot for `character`'s ability decision offering `ability` or passing; what it chooses."""
    seat = next(i for i, p in enumerate(state.players) if p.character == character)
    use = UseAbility(ability)
    decision = Decision(seat, "ability", (use, PASS))
    state._decision = decision  # the bot reads the pending decision: stand one up without playing to it
    choice = GreedyBot(1).choose(state, decision.actions)
    return choice if isinstance(choice, UseAbility) else None


def _with(game: Callable[..., GameState], character: str) -> GameState:
    for seed in range(40):
        state = game(players=5, seed=seed)
        if any(p.character == character for p in state.players):
            return state
    raise AssertionError(f"no seed deals {character}")


def test_a_magic_ability_waits_while_magic_is_not_active(game: Callable[..., GameState]) -> None:
    """Yennefer's Portal gains 1 Magic: tokens are discarded unscored at the chapter end, so with Magic not
    active the bot keeps it for later."""
    state = _with(game, "yennefer")
    state.chapter, state.active = 1, (Symbol.COMBAT, Symbol.DIPLOMACY)
    assert _asked(state, "yennefer", "portal") is None


def test_a_magic_ability_is_used_when_magic_is_active_or_in_the_last_chapter(game: Callable[..., GameState]) -> None:
    state = _with(game, "yennefer")
    state.chapter, state.active = 1, (Symbol.MAGIC, Symbol.DIPLOMACY)
    assert _asked(state, "yennefer", "portal") == UseAbility("portal")
    state.chapter, state.active = state.rules.chapters, (Symbol.COMBAT, Symbol.DIPLOMACY)
    assert _asked(state, "yennefer", "portal") == UseAbility("portal")


def test_an_ability_that_gains_the_paths_symbol_or_xp_is_used_at_once(game: Callable[..., GameState]) -> None:
    state = _with(game, "vesemir")
    state.chapter, state.active = 1, (Symbol.COMBAT, Symbol.DIPLOMACY)
    assert _asked(state, "vesemir", "old-lessons") == UseAbility("old-lessons")
    assert _asked(state, "vesemir", "bestiary") == UseAbility("bestiary")
