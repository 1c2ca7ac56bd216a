"""A bad value in a game's manifest reaches `pnp check --locale` as its finding at its line (app/project.select_locales),
not as a usage error about the locales the unloaded manifest would have declared."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pipeline.app.check import check
from pipeline.findings import Severity
from pipeline.games import find_game
from tests.conftest import FIXTURES, line_of

# (game, text, its replacement, the finding's code, a text on the finding's line): a setup row with one seat is
# found at its row, a bound broken at the value.
CASES = [
    ("old-world", "seats: [{cards: 3, gold: 2}, {cards: 5, gold: 4}]", "seats: [{cards: 3, gold: 2}]", "MODEL",
     "- players: 2"),
    ("old-world", "{fatigue: 1, reputation: 2}", "{fatigue: -1, reputation: 2}", "SCHEMA", "fatigue: -1"),
    ("path-of-destiny", "{players: 3, supply_rows: 4,", "{players: 3, supply_rows: -4,", "SCHEMA", "supply_rows: -4"),
    ("adventure-game", "  source_locale: en", "  source_locale: 12", "SCHEMA", "source_locale: 12"),
]


@pytest.mark.parametrize(("game", "old", "new", "code", "at"), CASES, ids=[f"{c[0]}-{c[3]}-{i}" for i, c in enumerate(CASES)])
def test_a_manifest_mistake_is_its_finding_even_with_a_locale_asked(tmp_path: Path, game: str, old: str, new: str,
                                                                     code: str, at: str) -> None:
    root = tmp_path / "content"
    shutil.copytree(FIXTURES / game, root / game)
    manifest = root / game / "game.yaml"
    text = manifest.read_text(encoding="utf-8")
    assert old in text
    manifest.write_text(text.replace(old, new, 1), encoding="utf-8")
    report = check([find_game(game, root)], root, locales=["en"], cache_dir=tmp_path / "cache")
    errors = [(f.code, Path(f.file).name, f.line) for f in report.findings if f.severity is Severity.ERROR]
    assert (code, "game.yaml", line_of(manifest, at)) in errors
    if game != "adventure-game":  # a declared game's files have no kinds without their manifest: each says so
        assert len(errors) == 1, errors
