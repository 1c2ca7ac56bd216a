"""A build's Databases: what is derived from a game's content is made once, and dropped with that content."""

from __future__ import annotations

import os
import time
from contextlib import ExitStack
from functools import partial
from multiprocessing import active_children
from pathlib import Path
from typing import Any

import pytest

from pipeline.games import find_game
from pipeline.production.targets import Databases
from tests.conftest import PROCESSES

from .conftest import REPO

FIXTURES = REPO / "tests" / "fixtures"


def test_the_plan_and_the_job_share_one_localizer_and_faces_per_locale() -> None:
    game = find_game("old-world", FIXTURES)
    databases = Databases()
    db, _ = databases.load(game, FIXTURES, "first")
    localizer = databases.localizer(game, db, "en")
    assert databases.localizer(game, db, "en") is localizer
    assert databases.components(game, db, localizer) is databases.components(game, db, localizer)
    assert databases.localizer(game, db, "de") is not localizer


def test_loading_a_games_new_content_drops_what_came_from_the_old() -> None:
    game = find_game("old-world", FIXTURES)
    databases = Databases()
    old, _ = databases.load(game, FIXTURES, "first")
    localizer = databases.localizer(game, old, "en")
    databases.components(game, old, localizer)
    databases.strings(game, old)
    new, _ = databases.load(game, FIXTURES, "second")  # the files changed (a watch's next round)
    assert new is not old
    assert databases.load(game, FIXTURES, "second")[0] is new, "the new content is kept"
    assert databases._localizers == {} and databases._components == {} and databases._strings == {}, \
        "nothing derived from the old content is held"
    assert databases.load(game, FIXTURES, "first")[0] is not old, "the old content is loaded again if asked"


def test_layouts_are_parsed_again_when_their_files_change() -> None:
    game = find_game("old-world", FIXTURES)
    databases = Databases()
    first, _ = databases.layouts(REPO / "pipeline" / "layouts", game, "one")
    assert databases.layouts(REPO / "pipeline" / "layouts", game, "one")[0] is first
    second, _ = databases.layouts(REPO / "pipeline" / "layouts", game, "two")
    assert second is not first and len(databases._layouts) == 1, "one parse per folder is kept"


def helpers_running() -> list[str]:
    return [child.name for child in active_children() if child.name == "pnp-helper"]


def test_layouts_parsed_by_a_helper_are_those_parsed_here_and_a_result_nobody_took_goes_with_it() -> None:
    game = find_game("old-world", FIXTURES)
    here, findings = Databases().layouts(REPO / "pipeline" / "layouts", game, "one")
    databases = Databases()
    with ExitStack() as helpers:
        databases.layouts_beside(helpers, REPO / "pipeline" / "layouts", game, "one")
        databases.layouts_beside(helpers, REPO / "pipeline" / "layouts", game, "one")  # asked again: the same helper
        assert helpers_running() == ["pnp-helper"]
        beside, beside_findings = databases.layouts(REPO / "pipeline" / "layouts", game, "one")
        databases.layouts_beside(helpers, REPO / "pipeline" / "layouts", game, "one")  # parsed already: no helper
    assert beside.templates == here.templates and beside.profiles == here.profiles and beside_findings == findings
    assert databases.layouts(REPO / "pipeline" / "layouts", game, "one")[0] is beside
    with ExitStack() as helpers:
        databases.layouts_beside(helpers, REPO / "pipeline" / "layouts", game, "two")
    assert databases._parsing == {} and helpers_running() == []
    assert databases.layouts(REPO / "pipeline" / "layouts", game, "two")[0].templates == here.templates, "parsed here instead"


def test_a_build_with_workers_parses_the_layouts_beside_its_plan_and_alone_in_its_own_process(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from pipeline.app.build import build
    from pipeline.production.targets import BuildOptions
    from pipeline.render import layouts

    parsed_in = tmp_path / "parsed-in"
    load_layouts = layouts.load_layouts

    def recorded(*args: Any, **named: Any) -> Any:
        with parsed_in.open("a") as record:
            record.write(f"{os.getpid()}\n")
        return load_layouts(*args, **named)

    monkeypatch.setattr(layouts, "load_layouts", recorded)
    for jobs in (1, 2):
        options = BuildOptions(tmp_path / f"out{jobs}", FIXTURES, REPO / "pipeline" / "layouts", tmp_path / f"cache{jobs}", force=True)
        result = build([find_game("old-world")], options, locales=["en"], targets=["cards", "tokens"], jobs=jobs,
                       show_progress=False)
        assert result.report.errors == [] and result.built == 2
        pids = parsed_in.read_text().split()
        parsed_in.unlink()
        assert len(pids) == 1, "parsed once, for every worker"
        assert (pids[0] == str(os.getpid())) == (jobs == 1), f"--jobs {jobs}: parsed in {pids[0]}"


@PROCESSES
def test_a_build_with_workers_reads_the_catalogs_ahead_in_its_helper(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from pipeline.app.build import build
    from pipeline.i18n import catalogs
    from pipeline.production.targets import BuildOptions

    read_in = tmp_path / "read-in"
    read_ahead = catalogs.read_ahead

    def recorded(content: Path, locales: Any = None) -> None:
        with read_in.open("a") as record:
            record.write(f"{os.getpid()} {content.name} {','.join(locales or ['all'])}\n")
        read_ahead(content, locales)

    monkeypatch.setattr(catalogs, "read_ahead", recorded)
    options = BuildOptions(tmp_path / "out", REPO / "content", REPO / "pipeline" / "layouts", tmp_path / "cache", force=True)
    result = build([find_game("old-world")], options, locales=["de"], targets=["tokens"], jobs=2, show_progress=False)
    assert result.report.errors == [] and result.built == 1
    pid, game, locales = read_in.read_text().split()
    assert (pid != str(os.getpid()), game, locales) == (True, "old-world", "de")
    assert list((tmp_path / "cache" / "catalogs").glob("*.json")), "the helper kept what it parsed"


def test_a_helper_nobody_asked_is_waited_for_unless_the_build_failed(tmp_path: Path) -> None:
    game = find_game("old-world", FIXTURES)

    def slow_then_mark(mark: Path) -> None:
        time.sleep(0.5)
        mark.write_text("done")

    with ExitStack() as helpers:
        Databases().layouts_beside(helpers, REPO / "pipeline" / "layouts", game, "one", partial(slow_then_mark, tmp_path / "kept"))
    assert (tmp_path / "kept").read_text() == "done", "a build that ends normally lets its helper finish its writes"
    with pytest.raises(RuntimeError), ExitStack() as helpers:
        Databases().layouts_beside(helpers, REPO / "pipeline" / "layouts", game, "one", partial(slow_then_mark, tmp_path / "lost"))
        raise RuntimeError("the plan failed")
    assert helpers_running() == []
    time.sleep(0.7)
    assert not (tmp_path / "lost").exists(), "a failed build ends its helper at once"
