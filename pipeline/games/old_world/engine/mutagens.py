"""Monster Trail's Mutagens (expansion sheet §9.3): with the mode, a level-up gives Mutagens instead of cards."""

from __future__ import annotations

from collections.abc import Generator

from .actions import Action, KeepMutagen, interned
from .pack import Pack
from .state import Decision, Flow, GameState, PlayerState
from .tables import Tables

# "To get one: draw 3, keep 1, and shuffle the other 2 back."
MUTAGENS_DRAWN = 3


def setup(s: GameState) -> None:
    """Shuffle the Mutagen deck near the Potion deck; without the mode there is none (and no draw from the rng)."""
    if s.tables.mutagens:
        s.mutagen_deck = list(s.tables.mutagens)
        s.rng.shuffle(s.mutagen_deck)


def gain_mutagens(s: GameState, p: PlayerState, count: int) -> Flow:
    """Each Mutagen: draw 3, keep 1, shuffle the others back (levels that draw 2 cards give 2 Mutagens)."""
    for _ in range(count):
        drawn = [s.mutagen_deck.pop() for _ in range(min(MUTAGENS_DRAWN, len(s.mutagen_deck)))]
        if not drawn:
            return
        action = yield Decision(p.seat, "keep-mutagen", tuple(interned(KeepMutagen, m) for m in drawn))
        assert isinstance(action, KeepMutagen)
        drawn.remove(action.mutagen)
        p.mutagens.append(action.mutagen)
        s.mutagen_deck.extend(drawn)
        s.rng.shuffle(s.mutagen_deck)


class MutagensRules(Pack):
    """The mode's hooks: its deck at setup, and Mutagens for a level-up's cards."""

    id = "mutagens"

    def is_on(self, tables: Tables) -> bool:
        return bool(tables.mutagens)

    def setup_decks(self, s: GameState) -> None:
        setup(s)

    def level_up_reward(self, s: GameState, p: PlayerState, reward: int) -> Generator[Decision, Action, bool]:
        yield from gain_mutagens(s, p, reward)
        return True


PACK = MutagensRules()
