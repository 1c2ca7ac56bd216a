"""Load one YAML content file as plain data with positions; bad input gives findings, never objects.

Merge keys (``<<: *base``, ``<<: [*a, *b]``) are supported: the mapping's own keys win, then earlier
merged mappings. We compose from the C parser's events, not ``compose()``, whose recursion segfaults
on deeply nested input.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.events import (
    AliasEvent,
    DocumentStartEvent,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
)
from ruamel.yaml.reader import ReaderError

from pipeline.findings import Finding, error
from pipeline.reading import TEXT_LIMIT, YAML_LIMIT, FileTooLarge, UnreadableFile, read_input

from . import kept_files
from .yaml_scalars import MAP, SCALAR_TAGS, SEQ, plain_scalar, short_tag, tagged_scalar

__all__ = [
    "MAX_DEPTH",
    "MAX_FILE_BYTES",
    "MAX_NODES",
    "LoadedFile",
    "MissingPosition",
    "PathKey",
    "Position",
    "load_yaml_file",
    "load_yaml_text",
]

MAX_FILE_BYTES = YAML_LIMIT
MAX_NODES = 200_000  # expanded nodes: an alias counts its whole target each time it is used
MAX_EXPANDED_CHARS = 8 * 1024 * 1024  # characters of text once aliases are expanded (the file itself: 2 MiB)
MAX_TEXT_CHARS = TEXT_LIMIT  # one text value (reading.py says why)
MAX_DEPTH = 100  # nested lists/mappings

PathKey = tuple[str | int, ...]


@dataclass(frozen=True, slots=True)
class Position:
    line: int  # 1-based
    column: int  # 1-based

    def __reduce__(self) -> tuple[type[Position], tuple[int, int]]:
        # A kept game (rules/verified.py) holds tens of thousands: rebuilt by their constructor, they read back in a
        # fifth of the time the dataclass's generic state restore takes.
        return Position, (self.line, self.column)


_START = Position(1, 1)


class MissingPosition(KeyError):
    """A caller asked where a node is written that the file does not have: a programming error.

    A misspelt path must fail loudly instead of pointing a finding at the parent line. A caller that
    reports on data which may be absent (an optional, defaulted field) asks for the entity or for an
    existing parent itself.
    """

    def __init__(self, display: str, path: Sequence[str | int]) -> None:
        super().__init__(display, tuple(path))
        self.display = display
        self.path = tuple(path)

    def __str__(self) -> str:
        shown = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in self.path).lstrip(".")
        return f"{self.display}: no node at {shown or '<root>'}"


@dataclass
class LoadedFile:
    path: Path
    display: str  # the path as printed in findings
    data: Any  # plain Python data
    positions: dict[PathKey, Position]  # the VALUE node at each path; () is the root
    key_positions: dict[PathKey, Position]  # the KEY node of each mapping entry (path includes the key)

    def has(self, path: Sequence[str | int]) -> bool:
        """Whether the file writes a node at path."""
        return tuple(path) in self.positions

    def position(self, path: Sequence[str | int]) -> Position:
        """Position of the node at path; MissingPosition when the file has no such node."""
        found = self.positions.get(tuple(path))
        if found is None:
            raise MissingPosition(self.display, path)
        return found

    def key_position(self, path: Sequence[str | int]) -> Position:
        """Position of the key of the mapping entry at path (of the node itself for a list item or the root)."""
        found = self.key_positions.get(tuple(path))
        return found if found is not None else self.position(path)

    def nearest_position(self, path: Sequence[str | int]) -> Position:
        """Position of the node at path or of its nearest written ancestor (root -> 1:1).

        Only for reporting on input that may be incomplete (schema and model errors name fields the
        file lacks); code that knows its path asks position().
        """
        key = tuple(path)
        for end in range(len(key), -1, -1):
            found = self.positions.get(key[:end])
            if found is not None:
                return found
        return _START


# --- checks on the raw bytes and text -------------------------------------------------------------

_UTF8_BOM = b"\xef\xbb\xbf"
_UTF16_32_BOMS = (b"\x00\x00\xfe\xff", b"\xff\xfe\x00\x00", b"\xff\xfe", b"\xfe\xff")
_C0_BYTES = re.compile(rb"[\x00-\x08\x0b\x0c\x0e-\x1f]")
# Characters the YAML reader rejects besides C0: DEL, C1 controls except NEL, two noncharacters.
_BAD_CHARS = re.compile("[\x7f-\x84\x86-\x9f\ufffe\uffff]")


def _line_col(prefix: str) -> tuple[int, int]:
    """1-based line/column just after prefix; splitlines() breaks where the YAML reader does."""
    lines = prefix.splitlines(keepends=True)
    if not lines:
        return 1, 1
    last = lines[-1]
    if last.splitlines()[0] != last:  # prefix ends with a line break
        return len(lines) + 1, 1
    return len(lines), len(last) + 1


def _byte_line_col(data: bytes, offset: int) -> tuple[int, int]:
    return _line_col(data[:offset].decode("utf-8", "replace"))


def _char_name(char: str) -> str:
    return f"U+{ord(char):04X}"


def _check_bytes(data: bytes, display: str) -> tuple[str | None, list[Finding]]:
    """Decode data as UTF-8 text fit for YAML, or say why not."""
    if data.startswith(_UTF8_BOM):
        data = data[len(_UTF8_BOM) :]
    elif data.startswith(_UTF16_32_BOMS):
        return None, [error("YAML-ENCODING", "file is UTF-16 or UTF-32, not UTF-8", display, hint="save it as UTF-8")]
    bad = _C0_BYTES.search(data)
    if bad is not None:
        line, col = _byte_line_col(data, bad.start())
        message = f"control character U+{bad.group()[0]:04X} in the file; this looks like binary data"
        return None, [error("YAML-BINARY", message, display, line, col, "content files must be UTF-8 text")]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, col = _byte_line_col(data, exc.start)
        message = f"byte 0x{data[exc.start]:02X} is not valid UTF-8"
        return None, [error("YAML-ENCODING", message, display, line, col, "save the file as UTF-8")]
    found = _BAD_CHARS.search(text)
    if found is not None:
        line, col = _line_col(text[: found.start()])
        message = f"character {_char_name(found.group())} is not allowed in YAML text"
        return None, [error("YAML-BINARY", message, display, line, col, "remove the character")]
    return text, []


def _tab_at(text: str, line: int, column: int) -> tuple[int, bool] | None:
    """Column of the tab the parser tripped on in this line, and whether it is in the indentation."""
    lines = text.splitlines()
    if not 1 <= line <= len(lines):
        return None
    row = lines[line - 1]
    indent = row[: len(row) - len(row.lstrip(" \t"))]
    if "\t" in indent:
        return indent.index("\t") + 1, True
    if 1 <= column <= len(row) and row[column - 1] == "\t":
        return column, False
    return None


def _parser_finding(exc: YAMLError, text: str, display: str) -> Finding:
    """Turn a ruamel reader/scanner/parser error into one finding, never a traceback."""
    if isinstance(exc, ReaderError):
        # position is a byte offset into the UTF-8 the C parser reads
        line, col = _byte_line_col(text.encode("utf-8"), int(exc.position))
        message = f"character U+{int(exc.character):04X} is not allowed in YAML text"
        return error("YAML-BINARY", message, display, line, col)
    mark = None
    problem = str(exc)
    if isinstance(exc, MarkedYAMLError):
        mark = exc.problem_mark or exc.context_mark
        if exc.problem:
            problem = exc.problem
            if exc.context and exc.context_mark is not None:
                problem = f"{problem} ({exc.context} at line {exc.context_mark.line + 1})"
    line, col = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
    # Tabs trip the parser with cryptic messages; the tab check runs only when parsing failed, so
    # tabs inside block scalars and quoted strings (valid YAML) are never reported.
    tab = _tab_at(text, line, col)
    if tab is not None:
        tab_col, in_indent = tab
        message = "tab used for indentation; YAML indents with spaces" if in_indent else "tab character where YAML expects spaces"
        return error("YAML-TAB", message, display, line, tab_col, "replace the tab with spaces")
    return error("YAML-SYNTAX", problem.strip() or "invalid YAML", display, line, col)


# --- scalars --------------------------------------------------------------------------------------

# --- composing events into nodes ------------------------------------------------------------------

_SCALAR, _SEQ, _MAP = 0, 1, 2
_KIND_NAMES = {_SCALAR: "a scalar", _SEQ: "a list", _MAP: "a mapping"}


class _Node:
    """A composed node. value: the Python scalar, list[_Node], or list of mapping entries."""

    __slots__ = ("kind", "value", "pos", "size", "chars", "height", "merges", "open")

    def __init__(self, kind: int, value: Any, pos: Position) -> None:
        self.kind = kind
        self.value = value
        self.pos = pos
        self.size = 1  # nodes in the expanded subtree, keys included
        self.chars = len(value) if isinstance(value, str) else 0  # characters of text in the expanded subtree
        self.height = 0 if kind == _SCALAR else 1  # nesting levels of lists/mappings
        self.merges: tuple[_Node, ...] = ()  # mappings merged in with <<
        self.open = False  # anchored and not finished yet: an alias to it would be recursive


# a mapping entry: (key, key position, value node)
_Entry = tuple[str, Position, _Node]


class _Frame:
    """A list or mapping whose end event has not come yet."""

    __slots__ = ("node", "pos", "has_key", "key", "key_pos", "merge", "seen")

    def __init__(self, node: _Node, pos: Position) -> None:
        self.node = node
        self.pos = pos
        self.has_key = False  # a key was read and its value is next
        self.key: str | None = None  # None: the key was rejected, drop its value
        self.key_pos = pos
        self.merge = False  # the key is <<
        self.seen: dict[str, int] = {}  # key -> line of its first use


class _Stop(Exception):
    """A finding after which the rest of the file is not read."""

    def __init__(self, finding: Finding) -> None:
        super().__init__(finding.message)
        self.finding = finding


class _Composer:
    def __init__(self, display: str, max_nodes: int) -> None:
        self.display = display
        self.max_nodes = max_nodes
        self.findings: list[Finding] = []
        self.anchors: dict[str, _Node] = {}
        self.stack: list[_Frame] = []
        self.root: _Node | None = None
        self.documents = 0
        self.total = 0  # expanded nodes so far
        self.total_chars = 0  # characters of text in the expanded nodes so far
        self.written = 0  # nodes written in the text
        self.plain_cache: dict[str, Any] = {}

    def fail(self, code: str, message: str, pos: Position, hint: str = "") -> Finding:
        return error(code, message, self.display, pos.line, pos.column, hint)

    def run(self, text: str) -> None:
        """Compose the single document; raises YAMLError from the parser and _Stop."""
        for event in YAML(typ="safe", pure=False).parse(text):
            kind = type(event)
            if kind is ScalarEvent:
                self.scalar(event)
            elif kind is MappingStartEvent or kind is SequenceStartEvent:
                self.start(event, kind is MappingStartEvent)
            elif kind is MappingEndEvent or kind is SequenceEndEvent:
                self.end()
            elif kind is AliasEvent:
                self.alias(event)
            elif kind is DocumentStartEvent:
                self.documents += 1
                if self.documents > 1:
                    raise _Stop(
                        self.fail(
                            "YAML-SYNTAX",
                            "only one document per file ('---' starts a second one)",
                            _pos(event),
                            "split the documents into separate files",
                        )
                    )

    def count_written(self, pos: Position) -> None:
        self.written += 1
        self.total += 1
        if self.written > self.max_nodes:
            raise _Stop(self.fail("YAML-TOO-LARGE", f"more than {self.max_nodes} YAML values in one file", pos))
        if self.total > self.max_nodes:
            raise _Stop(self.fail("YAML-ALIAS", f"aliases expand to more than {self.max_nodes} values", pos))

    def scalar(self, event: Any) -> None:
        pos = _pos(event)
        self.count_written(pos)
        tag = event.ctag
        raw: str = event.value
        if tag is None:
            if event.implicit[0]:  # plain (unquoted) scalar
                try:
                    value = self.plain_cache[raw]
                except KeyError:
                    value = self.plain_cache[raw] = plain_scalar(raw)
            else:
                value = raw
        else:
            ok, value = tagged_scalar(str(tag), raw)
            if not ok:
                self.bad_tag(str(tag), pos, raw)
                value = raw
        node = _Node(_SCALAR, value, pos)
        if node.chars > MAX_TEXT_CHARS:
            raise _Stop(self.fail("YAML-TEXT-TOO-LONG", f"a text of {node.chars} characters; the limit is {MAX_TEXT_CHARS}",
                                  pos, "split it, or shorten it: no card or page prints this much"))
        self.count_chars(node.chars, pos)
        if event.anchor is not None:
            self.anchors[event.anchor] = node
        merge_key = tag is None and event.implicit[0] and raw == "<<"
        self.add(node, pos, merge_key)

    def bad_tag(self, tag: str, pos: Position, raw: str | None = None) -> None:
        short = short_tag(tag)
        if raw is not None and tag in SCALAR_TAGS:
            message = f"{raw[:40]!r} is not a valid {short}"
        else:
            message = f"tag {short} is not allowed; content files hold only plain data"
        self.findings.append(self.fail("YAML-TAG", message, pos, "remove the tag; use strings, numbers, lists and mappings"))

    def start(self, event: Any, is_map: bool) -> None:
        pos = _pos(event)
        if len(self.stack) >= MAX_DEPTH:
            raise _Stop(self.fail("YAML-DEPTH", f"nested more than {MAX_DEPTH} levels deep", pos))
        self.count_written(pos)
        tag = event.ctag
        if tag is not None and str(tag) not in ("!", MAP if is_map else SEQ):
            self.bad_tag(str(tag), pos)
        node = _Node(_MAP if is_map else _SEQ, [], pos)
        if event.anchor is not None:
            self.anchors[event.anchor] = node
            node.open = True
        self.stack.append(_Frame(node, pos))

    def end(self) -> None:
        frame = self.stack.pop()
        frame.node.open = False
        self.add(frame.node, frame.pos, False)

    def alias(self, event: Any) -> None:
        pos = _pos(event)
        name = event.anchor
        target = self.anchors.get(name)
        if target is None:
            raise _Stop(self.fail("YAML-ALIAS", f"alias *{name} has no anchor &{name} before it", pos))
        if target.open:
            raise _Stop(self.fail("YAML-ALIAS", f"alias *{name} is inside its own anchor (recursive)", pos))
        if len(self.stack) + target.height > MAX_DEPTH:
            raise _Stop(self.fail("YAML-DEPTH", f"alias *{name} nests more than {MAX_DEPTH} levels deep", pos))
        # count the whole expansion before making it: this is what stops "billion laughs"
        self.total += target.size
        if self.total > self.max_nodes:
            message = f"alias *{name} expands the file to more than {self.max_nodes} values"
            raise _Stop(self.fail("YAML-ALIAS", message, pos, "aliases of aliases multiply; write it out"))
        self.count_chars(target.chars, pos, name)
        self.add(target, pos, False)

    def count_chars(self, chars: int, pos: Position, alias: str = "") -> None:
        """Count the text a value adds to the file's data: a 1 MB text aliased 150 times is 150 MB to check and print."""
        self.total_chars += chars
        if self.total_chars > MAX_EXPANDED_CHARS:
            by = f"alias *{alias} expands" if alias else "aliases expand"
            raise _Stop(self.fail("YAML-ALIAS", f"{by} the file to more than {MAX_EXPANDED_CHARS} characters of text",
                                  pos, "aliases of a long text multiply it; write it out once"))

    def add(self, node: _Node, pos: Position, merge_key: bool) -> None:
        """Attach a finished node (at pos in the text) to the open list or mapping."""
        if not self.stack:
            self.root = node
            return
        frame = self.stack[-1]
        parent = frame.node
        parent.size += node.size
        parent.chars += node.chars
        if node.height >= parent.height:
            parent.height = node.height + 1
        if parent.kind == _SEQ:
            parent.value.append(node)
        elif frame.has_key:
            frame.has_key = False
            if frame.merge:
                self.merge(parent, node, pos)
            elif frame.key is not None:
                parent.value.append((frame.key, frame.key_pos, node))
        else:
            frame.has_key = True
            frame.merge = merge_key
            frame.key_pos = pos
            frame.key = self.key(node, pos, frame)

    def key(self, node: _Node, pos: Position, frame: _Frame) -> str | None:
        value = node.value
        if node.kind != _SCALAR:
            problem = f"is {_KIND_NAMES[node.kind]}"
        elif value is None:
            problem = "is empty (null)"
        elif isinstance(value, bool):
            problem = f"is the boolean {str(value).lower()}"
        elif isinstance(value, float):
            problem = f"is the number {value!r}"
        else:
            key = value if isinstance(value, str) else str(value)
            first = frame.seen.get(key)
            if first is not None:
                message = f"duplicate key {key!r} (first at line {first})"
                self.findings.append(self.fail("YAML-DUPLICATE-KEY", message, pos, "keep only one of them"))
                return None
            frame.seen[key] = pos.line
            return key
        message = f"mapping key {problem}; keys must be strings or integers"
        self.findings.append(self.fail("YAML-KEY", message, pos, "quote the key if it is meant as text"))
        return None

    def merge(self, parent: _Node, node: _Node, pos: Position) -> None:
        sources = [node] if node.kind == _MAP else node.value if node.kind == _SEQ else [node]
        if all(source.kind == _MAP for source in sources):
            parent.merges += tuple(sources)
            return
        message = "'<<' (merge) needs a mapping or a list of mappings"
        self.findings.append(self.fail("YAML-MERGE", message, pos, "write '<<: *anchor' with a mapping anchor"))


def _pos(event: Any) -> Position:
    mark = event.start_mark
    return Position(mark.line + 1, mark.column + 1)


# --- nodes to plain data --------------------------------------------------------------------------


def _entries(node: _Node) -> list[_Entry]:
    """A mapping's entries with its merges applied: its own keys win, then earlier merges."""
    own: list[_Entry] = node.value
    if not node.merges:
        return own
    taken = {entry[0] for entry in own}
    merged: list[_Entry] = []
    for source in node.merges:  # merge chains are at most MAX_DEPTH long (they nest via aliases)
        for entry in _entries(source):
            if entry[0] not in taken:
                taken.add(entry[0])
                merged.append(entry)
    return merged + own


def _to_data(root: _Node, positions: dict[PathKey, Position], key_positions: dict[PathKey, Position]) -> Any:
    # Recursion is safe: composing stopped at MAX_DEPTH levels, aliases included. An alias is
    # converted again at each use: fresh copies, positioned where the anchored node is written.
    def convert(node: _Node, path: PathKey) -> Any:
        positions[path] = node.pos
        kind = node.kind
        if kind == _SCALAR:
            return node.value
        if kind == _SEQ:
            items = []
            for index, child in enumerate(node.value):
                if child.kind == _SCALAR:  # inline the common case: saves a call per scalar
                    positions[path + (index,)] = child.pos
                    items.append(child.value)
                else:
                    items.append(convert(child, path + (index,)))
            return items
        mapping = {}
        for key, key_pos, child in _entries(node):
            sub = path + (key,)
            key_positions[sub] = key_pos
            if child.kind == _SCALAR:
                positions[sub] = child.pos
                mapping[key] = child.value
            else:
                mapping[key] = convert(child, sub)
        return mapping

    return convert(root, ())


# --- public API -----------------------------------------------------------------------------------


def _too_large(size: int, max_bytes: int, display: str) -> Finding:
    message = f"file is {size} bytes; the limit is {max_bytes}"
    return error("YAML-TOO-LARGE", message, display, hint="split it into smaller files")


def load_yaml_text(
    text_bytes: bytes,
    display: str,
    path: Path | None = None,
    *,
    max_bytes: int = MAX_FILE_BYTES,
    max_nodes: int = MAX_NODES,
) -> tuple[LoadedFile | None, list[Finding]]:
    """Parse one YAML file's bytes. Returns (file, []) or (None, findings); never raises on bad input."""
    if len(text_bytes) > max_bytes:
        return None, [_too_large(len(text_bytes), max_bytes, display)]
    text, findings = _check_bytes(text_bytes, display)
    if text is None:
        return None, findings
    composer = _Composer(display, max_nodes)
    try:
        composer.run(text)
    except _Stop as stop:
        return None, [*composer.findings, stop.finding]
    except YAMLError as exc:
        return None, [*composer.findings, _parser_finding(exc, text, display)]
    if composer.findings:
        return None, composer.findings
    root = composer.root
    if root is None or (root.kind == _SCALAR and root.value is None):
        where = root.pos if root is not None else _START
        message = "file has no content" if composer.documents == 0 else "document is empty (null)"
        return None, [composer.fail("YAML-EMPTY", message, where)]
    positions: dict[PathKey, Position] = {}
    key_positions: dict[PathKey, Position] = {}
    data = _to_data(root, positions, key_positions)
    loaded = LoadedFile(path if path is not None else Path(display), display, data, positions, key_positions)
    return loaded, []


def load_yaml_file(
    path: Path,
    display: str | None = None,
    *,
    max_bytes: int = MAX_FILE_BYTES,
    max_nodes: int = MAX_NODES,
    root: Path | None = None,
) -> tuple[LoadedFile | None, list[Finding]]:
    """Read and parse a YAML file; one that cannot be read (not a regular file, a link leading out of `root`) is a
    YAML-READ finding. Bytes parsed before are read back from `kept_files` when the command keeps parsed files."""
    shown = display if display is not None else path.as_posix()
    try:
        data = read_input(path, max_bytes, root)
    except FileTooLarge as exc:
        return None, [_too_large(exc.size, max_bytes, shown)]
    except UnreadableFile as exc:
        return None, [error("YAML-READ", exc.reason, shown)]
    limits = (max_bytes, max_nodes)
    held = kept_files.held(path, shown, data, limits)
    if isinstance(held, LoadedFile):
        return held, []
    kept = kept_files.recall(path, data, limits)
    if kept is not None:
        values, positions, key_positions = kept
        with contextlib.suppress(TypeError, ValueError):  # a damaged record: parse
            loaded = LoadedFile(path, shown, values, {tuple(k): Position(line, column) for k, line, column in positions},
                                {tuple(k): Position(line, column) for k, line, column in key_positions})
            kept_files.hold(path, shown, data, limits, loaded)
            return loaded, []
    parsed, findings = load_yaml_text(data, shown, path, max_bytes=max_bytes, max_nodes=max_nodes)
    if parsed is not None:
        kept_files.keep(path, data, limits, parsed.data, [(list(k), p.line, p.column) for k, p in parsed.positions.items()],
                        [(list(k), p.line, p.column) for k, p in parsed.key_positions.items()])
        kept_files.hold(path, shown, data, limits, parsed)
    return parsed, findings
