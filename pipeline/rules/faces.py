"""The face contract: each kind of printable face declares the fields it offers, each with a type.

A game declares its kinds next to its print code (`pipeline/games/<game>/faces.py`). Building a face
with a field its kind does not declare, or a value of the wrong type, is a programming error and
raises `FaceContractError`; layouts are checked against the same declaration when they are loaded
(`pipeline/render/contract.py`), so a misspelt binding is a finding, never a blank box.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

ICON_TOKEN = re.compile(r"\{icon:([a-z0-9-]+)\}")


class FieldType(StrEnum):
    """What a face field holds, and so which layout boxes may draw it."""

    TEXT = "text"  # plain text: a name, a label, a number written as text
    RICH_TEXT = "rich text"  # markup: **bold**, *italic*, {icon:name} tokens, newlines
    NUMBER = "number"  # an integer printed as text
    ICON = "icon"  # one icon name
    ICONS = "icon list"  # a list of icon names
    ROWS = "rows"  # a list of {"colors": [icon names], "text": rich text}
    COLOR = "colour"  # "#rrggbb" or a palette name
    IMAGE = "image"  # an image path relative to the game's content folder
    FLAG = "flag"  # true, or absent: only says whether a box is drawn (`when:`)


class FaceContractError(TypeError):
    """A face built against its kind's declaration: a programming error in the game's print code."""


def _is_text(value: Any) -> bool:
    return isinstance(value, str)


def _is_plain_text(value: Any) -> bool:
    return isinstance(value, str) and ICON_TOKEN.search(value) is None


def _is_number(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_names(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(name, str) for name in value)


def _is_rows(value: Any) -> bool:
    return isinstance(value, list) and all(
        isinstance(row, Mapping) and set(row) <= {"colors", "text"} and _is_names(row.get("colors", []))
        and isinstance(row.get("text", ""), str) for row in value)


_ACCEPTS = {
    FieldType.TEXT: _is_plain_text,
    FieldType.RICH_TEXT: _is_text,
    FieldType.NUMBER: _is_number,
    FieldType.ICON: _is_text,
    FieldType.ICONS: _is_names,
    FieldType.ROWS: _is_rows,
    FieldType.COLOR: _is_text,
    FieldType.IMAGE: _is_text,
    FieldType.FLAG: lambda value: value is True,
}

COLOR_OF = ":color"  # the field beside an enum's label that holds the colour its value maps to


def color_source(fields: Mapping[str, Any], name: str) -> str:
    """The field a colour binding (`fill_field`, `stroke_field`, `color_field`) of `name` reads: the colour an enum
    field's value maps to where the face offers one, else the field itself (a colour)."""
    beside = name + COLOR_OF
    return beside if beside in fields else name


@dataclass(frozen=True)
class FaceKind:
    """One kind of face (it names the layout template that draws it) and its typed fields."""

    name: str
    fields: Mapping[str, FieldType]
    # Fields its template must draw, or the face says nothing it is printed to say (a numbered back's number).
    drawn: frozenset[str] = frozenset()

    def check(self, face_id: str, values: Mapping[str, Any]) -> None:
        """Raise FaceContractError for a field the kind does not offer or a value of the wrong type."""
        for key, value in values.items():
            kind = self.fields.get(key)
            if kind is None:
                offered = ", ".join(sorted(self.fields))
                raise FaceContractError(f"face kind {self.name!r} offers no field {key!r} (face {face_id!r}; "
                                        f"it offers: {offered})")
            if not _ACCEPTS[kind](value):
                raise FaceContractError(f"face kind {self.name!r}: field {key!r} of face {face_id!r} is a "
                                        f"{kind.value}, got {value!r}")

    def icons(self, values: Mapping[str, Any]) -> Iterator[tuple[str, str]]:
        """(field, icon name) for every icon a face of this kind prints: icon fields and inline tokens."""
        for key, value in values.items():
            kind = self.fields.get(key)
            if kind is FieldType.ICON:
                yield key, str(value)
            elif kind is FieldType.ICONS:
                yield from ((key, name) for name in value)
            elif kind is FieldType.RICH_TEXT:
                yield from ((key, name) for name in ICON_TOKEN.findall(value))
            elif kind is FieldType.ROWS:
                for i, row in enumerate(value):
                    yield from ((f"{key}[{i}]", name) for name in row.get("colors", []))
                    yield from ((f"{key}[{i}]", name) for name in ICON_TOKEN.findall(row.get("text", "")))


@dataclass(frozen=True)
class FaceContract:
    """Every face kind a game prints, by name."""

    kinds: Mapping[str, FaceKind] = field(default_factory=dict)

    @classmethod
    def of(cls, *kinds: FaceKind) -> FaceContract:
        names = [kind.name for kind in kinds]
        if len(set(names)) != len(names):
            raise FaceContractError(f"face kinds declared twice: {sorted({n for n in names if names.count(n) > 1})}")
        return cls({kind.name: kind for kind in kinds})

    def kind(self, name: str) -> FaceKind:
        found = self.kinds.get(name)
        if found is None:
            raise FaceContractError(f"no face kind {name!r} is declared (declared: {', '.join(sorted(self.kinds))})")
        return found
