"""The build runner: work cut to keep every worker busy, records in job order, bytes independent of the schedule."""

from __future__ import annotations

import os
import time
from dataclasses import replace
from multiprocessing import active_children
from pathlib import Path
from typing import Any

import pytest

from pipeline import processes
from pipeline.app.build import build
from pipeline.content.database import Database, FileModels
from pipeline.findings import Finding, error
from pipeline.games import find_game
from pipeline.processes import wait_detached
from pipeline.production import runner
from pipeline.production.cache import TargetRecord
from pipeline.production.runner import plan_units
from pipeline.production.targets import TARGET_NAMES, BuildOptions, Job
from pipeline.render.pdf import DrawnPdf
from pipeline.rules.spec import GameSpec
from tests.conftest import FIXTURES, PROCESSES

from .conftest import REPO, Build

OPTIONS = BuildOptions(Path("out"), Path("content"), Path("layouts"), Path("cache"))


def _job(locale: str, targets: tuple[str, ...] = TARGET_NAMES) -> Job:
    return Job("old-world", locale, targets, {t: t for t in targets}, OPTIONS)


def test_one_unit_per_locale_when_locales_fill_the_workers() -> None:
    units = plan_units([(0, _job("en")), (1, _job("de"))], workers=2)
    assert [(index, job.targets) for index, job in units] == [(0, TARGET_NAMES), (1, TARGET_NAMES)]


def test_a_single_locale_is_cut_so_both_workers_have_work() -> None:
    units = plan_units([(0, _job("en"))], workers=2)
    assert len(units) >= 2 and all(index == 0 for index, _ in units)
    assert sorted(t for _, job in units for t in job.targets) == sorted(TARGET_NAMES)
    assert units == plan_units([(0, _job("en"))], workers=2)  # the same cut every time


def test_one_worker_keeps_the_jobs_whole() -> None:
    todo = [(0, _job("en")), (1, _job("de"))]
    assert plan_units(todo, workers=1) == todo


@PROCESSES
def test_parallel_build_writes_the_same_bytes_as_a_serial_one(build: Build, tmp_path: Path) -> None:
    args = ("--locale", "en", "--target", "tts", "--target", "tokens", "--target", "help")
    _, serial, _ = build(*args, out="serial")
    (tmp_path / "cache").rename(tmp_path / "cache-serial")
    _, parallel, _ = build(*args, "--jobs", "2", out="parallel")
    assert [o["target"] for o in parallel["outputs"]] == [o["target"] for o in serial["outputs"]] == ["tts", "tokens", "help"]
    files = sorted(p.relative_to(tmp_path / "serial") for p in (tmp_path / "serial").rglob("*") if p.is_file())
    assert any(f.suffix == ".png" for f in files)
    for name in files:
        if name.name != "build-report.json":  # it holds the seconds
            assert (tmp_path / "serial" / name).read_bytes() == (tmp_path / "parallel" / name).read_bytes(), name


@PROCESSES
def test_a_build_loads_each_game_once_for_all_its_workers_and_keeps_nothing_after_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The plan loads the content; forked workers read the build's databases instead of parsing the YAML
    again; the next build in the same process loads afresh (the databases belong to the build)."""
    loads = tmp_path / "loads.txt"  # a file, because workers are other processes
    load = GameSpec.load

    def counting_load(spec: GameSpec, content_root: Path, packs: tuple[str, ...] = (),
                      models: FileModels | None = None) -> tuple[Database, list[Finding]]:
        with loads.open("a", encoding="utf-8") as log:
            log.write(f"{spec.id} {os.getpid()}\n")
        return load(spec, content_root, packs, models)

    monkeypatch.setattr(GameSpec, "load", counting_load)
    ran = tmp_path / "ran.txt"
    run_job = runner.run_job

    def logging_run_job(job: Job, *rest: Any) -> list[TargetRecord]:
        with ran.open("a", encoding="utf-8") as log:
            log.write(f"{os.getpid()}\n")
        return run_job(job, *rest)

    monkeypatch.setattr(runner, "run_job", logging_run_job)
    options = BuildOptions(tmp_path / "out", FIXTURES, REPO / "pipeline" / "layouts", tmp_path / "cache", force=True)
    game = find_game("old-world")

    first = build([game], options, targets=["tokens", "help"], jobs=2, show_progress=False)
    assert first.report.errors == [] and first.built == 2
    assert loads.read_text(encoding="utf-8").splitlines() == [f"old-world {os.getpid()}"]
    ran_in = ran.read_text(encoding="utf-8").split()
    assert len(ran_in) == 2 and str(os.getpid()) not in ran_in  # both units ran in workers, which loaded nothing

    wait_detached()  # the verified game, kept by a process of its own
    build([game], options, targets=["tokens"], jobs=1, show_progress=False)
    assert len(loads.read_text(encoding="utf-8").splitlines()) == 1  # read back from the cache (rules/verified.py)
    build([game], replace(options, cache_dir=tmp_path / "other"), targets=["tokens"], jobs=1, show_progress=False)
    assert len(loads.read_text(encoding="utf-8").splitlines()) == 2  # another cache: nothing kept in the process


@PROCESSES
def test_one_target_with_a_spare_worker_draws_its_1up_file_in_a_helper(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """--jobs 2 on one cards target: a forked helper draws and checks cards-1up.pdf while this process draws and
    checks the sheets; the helper's file and findings come back into the target, and the bytes are the serial build's."""
    from pipeline.production import preflight

    checked = tmp_path / "checked.txt"
    preflight_drawn = preflight.preflight_drawn

    def logging_preflight(pdf: DrawnPdf, path: str, *rest: Any, **named: Any) -> list[Finding]:
        with checked.open("a", encoding="utf-8") as log:
            log.write(f"{Path(path).name} {os.getpid()}\n")
        found = preflight_drawn(pdf, path, *rest, **named)
        return found + [error("PREFLIGHT-MARK", "seen by the helper", path)] if path.endswith("/cards-1up.pdf") else found

    monkeypatch.setattr(preflight, "preflight_drawn", logging_preflight)
    options = BuildOptions(tmp_path / "out", FIXTURES, REPO / "pipeline" / "layouts", tmp_path / "cache", force=True)
    result = build([find_game("old-world")], options, targets=["cards"], locales=["en"], jobs=2, show_progress=False)
    ran = dict(line.split() for line in checked.read_text(encoding="utf-8").splitlines())
    assert ran["cards.pdf"] == str(os.getpid()) and ran["cards-1up.pdf"] != str(os.getpid())
    assert [f.message for f in result.report.errors] == ["seen by the helper"]
    serial = BuildOptions(tmp_path / "serial", FIXTURES, REPO / "pipeline" / "layouts", tmp_path / "cache-serial", force=True)
    build([find_game("old-world")], serial, targets=["cards"], locales=["en"], jobs=1, show_progress=False)
    for name in ("cards.pdf", "cards-1up.pdf"):
        written = Path("old-world", "en", name)
        assert (tmp_path / "out" / written).read_bytes() == (tmp_path / "serial" / written).read_bytes(), name


def test_a_helper_hands_back_its_result_or_its_failure() -> None:
    with processes.beside(lambda: [os.getpid()]) as result:
        assert result() != [os.getpid()]
    with processes.beside(lambda: 1 // 0) as result, pytest.raises(ZeroDivisionError):
        result()
    with processes.beside(lambda: os._exit(3)) as result, pytest.raises(processes.WorkerLost):
        result()


def test_a_helper_nobody_waits_for_ends_with_the_block() -> None:
    """The caller failed before asking: the helper (here one that would run for a minute) is killed, not left."""
    with pytest.raises(RuntimeError), processes.beside(lambda: time.sleep(60)):
        raise RuntimeError("the sheets failed")
    assert not [child for child in active_children() if child.name == "pnp-helper"]


def test_a_build_derives_each_games_strings_and_parses_the_layouts_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two games with the shared layouts, cards and calibration sheet each: each game's locale check, glyph preflight
    and print labels read its strings derived once, and both jobs the layouts parsed once (Databases)."""
    from pipeline.i18n import content
    from pipeline.render import layouts

    calls = {"strings": 0, "layouts": 0}

    def counted(name: str, function: Any) -> Any:
        def call(*args: Any, **named: Any) -> Any:
            calls[name] += 1
            return function(*args, **named)
        return call

    monkeypatch.setattr(content, "translatable_strings", counted("strings", content.translatable_strings))
    monkeypatch.setattr(layouts, "load_layouts", counted("layouts", layouts.load_layouts))
    options = BuildOptions(tmp_path / "out", FIXTURES, REPO / "pipeline" / "layouts", tmp_path / "cache", force=True)
    games = [find_game("old-world"), find_game("path-of-destiny")]
    result = build(games, options, targets=["cards"], jobs=1, show_progress=False)
    assert result.report.errors == [] and result.built == 2
    assert calls == {"strings": 2, "layouts": 1}
