"""What a game hands to i18n: translatable source strings, and messages to print with their values."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Union


@dataclass(frozen=True)
class SourceString:
    """One translatable English string: its stable msgctxt path and where it is written."""

    context: str
    source: str
    plural: str = ""  # the English plural form, for a message that counts
    count: str = ""  # the placeholder whose number picks the plural form
    path: Path | None = None  # the file the English is written in
    line: int = 0
    note: str = ""  # a note for translators (written as an extracted comment)

    @property
    def msgid(self) -> str | tuple[str, str]:
        """The gettext msgid: the source, or (singular, plural) for a counting message."""
        return (self.source, self.plural) if self.plural else self.source

    @property
    def forms(self) -> tuple[str, ...]:
        """The English forms: (source,) or (singular, plural)."""
        return (self.source, self.plural) if self.plural else (self.source,)


# A value for a placeholder: a number, a text, a nested message, or a list of messages (sentences).
Param = Union[int, str, "Message", tuple["Message", ...]]  # noqa: UP007 - a forward reference needs Union


@dataclass(frozen=True)
class Message:
    """A message to print: the msgctxt of its template and the values of its placeholders."""

    context: str
    params: Mapping[str, Param] = field(default_factory=dict)


@dataclass(frozen=True)
class Fallback:
    """A string printed in the source language because its locale had no usable translation."""

    context: str
    source: str
    where: str = ""  # the component being printed, when the caller names it
