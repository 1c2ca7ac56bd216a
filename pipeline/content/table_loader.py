"""Load a content sheet (CSV or XLSX) into the same plain data and positions as a YAML file.

A sheet holds the entities of one kind, one per row; `<kind>.csv` names its kind by its file stem, a
workbook sheet by its name (or, in a workbook of one sheet named after no kind, by the workbook's stem).
Its data is what the YAML file of that kind would hold, `{"kind": <kind>, <entities field>: [rows]}`,
so the schema, the models and every later check read it unchanged. Positions: line = the spreadsheet
row (the header is row 1), column = the spreadsheet column, both 1-based.

The header row names a field path in each column:

    name            a field
    cost.gold       a field of a nested mapping
    effects[0].type a field of the first item of a list (items are numbered from 0)
    tags            a list of plain values: one cell, items separated by `;`
    steps           a list of items {id, text} (translatable text keyed by id): one cell, `id: text` items
                    separated by `;` (`bandage: Bandage a wound.; rest: Rest a turn.`)
    # notes         a note column: a header starting with `#` is not read

An empty cell is an absent field: the model's default applies, and a required field is missing at its
row. CSV cells are text, so each is read as the kind's JSON Schema types its field: an integer, number or
boolean field parses its text, and text that does not parse stays text for the schema to report at its cell.
"""

from __future__ import annotations

import csv
import datetime
import io
import math
import re
import zipfile
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from pipeline.findings import Finding, error
from pipeline.reading import SHEET_LIMIT, FileTooLarge, UnreadableFile, read_input

from .models import ContentFile
from .schema import schema_for
from .yaml_loader import MAX_NODES, LoadedFile, PathKey, Position

__all__ = ["SHEET_SUFFIXES", "MAX_UNPACKED_BYTES", "TableFile", "column_letter", "load_table_file"]

SHEET_SUFFIXES = (".csv", ".xlsx")
# A workbook is a zip: its unpacked parts may not exceed this (a small file can unpack to gigabytes).
MAX_UNPACKED_BYTES = 64 * 1024 * 1024
LIST_SEPARATOR = ";"
NOTE = "#"  # a column whose header starts with it holds the designer's notes: it is not read

_UTF8_BOM = b"\xef\xbb\xbf"
_UTF16_32_BOMS = (b"\x00\x00\xfe\xff", b"\xff\xfe\x00\x00", b"\xff\xfe", b"\xfe\xff")
_HEADER = re.compile(r"[^.\[\]\s]+(?:\[\d+\])*(?:\.[^.\[\]\s]+(?:\[\d+\])*)*")
_SEGMENT = re.compile(r"([^.\[\]\s]+)|\[(\d+)\]")
_INTEGER = re.compile(r"[+-]?\d+")
_NUMBER = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ufffe\uffff]")
_SCALARS = {"string", "integer", "number", "boolean", "null"}
_ITEM_KEYS = frozenset({"id", "text"})  # a list of translatable text: items keyed by id

Kinds = Mapping[str, type[ContentFile]]


@dataclass
class TableFile(LoadedFile):
    """A LoadedFile read from a sheet: findings at one of its cells name the column by its letter and header."""

    headers: tuple[str, ...] = ()
    cells: frozenset[Position] = frozenset()  # where a value is written

    def is_cell(self, line: int, column: int) -> bool:
        return Position(line, column) in self.cells

    def column_hint(self, column: int) -> str:
        header = self.headers[column - 1] if 0 < column <= len(self.headers) else ""
        return f"spreadsheet column {column_letter(column)}" + (f" ({header})" if header else "")


def column_letter(column: int) -> str:
    """The spreadsheet name of a 1-based column: 1 -> A, 27 -> AA."""
    letters = ""
    while column > 0:
        column, rest = divmod(column - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


# --- the kind's schema: which JSON types a field path may hold ---------------------------------------


@lru_cache(maxsize=64)
def _schema(model: type[ContentFile], game_id: str) -> dict[str, Any]:
    return schema_for(model, game_id)


class _Types:
    """The JSON Schema nodes a path may reach, each seen through $ref, anyOf/oneOf and allOf/if-then."""

    def __init__(self, schema: dict[str, Any]) -> None:
        self.schema = schema

    def expand(self, nodes: Iterable[Any]) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        stack = [node for node in nodes if isinstance(node, dict)]
        seen: set[int] = set()
        while stack:
            node = stack.pop()
            if id(node) in seen:
                continue
            seen.add(id(node))
            out.append(node)
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith("#/$defs/"):
                stack.append(self.schema.get("$defs", {}).get(ref.removeprefix("#/$defs/"), {}))
            for combinator in ("anyOf", "oneOf", "allOf"):
                stack.extend(branch for branch in node.get(combinator, []) if isinstance(branch, dict))
            for branch in ("then", "else"):
                if isinstance(node.get(branch), dict):
                    stack.append(node[branch])
        return out

    def child(self, nodes: list[dict[str, Any]], part: str | int) -> list[dict[str, Any]]:
        found: list[Any] = []
        for node in nodes:
            if isinstance(part, str):
                found.append(node.get("properties", {}).get(part))
                if isinstance(node.get("additionalProperties"), dict):
                    found.append(node["additionalProperties"])
                found.extend(node.get("patternProperties", {}).values())
            else:
                prefix = node.get("prefixItems", [])
                found.append(prefix[part] if part < len(prefix) else node.get("items"))
        return self.expand(found)

    def at(self, path: Sequence[str | int]) -> list[dict[str, Any]]:
        nodes = self.expand([self.schema])
        for part in path:
            nodes = self.child(nodes, part)
        return nodes

    @staticmethod
    def names(nodes: list[dict[str, Any]]) -> set[str]:
        """The JSON types the nodes allow; an enum or const allows the types of its values."""
        names: set[str] = set()
        for node in nodes:
            declared = node.get("type")
            names.update([declared] if isinstance(declared, str) else declared if isinstance(declared, list) else [])
            values = node.get("enum", [node["const"]] if "const" in node else [])
            names.update(_json_type(value) for value in values)
        return names


def _json_type(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    return "string" if isinstance(value, str) else "null" if value is None else "object"


def _parse_text(text: str, types: set[str]) -> Any:
    """A cell's text as the field's type, when it parses as one; else the text itself."""
    if "integer" in types and _INTEGER.fullmatch(text):
        return int(text)
    if "number" in types and _NUMBER.fullmatch(text) and math.isfinite(float(text)):
        number = float(text)
        return int(number) if _INTEGER.fullmatch(text) else number
    if "boolean" in types and text.lower() in ("true", "false"):
        return text.lower() == "true"
    return text


def _parse_value(value: Any, types: set[str]) -> Any:
    """An XLSX cell's typed value as the field's type: an integral float in an integer field, a number in a text field."""
    if isinstance(value, str):
        return _parse_text(value, types)
    if isinstance(value, bool):
        return value if "boolean" in types or "string" not in types else str(value).lower()
    if isinstance(value, float) and value.is_integer() and "integer" in types:
        return int(value)
    if isinstance(value, (int, float)):
        if types & {"integer", "number"} or "string" not in types:
            return value
        return str(int(value)) if isinstance(value, float) and value.is_integer() else str(value)
    if isinstance(value, (datetime.date, datetime.time)):
        return value.isoformat()
    return str(value)


# --- header and rows -----------------------------------------------------------------------------


def _header_path(header: str) -> PathKey | None:
    if not _HEADER.fullmatch(header):
        return None
    return tuple(name if name else int(index) for name, index in _SEGMENT.findall(header))


@dataclass(frozen=True)
class _Column:
    number: int  # 1-based
    path: PathKey  # inside the entity
    types: set[str]  # JSON types the field allows
    item_types: set[str]  # of its items, for a list field
    item_keys: frozenset[str] = frozenset()  # the fields of its items, for a list of objects


class _Node:
    """A mapping or list of one row being built, or a cell's value; pos is its first cell."""

    __slots__ = ("children", "value", "pos")

    def __init__(self, pos: Position, value: Any = None) -> None:
        self.children: dict[str | int, _Node] = {}
        self.value = value
        self.pos = pos


class _Sheet:
    """Turns the rows of one sheet into a TableFile, collecting findings at rows and cells."""

    def __init__(self, path: Path, display: str, kind: str, model: type[ContentFile], game_id: str) -> None:
        self.path = path
        self.display = display
        self.kind = kind
        self.model = model
        self.types = _Types(_schema(model, game_id))
        field_nodes = self.types.at([model.entities_field])
        self.many = "array" in _Types.names(field_nodes)  # a list of entities, else one entity
        self.entity_path: PathKey = (model.entities_field, 0) if self.many else (model.entities_field,)
        self.findings: list[Finding] = []
        self.columns: list[_Column | None] = []
        self.headers: tuple[str, ...] = ()

    def fail(self, code: str, message: str, row: int, column: int, hint: str = "") -> None:
        if column and not hint:
            hint = f"spreadsheet column {column_letter(column)}"
        self.findings.append(error(code, message, self.display, row, max(column, 1), hint))

    def read_header(self, cells: Sequence[Any]) -> None:
        texts = [_cell_text(cell) for cell in cells]
        self.headers = tuple(texts)
        paths: list[tuple[PathKey, int]] = []
        for number, text in enumerate(texts, 1):
            column = None
            if text and not text.startswith(NOTE):
                path = _header_path(text)
                clash = next((n for p, n in paths if path and (p[: len(path)] == path or path[: len(p)] == p)), None)
                if path is None:
                    self.fail("TABLE-HEADER", f"header {text!r} is not a field path", 1, number,
                              "write a field (name), a nested field (cost.gold) or a list item (effects[0].type)")
                elif clash is not None:
                    self.fail("TABLE-HEADER", f"header {text!r} names the field of column {column_letter(clash)} again",
                              1, number, "give each field one column")
                else:
                    paths.append((path, number))
                    nodes = self.types.at([*self.entity_path, *path])
                    items = self.types.child(nodes, 0)
                    keys = frozenset(key for node in items for key in node.get("properties", {}))
                    column = _Column(number, path, _Types.names(nodes), _Types.names(items), keys)
            self.columns.append(column)

    def read_row(self, number: int, cells: Sequence[Any]) -> _Node | None:
        """One data row as an entity; None for a row with no value."""
        values = [cell.strip() if isinstance(cell, str) else cell for cell in cells]
        if all(value is None or value == "" for value in values):
            return None
        if len(values) != len(self.columns) and self.is_csv:
            self.fail("TABLE-ROW", f"row has {len(values)} cell(s); the header has {len(self.columns)}",
                      number, min(len(values), len(self.columns)) + 1, "every row needs one cell per header column")
            return None
        entity: _Node | None = None
        for index, value in enumerate(values):
            if value is None or value == "":
                continue
            column = self.columns[index] if index < len(self.columns) else None
            if column is None:
                if index >= len(self.headers) or not self.headers[index]:
                    self.fail("TABLE-HEADER", "a value in a column with no header", number, index + 1,
                              "name the column's field in row 1")
                continue
            if entity is None:
                entity = _Node(Position(number, 1))
            _place(entity, column.path, _Node(Position(number, column.number), self.coerce(column, value, number)))
        return entity

    @property
    def is_csv(self) -> bool:
        return self.path.suffix.lower() == ".csv"

    def coerce(self, column: _Column, value: Any, row: int) -> Any:
        if "array" in column.types and isinstance(value, str) and _ITEM_KEYS <= column.item_keys:
            return self.keyed_items(column, value, row)
        if "array" in column.types and isinstance(value, str) and (LIST_SEPARATOR in value or not column.types & _SCALARS):
            return [_parse_text(item.strip(), column.item_types) for item in value.split(LIST_SEPARATOR) if item.strip()]
        if "array" in column.types and not column.types & _SCALARS:
            return [_parse_value(value, column.item_types)]
        return _parse_value(value, column.types)

    def keyed_items(self, column: _Column, value: str, row: int) -> list[dict[str, str]]:
        """A cell of `id: text` items: the id keys each item's translation, so it cannot be left out."""
        items = []
        for item in (part.strip() for part in value.split(LIST_SEPARATOR)):
            key, colon, text = item.partition(":")
            if not item:
                continue
            if not colon or not key.strip() or " " in key.strip():
                self.fail("TABLE-ITEM", f"item {item!r} has no id", row, column.number,
                          f"write each item as `id: text`, e.g. `step-1: {item}` (spreadsheet column "
                          f"{column_letter(column.number)}): the id keys its translation")
                continue
            items.append({"id": key.strip(), "text": text.strip()})
        return items

    def loaded(self, rows: Iterable[tuple[int, Sequence[Any]]]) -> TableFile | None:
        iterator = iter(rows)
        header = next(iterator, None)
        if header is None or not any(_cell_text(cell) for cell in header[1]):
            self.fail("TABLE-EMPTY", "the sheet has no header row", 1, 0, "write the field names in row 1")
            return None
        self.read_header(header[1])
        entities = []
        cells_read = 0
        for number, cells in iterator:
            cells_read += len(cells)
            if cells_read > MAX_NODES:
                self.fail("TABLE-TOO-LARGE", f"more than {MAX_NODES} cells in one sheet", number, 0,
                          "split it into smaller sheets")
                return None
            entity = self.read_row(number, cells)
            if entity is not None:
                entities.append(entity)
        if not self.many and len(entities) > 1:
            self.fail("TABLE-ROW", f"a {self.kind} file holds one {self.model.entities_field}; the sheet has "
                      f"{len(entities)} rows", entities[1].pos.line, 0, "keep one data row")
        if self.findings:
            return None
        return self._file(entities)

    def _file(self, entities: list[_Node]) -> TableFile:
        start = Position(1, 1)
        field = self.model.entities_field
        positions: dict[PathKey, Position] = {(): start, ("kind",): start}
        key_positions: dict[PathKey, Position] = {("kind",): start}
        data: dict[str, Any] = {"kind": self.kind}
        if self.many or entities:
            positions[(field,)] = key_positions[(field,)] = start
            if self.many:
                data[field] = [_to_data(entity, (field, i), positions, key_positions) for i, entity in enumerate(entities)]
            else:
                data[field] = _to_data(entities[0], (field,), positions, key_positions)
        cells = frozenset(pos for path, pos in positions.items() if len(path) > len(self.entity_path))
        return TableFile(self.path, self.display, data, positions, key_positions, self.headers, cells)


def _place(entity: _Node, path: PathKey, leaf: _Node) -> None:
    node = entity
    for part in path[:-1]:
        node = node.children.setdefault(part, _Node(leaf.pos))
    node.children[path[-1]] = leaf


def _to_data(node: _Node, path: PathKey, positions: dict[PathKey, Position], keys: dict[PathKey, Position]) -> Any:
    """A row's node as plain data; list items are numbered in order, without the gaps empty cells leave."""
    positions[path] = node.pos
    if not node.children:
        if isinstance(node.value, list):
            for index in range(len(node.value)):
                positions[(*path, index)] = node.pos
        return node.value
    if all(isinstance(part, int) for part in node.children):
        ordered = [node.children[part] for part in sorted(node.children, key=int)]
        return [_to_data(child, (*path, index), positions, keys) for index, child in enumerate(ordered)]
    mapping = {}
    for part, child in node.children.items():
        keys[(*path, str(part))] = child.pos
        mapping[str(part)] = _to_data(child, (*path, str(part)), positions, keys)
    return mapping


def _cell_text(cell: Any) -> str:
    return "" if cell is None else str(cell).strip()


# --- CSV ------------------------------------------------------------------------------------------


def _csv_rows(data: bytes, sheet: _Sheet) -> Iterator[tuple[int, Sequence[Any]]] | None:
    if data.startswith(_UTF16_32_BOMS):
        sheet.fail("TABLE-ENCODING", "file is UTF-16 or UTF-32, not UTF-8", 1, 0, "save the sheet as CSV UTF-8")
        return None
    try:
        text = data.removeprefix(_UTF8_BOM).decode("utf-8")
    except UnicodeDecodeError as exc:
        row = _row_at(data.removeprefix(_UTF8_BOM)[: exc.start].decode("utf-8", "replace"))
        sheet.fail("TABLE-ENCODING", f"byte 0x{exc.object[exc.start]:02X} is not valid UTF-8", row, 0,
                   "save the sheet as CSV UTF-8")
        return None
    control = _CONTROL.search(text)
    if control is not None:
        row = _row_at(text[: control.start()])
        sheet.fail("TABLE-ENCODING", f"control character U+{ord(control.group()):04X} in the file; this looks like binary data",
                   row, 0, "content sheets must be UTF-8 text")
        return None
    return _csv_records(text, sheet)


def _row_at(before: str) -> int:
    """The CSV row that the text after `before` is in (a quoted cell may span lines)."""
    try:
        records = len(list(csv.reader(io.StringIO(before, newline=""))))
    except csv.Error:  # `before` ends inside a quoted cell
        return before.count("\n") + 1
    return records + 1 if not before or before.endswith(("\n", "\r")) else records


def _csv_records(text: str, sheet: _Sheet) -> Iterator[tuple[int, Sequence[Any]]]:
    reader = csv.reader(io.StringIO(text, newline=""))
    number = 0
    try:
        for cells in reader:
            number += 1
            yield number, cells
    except csv.Error as exc:
        sheet.fail("TABLE-ROW", f"malformed CSV: {exc}", number + 1, 0)


# --- XLSX -----------------------------------------------------------------------------------------


def _workbook(data: bytes, display: str) -> tuple[Any, list[Finding]]:
    """The workbook in the bytes, read-only with cached formula values; or a finding why not."""
    from openpyxl import load_workbook  # imported here: only a game with workbooks pays for it

    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            unpacked = sum(info.file_size for info in archive.infolist())
        if unpacked > MAX_UNPACKED_BYTES:
            message = f"the workbook unpacks to {unpacked} bytes; the limit is {MAX_UNPACKED_BYTES}"
            return None, [error("TABLE-TOO-LARGE", message, display, hint="split it into smaller workbooks")]
        return load_workbook(io.BytesIO(data), read_only=True, data_only=True), []
    except Exception as exc:  # openpyxl raises anything from a broken zip or XML part
        message = f"not a readable XLSX workbook ({type(exc).__name__}: {exc})"
        return None, [error("TABLE-READ", message, display, hint="save it from your spreadsheet as .xlsx")]


def _xlsx_rows(worksheet: Any) -> Iterator[tuple[int, Sequence[Any]]]:
    for number, cells in enumerate(worksheet.iter_rows(values_only=True), 1):
        while cells and cells[-1] is None:
            cells = cells[:-1]
        if number == 1 or cells:
            yield number, cells


# --- public API -----------------------------------------------------------------------------------


def _unknown_kind(display: str, kind: str, kinds: Kinds, what: str) -> Finding:
    return error("CONTENT-KIND", f"no model accepts this {what}: kind {kind!r} is unknown", display,
                 hint=f"name it after one of: {', '.join(sorted(kinds))}")


def load_table_file(
    path: Path, display: str, kinds: Kinds, game_id: str, *, kind: str | None = None, root: Path | None = None
) -> tuple[list[LoadedFile], list[Finding]]:
    """Read a CSV file or an XLSX workbook of a game: one LoadedFile per sheet, or the findings of what is wrong.

    `kind` overrides the kind a CSV's stem or a sheet's name gives (and picks that sheet of a workbook); `root`: the
    game's folder, which the file may not lead out of.
    """
    try:
        data = read_input(path, SHEET_LIMIT, root)
    except FileTooLarge as exc:
        return [], [error("TABLE-TOO-LARGE", str(exc), display, hint="split it into smaller sheets")]
    except UnreadableFile as exc:
        return [], [error("TABLE-READ", exc.reason, display)]
    if path.suffix.lower() == ".csv":
        name = kind or path.stem
        model = kinds.get(name)
        if model is None:
            return [], [_unknown_kind(display, name, kinds, "CSV file")]
        sheet = _Sheet(path, display, name, model, game_id)
        rows = _csv_rows(data, sheet)
        loaded = sheet.loaded(rows) if rows is not None else None
        return ([loaded] if loaded else []), sheet.findings
    workbook, findings = _workbook(data, display)
    if workbook is None:
        return [], findings
    try:
        return _load_sheets(workbook, path, display, kinds, game_id, kind)
    finally:
        workbook.close()


def _sheet_kind(name: str, names: Sequence[str], stem: str, kinds: Kinds) -> str:
    """The kind of a workbook sheet: its name; in a workbook of one sheet named after no kind, the file's stem."""
    return name if name in kinds or len(names) > 1 else stem


def _load_sheets(
    workbook: Any, path: Path, display: str, kinds: Kinds, game_id: str, kind: str | None
) -> tuple[list[LoadedFile], list[Finding]]:
    names: list[str] = list(workbook.sheetnames)
    picked = names
    if kind is not None:
        picked = [name for name in names if name == kind] or (names if len(names) == 1 else [])
        if not picked:
            return [], [error("TABLE-READ", f"the workbook has no sheet {kind!r}; it has {', '.join(names)}", display)]
    files: list[LoadedFile] = []
    findings: list[Finding] = []
    for name in picked:
        shown = f"{display}[{name}]"
        sheet_kind = kind or _sheet_kind(name, names, path.stem, kinds)
        model = kinds.get(sheet_kind)
        if model is None:
            findings.append(_unknown_kind(shown, sheet_kind, kinds, "sheet"))
            continue
        sheet = _Sheet(path, shown, sheet_kind, model, game_id)
        try:
            loaded = sheet.loaded(_xlsx_rows(workbook[name]))
        except Exception as exc:  # a broken sheet part surfaces only while its rows are read
            sheet.fail("TABLE-READ", f"the sheet cannot be read ({type(exc).__name__}: {exc})", 1, 0)
            loaded = None
        findings.extend(sheet.findings)
        if loaded is not None:
            files.append(loaded)
    return files, findings
