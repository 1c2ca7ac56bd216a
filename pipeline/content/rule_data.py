"""Rule data that guide text names, declared by the file kinds that hold it.

    class ActionsFile(ContentFile):
        kind: Literal["actions"]
        actions: list[Action]
        entities_field = "actions"
        rule_data = RuleData(listed=True, owner="hero")

The kind that text names is the entity's text prefix (pipeline/content/texts.py), so `{action:travel}`
prints the text translated under `action:travel:name`. What each declaration lets a guide print:
- `{kind:id}`: the entity's translatable `name` (in bold where `bold`);
- `{kind_field:id}`: one of its whole-number fields;
- `listed`: a list block with `source: <collection>` prints one item per entity, in file order: its
  name in bold, whose it is (`owner`: a field holding the id of another entity with a name), then its
  translatable `summary`, or what `item(entity)` says where `item` is given;
- `parts` (a list field of models with a translatable `text`): a list block with `source: <id>-<parts>`
  prints the text of each of that entity's items, in order;
- `quick_reference`: each entity whose `quick_reference` is true is a quick-reference row (its `icon`,
  name and `summary`).
The guide builder prints them (pipeline/rules/guide_builder.py) and the guide checks hold them to the
same rules as the guide's text (pipeline/rules/guide_checks.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Any, get_args

from pydantic import BaseModel

from .database import Database
from .models import ContentFile
from .refs import ref_fields
from .texts import TextField, content_fields, text_prefix


@dataclass(frozen=True)
class RuleData:
    """Marks a file kind's entities as rule data guide text names (see the module's docstring)."""

    listed: bool = False
    bold: bool = False
    owner: str = ""
    parts: str = ""
    item: Callable[[Any], str] | None = None  # what a list item says instead of its summary ("": none)
    quick_reference: bool = False

    def fields_missing(self, model: type[BaseModel]) -> list[str]:
        """The fields this declaration prints that the entity model lacks (a declaration of another model's)."""
        wanted = {"name"} if self.listed or self.quick_reference else set()
        if (self.listed and self.item is None) or self.quick_reference:
            wanted.add("summary")
        if self.quick_reference:
            wanted |= {"icon", "quick_reference"}
        if self.owner and self.owner not in {f.name for f in ref_fields(model) if not f.many}:
            wanted.add(f"{self.owner} (an id marked Ref)")
        if self.parts:
            wanted.add(self.parts)
        return sorted(name for name in wanted if name not in model.model_fields)

    def check_declaration(self, kind: type[ContentFile]) -> None:
        """Fail when the file kind declaring this names fields its entities lack (run as the class is defined)."""
        missing = self.fields_missing(entity_model(kind))
        if missing:
            raise TypeError(f"{kind.__name__}.rule_data prints fields {entity_model(kind).__name__} lacks: {', '.join(missing)}")


@dataclass(frozen=True)
class DataKind:
    """One kind of rule data: the name text gives it, its collection and its declaration."""

    name: str
    collection: str
    declared: RuleData
    model: type[BaseModel]

    @property
    def named(self) -> bool:
        return "name" in self.model.model_fields


def entity_model(kind: type[ContentFile]) -> type[BaseModel]:
    """The model of a file kind's entities (the items of its `entities_field`, or the field itself)."""
    annotation = kind.model_fields[kind.entities_field].annotation
    args = get_args(annotation)
    model = args[0] if args else annotation
    if not (isinstance(model, type) and issubclass(model, BaseModel)):
        raise TypeError(f"{kind.__name__}.{kind.entities_field} holds no content model")
    return model


def data_kinds(kinds: tuple[type[ContentFile], ...]) -> dict[str, DataKind]:
    """The rule data of a game's file kinds, by the name text gives each kind."""
    found = {}
    for kind in kinds:
        if isinstance(kind.rule_data, RuleData):
            model = entity_model(kind)
            found[text_prefix(model)] = DataKind(text_prefix(model), kind.collection_name(), kind.rule_data, model)
    return found


def _known(names: Any) -> str:
    shown = sorted(str(n) for n in names)
    return f" (known: {', '.join(shown[:12])}{' …' if len(shown) > 12 else ''})" if shown else ""


class RuleDataIndex:
    """The rule data of one database, looked up as guide text names it."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.kinds = data_kinds(db.kinds)
        self._listed = {kind.collection: kind for kind in self.kinds.values() if kind.declared.listed}

    def get(self, kind: str, key: str) -> Any:
        """The entity a `{kind:key}` names, or None."""
        found = self.kinds.get(kind)
        return self.db.get(found.collection, key) if found else None

    def list_sources(self) -> list[str]:
        """Every list source the rule data generates: listed collections, then `<id>-<parts>` per entity."""
        parts = [f"{entity.id}-{kind.declared.parts}" for kind in self.kinds.values() if kind.declared.parts
                 for entity in self.db.all(kind.collection)]
        return [*self._listed, *parts]

    def listed(self, source: str) -> DataKind | None:
        """The kind a list with this source prints one item per entity of."""
        return self._listed.get(source)

    def parts(self, source: str) -> list[Any] | None:
        """The items a list with source `<id>-<parts>` prints (None: no entity has such parts)."""
        for kind in self.kinds.values():
            suffix = f"-{kind.declared.parts}"
            if kind.declared.parts and source.endswith(suffix):
                entity = self.db.get(kind.collection, source.removesuffix(suffix))
                if entity is not None:
                    return list(getattr(entity, kind.declared.parts))
        return None

    def owner(self, kind: DataKind, entity: Any) -> Any:
        """The entity whose this one is (`owner`), or None: every owner's."""
        field = kind.declared.owner
        key = getattr(entity, field) if field else None
        if key is None:
            return None
        ref = next(f.ref for f in ref_fields(kind.model) if f.name == field)
        return self.db.get(ref.collection, key)

    def quick_reference(self) -> list[Any]:
        """The entities that are quick-reference rows, in file order."""
        return [entity for kind in self.kinds.values() if kind.declared.quick_reference
                for entity in self.db.all(kind.collection) if entity.quick_reference]

    @cached_property
    def texts(self) -> list[TextField]:
        """Every translatable field of the rule data: printed by the guide, so held to its rules."""
        owners = {id(record.entity) for kind in self.kinds.values() for record in self.db.records(kind.collection)}
        return [field for field in content_fields(self.db) if id(field.record.entity) in owners]

    def problem(self, name: str, key: str) -> str | None:
        """What is wrong with `{kind:key}` or `{kind_field:key}`, or None when it names a thing (and a number)."""
        kind_name, _, field = name.partition("_")
        kind = self.kinds.get(kind_name)
        if kind is None:
            return f"unknown kind {kind_name!r}{_known(self.kinds)}"
        found = self.db.get(kind.collection, key)
        if found is None:
            return f"no {kind_name} {key!r} in the rule data{_known(e.id for e in self.db.all(kind.collection))}"
        if field:
            value = getattr(found, field, None)
            if not isinstance(value, int) or isinstance(value, bool):
                fields = [n for n, v in found if isinstance(v, int) and not isinstance(v, bool)]
                return f"{kind_name} has no number field {field!r}{_known(fields)}"
        elif not kind.named:
            return f"a {kind_name} has no name to print; name one of its number fields ({{{kind_name}_<field>:{key}}})"
        return None

