"""Fixtures for the Adventure Game: a copy of the shipped content with one change in a YAML file or in the German catalog,
checked as `pnp check` checks it (the game's checks, then the shared translation checks)."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from babel.messages.catalog import Message

from pipeline.findings import Finding
from pipeline.games import find_game
from pipeline.i18n.catalogs import read_catalog, write_catalog
from pipeline.i18n.checks import locale_findings
from pipeline.i18n.terms import game_terms
from tests.conftest import CONTENT

GAME = "adventure-game"


class Copy:
    """The shipped Adventure Game content copied under tmp_path, changed, then loaded and checked."""

    def __init__(self, root: Path) -> None:
        self.root = root
        shutil.copytree(CONTENT / GAME, root / GAME)

    @property
    def po(self) -> Path:
        return self.root / GAME / "locales" / "de.po"

    def replace(self, relative: str, old: str, new: str) -> Path:
        path = self.root / GAME / relative
        text = path.read_text(encoding="utf-8")
        assert old in text, f"{old!r} not in {relative}"
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
        return path

    def edit_po(self, context: str, change: Callable[[Message], None]) -> None:
        """Change one message of the German catalog through Babel (long lines are wrapped in the file)."""
        catalog = read_catalog(self.po, "de")
        found = [m for m in catalog if m.context == context]
        assert found, f"no msgctxt {context!r} in de.po"
        change(found[0])
        write_catalog(self.po, catalog)

    def msgstr_line(self, context: str) -> int:
        """The line of the msgstr of a context in the German catalog."""
        lines = self.po.read_text(encoding="utf-8").splitlines()
        start = next(n for n in range(len(lines)) if lines[n].startswith("msgctxt ") and _wrapped(lines, n) == context)
        return next(n for n in range(start, len(lines)) if lines[n].startswith("msgstr")) + 1

    def findings(self) -> list[Finding]:
        ruleset = find_game(GAME, self.root)
        db, findings = ruleset.load(self.root)
        translations = locale_findings(ruleset.strings(db), ruleset.content_dir(self.root), ["en", "de"], "en", game_terms(db))
        return findings + ruleset.checks(db) + translations


def _wrapped(lines: list[str], start: int) -> str:
    """The value of a keyword the catalog writer may have wrapped over several quoted lines."""
    parts, n = [lines[start].partition(" ")[2]], start + 1
    while n < len(lines) and lines[n].startswith('"'):
        parts.append(lines[n])
        n += 1
    return "".join(part[1:-1] for part in parts)


@pytest.fixture
def copy(tmp_path: Path) -> Copy:
    return Copy(tmp_path / "content")
