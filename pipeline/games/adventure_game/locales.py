"""The game's translations: `locales/<lang>.po` read with Babel, each message with the line of its msgstr."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from babel.messages.pofile import PoFileError

from pipeline.content.database import display_path
from pipeline.i18n.catalogs import catalog_path, read_catalog


@dataclass(frozen=True)
class Translation:
    """One msgstr: its text, whether it is fuzzy (stale), and the line it is written on."""

    text: str
    fuzzy: bool
    line: int


@dataclass
class LocaleCatalog:
    """The translations of one locale by msgctxt, or why there are none."""

    locale: str
    display: str
    messages: dict[str, Translation] = field(default_factory=dict)
    obsolete: dict[str, int] = field(default_factory=dict)  # msgctxt -> line
    problem: str = ""  # the catalog is missing or unreadable

    def text(self, context: str) -> str | None:
        """The usable translation (not empty, not fuzzy) of a context, else None."""
        found = self.messages.get(context)
        return found.text if found and found.text and not found.fuzzy else None


def load_locale(content_dir: Path, locale: str) -> LocaleCatalog:
    """The catalog of a locale; a missing or malformed file gives an empty one with its problem."""
    path = catalog_path(content_dir, locale)
    catalog = LocaleCatalog(locale, display_path(path))
    if not path.is_file():
        catalog.problem = "missing"
        return catalog
    try:
        parsed = read_catalog(path, locale)
    except (PoFileError, ValueError) as exc:
        catalog.problem = f"unreadable: {exc}"
        return catalog
    lines = path.read_text(encoding="utf-8").splitlines()
    for message in parsed:
        if not message.id or not isinstance(message.string, str):
            continue
        line = _msgstr_line(lines, message.lineno or 1)
        catalog.messages[message.context or ""] = Translation(message.string, message.fuzzy, line)
    for message in parsed.obsolete.values():
        catalog.obsolete[message.context or ""] = message.lineno or 1
    return catalog


def _msgstr_line(lines: list[str], start: int) -> int:
    """The 1-based line of the msgstr that follows the message starting at line start."""
    for number in range(start, len(lines) + 1):
        if lines[number - 1].startswith("msgstr"):
            return number
    return start
