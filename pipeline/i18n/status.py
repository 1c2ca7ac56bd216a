"""How complete a locale's catalog is: total, translated, fuzzy, missing and obsolete entries."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog, Message

from .catalogs import catalog_path, read_catalog
from .messages import SourceString


@dataclass
class LocaleStatus:
    """Counts of one locale against the current source strings; `untranslated` lists what prints in English."""

    locale: str
    total: int = 0
    translated: int = 0
    fuzzy: int = 0
    missing: int = 0
    obsolete: int = 0
    untranslated: list[str] = field(default_factory=list)

    @property
    def percent(self) -> float:
        return round(100.0 * self.translated / self.total, 1) if self.total else 100.0

    @property
    def is_complete(self) -> bool:
        return self.translated == self.total

    def as_dict(self) -> dict[str, Any]:
        keys = ("locale", "total", "translated", "fuzzy", "missing", "obsolete")
        return {**{k: getattr(self, k) for k in keys}, "percent": self.percent, "complete": self.is_complete}

    def as_text(self) -> str:
        return (
            f"{self.locale}: {self.translated}/{self.total} translated ({self.percent:.1f}%), "
            f"{self.fuzzy} fuzzy, {self.missing} missing, {self.obsolete} obsolete"
        )


def is_translated(message: Message | None, string: SourceString) -> bool:
    """A usable translation: present, not fuzzy, for the current English, every form filled."""
    if message is None or message.fuzzy or message.id != string.msgid:
        return False
    forms = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
    return bool(forms) and all(forms)


def has_translation(message: Message | None) -> bool:
    if message is None:
        return False
    forms = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
    return any(forms)


def by_context(catalog: Catalog) -> dict[str | None, Message]:
    """The catalog's current (not obsolete) messages by msgctxt."""
    return {m.context: m for m in catalog if m.id}


def catalog_status(strings: Sequence[SourceString], catalog: Catalog | None, locale: str) -> LocaleStatus:
    """Count one catalog against the source strings (a missing catalog counts everything as missing)."""
    status = LocaleStatus(locale, total=len(strings))
    messages = by_context(catalog) if catalog is not None else {}
    for string in strings:
        message = messages.get(string.context)
        if is_translated(message, string):
            status.translated += 1
            continue
        status.untranslated.append(string.context)
        if has_translation(message):
            status.fuzzy += 1  # marked fuzzy, or translated from an older English text
        else:
            status.missing += 1
    if catalog is not None:
        current = {s.context for s in strings}
        status.obsolete = len(catalog.obsolete) + sum(1 for c in messages if c not in current)
    return status


def read_status(strings: Sequence[SourceString], content_dir: Path, locale: str) -> LocaleStatus:
    """The status of `<content_dir>/locales/<locale>.po`; an absent catalog counts as empty, a malformed
    one raises PoFileError (a broken catalog is not an empty one)."""
    path = catalog_path(content_dir, locale)
    catalog = read_catalog(path, locale) if path.exists() else None
    return catalog_status(strings, catalog, locale)
