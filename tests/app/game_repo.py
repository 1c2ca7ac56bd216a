"""A temp git repository holding a copy of the old-world example tree and the shipped layouts (or another
tree, such as a game `pnp new` scaffolds), for the commands that compare revisions (`build --changed-since`,
`diff`)."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.conftest import FIXTURES, REPO

MARKET = "content/old-world/cards/market.yaml"
# The first market card as the example tree writes it (tests/fixtures/old-world/cards/market.yaml).
JAB = "  - id: jab\n    name: Jab\n    color: blue\n    terrain: forest\n    cost: 0\n"


def example_tree(top: Path) -> None:
    """The old-world example tree (content/old-world/) and the shared layouts (layouts/)."""
    shutil.copytree(FIXTURES / "old-world", top / "content" / "old-world")
    shutil.copytree(REPO / "pipeline" / "layouts", top / "layouts")


class GameRepo:
    """A git repository in `top` whose first commit holds what `fill` writes there (default: the example tree)."""

    def __init__(self, top: Path, fill: Callable[[Path], object] = example_tree) -> None:
        self.top = top
        top.mkdir(parents=True, exist_ok=True)
        fill(top)
        self.git("init", "-q")
        self.commit("the first tree")

    @property
    def content(self) -> Path:
        return self.top / "content"

    @property
    def layouts(self) -> Path:
        return self.top / "layouts"

    def git(self, *args: str) -> str:
        done = subprocess.run(["git", "-C", str(self.top), "-c", "user.name=test", "-c", "user.email=test@example.com",
                               *args], capture_output=True, text=True, check=True)
        return done.stdout

    def commit(self, message: str) -> str:
        self.git("add", "-A")
        self.git("commit", "-q", "-m", message)
        return self.git("rev-parse", "HEAD").strip()

    def replace(self, relative: str, old: str, new: str) -> None:
        path = self.top / relative
        text = path.read_text(encoding="utf-8")
        assert old in text, f"{old!r} not in {relative}"
        path.write_text(text.replace(old, new, 1), encoding="utf-8")

    @contextmanager
    def edited(self, relative: str, old: str, new: str) -> Iterator[None]:
        """An uncommitted edit of the working tree while the block runs (every edit made in it is undone after)."""
        self.replace(relative, old, new)
        try:
            yield
        finally:
            self.git("checkout", "-q", ".")


def jab_costs_one(top: Path) -> GameRepo:
    """The example tree committed, then a commit that changes one card's cost and only adds a comment elsewhere."""
    repo = GameRepo(top)
    repo.replace(MARKET, JAB, JAB.replace("    cost: 0\n", "    cost: 1\n"))
    repo.replace(MARKET, "  - id: push\n", "  # a comment changes no card\n  - id: push\n")
    repo.commit("jab costs 1")
    return repo
