"""What a game hands the renderer: printable faces grouped into decks, already localized.

A game turns its content into `Face`s (a kind that names a layout template, and field values that
the template's boxes draw). The renderer draws faces from layouts and never imports a game.
Field values are plain data: strings (rich text markup with `**bold**`, `*italic*` and
`{icon:name}` tokens), numbers, lists of icon names, and lists of rows (`{"colors": [...], "text": "..."}`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, Protocol

from pipeline.content.database import Database
from pipeline.content.texts import text_index
from pipeline.i18n.content import LocalizedText

from .faces import FaceContract

Target = Literal["cards", "tokens", "boards"]  # boards: a declared game's faces tiled at full size


class Localizer(Protocol):
    """Localized text for one locale (implemented by pipeline.i18n)."""

    @property
    def locale(self) -> str: ...

    def text(self, context: str, source: str) -> str:
        """The translation of a source text written under a stable context (msgctxt)."""
        ...

    def effect_text(self, effect: Any, context: str) -> str:
        """Printed rules text of one structured effect, with icon tokens."""
        ...

    def effects_text(self, effects: Sequence[Any], context: str) -> str:
        """Printed rules text of a list of effects, as one text."""
        ...

    def translated_at(self, text: str) -> tuple[str, int] | None:
        """The catalog file and msgstr line a printed text was translated from, when it is one message."""
        ...


@dataclass(frozen=True)
class Where:
    """The content position a face comes from (for findings about it)."""

    file: str
    line: int = 1
    column: int = 1


@dataclass(frozen=True, eq=False)
class Face:
    """One printable side: its kind names a layout template; `back` names the face printed behind it."""

    kind: str
    id: str
    deck: str
    fields: Mapping[str, Any]
    copies: int = 1
    back: str = ""
    where: Where | None = None
    # Per field whose text is one catalog message of the locale: where that msgstr is (a translator's text that
    # does not fit is reported there, not at the English record).
    translated: Mapping[str, Where] = field(default_factory=dict)


@dataclass
class Deck:
    """Faces printed together (one label in the sheet margin); cards or tokens."""

    id: str
    title: str
    target: Target
    faces: list[Face] = field(default_factory=list)
    help: bool = False  # a help (reference) deck: also printed on its own by the `help` target

    @property
    def count(self) -> int:
        return sum(face.copies for face in self.faces)


@dataclass
class Components:
    """Everything printable of one game in one locale."""

    game: str
    locale: str
    root: Path  # the game's content folder: art paths are relative to it and may not leave it
    decks: list[Deck] = field(default_factory=list)
    backs: dict[str, Face] = field(default_factory=dict)
    contract: FaceContract = field(default_factory=FaceContract)  # the kinds these faces were built against

    def decks_for(self, target: Target) -> list[Deck]:
        return [deck for deck in self.decks if deck.target == target and deck.faces]

    def help_decks(self) -> list[Deck]:
        return [deck for deck in self.decks if deck.help and deck.faces]

    def faces(self) -> Iterator[Face]:
        for deck in self.decks:
            yield from deck.faces
        yield from self.backs.values()

    def back_of(self, face: Face) -> Face | None:
        return self.backs.get(face.back) if face.back else None


def plain(fields: Mapping[str, Any]) -> dict[str, Any]:
    """Drop empty values, so a layout box bound to a missing field is skipped."""
    return {key: value for key, value in fields.items() if value not in (None, "", [], ())}


class FaceBuilder(LocalizedText):
    """What every game's face builder needs: localized text, decks, shared backs and source positions.

    A game subclasses it, names its face contract in `kinds` and adds one method per kind of
    component; `out` collects the result. Faces are built with `face` and `back`, which hold them
    to the contract.
    """

    kinds: FaceContract = FaceContract()

    def __init__(self, db: Database, game_id: str, loc: Any) -> None:
        self.db = db
        self.loc = loc  # the game's pipeline.i18n Localizer
        self.texts = text_index(db)
        self.out = Components(game_id, loc.locale, db.root, contract=self.kinds)

    def where(self, collection: str, key: Any, *path: str | int) -> Where:
        source = self.db.where(collection, key, *path)
        return Where(source.file, source.line, source.column)

    def deck(self, deck_id: str, title: str, target: Target = "cards") -> Deck:
        deck = Deck(deck_id, title, target)
        self.out.decks.append(deck)
        return deck

    def back(self, face_kind: str, back_id: str, **fields: Any) -> str:
        """A back face shared by a deck, defined once (`fields` may hold a field named "kind")."""
        if back_id not in self.out.backs:
            self.out.backs[back_id] = self.face(face_kind, back_id, "", plain(fields))
        return back_id

    def face(self, kind: str, face_id: str, deck: str, fields: Mapping[str, Any], copies: int = 1, back: str = "",
             where: Where | None = None) -> Face:
        """A face held to its kind's declaration (raises FaceContractError for an undeclared field or a wrong type)."""
        self.kinds.kind(kind).check(face_id, fields)
        translated = {}
        for name, value in fields.items():
            at = self.loc.translated_at(value) if isinstance(value, str) else None
            if at is not None:
                translated[name] = Where(at[0], at[1])
        return Face(kind, face_id, deck, fields, copies, back, where, translated)
