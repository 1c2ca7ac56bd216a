"""Every decision a player makes, as a small frozen value that prints as the call that makes it.

`str(PlayCards('roach', 'quen-ward'))` == "PlayCards('roach', 'quen-ward')": fields without a default
print positionally, fields with a default print as keywords when they differ from it.
"""

from __future__ import annotations

from dataclasses import dataclass

from pipeline.rules.engine import Action

__all__ = ["Action"]  # re-exported: the engine's modules import it from here


# --- Setup (reference §5) -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, repr=False)
class ChooseCharacter(Action):
    """Keep this one of the two character boards drawn; the other goes back to the pile."""

    character: str


# --- Take cards (reference §7.1) ------------------------------------------------------------------


@dataclass(frozen=True, slots=True, repr=False)
class TakeRow(Action):
    """Put your standee on supply row `row` (0 = top) and take its pair."""

    row: int


@dataclass(frozen=True, slots=True, repr=False)
class DrawFromDeck(Action):
    """Put your standee on the main-deck space and draw a pair blind."""


@dataclass(frozen=True, slots=True, repr=False)
class ChooseDeck(Action):
    """The Lesser Evil: beside the marker showing both factions, draw from this faction's deck."""

    faction: str


@dataclass(frozen=True, slots=True, repr=False)
class DiscardAlliance(Action):
    """The Lesser Evil: over the limit of a faction, discard this alliance card."""

    card: str


# --- Play cards (reference §7.2) ------------------------------------------------------------------


@dataclass(frozen=True, slots=True, repr=False)
class PlayCards(Action):
    """Add two hand cards to the timeline: `first` on the left, resolved first."""

    first: str
    second: str


@dataclass(frozen=True, slots=True, repr=False)
class DiscardToken(Action):
    """Losing a symbol: discard one token of `symbol` from your pool."""

    symbol: str


@dataclass(frozen=True, slots=True, repr=False)
class CoverSymbol(Action):
    """Losing a symbol: put a lost-symbol marker on the timeline card at `position`."""

    position: int


# --- Abilities (reference §10) --------------------------------------------------------------------


@dataclass(frozen=True, slots=True, repr=False)
class UseAbility(Action):
    """Use an unlocked, unused ability whose timing is now."""

    ability: str


@dataclass(frozen=True, slots=True, repr=False)
class Pass(Action):
    """Use no (further) ability now."""


# --- Chapter end (reference §8) -------------------------------------------------------------------


@dataclass(frozen=True, slots=True, repr=False)
class ChooseMain(Action):
    """No fate marker was placed: the initiative leader makes this path's symbol the main symbol."""

    side: str


@dataclass(frozen=True, slots=True, repr=False)
class KeepCards(Action):
    """Keep these timeline cards, in this order, as the first cards of the next chapter's timeline."""

    cards: tuple[str, ...]


PASS = Pass()
