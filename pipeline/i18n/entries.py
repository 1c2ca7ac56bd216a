"""A locale catalog opened for checking: its messages paired with the source strings, and where each line is."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from babel.messages.catalog import Catalog, Message

from pipeline.findings import display_path
from pipeline.reading import CATALOG_LIMIT, read_input

from .catalogs import content_of
from .messages import SourceString
from .status import by_context, is_translated


@dataclass(frozen=True)
class PoFile:
    """A .po file's path, how findings print it, and its lines (to point at a msgstr)."""

    path: Path
    lines: tuple[str, ...]

    @classmethod
    def read(cls, path: Path) -> PoFile:
        """The file's lines; UnreadableFile for anything but a regular file within the catalog limit."""
        # Undecodable bytes are replaced here: read_catalog reports the encoding error with its line.
        return cls(path, tuple(read_input(path, CATALOG_LIMIT, content_of(path)).decode("utf-8", errors="replace").splitlines()))

    @cached_property
    def display(self) -> str:
        """The path as findings print it (made once: a glyph check asks it for each of thousands of texts)."""
        return display_path(self.path)

    def msgstr_line(self, message: Message, form: int = 0) -> int:
        """The line of msgstr (or msgstr[form]) of a message; its msgid line when not found."""
        start = message.lineno or 1
        wanted = f"msgstr[{form}]" if isinstance(message.id, (tuple, list)) else "msgstr"
        for number in range(start, min(start + 400, len(self.lines)) + 1):
            if self.lines[number - 1].removeprefix("#~ ").startswith(wanted + " "):
                return number
        return start

    def header_line(self, name: str) -> int:
        for number, line in enumerate(self.lines, start=1):
            if line.startswith(f'"{name}:'):
                return number
        return 1


@dataclass(frozen=True)
class Entry:
    """A translated message of the current content: its source string, catalog message and forms."""

    string: SourceString
    message: Message
    po: PoFile

    @property
    def forms(self) -> tuple[str, ...]:
        string = self.message.string
        return tuple(string) if isinstance(string, (tuple, list)) else (string or "",)

    def sources(self) -> tuple[str, ...]:
        """The English each form translates: the singular for form 0, the plural for the others."""
        if not self.string.plural:
            return (self.string.source,) * len(self.forms)
        return (self.string.source,) + (self.string.plural,) * (len(self.forms) - 1)

    def line(self, form: int = 0) -> int:
        return self.po.msgstr_line(self.message, form)


def translated_entries(strings: Sequence[SourceString], catalog: Catalog, po: PoFile) -> Iterator[Entry]:
    """Every source string with a usable translation in the catalog."""
    messages = by_context(catalog)
    for string in strings:
        message = messages.get(string.context)
        if message is not None and is_translated(message, string):
            yield Entry(string, message, po)
