"""The printed faces of a declared game: one face per record of each kind declared `print: cards|tokens`.

The face contract of a kind is its declared fields (so a layout binding an undeclared field is
LAYOUT-FIELD, one drawing a field in a box of the wrong type LAYOUT-FIELD-TYPE). Every field prints:
text and translatable text are rich text (they may hold `{icon:...}` tokens), an integer a number, an
enum value its declared label in the locale (and, where the enum declares `colors:`, its colour beside it,
which a colour binding of the field reads), a colour a colour, a reference the named record's `shows:`
field (default its `name` or `title`, else its id) in the locale, an icon an icon, an image an image, a
boolean its `label:` in the locale where true (without a label it only drives `when:`), a map its entries
as icons (`2 {icon:sword} + 1 {icon:shield}`), an object its fields (but `id`) joined by ": "; a list of
icons is an icon list, a list of translatable text or of objects one paragraph per item, any other list one
text of its items joined by commas. A field declared wrong (a finding) prints its value as written. A
numbered kind's cards also offer their `number`. A kind that declares `back:` prints every card with that
template's face behind it, which offers the kind's name (`title`) and the game's (`game`); a numbered
kind's cards each get their own back that also offers the card's `number` (like the shipped event and
story decks), so a card is found without reading fronts.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from pipeline.content.database import Database
from pipeline.content.declared import SHOWN_TYPES, Declaration, FieldDeclaration, KindDeclaration, kind_context, label_context
from pipeline.i18n.localizer import Localizer

from .components import Components, Deck, FaceBuilder, Where, plain
from .faces import COLOR_OF, FaceContract, FaceKind, FieldType

_FACE_TYPES = {
    "text": FieldType.RICH_TEXT,
    "translatable": FieldType.RICH_TEXT,
    "integer": FieldType.NUMBER,
    "enum": FieldType.RICH_TEXT,
    "ref": FieldType.RICH_TEXT,
    "icon": FieldType.ICON,
    "image": FieldType.IMAGE,
    "color": FieldType.COLOR,
}
_SEPARATOR = {"object": "\n"}  # a list of objects prints one paragraph per item; of other items, one text


def face_type(declared: FieldDeclaration) -> FieldType:
    if declared.type == "list":
        return FieldType.ICONS if declared.of == "icon" else FieldType.RICH_TEXT
    if declared.type == "boolean":
        return FieldType.RICH_TEXT if declared.label else FieldType.FLAG
    return _FACE_TYPES.get(declared.type, FieldType.RICH_TEXT)  # map, object: their entries as text


def face_fields(declaration: Declaration, kind_id: str, kind: KindDeclaration) -> dict[str, FieldType]:
    """What a kind's faces offer: each declared field (one declared wrong holds any value: text as written), and
    the colour of an enum with `colors:`."""
    fields = {}
    for name, declared in kind.fields.items():
        sound = declaration.is_sound(kind_id, name)
        fields[name] = face_type(declared) if sound else FieldType.RICH_TEXT
        if sound and declared.type == "enum" and declared.colors:
            fields[name + COLOR_OF] = FieldType.COLOR
    return fields


# The kind's name (`title`, like the shared `card-back`) and the game's, as written: they may hold icons.
_BACK_FIELDS = {"title": FieldType.RICH_TEXT, "game": FieldType.RICH_TEXT}
_NUMBERED_BACK = {"number": FieldType.NUMBER}  # a numbered card's own back: find it without reading fronts


def face_contract(declaration: Declaration) -> FaceContract:
    """The face kinds of a declared game: each printed kind with its declared fields, and each back template."""
    fronts = [FaceKind(kind_id, {**({"number": FieldType.NUMBER} if kind.numbered else {}),
                                 **face_fields(declaration, kind_id, kind)})
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
                                **self._values(kind_id, entity, kind)})
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

    def _values(self, kind_id: str, entity: Any, kind: KindDeclaration) -> dict[str, Any]:
        """A record's face fields: each declared field as printed, and the colour of an enum value that has one."""
        values: dict[str, Any] = {}
        for name, declared in kind.fields.items():
            value = getattr(entity, name, None)
            if not self.declaration.is_sound(kind_id, name):
                values[name] = value if isinstance(value, str) or value is None else str(value)
                continue
            values[name] = self._printed(kind_id, name, declared, value, entity)
            if declared.type == "enum" and declared.colors and value is not None:
                values[name + COLOR_OF] = declared.colors.get(value)
        return values

    def _printed(self, kind_id: str, name: str, declared: FieldDeclaration, value: Any, owner: Any) -> Any:
        """A field's value as its face offers it (`name` is dotted within an object: `phases.kind`)."""
        if value is None:
            return None
        if declared.type == "list":
            if declared.of == "icon":
                return list(value)
            if declared.of == "translatable":  # items {id, text}: the id keys each item's translation
                return "\n".join(self.text(element, "text") for element in value)
            item = declared.model_copy(update={"type": declared.of})
            printed = [self._text(item, self._printed(kind_id, name, item, element, element)) for element in value]
            return _SEPARATOR.get(str(declared.of), ", ").join(text for text in printed if text)
        if declared.type == "translatable":
            return self.text(owner, name.rpartition(".")[2]) if isinstance(owner, BaseModel) else str(value)
        if declared.type == "enum":
            return self._label(kind_id, name, declared, value)
        if declared.type == "boolean":
            return (self.loc.text(label_context(kind_id, name), declared.label) if declared.label else True) if value else None
        if declared.type == "ref":
            return self._ref_name(declared, value)
        if declared.type == "map":
            return " + ".join(f"{n} {{icon:{key}}}" for key, n in value.items())  # as a guide's list item says it
        if declared.type == "object":
            parts = [self._text(sub, self._printed(kind_id, f"{name}.{field}", sub, getattr(value, field, None), value))
                     for field, sub in declared.fields.items() if field != "id"]  # an id keys translations
            return ": ".join(part for part in parts if part)
        return value

    @staticmethod
    def _text(declared: FieldDeclaration, printed: Any) -> str:
        """A printed value as rich text, for a list or an object that prints as one text (an icon as its token)."""
        if isinstance(printed, bool) or printed is None:
            return ""
        if declared.type == "icon" or isinstance(printed, list):
            return " ".join(f"{{icon:{name}}}" for name in (printed if isinstance(printed, list) else [printed]))
        return str(printed)

    def _ref_name(self, declared: FieldDeclaration, value: str) -> str:
        """What a ref prints of the record it names: its `shows:` field in the locale (default its `name` or `title`);
        its id where it has none, or names no record (REF-*)."""
        target_id = str(declared.to)
        target = self.declaration.game.kinds[target_id]
        shows = declared.shows or next((f for f in ("name", "title") if f in target.fields
                                        and target.fields[f].type in SHOWN_TYPES), None)
        entity = self.db.get(target.collection(target_id), value)
        if shows is None or entity is None or not self.declaration.is_sound(target_id, shows):
            return str(value)
        shown = target.fields[shows]
        printed = self._text(shown, self._printed(target_id, shows, shown, getattr(entity, shows, None), entity))
        return printed or str(value)

    def _label(self, kind_id: str, name: str, declared: FieldDeclaration, value: Any) -> str:
        """An enum value's label in the locale (a value the declaration lacks prints as written)."""
        labels = declared.labels()
        if value not in labels:
            return str(value)
        if not declared.translated:
            return labels[value]
        return self.loc.text(declared.label_context(kind_id, name, value), labels[value])
