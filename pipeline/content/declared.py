"""A game declared in its manifest: the component kinds of `game.yaml`, and the content models built from them.

    kind: game
    game:
      id: my-game
      name: My Game
      locales: [en, de]
      enums:                  # shared by the fields that name them: labels translated once (`enum:faction:red`)
        faction: {values: {red: Reds, blue: Blues}, colors: {red: "#a3202a", blue: palette.frame}}
      kinds:
        card:
          print: cards        # printed as cards (a layout `<kind>` draws them); tokens and boards also
          back: card-back     # optional: the layout template of the backs
          count: 12           # the copies the content must hold, checked like a shipped game's counts
          fields:
            title: {type: translatable}
            cost: {type: integer, min: 0, max: 9}
            suit: {type: enum, values: {red: Red, blue: Blue}}   # or [red, blue]: each value its own label
            side: {type: enum, enum: faction}                      # a shared enum; `colors:` colour boxes
            leader: {type: ref, to: card, shows: title}             # prints the named record's `shows:` field
            tint: {type: color}                                     # #rrggbb, palette.<name> or a colour name
            wild: {type: boolean, default: false, label: Wild}      # `default:` makes a field optional
            faces: {type: map, keys: [sword, shield], min: 1}      # enum key -> integer
            between: {type: list, of: ref, to: card, length: 2}  # `length`/`min_items`: how many items
            steps: {type: list, of: object, fields: {id: {type: text}, text: {type: translatable}}}

Each kind becomes a real `Entity` model and a `ContentFile` model (`kind: card`, its records under
`items:`), made with `pydantic.create_model` and the same Annotated markers the shipped games use
(`Translated`, `Ref`, `ImageFile`, `DeclaredIcon`), so schema, validation, references, images and string
extraction read them unchanged. A declaration the pipeline cannot turn into a model (an unknown
type, a ref to an undeclared kind, an enum without values, min above max) is a finding at its line;
its field then accepts any value, so the content is not blamed for the declaration's mistake.
A game with a reference guide (`guide:`) holds the shared guide files (guide, guide-sections, glossary,
terms) and states its numbers in the manifest (`components:` facts, `rules:` numbers, `variants:`); its
kinds are rule data the guide names (`{card:scout}`, `{card_cost:scout}`, pipeline/content/rule_data.py),
its manifest's name and variant names are translatable (`game:name`).
A list of translatable text (`type: list, of: translatable`) holds items `{id, text}`: the id keys each
item's translation, so editing one item never makes another's fuzzy. An enum's labels are translatable
(msgctxt `enum:<kind>:<field>:<value>`, or `enum:<enum>:<value>` for a shared one of `enums:`, written in the
manifest): the content holds the value, the printed face its label in the locale; so is a boolean's `label:`
(msgctxt `label:<kind>:<field>`). So is a kind's `name` (msgctxt `kind:<kind>:name`), which labels its deck on
the sheets and in the PDF outline and titles its backs.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, Field, TypeAdapter, ValidationError, create_model

from pipeline.findings import Finding, error, warning

from .images import ImageFile
from .locales import DeclaredLocales
from .models import SLUG_PATTERN, ContentFile, ContentModel, Copies, Entity, ListedComponent, Slug, Text
from .refs import Ref
from .rule_data import RuleData, entity_model
from .texts import OptionalTranslated, Translated, UniqueKeys
from .yaml_loader import LoadedFile

FieldTypeName = str  # checked by `declaration_findings`, so a misspelt type is a finding with a hint
# Each field type and what it holds (the declared-fields reference of `pnp docs` prints these).
FIELD_TYPES = {
    "text": "Plain text, printed as written in every locale (a code, a number written as text).",
    "translatable": "Text translated into each locale (its msgctxt `<kind>:<id>:<field>`); rich text with "
                    "`{icon:name}` tokens and `**bold**`.",
    "integer": "A whole number, held to `min` and `max` where given.",
    "boolean": "true or false; with `label:` it prints that (translated) where true, and any field can be a box's "
               "`when:`.",
    "enum": "One of the `values:` (a list, or value: label), or of a shared enum of the manifest (`enum: <id>`); "
            "prints its translated label; `colors:` gives each value a colour for a box's `fill_field`.",
    "ref": "The id of a record of the kind `to:` names (REF-UNKNOWN if none); prints that record's `shows:` field.",
    "icon": "An icon name of the game's layouts (ICON-UNKNOWN if none).",
    "image": "The path of an image (PNG, JPEG, ...) relative to the game's folder, drawn by an `art` box (ART-MISSING "
             "if there is none).",
    "color": "A colour: #rrggbb, palette.<name> of the layout's palette, or a colour name.",
    "list": "A list of values of the type `of:` names (text, integer, enum, ref, icon, object, or translatable: items "
            "`{id, text}`); `length` or `min_items` how many.",
    "object": "A mapping with its own `fields:`, declared as a kind's are.",
    "map": "A mapping from each of `keys:` to an integer (in `min`-`max`), e.g. dice faces.",
}
LIST_ITEM_TYPES = ("text", "integer", "enum", "ref", "icon", "object", "translatable")
ITEMS_FIELD = "items"  # the list of records in a declared kind's content file
RESERVED_FIELDS = ("id", "copies", "number")
FIELD_NAME_PATTERN = r"^[a-z][a-z0-9_]*$"
EnumValue = Annotated[str, Field(pattern=SLUG_PATTERN)]
# A colour as data: #rrggbb (reportlab reads #rgb as #000rgb: not allowed), or a name the layout's palette
# (`palette.<name>`, or bare) or reportlab resolves when the face is drawn (neither: LAYOUT-COLOR at the box).
COLOR_PATTERN = r"^(#[0-9a-fA-F]{6}|(palette\.)?[a-z][a-z0-9_-]*)$"
ColorValue = Annotated[str, Field(pattern=COLOR_PATTERN)]
SHOWN_TYPES = ("text", "translatable", "integer", "enum")  # what a ref may print of the record it names
RuleKey = Annotated[str, Field(pattern=FIELD_NAME_PATTERN, max_length=64)]
Code = Annotated[str, Field(pattern=r"^[A-Z][A-Z0-9-]*$")]
Count = Annotated[int, Field(ge=0)]
DefaultValue = bool | int | str | list[Any] | dict[str, Any]


@dataclass(frozen=True)
class DeclaredIcon:
    """Marks a field (or the items of a list field) as an icon name: unknown names are ICON-UNKNOWN."""


class TextItem(ContentModel):
    """An item of a list of translatable text. Its id, not its position, keys its translation
    (`<kind>:<record>:<field>:<id>:text`): inserting, removing or reordering items leaves the others' translations alone."""

    id: Slug
    text: Translated


class FieldDeclaration(ContentModel):
    """One field of a declared kind: its type and what the type takes (range, values, target kind, item type)."""

    type: FieldTypeName = Field(description="the field's type (see the field types)")
    required: bool = Field(True, description="whether every record writes it (false: a record may leave it out)")
    default: DefaultValue | None = Field(None, description="the value of a record that leaves the field out (the field "
        "is then optional)")
    min: int | None = Field(None, description="integer (or list of integer, map): the smallest value allowed")
    max: int | None = Field(None, description="integer (or list of integer, map): the largest value allowed")
    values: list[EnumValue] | dict[EnumValue, Annotated[str, Field(min_length=1)]] = Field([], description="enum: the values "
        "allowed, as a list (each its own label) or a mapping of value to its printed label")
    to: str | None = Field(None, description="ref: the kind whose id it names")
    of: str | None = Field(None, description="list: the type of each item (text, integer, enum, ref, icon, object; "
        "translatable: {id, text} items)")
    length: Annotated[int, Field(ge=1)] | None = Field(None, description="list: exactly this many items")
    min_items: Annotated[int, Field(ge=1)] | None = Field(None, description="list: at least this many items")
    fields: dict[Annotated[str, Field(pattern=FIELD_NAME_PATTERN)], FieldDeclaration] = Field({}, description="object: its own "
        "fields")
    keys: list[EnumValue] = Field([], description="map: the keys allowed (each maps to an integer in min-max)")
    translated: bool = Field(True, description="enum: whether its values print (then their labels are translatable strings)")
    colors: dict[str, str] = Field({}, description="enum: the colour of each value (a colour binding of the field fills with it)")
    enum: str | None = Field(None, description="enum (or list of enum): a shared enum of the manifest's `enums:` gives its "
        "values")
    shows: str | None = Field(None, description="ref: the field of the named record it prints (default: its `name` or `title`, "
        "else its id)")
    label: str | None = Field(None, description="boolean: what it prints where true (translated); without one it only drives "
        "`when:`")
    # Checks across records (pipeline/rules/declared_constraints.py), reported under `code`:
    unique: bool | Literal["unordered"] = Field(False, description="no two records share the value (unordered: a list as a set)")
    symmetric: bool = Field(False, description="a list of refs to the own kind: each record it names names this one back")
    distinct: bool = Field(False, description="a list: no item twice")
    code: Code | None = Field(None, description="the finding code of those checks (default <prefix>-UNIQUE, -SYMMETRIC, "
        "-DISTINCT)")

    @property
    def optional(self) -> bool:
        return not self.required or self.default is not None

    def labels(self) -> dict[str, str]:
        """An enum's printed label of each value (in the source language)."""
        return enum_labels_of(self.values)

    def label_context(self, kind_id: str, field: str, value: str) -> str:
        """The msgctxt of one value's label: its shared enum's, or the kind's field's for an enum declared inline."""
        return f"enum:{self.enum}:{value}" if self.enum else enum_context(kind_id, field, value)


class EnumDeclaration(ContentModel):
    """An enum of the manifest's `enums:`, which fields of any kind name (`{type: enum, enum: faction}`): its values,
    their labels translated once (msgctxt `enum:<enum>:<value>`) and their colours."""

    values: list[EnumValue] | dict[EnumValue, Annotated[str, Field(min_length=1)]] = Field(min_length=1, description="the "
        "values allowed, as a list (each its own label) or a mapping of value to its printed label")
    colors: dict[str, str] = Field({}, description="the colour of each value (a colour binding of a field of it fills with it)")
    translated: bool = Field(True, description="whether its values print (then their labels are translatable strings)")


class NumberedDeclaration(ContentModel):
    """A numbered deck (`pipeline/content/numbered.py`): every record has a `number`, the deck runs first-last
    without gaps, play enters it at `entries`, and the integer field `links` names the numbers a card leads to."""

    first: Annotated[int, Field(ge=0)] = Field(1, description="the number of the deck's first card")
    last: Annotated[int, Field(ge=0)] = Field(description="the number of its last card (the deck runs first-last without gaps)")
    entries: list[int] = Field(min_length=1, description="the numbers play enters the deck at")
    links: str | None = Field(None, description="an integer or list-of-integer field of the kind")
    allow_cycles: bool = Field(False, description="whether a card may lead back to one that leads to it")
    names: str | dict[str, str] | None = Field(None, description="how a card's text names a card it leads to (`Read {n}`), in "
        "the source locale or per locale (`{en: Read {n}, de: Lies {n}}`): the numbers the text names must be the card's "
        "`links`.")

    def name_patterns(self, source_locale: str) -> dict[str, str]:
        """The pattern of each locale that declares one."""
        if self.names is None:
            return {}
        return {source_locale: self.names} if isinstance(self.names, str) else dict(self.names)


class GuideData(ContentModel):
    """What a game's guide prints of a kind beyond `{kind:id}` and `{kind_field:id}` (see pipeline/content/rule_data.py)."""

    listed: bool = Field(False, description="a list block with `source: <kind>` prints one item per record")
    bold: bool = Field(False, description="`{kind:id}` prints the name in bold")
    owner: str = Field("", description="a ref field: whose the record is, printed in its list item")
    parts: str = Field("", description="a list of objects with a translatable `text`: `source: <id>-<parts>` prints them")
    quick_reference: bool = Field(False, description="records with `quick_reference: true` are quick-reference rows")
    item: str = Field("", description="a map field: a list item says its entries as icons (`2 {icon:sword} + 1 {icon:shield}`)")

    def rule_data(self) -> RuleData:
        return RuleData(listed=self.listed, bold=self.bold, owner=self.owner, parts=self.parts,
                        quick_reference=self.quick_reference, item=_icon_counts(self.item) if self.item else None)


def _icon_counts(field: str) -> Callable[[Any], str]:
    def item(entity: Any) -> str:
        return " + ".join(f"{n} {{icon:{key}}}" for key, n in getattr(entity, field).items())

    return item


class KindDeclaration(ContentModel):
    """One component kind: its fields, how many copies the content holds, and how it prints."""

    name: str = Field("", description="the deck label on printed sheets and the backs' title, translated (default: the kind's "
        "id)")
    fields: dict[Annotated[str, Field(pattern=FIELD_NAME_PATTERN)], FieldDeclaration] = Field({}, description="the kind's "
        "fields by name (see the field types)")
    count: Annotated[int, Field(ge=0)] | None = Field(None, description="total copies of this kind the content must hold")
    deck: Slug | None = Field(None, description="the deck it prints in (kinds may share one); default: its own")
    print: Literal["cards", "tokens", "boards"] | None = Field(None, description="printed from the layout template named like "
        "the kind: on card or token sheets, or each record a board tiled at full size over sheets (with a poster), like a "
        "shipped game's board")
    back: Slug | None = Field(None, description="the layout template of its backs: it may draw `title` (the kind's name) and "
        "`game`")
    numbered: NumberedDeclaration | None = Field(None, description="a numbered deck: every record has a `number`")
    guide: GuideData = Field(GuideData(), description="what a guide may print of it (a game with a guide)")
    file: Slug | None = Field(None, description="the `kind:` its files are written with, which is also the collection it is "
        "known by (default: its id)")
    records: Annotated[str, Field(pattern=FIELD_NAME_PATTERN)] = Field(ITEMS_FIELD, description="the key its files list their "
        "records under")

    def collection(self, kind_id: str) -> str:
        return self.file or kind_id

    def links_field(self) -> str | None:
        """The field a numbered kind's cards name their next cards in, when it is an integer field (or list of them)."""
        name = self.numbered.links if self.numbered is not None else None
        declared = self.fields.get(name) if name is not None else None
        return name if declared is not None and "integer" in (declared.type, declared.of) else None


class Variant(ContentModel):
    """An optional way to play: which rule numbers take another rule number's value."""

    id: Slug = Field(description="the variant's id")
    name: Translated = Field(description="its name (translated)")
    replaces: dict[RuleKey, RuleKey] = Field(min_length=1, description="rule number: the rule number whose value it takes in "
        "this variant")


class GuideDeclaration(ContentModel):
    """A game with a reference guide: the prefix of its guide findings' codes (`<prefix>-GUIDE-REF`...), and
    whether its text must take every number from the data (only examples write numbers)."""

    code: Code = Field("DECLARED", description="the prefix of its findings' codes (`<prefix>-GUIDE-REF`...)")
    every_number: bool = Field(False, description="whether the guide's text takes every number from the data (only examples "
        "write numbers)")
    numbers_in: list[Slug] | None = Field(None, description="the kinds whose text the guide's number checks judge besides the "
        "guide files (none: every kind that does not print; a card's \"Gain 2 credits\" is its own number, not a rule constant "
        "written out).")


class CountDeclaration(ContentModel):
    """A `components:` fact the content counts: the records of a kind (or any collection, e.g. `glossary`), or the
    sum of one of their integer fields, of those whose fields match `where`."""

    kind: Slug = Field(description="the kind (or any collection, e.g. `glossary`) whose records are counted")
    sum: str | None = Field(None, description="an integer field whose values are summed, instead of counting records")
    where: dict[str, Any] = Field({}, description="field: value pairs a record matches to count")
    code: Code | None = Field(None, description="default <prefix>-COUNT")


class ConstraintDeclaration(ContentModel):
    """A rule every record of a kind keeps (pipeline/rules/declared_constraints.py): where its fields match `when`,
    they match `then`, and no two of them share the value of `unique`; `inverse: {field: back}`: the record its
    ref `field` names has `back` naming it again; `named_by: kind.field`: some record of that kind names each
    record in that field."""

    kind: Slug = Field(description="the kind whose records keep the rule")
    when: dict[str, Any] = Field({}, description="field: value pairs that choose the records the rule holds for")
    then: dict[str, Any] = Field({}, description="field: value pairs those records hold")
    unique: str | None = Field(None, description="a field no two of those records share")
    inverse: dict[str, str] = Field({}, description="ref field: back field; the record the ref names names this one in its back "
        "field")
    named_by: str | None = Field(None, description="kind.field: some record of that kind names each record in that field")
    code: Code | None = Field(None, description="default <prefix>-RULE")


class FactsDeclaration(ContentModel):
    """What the published game states about a kind's records, checked where the content has them: `only` the
    ids it may hold, the fields of each of `records`, `fields` those of every other record (of the manifest,
    kind `game`: its `components:` and `rules:` numbers, where written); `complete`: a stated record whose refs
    all name records the content has must be there too."""

    only: list[Slug] | None = Field(None, description="the ids the kind may hold")
    fields: dict[str, Any] = Field({}, description="field values every record not under `records` has")
    records: dict[str, dict[str, Any]] = Field({}, description="by id: the field values of that record")
    complete: bool = Field(False, description="a stated record whose refs all name records the content has must be there too")
    code: Code | None = Field(None, description="default <prefix>-FACT")


class DeclaredGame(ContentModel, DeclaredLocales):
    """The `game:` section of a declared game's manifest."""

    text_prefix: ClassVar[str] = "game"

    id: Slug = Field(description="the game's id: its folder's name, a kebab-case slug")
    name: Text = Field(description="the game's name")
    kinds: dict[Slug, KindDeclaration] = Field(min_length=1, description="the component kinds by id (at least one)")
    plugin: str | None = Field(None, description="Python that extends the game: `rules.py` in its folder, or an entry point name")
    guide: GuideDeclaration | None = Field(None, description="the game holds the shared guide files and prints a reference guide")
    enums: dict[Slug, EnumDeclaration] = Field({}, description="enums that fields of several kinds share (`{type: enum, enum: "
        "<id>}`)")
    components: dict[RuleKey, Count] = Field({}, description="facts about the components, printed by `{key}` in the guide")
    component_list: list[ListedComponent] = Field([], description="the component list as the rulebook gives it "
        "(pipeline/rules/checklist.py): checked against the print, printed as checklist.pdf")
    rules: dict[RuleKey, int] = Field({}, description="the rules numbers, printed by `{key}`")
    variants: list[Variant] = Field([], description="optional ways to play, each replacing rule numbers")
    counts: dict[RuleKey, CountDeclaration] = Field({}, description="`components:` facts the content counts")
    constraints: list[ConstraintDeclaration] = Field([], description="rules every record of a kind keeps")
    facts: dict[Slug, FactsDeclaration] = Field({}, description="by kind; `game`: the manifest's `components:` and `rules:`")

    @property
    def code(self) -> str:
        """The prefix of the default codes of the game's own findings."""
        return self.guide.code if self.guide is not None else "DECLARED"

    def text_key(self) -> str:
        return ""  # one manifest per game: its texts are `game:name`, `game:variants:<id>:name`

    def rule_values(self) -> dict[str, int]:
        """Every number a `{rule_key}` placeholder can print: the component facts and the rules."""
        return {**self.components, **self.rules}


class GuideGame(DeclaredGame):
    """The manifest of a game with a guide: its name is printed in every language (msgctxt `game:name`)."""

    name: Translated = Field(description="the game's name, translated (msgctxt `game:name`)")


class DeclaredManifest(ContentFile):
    kind: Literal["game"]
    game: DeclaredGame
    entities_field = "game"


class GuideManifest(ContentFile):
    kind: Literal["game"]
    game: GuideGame
    entities_field = "game"


@dataclass(frozen=True)
class Declaration:
    """A declared game's manifest as read (each field naming a shared enum holds its values), the models of its kinds,
    and what is wrong with the declaration."""

    game: DeclaredGame
    loaded: LoadedFile
    kinds: tuple[type[ContentFile], ...]  # the manifest's model first, then one per declared kind
    findings: tuple[Finding, ...]
    broken: frozenset[tuple[str, str]] = frozenset()  # (kind, field) declared wrong: the field holds any value

    def is_sound(self, kind_id: str, field: str) -> bool:
        """Whether a kind's field holds values of its declared type (a field declared wrong holds any value)."""
        return (kind_id, field) not in self.broken

    @property
    def modelled(self) -> dict[str, KindDeclaration]:
        """The declared kinds that have models (a kind with a forbidden name has none), by id."""
        built = {model.kind_name() for model in self.kinds[1:]}
        return {kind_id: kind for kind_id, kind in self.game.kinds.items() if kind.collection(kind_id) in built}

    def entity_models(self) -> dict[str, type[BaseModel]]:
        """The entity model of each modelled kind, by kind id."""
        files = {model.kind_name(): model for model in self.kinds[1:]}
        return {kind_id: entity_model(files[kind.collection(kind_id)]) for kind_id, kind in self.modelled.items()}

    def kind_path(self, kind: str, *rest: str) -> list[str | int]:
        return ["game", "kinds", kind, *rest]

    def declared_fields(self) -> list[tuple[str, str, FieldDeclaration, list[str | int]]]:
        """(kind, field, declaration, manifest path) of every field of the modelled kinds, an object's own fields
        named `<field>.<its field>`."""
        found = []

        def walk(kind_id: str, prefix: str, fields: dict[str, FieldDeclaration], path: list[str | int]) -> None:
            for name, declared in fields.items():
                found.append((kind_id, prefix + name, declared, [*path, name]))
                walk(kind_id, f"{prefix}{name}.", declared.fields, [*path, name, "fields"])

        for kind_id, kind in self.modelled.items():
            walk(kind_id, "", kind.fields, self.kind_path(kind_id, "fields"))
        return found


def enum_labels_of(values: list[str] | dict[str, str]) -> dict[str, str]:
    """An enum's printed label of each value, from `values:` as a list (each its own label) or a mapping."""
    return dict(values) if isinstance(values, dict) else {value: value for value in values}


def kind_context(kind_id: str) -> str:
    """The msgctxt of a kind's name."""
    return f"kind:{kind_id}:name"


def label_context(kind_id: str, field: str) -> str:
    """The msgctxt of what a boolean field prints where it is true."""
    return f"label:{kind_id}:{field}"


def enum_context(kind_id: str, field: str, value: str) -> str:
    """The msgctxt of an enum value's label."""
    return f"enum:{kind_id}:{field}:{value}"


def declare(game: DeclaredGame, loaded: LoadedFile) -> Declaration:
    """The models of a manifest's kinds, and a finding for every field that cannot become one."""
    game = _with_shared_enums(game)
    findings = _shared_enum_problems(game, loaded)
    broken: set[tuple[str, str]] = set()
    manifest = GuideManifest if game.guide is not None else DeclaredManifest
    models: list[type[ContentFile]] = [manifest]
    for kind_id, kind in game.kinds.items():
        if kind_id == DeclaredManifest.kind_name():
            pos = loaded.key_position(["game", "kinds", kind_id])
            findings.append(error("DECLARED-KIND", f"a kind may not be called {kind_id!r}: that is the manifest's kind",
                                  loaded.display, pos.line, pos.column, "choose another name"))
            continue
        if kind.back is not None and kind.back in game.kinds:
            pos = loaded.position(["game", "kinds", kind_id, "back"])
            findings.append(error("DECLARED-BACK", f"kind {kind_id!r}: its back {kind.back!r} is named like a kind, "
                                  "whose cards that template draws", loaded.display, pos.line, pos.column,
                                  f"name the back's template otherwise, e.g. {kind_id}-back"))
        if kind.print == "boards" and kind.back is not None:
            pos = loaded.position(["game", "kinds", kind_id, "back"])
            findings.append(error("DECLARED-BOARD-BACK", f"kind {kind_id!r} prints as boards, which have one side: its "
                                  f"back {kind.back!r} would never print", loaded.display, pos.line, pos.column,
                                  "remove `back:`, or print the kind as cards or tokens"))
        if kind.numbered is not None and kind.print and kind.back is None:
            pos = loaded.position(["game", "kinds", kind_id, "numbered"])
            findings.append(warning("DECLARED-NUMBERED-BACK", f"kind {kind_id!r} is numbered but declares no `back:`: "
                                    "its cards print with no number behind them, so a player finds card N only by "
                                    "reading fronts", loaded.display, pos.line, pos.column,
                                    f"declare `back: {kind_id}-back`, a template that draws `number`"))
        fields: dict[str, Any] = {"copies": (Copies, 1)}
        if kind.numbered is not None:
            fields["number"] = (Annotated[int, Field(ge=0)], ...)
            findings += _links_problems(kind_id, kind, loaded) + _names_problems(kind_id, kind, loaded)
        declared_fields, problems = _model_fields(_class_name(kind_id), kind.fields, game, loaded,
                                                  ["game", "kinds", kind_id, "fields"], RESERVED_FIELDS)
        findings += problems
        broken |= {(kind_id, name) for name, (annotation, _) in declared_fields.items() if annotation is Any}
        entity = create_model(_class_name(kind_id), __base__=Entity, **fields, **declared_fields)
        entity.text_prefix = kind_id  # type: ignore[attr-defined]  # msgctxt `<kind>:<id>:<field>`
        records: Any = (list[entity], ...)
        file_model = create_model(f"{_class_name(kind_id)}File", __base__=ContentFile,
                                  kind=(Literal[kind.collection(kind_id)], ...), **{kind.records: records})  # type: ignore[arg-type]
        file_model.entities_field = kind.records
        if game.guide is not None:
            findings += _make_rule_data(file_model, entity, kind_id, kind, loaded)
        models.append(file_model)
    findings += _tts_name_clashes(game, loaded)
    return Declaration(game, loaded, tuple(models), tuple(findings), frozenset(broken))


def _tts_name_clashes(game: DeclaredGame, loaded: LoadedFile) -> list[Finding]:
    """A deck whose id is another deck's TTS file stem (`deck-back`, `deck-backs`, `deck-2`: render/tts.py names a
    deck's shared back, back sheets and parts so) would overwrite that deck's image: DECLARED-DECK-NAME at its kind."""
    decks: dict[str, str] = {}  # deck id -> the first kind printing into it
    for kind_id, kind in game.kinds.items():
        if kind.print == "cards":
            decks.setdefault(kind.deck or kind_id, kind_id)
    findings = []
    for deck, kind_id in decks.items():
        owner = next((other for other in decks if other != deck and re.fullmatch(
            rf"{re.escape(other)}-(?:\d+-)?(?:\d+|backs?)", deck)), None)
        if owner is not None:
            pos = loaded.key_position(["game", "kinds", kind_id])
            findings.append(error("DECLARED-DECK-NAME", f"deck {deck!r} would write the same TTS image as deck {owner!r} "
                                  f"({deck}.png is one of {owner}'s files)", loaded.display, pos.line, pos.column,
                                  f"rename the kind, or give it another `deck:` than {owner}-…"))
    return findings


def _shared_enum_problems(game: DeclaredGame, loaded: LoadedFile) -> list[Finding]:
    """The colours of the shared enums (DECLARED-COLOR), and DECLARED-ENUM-UNUSED for one no field names: its labels
    would be translated and never printed."""
    findings = []
    named: set[str] = set()

    def collect(fields: Mapping[str, FieldDeclaration]) -> None:
        for declared in fields.values():
            named.update([declared.enum] if declared.enum else [])
            collect(declared.fields)

    for kind in game.kinds.values():
        collect(kind.fields)
    for enum_id, shared in game.enums.items():
        findings += _color_problems(f"enum {enum_id!r}", shared.colors, enum_labels_of(shared.values), loaded,
                                    ["game", "enums", enum_id])
        if enum_id not in named:
            pos = loaded.key_position(["game", "enums", enum_id])
            findings.append(warning("DECLARED-ENUM-UNUSED", f"enum {enum_id!r} is named by no field: its labels are "
                                    "translated and never printed", loaded.display, pos.line, pos.column,
                                    f"name it in a field (`{{type: enum, enum: {enum_id}}}`), or remove it"))
    return findings


def _with_shared_enums(game: DeclaredGame) -> DeclaredGame:
    """The game with each field that names a shared enum (`enum: <id>`) holding its values, colours and whether
    they are translated; a field that also writes `values:`, or names no shared enum, keeps its own (a finding)."""
    def resolved(fields: dict[str, FieldDeclaration]) -> dict[str, FieldDeclaration]:
        out = {}
        for name, declared in fields.items():
            shared = game.enums.get(declared.enum) if declared.enum else None
            if shared is not None and not declared.values:
                declared = declared.model_copy(update={"values": shared.values, "colors": shared.colors,
                                                       "translated": shared.translated})
            if declared.fields:
                declared = declared.model_copy(update={"fields": resolved(declared.fields)})
            out[name] = declared
        return out

    if not game.enums:
        return game
    kinds = {kind_id: kind.model_copy(update={"fields": resolved(kind.fields)}) for kind_id, kind in game.kinds.items()}
    return game.model_copy(update={"kinds": kinds})


def _make_rule_data(file_model: type[ContentFile], entity: type[Entity], kind_id: str, kind: KindDeclaration,
                    loaded: LoadedFile) -> list[Finding]:
    """Make a guide game's kind rule data its guide names; what `guide:` asks to print must be fields of the kind."""
    declared = kind.guide.rule_data()
    missing = declared.fields_missing(entity)
    if kind.guide.item and kind.guide.item not in entity.model_fields:
        missing.append(kind.guide.item)
    if not missing:
        file_model.rule_data = declared
        return []
    file_model.rule_data = RuleData()  # still named by `{kind:id}`; the broken option prints nothing
    path: list[str | int] = ["game", "kinds", kind_id, "guide"]
    pos = loaded.position(path if loaded.has(path) else path[:-1])
    return [error("DECLARED-GUIDE", f"kind {kind_id!r}: its guide options print fields it lacks: {', '.join(missing)}",
                  loaded.display, pos.line, pos.column, "declare those fields, or drop the option")]


def _class_name(kind_id: str) -> str:
    return "".join(part.capitalize() for part in kind_id.split("-"))


def _model_fields(owner: str, declared_fields: Mapping[str, FieldDeclaration], game: DeclaredGame,
                  loaded: LoadedFile, path: list[str | int],
                  reserved: tuple[str, ...] = ()) -> tuple[dict[str, Any], list[Finding]]:
    """The model fields of a kind's (or an object's) declared fields, and the findings of those that cannot be
    one: such a field accepts any value, so the content is not blamed for the declaration's mistake."""
    fields: dict[str, Any] = {}
    findings: list[Finding] = []
    for name, declared in declared_fields.items():
        here = [*path, name]
        problems = _field_problems(name, declared, game, loaded, here, reserved)
        made = None
        if not problems:
            made, problems = _field(f"{owner}{_class_name(name.replace('_', '-'))}", declared, game, loaded, here)
        findings += problems
        if made is not None:
            fields[name] = made
        elif name not in reserved:  # a reserved name keeps the field every record has
            fields[name] = (Any, None)
    return fields, findings


def _field(owner: str, declared: FieldDeclaration, game: DeclaredGame, loaded: LoadedFile,
           path: list[str | int]) -> tuple[tuple[Any, Any] | None, list[Finding]]:
    """(annotation, default) of a sound declaration (a required field has no default), or None and the
    findings of its object's fields or of its default."""
    if declared.type == "list" and declared.of == "translatable":
        texts = Annotated[list[TextItem], UniqueKeys]
        return ((texts, []) if declared.optional else (texts, ...)), []
    item_type = str(declared.of) if declared.type == "list" else declared.type
    empty: Any = None
    annotation: Any
    if item_type == "object":
        nested, problems = _model_fields(owner, declared.fields, game, loaded, [*path, "fields"])
        if problems:
            return None, problems
        item_model = create_model(owner, __base__=ContentModel, **nested)
        annotation = item_model
    elif item_type == "translatable":
        annotation, empty = (Translated if declared.required or declared.default is not None else OptionalTranslated), ""
    elif item_type == "map":
        annotation, empty = dict[Literal[tuple(declared.keys)], _scalar(declared, "integer", game.kinds)], {}  # type: ignore[misc]
    else:
        annotation = _scalar(declared, item_type, game.kinds)
    if declared.type == "list":
        sizes = Field(min_length=declared.length or declared.min_items, max_length=declared.length)
        annotation, empty = Annotated[list[annotation], sizes], []
    if declared.default is not None:
        try:
            default = TypeAdapter(annotation).validate_python(declared.default)
        except ValidationError as exc:
            pos = loaded.position([*path, "default"])
            problem = "; ".join(str(e["msg"]) for e in exc.errors())
            return None, [error("DECLARED-DEFAULT", f"field {path[-1]!r}: its default {declared.default!r} is no value "
                                f"of the field: {problem}", loaded.display, pos.line, pos.column)]
        return (annotation, default), []
    if not declared.optional:
        return (annotation, ...), []
    return ((annotation, empty) if empty is not None else (annotation | None, None)), []


def _scalar(declared: FieldDeclaration, type_name: str, kinds: Mapping[str, KindDeclaration]) -> Any:
    if type_name == "text":
        return Text
    if type_name == "integer":
        return Annotated[int, Field(ge=declared.min, le=declared.max)]
    if type_name == "boolean":
        return bool
    if type_name == "enum":
        return Literal[tuple(declared.labels())]
    if type_name == "ref":
        target = str(declared.to)
        return Annotated[Slug, Ref(kinds[target].collection(target))]
    if type_name == "icon":
        return Annotated[str, Field(pattern=SLUG_PATTERN), DeclaredIcon()]
    if type_name == "image":
        return Annotated[str, Field(min_length=1), ImageFile()]
    if type_name == "color":
        return ColorValue
    raise ValueError(f"no scalar type {type_name!r}")  # declaration_findings rejected it before


def _field_problems(name: str, declared: FieldDeclaration, game: DeclaredGame,
                    loaded: LoadedFile, path: list[str | int], reserved: tuple[str, ...]) -> list[Finding]:
    """What keeps one field declaration from becoming a model field, each at the line that says it."""
    def at(key: str, code: str, message: str, hint: str = "") -> Finding:
        where = [*path, key] if loaded.has([*path, key]) else path
        pos = loaded.position(where)
        return error(code, f"field {name!r}: {message}", loaded.display, pos.line, pos.column, hint)

    if name in reserved:
        return [at("type", "DECLARED-FIELD-NAME", f"{name!r} is given to every record (id, copies; number in a numbered deck)",
                   "choose another name")]
    if declared.type not in FIELD_TYPES:
        return [at("type", "DECLARED-FIELD-TYPE", f"unknown type {declared.type!r}",
                   _choices(declared.type, FIELD_TYPES))]
    item_type = declared.type
    if declared.type == "list":
        if declared.of not in LIST_ITEM_TYPES:
            return [at("of" if declared.of else "type", "DECLARED-FIELD-TYPE",
                       f"a list needs `of:` one of {', '.join(LIST_ITEM_TYPES)}, not {declared.of!r}",
                       _choices(str(declared.of or ""), LIST_ITEM_TYPES))]
        item_type = declared.of
    kinds = game.kinds
    if item_type == "enum" and declared.enum is not None:
        if declared.enum not in game.enums:
            return [at("enum", "DECLARED-ENUM", f"names enum {declared.enum!r}, which the manifest's `enums:` does not "
                       "declare", _choices(declared.enum, list(game.enums)) if game.enums else
                       "declare it under `enums:` of the game, or write the field's own `values:`")]
        if loaded.has([*path, "values"]):
            return [at("values", "DECLARED-ENUM", f"names the shared enum {declared.enum!r} and writes its own `values:`",
                       "keep one of them")]
    elif declared.enum is not None:
        return [at("enum", "DECLARED-ENUM", f"`enum:` names the values of an enum field, and {name!r} is a {declared.type}")]
    if item_type == "enum" and not declared.values:
        return [at("type", "DECLARED-ENUM", "an enum needs `values:`, the values it allows (or `enum:`, a shared one)")]
    if declared.colors and (item_type != "enum" or declared.enum is None):
        if item_type != "enum":
            return [at("colors", "DECLARED-COLOR", f"`colors:` gives an enum's values colours, and {name!r} is a "
                       f"{item_type}", "declare the field an enum, or a `color` field for a colour per record")]
        colored = _color_problems(f"field {name!r}", declared.colors, declared.labels(), loaded, path)
        if colored:
            return colored
    if item_type == "map" and not declared.keys:
        return [at("type", "DECLARED-MAP", "a map needs `keys:`, the enum values it maps to integers")]
    if item_type == "object" and not declared.fields:
        return [at("type", "DECLARED-OBJECT", "an object needs `fields:`, declared like a kind's")]
    if item_type == "ref" and declared.to not in kinds:
        shown = repr(declared.to) if declared.to else "nothing"
        return [at("to" if declared.to else "type", "DECLARED-REF", f"refers to {shown}, which is no declared kind",
                   _choices(str(declared.to or ""), list(kinds)))]
    if declared.shows is not None and (problem := _shows_problem(name, declared, kinds)) is not None:
        return [at("shows", "DECLARED-SHOWS", problem[0], problem[1])]
    if declared.label is not None and declared.type != "boolean":
        return [at("label", "DECLARED-LABEL", f"`label:` is what a boolean prints where it is true, and {name!r} is a "
                   f"{declared.type}", "remove `label:`")]
    if declared.min is not None and declared.max is not None and declared.min > declared.max:
        return [at("min", "DECLARED-RANGE", f"min {declared.min} is above max {declared.max}")]
    return []


def _color_problems(owner: str, colors: Mapping[str, str], values: Mapping[str, str], loaded: LoadedFile,
                    path: list[str | int]) -> list[Finding]:
    """DECLARED-COLOR for each colour of an enum's `colors:` that is no colour or colours no value of it, and for the
    values left without one (a face of that value would print with no fill where the others have one)."""
    findings = []
    for value, color in colors.items():
        pos = loaded.position([*path, "colors", value])
        if value not in values:
            findings.append(error("DECLARED-COLOR", f"{owner}: `colors:` colours {value!r}, which is no value of it",
                                  loaded.display, pos.line, pos.column, _choices(value, list(values))))
        elif not isinstance(color, str) or re.fullmatch(COLOR_PATTERN, color) is None:
            findings.append(error("DECLARED-COLOR", f"{owner}: the colour of {value!r}, {color!r}, is no colour",
                                  loaded.display, pos.line, pos.column, COLOR_HINT))
    missing = [value for value in values if value not in colors]
    if colors and missing:
        pos = loaded.position([*path, "colors"])
        findings.append(error("DECLARED-COLOR", f"{owner}: `colors:` gives no colour to {', '.join(map(repr, missing))}",
                              loaded.display, pos.line, pos.column, "give every value a colour"))
    return findings


COLOR_HINT = "write #rrggbb, or a colour name: palette.<name> of the layout's palette, or a reportlab colour name"


def _shows_problem(name: str, declared: FieldDeclaration, kinds: Mapping[str, KindDeclaration]) -> tuple[str, str] | None:
    """What is wrong with a ref's `shows:` (the field of the named record it prints), with a hint; None if nothing."""
    if "ref" not in (declared.type, declared.of):
        return f"`shows:` says what a ref prints of the record it names, and {name!r} is a {declared.type}", "remove `shows:`"
    target = kinds[str(declared.to)]
    shown = target.fields.get(str(declared.shows))
    printable = [field for field, f in target.fields.items() if f.type in SHOWN_TYPES]
    if shown is None:
        return (f"shows {declared.shows!r}, which is no field of kind {declared.to!r}",
                _choices(str(declared.shows), printable) if printable else f"kind {declared.to!r} has no field to print")
    if shown.type not in SHOWN_TYPES:
        return (f"shows {declared.shows!r}, a {shown.type} of kind {declared.to!r}; a ref prints one of "
                f"{', '.join(SHOWN_TYPES)}", _choices(str(declared.shows), printable) if printable else "")
    return None


def _links_problems(kind_id: str, kind: KindDeclaration, loaded: LoadedFile) -> list[Finding]:
    """A numbered deck's `links` must name an integer field (or a list of integers) of its kind."""
    assert kind.numbered is not None, "asked of a numbered kind"
    name = kind.numbered.links
    if name is None or kind.links_field() is not None:
        return []
    pos = loaded.position(["game", "kinds", kind_id, "numbered", "links"])
    return [error("DECLARED-NUMBERED", f"kind {kind_id!r}: links names {name!r}, which is no integer field of the kind",
                  loaded.display, pos.line, pos.column, _choices(name, list(kind.fields)))]


NAMED_NUMBER = "{n}"  # where a `names:` pattern has the number


def is_names_pattern(written: str) -> bool:
    """Whether a `names:` pattern says where its number stands (`{n}`, once)."""
    return written.count(NAMED_NUMBER) == 1


def _names_problems(kind_id: str, kind: KindDeclaration, loaded: LoadedFile) -> list[Finding]:
    """A numbered deck's `names:` patterns each hold `{n}` once, and the numbers they find are compared with `links`."""
    assert kind.numbered is not None, "asked of a numbered kind"
    written = kind.numbered.names
    if written is None:
        return []
    path: list[str | int] = ["game", "kinds", kind_id, "numbered", "names"]
    if kind.links_field() is None:
        pos = loaded.position(path)
        return [error("DECLARED-NUMBERED", f"kind {kind_id!r}: names says how text names a card, but the deck has "
                      "no `links` field to compare it with", loaded.display, pos.line, pos.column,
                      "declare `links:`, the integer field of the cards a card leads to")]
    patterns = {None: written} if isinstance(written, str) else dict(written)
    findings = []
    for locale, pattern in patterns.items():
        if not is_names_pattern(pattern):
            pos = loaded.position(path if locale is None else [*path, locale])
            findings.append(error("DECLARED-NUMBERED", f"kind {kind_id!r}: names pattern {pattern!r} must hold "
                                  f"{NAMED_NUMBER} once", loaded.display, pos.line, pos.column,
                                  "write where the number stands, e.g. `Read {n}`"))
    return findings


def _choices(word: str, choices: Any) -> str:
    close = difflib.get_close_matches(word, list(choices), n=1)
    return f"did you mean {close[0]!r}?" if close else f"one of: {', '.join(choices)}"
