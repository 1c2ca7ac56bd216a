"""A `pnp new` game in a git repository whose guard card's title overflows its box (FIT-OVERFLOW on the card's
title box), for the tests of `pnp serve` and `pnp review --html`."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.app.new import new_game
from pipeline.render.layouts import PACKAGE_LAYOUTS
from tests.app.game_repo import GameRepo

LONG_TITLE = "Guard of the Very Long Northern Mountain Passes and Valleys"


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def demo_game(top: Path) -> None:
    """`pnp new demo` with the guard's title too long for its box in English (the German one is left as it was:
    its catalog then holds a stale translation, so the German print keeps the cards it printed before)."""
    new_game("demo", ["cards"], top / "content")
    edit(top / "content" / "demo" / "cards.yaml", "    title: Guard\n", f"    title: {LONG_TITLE}\n")
    edit(top / "content" / "demo" / "game.yaml", "  locales: [en, de]\n", "  locales: [en, de]\n  draft_locales: [de]\n")


@pytest.fixture
def demo_repo(tmp_path: Path) -> GameRepo:
    return GameRepo(tmp_path / "repo", demo_game)


def serve_args(repo: GameRepo, out: Path) -> list[str]:
    """The options every test gives pnp serve and pnp review: the repository's content, the shipped layouts."""
    return ["--content", str(repo.content), "--layouts", str(PACKAGE_LAYOUTS), "--out", str(out),
            "--cache-dir", str(out / "cache"), "--jobs", "1"]
