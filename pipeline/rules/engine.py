"""Machinery every rules engine shares: actions that print as their call, decisions, and a state whose
rules run as one generator that yields a `Decision` whenever a player must choose.

A game's state subclasses `DecisionFlow`, starts its rules with `start(flow)`, and says in
`flow_ended()` what a game whose rules returned without an outcome means (a cap reached).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Generator, Sequence
from dataclasses import MISSING, dataclass, fields
from itertools import repeat
from operator import is_
from typing import Any, ClassVar, Protocol, TypeVar


@dataclass(frozen=True, slots=True, repr=False)  # repr=False: prints through Action.__str__
class Action:
    """Base of every action: `str(Move('novigrad', pay=('jab',)))` is the call that makes it.

    Fields without a default print positionally, fields with a default print as keywords when they
    differ from it.
    """

    def __str__(self) -> str:
        parts: list[str] = []
        for f in fields(self):
            value = getattr(self, f.name)
            if f.default is MISSING:
                parts.append(repr(value))
            elif value != f.default:
                parts.append(f"{f.name}={value!r}")
        return f"{type(self).__name__}({', '.join(parts)})"

    __repr__ = __str__


A = TypeVar("A", bound=Action)

# Interned actions: the rules offer the same few hundred values over and over, and building a frozen
# dataclass costs far more than a dict lookup. Cleared wholesale past this size (content ids bound it).
_INTERNED: dict[tuple[Any, ...], Any] = {}
INTERNED_LIMIT = 50_000


def interned(cls: type[A], *args: Any) -> A:
    """`cls(*args)`, shared: equal to a fresh one (actions are frozen values), built once."""
    key = (cls, *args)
    found = _INTERNED.get(key)
    if found is None:
        if len(_INTERNED) > INTERNED_LIMIT:
            _INTERNED.clear()
        found = _INTERNED[key] = cls(*args)
    return found


# The termination of a game that stopped at its cap without a result: a failure, never an outcome.
TURN_CAP = "turn-cap"


@dataclass(frozen=True)
class Outcome:
    """How a game ended (python-chess style): one type for every engine.

    `termination` is the game's own `Termination` value (a StrEnum); the optional fields are what a
    game's end can add: a solo score tier, final points by seat, the numbered ending reached.
    """

    termination: str
    winner: int | None
    turns: int
    faction: str | None = None  # the winner's faction (a school, a character, an Automa board)
    score: str | None = None  # solo: the score tier reached
    scores: tuple[int, ...] = ()  # final points by seat
    ending: int | None = None  # the number of the ending read (an epilogue)

    @property
    def is_failure(self) -> bool:
        return self.termination == TURN_CAP


class State(Protocol):
    """What the simulation runner asks of a game in progress (`DecisionFlow` implements it)."""

    @property
    def current_player(self) -> int: ...

    def legal_actions(self) -> Sequence[Any]: ...

    def apply(self, action: Any) -> None: ...

    def is_terminal(self) -> bool: ...

    def result(self) -> Outcome | None: ...

    def coverage(self) -> dict[str, set[str]]:
        """The content ids this game used, by collection (a card bought, a monster fought...)."""
        ...

    def coverage_totals(self) -> dict[str, int]:
        """The size of each coverage collection the database does not index (e.g. cards inside story files)."""
        ...

    def invariant_violations(self) -> list[str]:
        """Every rule of the game's state that does not hold now (checked after each step in tests and check)."""
        ...


class Bot(Protocol):
    def choose(self, state: Any, actions: Sequence[Any]) -> Any: ...


class IllegalAction(ValueError):
    """An action that is not among the legal actions of the current decision."""


@dataclass(slots=True)
class Decision:
    """A choice one player must make now, among `actions`."""

    player: int
    kind: str
    actions: tuple[Action, ...]


Flow = Generator[Decision, Action, Any]


class DecisionFlow(ABC):
    """The engine contract's moves (`current_player`, `legal_actions`, `apply`, `is_terminal`, `result`)
    for a state whose rules are one generator of decisions."""

    log: list[Action]
    outcome: Any
    # Decisions a game may take before it counts as looping (None: the rules bound themselves).
    step_cap: ClassVar[int | None] = None

    def start(self, flow: Flow) -> None:
        """Run the rules until the first decision."""
        self._flow: Flow | None = flow
        self._decision: Decision | None = None
        self.steps = 0
        self._advance(None)

    @property
    def decision(self) -> Decision | None:
        return self._decision

    @property
    def current_player(self) -> int:
        return self._decision.player if self._decision else self.idle_player()

    def idle_player(self) -> int:
        """Whose turn it is when no decision is pending."""
        return 0

    def legal_actions(self) -> list[Action]:
        return list(self._decision.actions) if self._decision else []

    def apply(self, action: Action) -> None:
        """Play one action of the current decision and run the rules to the next decision."""
        decision = self._decision
        # Bots hand back one of the offered values: find it by identity (in C) before comparing by value.
        if decision is None or (True not in map(is_, decision.actions, repeat(action)) and action not in decision.actions):
            raise IllegalAction(f"{action} is not legal now")
        self.log.append(action)
        self.steps += 1
        if self.step_cap is not None and self.steps > self.step_cap:
            self._decision = None
            self.flow_ended()
            return
        self._advance(action)

    def is_terminal(self) -> bool:
        return self.outcome is not None

    def result(self) -> Any:
        return self.outcome

    def coverage(self) -> dict[str, set[str]]:
        return {}

    def coverage_totals(self) -> dict[str, int]:
        return {}

    def invariant_violations(self) -> list[str]:
        return []

    @abstractmethod
    def flow_ended(self) -> None:
        """The rules returned without an outcome: the game says what that means (its cap was hit)."""

    def _advance(self, action: Action | None) -> None:
        assert self._flow is not None
        try:
            self._decision = self._flow.send(action) if action is not None else next(self._flow)
        except StopIteration:
            self._decision = None
            if self.outcome is None:
                self.flow_ended()


class RandomBot:
    """Uniform among the legal actions, from its own seeded generator: a bot for any game of the contract."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: Any, actions: Sequence[Action]) -> Action:
        return self.rng.choice(actions)
