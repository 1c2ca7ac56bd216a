"""Base classes every game's content models build on: strict, frozen, with kebab-case ids."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated, Any, ClassVar, Literal, Protocol

from pydantic import BaseModel, ConfigDict, Field

SLUG_PATTERN = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"

# A content id: a kebab-case slug, stable forever (it keys translations and the build cache).
Slug = Annotated[str, Field(pattern=SLUG_PATTERN, min_length=1, max_length=64)]
Text = Annotated[str, Field(min_length=1)]
# Copies of one component: a real box holds tens; the bound keeps a build's pages (and time) bounded.
MAX_COPIES = 1000
Copies = Annotated[int, Field(ge=1, le=MAX_COPIES)]


class DeclaresRuleData(Protocol):
    """A file kind's `rule_data` (pipeline/content/rule_data.py: RuleData), which reads this module's models."""

    def check_declaration(self, kind: type[ContentFile]) -> None: ...


class ContentModel(BaseModel):
    """A strict model: unknown fields are errors, values are immutable once loaded, numbers are finite
    (YAML's .nan and .inf would reach the PDF as `nan` operands)."""

    model_config = ConfigDict(extra="forbid", frozen=True, use_enum_values=False, allow_inf_nan=False)


class Entity(ContentModel):
    """A content object with a stable id."""

    id: Slug


class ContentFile(ContentModel):
    """One YAML file of a game: a `kind` and one list of entities (or a single manifest).

    Subclasses set `kind` to a Literal and name the list field in `entities_field`, which
    the database indexes under `collection` (defaults to the kind). A kind whose entities guide text
    names sets `rule_data` (pipeline/content/rule_data.py).
    """

    entities_field: ClassVar[str] = ""
    collection: ClassVar[str] = ""
    rule_data: ClassVar[DeclaresRuleData | None] = None

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        if cls.rule_data is not None:  # the declaration checks itself: rule_data.py reads this module's models
            cls.rule_data.check_declaration(cls)

    @classmethod
    def kind_name(cls) -> str:
        field = cls.model_fields["kind"]
        args = getattr(field.annotation, "__args__", ())
        return str(args[0]) if args else ""

    @classmethod
    def collection_name(cls) -> str:
        return cls.collection or cls.kind_name()


def iter_models(value: object, path: tuple[str | int, ...] = ()) -> Iterator[tuple[tuple[str | int, ...], BaseModel]]:
    """Every pydantic model inside value (itself included), with its path: for findings deep in an entity."""
    stack: list[tuple[tuple[str | int, ...], object]] = [(path, value)]
    while stack:
        here, node = stack.pop()
        if isinstance(node, BaseModel):
            yield here, node
            for name in reversed(type(node).model_fields):
                stack.append(((*here, name), getattr(node, name)))
        elif isinstance(node, (list, tuple)):
            for i in reversed(range(len(node))):
                stack.append(((*here, i), node[i]))


# What a component list entry is made of: the paper kinds are printed (and checked to print), the others are
# supplied by the table (a miniature, a wooden cube, a die) and appear on the checklist as not printed.
PAPER_KINDS = ("card", "token", "board", "help-card", "guide", "sheet")
ComponentKind = Literal["card", "token", "board", "help-card", "guide", "sheet", "miniature", "wooden", "die", "other"]


class ListedComponent(ContentModel):
    """One line of a game's or pack's component list, as its rulebook gives it (pipeline/rules/checklist.py)."""

    item: Slug
    count: Annotated[int, Field(ge=1)]
    kind: ComponentKind
    # What prints it: deck ids (cards, tokens), board ids or guide documents (`reference-guide`); the copies they
    # print from this game or pack add up to `count`. Empty for a component that is not paper.
    print: list[Slug] = []
    # A toolbox pack's mode the component belongs to (Monster Trail): listed only when the mode is played.
    mode: Slug | None = None
