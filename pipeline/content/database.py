"""A game's content database: every YAML file and sheet loaded, schema-checked, modelled and indexed by id.

Game-agnostic: the game supplies its file kinds (pydantic models). Each entity remembers the file
and the path it came from, so every later check can point at a file, line and column.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ValidationError

from pipeline.findings import Finding, display_path, error
from pipeline.reading import FileTooLarge, UnreadableFile, read_input

from .models import ContentFile
from .schema import SchemaValidator, field_label, schema_for
from .table_loader import SHEET_SUFFIXES, TableFile, load_table_file
from .yaml_loader import MAX_FILE_BYTES, LoadedFile, MissingPosition, Position, load_yaml_file

YAML_SUFFIXES = (".yaml", ".yml")
CONTENT_SUFFIXES = YAML_SUFFIXES + SHEET_SUFFIXES
# A game's optional packs (expansions) keep their content in `<game>/packs/<pack id>/`; the rest is the base.
PACKS_FOLDER = "packs"
BASE_PACK = "base"
# A pack with modes (Monster Trail) keeps each mode's content in `packs/<pack id>/<mode id>/`; a selection
# names a mode as `<pack id>/<mode id>` beside its pack (a pack selected without modes shows all of them), and
# each kind of a mode's cards the table chose to add (all copies of it) as `<pack id>/<mode id>/<kind id>` beside its
# mode: a file of the mode that holds a chosen kind then shows the chosen kinds only (Monster Trail's Advanced cards).
MODE_SEPARATOR = "/"

E = TypeVar("E", covariant=True)


class UnknownCollection(KeyError):
    """A collection no file kind of the game fills: a misspelt name, not an empty list."""

    def __str__(self) -> str:
        return str(self.args[0])  # KeyError would quote the message


@dataclass(frozen=True)
class Source:
    """Where something is written: file, line and column (1-based)."""

    file: str
    line: int
    column: int


@dataclass(frozen=True)
class Record(Generic[E]):
    """One entity and where it was loaded from."""

    entity: E
    loaded: LoadedFile
    path: tuple[str | int, ...]

    def where(self, *fields: str | int) -> Source:
        """Where a field of this entity is written: a scalar at its value, a list or mapping at its key.

        A field the file does not write raises MissingPosition: for an optional field that may be
        defaulted, ask is_written() first and point at the entity or a parent that is written.
        """
        path = [*self.path, *fields]
        if isinstance(value_at(self.loaded.data, path), (dict, list)) and isinstance(path[-1], str):
            pos = self.loaded.key_position(path)
        else:
            pos = self.loaded.position(path)
        return Source(self.loaded.display, pos.line, pos.column)

    def is_written(self, *fields: str | int) -> bool:
        """Whether the file writes this field of the entity (a defaulted optional field is not)."""
        return self.loaded.has([*self.path, *fields])


@dataclass
class Database:
    game_id: str
    root: Path
    files: list[tuple[ContentFile, LoadedFile]] = field(default_factory=list)
    collections: dict[str, dict[Any, Record]] = field(default_factory=dict)
    # Ids of entities written but rejected by the schema: references to them are not "unknown".
    # Each with where its entity is written (a finding about it points there).
    rejected: dict[str, dict[Any, Source]] = field(default_factory=dict)
    complete: bool = True
    # Collections with a file their schema rejected (its valid records are kept), and whether some file did not
    # load or named no kind, so it may have held records of any collection: see holds_all.
    partial: set[str] = field(default_factory=set)
    unsorted: bool = False
    kinds: tuple[type[ContentFile], ...] = ()  # the game's file kinds, for what their models declare
    # The packs selected besides the base: records() and all() show their entities and the base's only.
    # Every pack's files are loaded (references, texts and catalogs cover all of them) whether selected or not.
    packs: tuple[str, ...] = ()
    _kind_file_memo: dict[frozenset[str], frozenset[Path]] = field(default_factory=dict, init=False, repr=False, compare=False)

    def _collection(self, collection: str) -> dict[Any, Record]:
        # Every collection of the game's file kinds exists from the start, empty or not.
        try:
            return self.collections[collection]
        except KeyError:
            raise UnknownCollection(f"{self.game_id} has no collection {collection!r}") from None

    def holds_all(self, collection: str) -> bool:
        """Whether every file that may hold records of the collection loaded, so a count or a numbered deck over it
        judges the content rather than what a rejected file left out (other collections' errors do not matter)."""
        return self.complete or (not self.unsorted and collection not in self.partial)

    def records(self, collection: str) -> list[Record]:
        """The records of the base and the selected packs."""
        return [r for r in self._collection(collection).values() if self.is_shown(r)]

    def shown_keys(self, collection: str) -> list[Any]:
        """The keys records() shows; none for a collection the game does not have."""
        return [key for key, record in self.collections.get(collection, {}).items() if self.is_shown(record)]

    def is_shown(self, record: Record) -> bool:
        """Whether the entity belongs to the base or a selected pack (and, in a mode's folder, a selected mode and,
        where the table chose kinds of the mode's cards, a chosen kind)."""
        if not self.in_selection(record):
            return False
        if not self.chooses_kinds:  # nothing to look up
            return True
        pack, mode = self.pack_of(record), mode_of_file(self.root, record.loaded.path)
        chosen = self.kinds_of(pack, mode) if pack != BASE_PACK and mode is not None else frozenset()
        return not chosen or getattr(record.entity, "id", None) in chosen or record.loaded.path not in self._kind_files(chosen)

    def in_selection(self, record: Record) -> bool:
        """Whether the entity belongs to the base, a selected pack or a selected mode, whatever kinds were chosen
        (the box a choice of kinds is taken from)."""
        pack = self.pack_of(record)
        if pack == BASE_PACK:
            return True
        if pack not in self.packs:
            return False
        mode = mode_of_file(self.root, record.loaded.path)
        return mode is None or mode_entry(pack, mode) in self.packs or not self.modes_of(pack)

    @property
    def whole_packs(self) -> tuple[str, ...]:
        """The packs selected, without the `<pack>/<mode>` and `<pack>/<mode>/<kind>` entries of their modes and kinds."""
        return tuple(entry for entry in self.packs if MODE_SEPARATOR not in entry)

    @property
    def chooses_kinds(self) -> bool:
        """Whether the selection chose kinds of a mode's cards (a `<pack>/<mode>/<kind>` entry)."""
        return any(entry.count(MODE_SEPARATOR) == 2 for entry in self.packs)

    def kinds_of(self, pack: str, mode: str) -> frozenset[str]:
        """The kinds of a mode's cards the selection chose (none: every card of the mode)."""
        prefix = mode_entry(pack, mode) + MODE_SEPARATOR
        return frozenset(entry.removeprefix(prefix) for entry in self.packs if entry.startswith(prefix))

    def _kind_files(self, chosen: frozenset[str]) -> frozenset[Path]:
        """The files that write one of the chosen kinds (found once per choice: every record asks)."""
        files = self._kind_file_memo.get(chosen)
        if files is None:
            files = self._kind_file_memo[chosen] = frozenset(
                record.loaded.path for records in self.collections.values() for record in records.values()
                if getattr(record.entity, "id", None) in chosen)
        return files

    def modes_of(self, pack: str) -> tuple[str, ...]:
        """The modes of `pack` the selection names (none: the pack was selected whole)."""
        prefix = pack + MODE_SEPARATOR
        return tuple(entry.removeprefix(prefix) for entry in self.packs
                     if entry.startswith(prefix) and MODE_SEPARATOR not in entry.removeprefix(prefix))

    def every_record(self, collection: str) -> list[Record]:
        """The records of every pack, selected or not (what catalogs cover)."""
        return list(self._collection(collection).values())

    def pack_of(self, record: Record) -> str:
        """The pack an entity belongs to: the folder under `packs/` its file is in, else the base."""
        return pack_of_file(self.root, record.loaded.path)

    def all(self, collection: str) -> list[Any]:
        return [r.entity for r in self.records(collection)]

    def get(self, collection: str, key: Any) -> Any:
        record = self._collection(collection).get(key)
        return record.entity if record else None

    def record(self, collection: str, key: Any) -> Record | None:
        return self._collection(collection).get(key)

    def has(self, collection: str, key: Any) -> bool:
        return key in self._collection(collection) or key in self.rejected.get(collection, {})

    def where(self, collection: str, key: Any, *fields: str | int) -> Source:
        """Where a field of one entity is written; MissingPosition for an unknown entity or field."""
        record = self.record(collection, key)
        if record is None:
            raise MissingPosition(str(self.root), (collection, key))
        return record.where(*fields)

    def root_source(self) -> Source:
        """The content folder itself: for a finding about something no file writes (a missing manifest)."""
        return Source(str(self.root), 1, 1)

    def records_in_file_order(self) -> list[Record]:
        """Every entity, in the order of the files (sorted paths) and of the entities in each file."""
        order = {id(loaded): i for i, (_, loaded) in enumerate(self.files)}
        records = [record for collection in self.collections.values() for record in collection.values()]
        return sorted(records, key=lambda r: (order.get(id(r.loaded), len(order)), r.path))

    def files_of(self, model: type[ContentFile]) -> Iterator[tuple[ContentFile, LoadedFile]]:
        for content, loaded in self.files:
            if isinstance(content, model):
                yield content, loaded

    def first_written(self, found: Callable[[tuple[str | int, ...], Any], bool]) -> Source | None:
        """Where the first value of the loaded files (in file order) that `found(path, value)` accepts is written:
        for a finding about something built from the content (a printed document) that keeps no positions."""
        for _, loaded in self.files:
            for path, position in loaded.positions.items():
                if path and found(path, value_at(loaded.data, path)):
                    return Source(loaded.display, position.line, position.column)
        return None


def value_at(data: Any, path: Sequence[str | int]) -> Any:
    """The value at a path of a file's data; None where there is none."""
    for part in path:
        if isinstance(data, dict) and part in data:
            data = data[part]
        elif isinstance(data, list) and isinstance(part, int) and 0 <= part < len(data):
            data = data[part]
        else:
            return None
    return data


def finding_at(source: Source, code: str, message: str, hint: str = "") -> Finding:
    return error(code, message, source.file, source.line, source.column, hint)


def content_files(root: Path, not_content: Sequence[str] = ()) -> list[Path]:
    # Anything named *.yaml, *.csv or *.xlsx that is not a folder is content: a broken link or an
    # unreadable file is reported by the loader, never skipped. Only the lock file a spreadsheet
    # keeps beside an open workbook (~$cards.xlsx) and the folders named in not_content are not.
    return sorted(
        p for p in root.rglob("*") if p.suffix in CONTENT_SUFFIXES and not p.name.startswith("~$") and not p.is_dir()
        and p.relative_to(root).parts[0] not in not_content
    )


@lru_cache(maxsize=64)
def _validator(model: type[ContentFile], game_id: str) -> SchemaValidator:
    return SchemaValidator(schema_for(model, game_id))


def pack_of_file(root: Path, path: Path) -> str:
    """The pack a content file belongs to: `<root>/packs/<id>/...` is pack `id`, anything else the base."""
    try:
        parts = path.relative_to(root).parts
    except ValueError:
        return BASE_PACK
    return parts[1] if len(parts) > 2 and parts[0] == PACKS_FOLDER else BASE_PACK


def mode_of_file(root: Path, path: Path) -> str | None:
    """The mode a pack's content file belongs to (`<root>/packs/<id>/<mode>/...`), else None."""
    try:
        parts = path.relative_to(root).parts
    except ValueError:
        return None
    return parts[2] if len(parts) > 3 and parts[0] == PACKS_FOLDER else None


def mode_entry(pack: str, mode: str) -> str:
    """How a selection (Database.packs) names one mode of a pack."""
    return f"{pack}{MODE_SEPARATOR}{mode}"


def kind_entry(pack: str, mode: str, kind: str) -> str:
    """How a selection (Database.packs) names a chosen kind of a mode's cards."""
    return f"{mode_entry(pack, mode)}{MODE_SEPARATOR}{kind}"


FileModel = tuple[str, ContentFile, LoadedFile]  # the SHA-256 of a YAML file's bytes, its model, its parse


@dataclass
class FileModels:
    """Each YAML file's validated model by the SHA-256 of its bytes, so a game loaded again validates only the files
    whose bytes changed (`rules/verified.py` keeps them between runs of the same code in the same place).
    `previous`: what an earlier load of the game made; `current`: what this load made or reused (only files that
    parsed and validated without a finding of their own: every finding still comes from a parse)."""

    previous: dict[Path, FileModel] = field(default_factory=dict)
    current: dict[Path, FileModel] = field(default_factory=dict)

    def reused(self, path: Path, digest: str, kinds: Sequence[type[ContentFile]]) -> FileModel | None:
        kept = self.previous.get(path)
        # A model of another class (a declared game's kinds made again from an edited manifest) is not reused.
        if kept is None or kept[0] != digest or kept[2].path != path or type(kept[1]) not in kinds:
            return None
        return kept


def _digest_of(path: Path) -> str | None:
    """The SHA-256 of a content file's bytes; None when it cannot be read (the loader then says why)."""
    try:
        return hashlib.sha256(read_input(path, MAX_FILE_BYTES)).hexdigest()
    except (UnreadableFile, FileTooLarge):
        return None


def load_database(root: Path, game_id: str, kinds: Sequence[type[ContentFile]], packs: Sequence[str] = (),
                  not_content: Sequence[str] = (), models: FileModels | None = None) -> tuple[Database, list[Finding]]:
    """Load every YAML file and sheet under root (but the folders named in not_content): one a model accepts
    joins the database, any other is an error. `packs` selects which packs' entities the database shows
    besides the base (see Database.packs). With `models`, a YAML file whose bytes an earlier load validated is
    not parsed or validated again, only indexed (duplicate ids are found across every file as before)."""
    db = Database(game_id=game_id, root=root, kinds=tuple(kinds), packs=tuple(packs))
    findings: list[Finding] = []
    by_kind = {model.kind_name(): model for model in kinds}
    for model in kinds:
        db.collections.setdefault(model.collection_name(), {})
    files = content_files(root, not_content)
    if not files:
        findings.append(error("CONTENT-EMPTY", f"no content files under {display_path(root)}", display_path(root)))
    for path in files:
        digest = _digest_of(path) if models is not None and path.suffix not in SHEET_SUFFIXES else None
        reused = models.reused(path, digest, db.kinds) if models is not None and digest is not None else None
        if reused is not None and models is not None:
            models.current[path] = reused
            db.files.append((reused[1], reused[2]))
            findings.extend(_index(db, type(reused[1]), reused[1], reused[2]))
            continue
        if path.suffix in SHEET_SUFFIXES:
            loaded_files, load_findings = load_table_file(path, display_path(path), by_kind, game_id, root=root)
        else:
            loaded, load_findings = load_yaml_file(path, display_path(path), root=root)
            loaded_files = [loaded] if loaded is not None else []
        findings.extend(load_findings)
        if load_findings:
            db.complete = False
            db.unsorted = True
        for loaded in loaded_files:
            file_findings = _add_file(db, loaded, by_kind)
            findings.extend(_with_column_hints(file_findings, loaded))
            if models is not None and digest is not None and not load_findings and db.files and db.files[-1][1] is loaded:
                models.current[path] = (digest, db.files[-1][0], loaded)
    return db, findings


def _with_column_hints(findings: list[Finding], loaded: LoadedFile) -> list[Finding]:
    """A finding at a written cell of a sheet says which spreadsheet column it is in (a field the row
    lacks is reported at the row, whose first cell is no part of it)."""
    if not isinstance(loaded, TableFile):
        return findings
    def at_cell(f: Finding) -> bool:
        return f.file == loaded.display and loaded.is_cell(f.line, f.column) and "missing the required" not in f.message

    return [dataclasses.replace(f, hint=loaded.column_hint(f.column)) if at_cell(f) and not f.hint else f for f in findings]


def _add_file(db: Database, loaded: LoadedFile, by_kind: dict[str, type[ContentFile]]) -> list[Finding]:
    data = loaded.data
    kind = data.get("kind") if isinstance(data, dict) else None
    model = by_kind.get(kind) if isinstance(kind, str) else None
    if model is None:
        db.complete = False
        db.unsorted = True
        pos = loaded.position(["kind"]) if isinstance(data, dict) and "kind" in data else Position(1, 1)
        shown = f"kind {kind!r} is unknown" if kind is not None else "it has no 'kind'"
        return [
            error(
                "CONTENT-KIND",
                f"no model accepts this file: {shown}",
                loaded.display,
                pos.line,
                pos.column,
                hint=f"start the file with one of: {', '.join(f'kind: {k}' for k in sorted(by_kind))}",
            )
        ]
    # Fast path: the models in strict JSON mode accept exactly what the generated schema accepts,
    # at a fraction of jsonschema's cost. Only a file they reject goes through the schema, whose
    # errors are phrased for a person; model-only rules (validators) come from pydantic after that.
    try:
        content = model.model_validate_json(json.dumps(data), strict=True)
    except ValidationError as exc:
        db.complete = False
        db.partial.add(model.collection_name())
        _salvage(db, model, loaded)
        schema_findings = _validator(model, db.game_id).validate(loaded)
        return schema_findings or [_model_finding(err, loaded) for err in exc.errors()]
    db.files.append((content, loaded))
    return _index(db, model, content, loaded)


def _entity_items(model: type[ContentFile], content: Any) -> list[tuple[tuple[str | int, ...], Any]]:
    name = model.entities_field
    value = getattr(content, name) if isinstance(content, BaseModel) else content.get(name)
    if isinstance(value, list):
        return [((name, i), item) for i, item in enumerate(value)]
    return [((name,), value)] if value is not None else []


def _entity_key(entity: Any) -> Any:
    if isinstance(entity, dict):
        return entity.get("id", entity.get("number"))
    key = getattr(entity, "id", None)
    return key if key is not None else getattr(entity, "number", None)


def _index(db: Database, model: type[ContentFile], content: ContentFile, loaded: LoadedFile) -> list[Finding]:
    findings = []
    index = db.collections.setdefault(model.collection_name(), {})
    for path, entity in _entity_items(model, content):
        key = _entity_key(entity)
        record = Record(entity, loaded, path)
        if key in index:
            first = index[key].where()
            has_id = "id" in type(entity).model_fields
            here = record.where("id") if has_id else record.where()
            key_name = "id" if has_id else "number"
            findings.append(
                error(
                    "CONTENT-DUPLICATE-ID",
                    f"{model.collection_name()} {key_name} {key!r} is already used at {first.file}:{first.line}",
                    here.file,
                    here.line,
                    here.column,
                    hint="ids must be unique; they key translations and the build cache",
                )
            )
            continue
        index[key] = record
    return findings


def _salvage(db: Database, model: type[ContentFile], loaded: LoadedFile) -> None:
    """Keep the entities of a rejected file that are valid on their own, to limit follow-on findings."""
    field_info = model.model_fields.get(model.entities_field)
    items = _entity_items(model, loaded.data if isinstance(loaded.data, dict) else {})
    rejected = db.rejected.setdefault(model.collection_name(), {})
    index = db.collections.setdefault(model.collection_name(), {})
    item_model = _list_item_model(field_info.annotation) if field_info else None
    for path, raw in items:
        key = _entity_key(raw) if isinstance(raw, dict) else None
        try:
            entity = item_model.model_validate_json(json.dumps(raw), strict=True) if item_model else None
        except ValidationError:
            entity = None
        if entity is None or key in index:
            if key is not None:
                at = loaded.positions.get(tuple(path)) or Position(1, 1)
                rejected.setdefault(key, Source(loaded.display, at.line, at.column))
            continue
        index[key] = Record(entity, loaded, path)


def _list_item_model(annotation: Any) -> type[BaseModel] | None:
    args = getattr(annotation, "__args__", ())
    item = args[0] if args else annotation
    return item if isinstance(item, type) and issubclass(item, BaseModel) else None


def _model_finding(err: Any, loaded: LoadedFile) -> Finding:
    path = _data_path(loaded.data, err["loc"])
    pos = loaded.nearest_position(path)
    message = str(err["msg"]).removeprefix("Value error, ")
    return error("MODEL", f"{field_label(path)}: {message}", loaded.display, pos.line, pos.column)


def _data_path(data: Any, loc: Sequence[Any]) -> list[str | int]:
    """Pydantic's error location, without the union tags that are not keys in the data."""
    path: list[str | int] = []
    node = data
    for part in loc:
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            node = node[part]
        else:
            continue
        path.append(part)
    return path
