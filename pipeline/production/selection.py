"""A build of some cards only (`--deck`, `--card`): the game's components cut down to the chosen faces."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pipeline.rules.components import Components

# The targets that print chosen faces; a selection builds no guide or board.
SELECTABLE_TARGETS = ("cards", "tokens", "tts", "help")


@dataclass(frozen=True)
class Selection:
    """Whole decks and single faces (cards or tokens) by id; empty selects everything."""

    decks: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.decks or self.cards)

    def apply(self, components: Components) -> Components:
        """The components with only the chosen faces (their backs stay); a deck left empty prints nothing."""
        if not self:
            return components
        decks = [replace(deck, faces=[face for face in deck.faces if deck.id in self.decks or face.id in self.cards])
                 for deck in components.decks]
        return replace(components, decks=decks)

    def unknown(self, components: list[Components]) -> list[str]:
        """A message for each chosen id no game's components have, with the closest known id."""
        from pipeline.games import did_you_mean

        deck_ids = sorted({deck.id for c in components for deck in c.decks if deck.faces})
        face_ids = sorted({face.id for c in components for deck in c.decks for face in deck.faces})
        problems = [f"unknown deck {deck!r}{did_you_mean(deck, deck_ids)}" for deck in self.decks if deck not in deck_ids]
        problems += [f"unknown card {card!r}{did_you_mean(card, face_ids)}" for card in self.cards if card not in face_ids]
        return problems


def targets_with_faces(components: Components) -> set[str]:
    """The selectable targets that have a face to print among `components`."""
    has = {"cards": components.decks_for("cards"), "tts": components.decks_for("cards"),
           "tokens": components.decks_for("tokens"), "help": components.help_decks()}
    return {target for target, decks in has.items() if decks}
