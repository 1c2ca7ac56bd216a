"""The effect vocabulary's base: an effect is a pydantic model named by its `type`.

One class serves three jobs: it validates content (its JSON Schema is generated from it), it runs
in the engine, and it names the message that prints it on a component. A game lists its effect
classes explicitly in one discriminated union; `EffectRegistry` indexes that union.
"""

from __future__ import annotations

import typing
from collections.abc import Iterable, Iterator
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict


class Effect(BaseModel):
    """Base of every effect class. Subclasses declare `type: Literal["..."]`."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    # Fields that only matter in some moments of play (e.g. draw modifiers in fight step 4).
    timings: ClassVar[frozenset[str]] = frozenset()

    @classmethod
    def type_name(cls) -> str:
        args = typing.get_args(cls.model_fields["type"].annotation)
        return str(args[0]) if args else ""

    @classmethod
    def message_id(cls) -> str:
        """The i18n message that prints this effect (one sentence template per locale)."""
        return f"effect.{cls.type_name()}"

    def numbers(self) -> list[int]:
        """Every number a printed text of this effect must show (for override-text checks)."""
        found: list[int] = []
        for name in type(self).model_fields:
            found.extend(_numbers_in(getattr(self, name)))
        return found


def _numbers_in(value: Any) -> Iterator[int]:
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        yield value
    elif isinstance(value, Effect):
        yield from value.numbers()
    elif isinstance(value, BaseModel):
        for name in type(value).model_fields:
            yield from _numbers_in(getattr(value, name))
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _numbers_in(item)


class EffectRegistry:
    """The effect classes of one game, indexed by type name, built from its union annotation."""

    def __init__(self, union: Any) -> None:
        self.union = union
        classes = _union_members(union)
        self.classes: dict[str, type[Effect]] = {cls.type_name(): cls for cls in classes}
        if len(self.classes) != len(classes):
            raise ValueError("two effect classes share a type name")

    def __contains__(self, type_name: object) -> bool:
        return type_name in self.classes

    def __iter__(self) -> Iterator[type[Effect]]:
        return iter(self.classes.values())

    def __len__(self) -> int:
        return len(self.classes)

    def get(self, type_name: str) -> type[Effect] | None:
        return self.classes.get(type_name)

    def names(self) -> list[str]:
        return sorted(self.classes)


def _union_members(annotation: Any) -> list[type[Effect]]:
    # Annotated[Union[A, B], Field(discriminator=...)] -> [A, B]
    if typing.get_origin(annotation) is typing.Annotated:
        annotation = typing.get_args(annotation)[0]
    members = list(typing.get_args(annotation)) or [annotation]
    return [m for m in members if isinstance(m, type) and issubclass(m, Effect)]


def walk_effects(effects: Iterable[Effect]) -> Iterator[Effect]:
    """Every effect, including those nested in branches (die rolls, short fights)."""
    for effect in effects:
        yield effect
        for name in type(effect).model_fields:
            yield from _nested_effects(getattr(effect, name))


def _nested_effects(value: Any) -> Iterator[Effect]:
    if isinstance(value, Effect):
        yield from walk_effects([value])
    elif isinstance(value, BaseModel):
        for name in type(value).model_fields:
            yield from _nested_effects(getattr(value, name))
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _nested_effects(item)
