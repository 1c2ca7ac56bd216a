"""`pnp validate` resolves every reference, the guide's too: a `[[link]]`, a related topic or a `{kind:id}` that names
nothing is its finding at its line without the consistency checks of `pnp check`."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pipeline.app.check import validate
from pipeline.games import find_game
from tests.conftest import FIXTURES, line_of

# (game, file, text, its replacement, code, a text on the finding's line)
CASES = [
    ("old-world", "guide/01-basics.yaml", "Every witcher climbs the Trophy", "Every witcher climbs the [[trophy]] Trophy",
     "OW-GUIDE-LINK", "[[trophy]]"),
    ("path-of-destiny", "guide/01-rules.yaml", "[[supply]], slide", "[[suply]], slide", "POD-GUIDE-LINK", "[[suply]]"),
    ("path-of-destiny", "guide/glossary.yaml", "    related: [supply]\n", "    related: [suply]\n", "POD-GUIDE-LINK",
     "related: [suply]"),
    ("adventure-game", "glossary/turn.yaml", "(see [[dice]])", "(see [[die]])", "AG-GUIDE-LINK", "[[die]]"),
    ("adventure-game", "glossary/turn.yaml", "related: [actions, battles]", "related: [actions, battle]",
     "AG-GUIDE-LINK", "battle]"),
    ("adventure-game", "glossary/turn.yaml", "{action:travel}", "{action:fly}", "AG-GUIDE-REF", "{action:fly}"),
]


@pytest.mark.parametrize(("game", "relative", "old", "new", "code", "at"), CASES,
                         ids=[f"{c[0]}-{c[4]}-{i}" for i, c in enumerate(CASES)])
def test_validate_finds_a_guide_reference_that_names_nothing(tmp_path: Path, game: str, relative: str, old: str,
                                                               new: str, code: str, at: str) -> None:
    root = tmp_path / "content"
    shutil.copytree(FIXTURES / game, root / game)
    path = root / game / relative
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    report = validate([find_game(game, root)], root)
    assert [(f.code, f.file, f.line) for f in report.errors] == [(code, path.as_posix(), line_of(path, at))]
