"""The printed faces of a declared game: one face per record of each kind declared `print: cards|tokens`.

The face contract of a kind is its declared fields (so a layout binding an undeclared field is
LAYOUT-FIELD, one drawing a field in a box of the wrong type LAYOUT-FIELD-TYPE): text and translatable
text are rich text (they may hold `{icon:...}` tokens), an integer a number, an enum value plain text
(its declared label in the locale), a reference plain text (the id), an icon an icon, an image an image;
a list of icons is an icon list, a list of translatable text its items in the locale, one paragraph
each, any other list one text of its items joined by commas. A numbered
kind's cards also offer their `number`. A kind that declares `back:` prints every card with that
template's face behind it, which offers the kind's name (`title`) and the game's (`game`); a numbered
kind's cards each get their own back that also offers the card's `number` (like the shipped event and
story decks), so a card is found without reading fronts.
"""

from __future__ import annotations

from typing import Any

from pipeline.content.database import Database
from pipeline.content.declared import Declaration, FieldDeclaration, KindDeclaration, enum_context, kind_context
from pipeline.i18n.localizer import Localizer

from .components import Components, Deck, FaceBuilder, Where, plain
from .faces import FaceContract, FaceKind, FieldType

_FACE_TYPES = {
    "text": FieldType.RICH_TEXT,
    "translatable": FieldType.RICH_TEXT,
    "integer": FieldType.NUMBER,
    "enum": FieldType.TEXT,
    "ref": FieldType.TEXT,
    "icon": FieldType.ICON,
    "image": FieldType.IMAGE,
}


def face_type(declared: FieldDeclaration) -> FieldType:
    if declared.type == "list":
        return FieldType.ICONS if declared.of == "icon" else FieldType.RICH_TEXT
    return _FACE_TYPES.get(declared.type, FieldType.RICH_TEXT)  # a bad declaration (a finding) accepts any value


# The kind's name (`title`, like the shared `card-back`) and the game's, as written: they may hold icons.
_BACK_FIELDS = {"title": FieldType.RICH_TEXT, "game": FieldType.RICH_TEXT}
_NUMBERED_BACK = {"number": FieldType.NUMBER}  # a numbered card's own back: find it without reading fronts


def face_contract(declaration: Declaration) -> FaceContract:
    """The face kinds of a declared game: each printed kind with its declared fields, and each back template."""
    fronts = [FaceKind(kind_id, {**({"number": FieldType.NUMBER} if kind.numbered else {}),
                                 **{name: face_type(f) for name, f in kind.fields.items()}})
              for kind_id, kind in declaration.modelled.items() if kind.print]
    backs = {back for kind in declaration.modelled.values() if kind.print and (back := _back(declaration, kind))}
    numbered = {_back(declaration, kind) for kind in declaration.modelled.values() if kind.print and kind.numbered}
    return FaceContract.of(*fronts, *(FaceKind(back, {**_BACK_FIELDS, **(_NUMBERED_BACK if back in numbered else {})},
                                               drawn=frozenset(_NUMBERED_BACK) if back in numbered else frozenset())
                                      for back in sorted(backs)))


def _back(declaration: Declaration, kind: KindDeclaration) -> str | None:
    """The back template of a kind; one named like a kind is DECLARED-BACK, and its cards print without."""
    return kind.back if kind.back not in declaration.game.kinds else None


class DeclaredFaces(FaceBuilder):
    """Builds every printed kind's faces, grouped into decks (kinds that name one `deck:` share it)."""

    def __init__(self, db: Database, loc: Localizer, declaration: Declaration) -> None:
        self.kinds = face_contract(declaration)
        super().__init__(db, db.game_id, loc)
        self.declaration = declaration

    def build(self) -> Components:
        decks: dict[str, Deck] = {}
        for kind_id, kind in self.declaration.modelled.items():
            if kind.print is None:
                continue
            deck_id = kind.deck or kind_id
            if deck_id not in decks:
                decks[deck_id] = self.deck(deck_id, self._kind_name(kind_id, kind), kind.print)
            back = self._back_face(kind_id, kind) if not kind.numbered else ""
            for record in self.db.records(kind.collection(kind_id)):
                entity = record.entity
                if kind.numbered:
                    back = self._back_face(kind_id, kind, entity.number)
                values = plain({**({"number": entity.number} if kind.numbered else {}),
                                **{name: self._value(kind_id, entity, name, declared)
                                   for name, declared in kind.fields.items()}})
                decks[deck_id].faces.append(self.face(kind_id, entity.id, deck_id, values, entity.copies, back,
                                                      where=self.where(kind.collection(kind_id), entity.id)))
        return self.out

    def _back_face(self, kind_id: str, kind: KindDeclaration, number: int | None = None) -> str:
        """The id of the back the kind's cards print with ("" for none), its face made once: one for the kind, or
        one per card of a numbered kind, which shows the card's number."""
        template = _back(self.declaration, kind)
        if template is None:
            return ""
        back_id = f"{kind_id}-back" if number is None else f"{kind_id}-back-{number}"
        pos = self.declaration.loaded.position(self.declaration.kind_path(kind_id, "back"))
        self.out.backs[back_id] = self.face(template, back_id, "", plain({"title": self._kind_name(kind_id, kind),
                                                                          "game": self.declaration.game.name,
                                                                          "number": number}),
                                            where=Where(self.declaration.loaded.display, pos.line, pos.column))
        return back_id

    def _kind_name(self, kind_id: str, kind: KindDeclaration) -> str:
        """The kind's name in the locale; a kind without one is labelled by its id, which is no text to translate."""
        return self.loc.text(kind_context(kind_id), kind.name) if kind.name else kind_id

    def _value(self, kind_id: str, entity: Any, name: str, declared: FieldDeclaration) -> Any:
        value = getattr(entity, name)
        if declared.type == "translatable":
            return self.text(entity, name)
        if "enum" in (declared.type, declared.of) and value is not None:
            labels = declared.labels()
            labelled = [self._label(kind_id, name, item, labels) for item in (value if isinstance(value, list) else [value])]
            return ", ".join(labelled) if isinstance(value, list) else labelled[0]
        if declared.type == "list" and declared.of == "translatable":
            return "\n".join(self.text(item, "text") for item in value)
        if declared.type == "list" and declared.of != "icon":
            return ", ".join(str(item) for item in value)
        return value

    def _label(self, kind_id: str, name: str, value: Any, labels: dict[str, str]) -> str:
        """An enum value's label in the locale (a field whose declaration is a finding prints the value as written)."""
        if value not in labels:
            return str(value)
        return self.loc.text(enum_context(kind_id, name, value), labels[value])

