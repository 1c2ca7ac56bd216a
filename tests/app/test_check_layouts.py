"""`pnp check --layouts` and `pnp watch --layouts`: the text fit is judged with the layouts the build prints with.

Before, check always read ./layouts (or the package's), so a watch with `--layouts elsewhere` built with one
set of layouts and checked the fit with another: a check could pass for layouts that were never printed.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from pipeline.app import watch as watching
from pipeline.app.check import check
from pipeline.findings import Report
from pipeline.games import find_game
from pipeline.production.targets import BuildOptions

from ..conftest import REPO


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A project with the Old World fixture content and no ./layouts (the package's layouts are the default),
    and beside it a copy of the layouts whose Old World card layouts do not parse."""
    shutil.copytree(REPO / "tests" / "fixtures" / "old-world", tmp_path / "content" / "old-world")
    broken = tmp_path / "elsewhere"
    shutil.copytree(REPO / "pipeline" / "layouts", broken)
    with (broken / "old-world" / "cards.yaml").open("a", encoding="utf-8") as layout:
        layout.write("cards: [unclosed\n")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_check_judges_with_the_layouts_folder_it_is_given(project: Path) -> None:
    game = find_game("old-world")
    given = check([game], Path("content"), ["en"], project / "cache-given", layouts_dir=Path("elsewhere"))
    default = check([game], Path("content"), ["en"], project / "cache-default")

    assert ("YAML-SYNTAX", "elsewhere/old-world/cards.yaml") in {(f.code, f.file) for f in given.findings}
    assert not given.ok
    assert "YAML-SYNTAX" not in {f.code for f in default.findings}
    assert default.ok


def test_a_watch_round_checks_with_the_layouts_it_builds_with(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, Any] = {}

    def build(games: Any, options: BuildOptions, *args: Any, **kwargs: Any) -> Any:
        seen["built with"] = options.layouts_dir
        return _Built()

    def check_spy(games: Any, root: Path, *args: Any, layouts_dir: Path | None = None, **kwargs: Any) -> Report:
        seen["checked with"] = layouts_dir
        return Report()

    monkeypatch.setattr(watching, "build", build)
    monkeypatch.setattr(watching, "check", check_spy)
    options = BuildOptions(project / "out", Path("content"), Path("elsewhere"), project / "cache")
    watching.run_round([find_game("old-world")], options, ["en"], jobs=1)

    assert seen == {"built with": Path("elsewhere"), "checked with": Path("elsewhere")}


class _Built:
    """What run_round reads of a build's result."""

    report = Report()
