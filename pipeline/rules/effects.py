"""The effect vocabulary's base: an effect is a pydantic model named by its `type`.

A game lists its effect classes in one discriminated union, the only list of them. Each class does
three jobs: it validates content (its JSON Schema is generated from it), it prints as one sentence
(its `sentence()`, a message of the template `<family>:<type>[:<variant>]`; a plain sentence only
names its `printed` fields), and it runs in the engine (a function the game's engine package
registers for it in an `EffectTable`). `EffectRegistry` indexes a union and refuses a class without
a sentence; an `EffectTable` refuses to be built while a class of its union has no code. Both fail
at import, never in a game.
"""

from __future__ import annotations

import re
import typing
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Annotated, Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, ConfigDict

from pipeline.content.texts import Translatable
from pipeline.i18n.messages import Message, Param


class Effect(BaseModel):
    """Base of every effect class. Subclasses declare `type: Literal["..."]` and how they print."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    # The template family the sentence prints with (`effect:gain-gold`).
    family: ClassVar[str] = "effect"
    # The template variants a sentence may pick ("" is the plain template). German needs some
    # sentences per attribute, terrain or card source (gender, case): `effect:raise-attribute:defense`.
    variants: ClassVar[tuple[str, ...]] = ("",)
    # The fields a plain sentence fills in, each as the placeholder of its name (`{amount}`);
    # None: the class defines its own `sentence()`.
    printed: ClassVar[tuple[str, ...] | None] = None

    @classmethod
    def type_name(cls) -> str:
        args = typing.get_args(cls.model_fields["type"].annotation)
        return str(args[0]) if args else ""

    def sentence(self) -> Message:
        """The message that prints this effect: the plain template with the `printed` fields, or the class's own."""
        if self.printed is None:
            raise NotImplementedError(f"effect class {type(self).__name__} has no printed sentence")
        return self.message(**{name: self.printed_value(name) for name in self.printed})

    def printed_value(self, name: str) -> Param:
        """A field's value as a plain sentence shows it (a game may print some values as icons)."""
        return getattr(self, name)

    def message(self, variant: str = "", /, **params: Param) -> Message:
        """This effect's template in one of its declared variants, with the values of its placeholders."""
        if variant not in self.variants:
            raise ValueError(f"{type(self).__name__} does not declare the variant {variant!r}")
        return Message(type(self).context(variant), params)

    @classmethod
    def context(cls, variant: str = "") -> str:
        """The msgctxt of one template of this class."""
        base = f"{cls.family}:{cls.type_name()}"
        return f"{base}:{variant}" if variant else base

    @classmethod
    def contexts(cls) -> list[str]:
        """Every msgctxt this class can print with, one per declared variant."""
        return [cls.context(variant) for variant in cls.variants]

    def numbers(self) -> list[int]:
        """Every number a printed text of this effect must show (for override-text checks)."""
        found: list[int] = []
        for name in type(self).model_fields:
            found.extend(_numbers_in(getattr(self, name)))
        return found


def describe(effect: Effect) -> Message:
    """An effect's sentence: the `describe` a game's Localizer prints effects with."""
    return effect.sentence()


def unshown_numbers(text: str, *sources: Any) -> list[int]:
    """The numbers of what an author's text stands for (effects, or any model: a quest's tiers) that the text does
    not show as a number of its own, smallest first: the printed words and the rules disagree."""
    wanted = sorted({n for source in sources for n in _numbers_in(source)})
    return [n for n in wanted if not re.search(rf"(?<!\d){n}(?!\d)", text)]


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


E = TypeVar("E", bound=Effect)


class EffectRegistry(Generic[E]):
    """The effect classes of one or more unions, indexed by type name; each must print a sentence."""

    def __init__(self, *unions: Any) -> None:
        classes = [cls for union in unions for cls in union_members(union)]
        self.classes: dict[str, type[E]] = {cls.type_name(): cls for cls in classes}
        if len(self.classes) != len(classes):
            raise TypeError("two effect classes share a type name")
        for cls in classes:
            if cls.printed is None and cls.sentence is Effect.sentence:
                raise TypeError(f"effect class {cls.__name__} has no printed sentence: declare `printed` or define sentence()")
            unknown = [name for name in cls.printed or () if name not in cls.model_fields]
            if unknown:
                raise TypeError(f"effect class {cls.__name__} prints {', '.join(unknown)}, which it does not have")

    def __iter__(self) -> Iterator[type[E]]:
        return iter(self.classes.values())

    def contexts(self) -> Iterator[str]:
        """Every msgctxt a class of the registry can print with, in union order."""
        for cls in self:
            yield from cls.contexts()


def union_members(annotation: Any) -> list[type[Any]]:
    """The effect classes of a union annotation: Annotated[Union[A, B], Field(discriminator=...)] -> [A, B]."""
    if typing.get_origin(annotation) is typing.Annotated:
        annotation = typing.get_args(annotation)[0]
    members = list(typing.get_args(annotation)) or [annotation]
    return [m for m in members if isinstance(m, type) and issubclass(m, Effect)]


F = TypeVar("F", bound=Callable[..., Any])


class EffectTable(Generic[F]):
    """The engine's code for every class of a union (its executors), each function registered for its class.

    `register(cls)` decorates the one function of a class; `build()` returns the finished table and
    raises while a class of the union has none, so a new effect class without code fails at import.
    """

    def __init__(self, union: Any, role: str) -> None:
        self.classes = union_members(union)
        self.role = role  # what the code is called in errors: "executor", "check"
        self._code: dict[type[Effect], F] = {}

    def register(self, cls: type[Effect]) -> Callable[[F], F]:
        """A decorator: the function is this table's code for `cls`."""

        def add(function: F) -> F:
            if cls not in self.classes:
                raise TypeError(f"{cls.__name__} is not an effect class of this {self.role} table")
            if cls in self._code:
                raise TypeError(f"two {self.role}s for effect class {cls.__name__}")
            self._code[cls] = function
            return function

        return add

    def build(self) -> Mapping[type[Effect], F]:
        """The table, class -> code, once every class of the union has its code."""
        missing = [cls.__name__ for cls in self.classes if cls not in self._code]
        if missing:
            raise TypeError(f"no {self.role} for effect class {', '.join(missing)}")
        return {cls: self._code[cls] for cls in self.classes}


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


def _numbers_note(model: BaseModel) -> str:
    """What translators of an author's wording are told: the numbers of the effects the model holds."""
    numbers = sorted({n for effect in _nested_effects(model) for n in effect.numbers()})
    shown = ", ".join(str(n) for n in numbers)
    return f"Author's wording of the rules; it must show the numbers {shown}." if numbers else ""


# The author's own wording of a model's structured effects (empty: the effects print themselves).
RulesWording = Annotated[str, Translatable(note=_numbers_note)]
