"""`pnp check --jobs N` checks the games side by side in forked workers, with the report of a run in one process."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from pipeline.app import check as checking
from pipeline.app.check import check
from pipeline.app.check_pool import run_forked
from pipeline.app.project import UsageError, select_listings
from pipeline.findings import Report
from tests.conftest import CONTENT, FIXTURES, PROCESSES, REPO


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Two games with findings of their own (a German string missing, a content error that skips the deep
    checks) and a layout finding, in a project folder that is the working directory."""
    shutil.copytree(CONTENT / "adventure-game", tmp_path / "content" / "adventure-game")
    shutil.copytree(FIXTURES / "path-of-destiny", tmp_path / "content" / "path-of-destiny")
    shutil.copytree(REPO / "pipeline" / "layouts", tmp_path / "layouts")
    po = tmp_path / "content" / "adventure-game" / "locales" / "de.po"
    text = po.read_text(encoding="utf-8")
    start = text.index('msgstr "', text.index("msgctxt"))
    po.write_text(text[:start] + 'msgstr ""' + text[text.index("\n", start):], encoding="utf-8")
    characters = tmp_path / "content" / "path-of-destiny" / "characters.yaml"
    characters.write_text(characters.read_text(encoding="utf-8").replace("unlock_xp: 5", "unlock_xp: -5", 1), encoding="utf-8")
    cards = tmp_path / "layouts" / "path-of-destiny" / "cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("color: palette.light}", "color: not-a-colour}", 1),
                     encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def run(project: Path, cache: str, jobs: int, locales: list[str] | None = None) -> Report:
    root = project / "content"
    return check(select_listings(None, root), root, locales, project / cache, reuse=True, jobs=jobs)


@PROCESSES
def test_the_parallel_report_is_the_serial_one(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    forked: list[int] = []

    def counted(task, order, jobs, done):  # type: ignore[no-untyped-def]
        forked.append(len(order))
        return run_forked(task, order, jobs, done)

    monkeypatch.setattr(checking, "run_forked", counted)
    serial = run(project, "serial-cache", jobs=1)
    assert forked == []
    parallel = run(project, "parallel-cache", jobs=2)
    assert forked == [2]  # both games were checked in workers

    codes = {f.code for f in serial.findings}
    assert {"I18N-MISSING", "CHECK-SKIPPED", "LAYOUT-COLOR"} <= codes  # findings in both games and the layouts
    assert parallel.findings == serial.findings  # the same findings in the same order
    assert parallel.extra == serial.extra
    # The workers wrote the records a warm run replays (smoke, fit, translation, parsed files; the hyphenation
    # dictionaries were kept by the serial run, in this process).
    assert _records(project / "parallel-cache") == _records(project / "serial-cache")
    replayed = run(project, "parallel-cache", jobs=2)  # the layout findings come last when no game is checked again
    assert sorted(replayed.findings, key=str) == sorted(serial.findings, key=str)
    assert forked == [2]


def _records(cache: Path) -> list[str]:
    return sorted(p.relative_to(cache).as_posix() for p in cache.rglob("*") if p.is_file() and "hyphenation" not in p.parts)


@PROCESSES
def test_a_usage_error_in_a_worker_is_the_serial_runs(project: Path) -> None:
    with pytest.raises(UsageError) as serial:
        run(project, "serial-cache", jobs=1, locales=["fr"])
    with pytest.raises(UsageError) as parallel:
        run(project, "parallel-cache", jobs=2, locales=["fr"])
    assert str(parallel.value) == str(serial.value)
    assert not (project / "parallel-cache" / "parsed").exists()  # the workers' parsed files are written by the run's end


def _pid_and_square(index: int) -> tuple[int, int]:
    if index == 3:
        raise ValueError("three")
    return os.getpid(), index * index


@PROCESSES
def test_results_come_in_index_order_from_other_processes() -> None:
    results = run_forked(lambda index: _pid_and_square(index), [2, 1, 0], jobs=2)
    assert [square for _, square in results] == [0, 1, 4]
    assert os.getpid() not in {pid for pid, _ in results}


def test_each_task_is_told_done_in_the_caller_as_it_ends() -> None:
    done: list[int] = []
    run_forked(_pid_and_square, [2, 1, 0], jobs=2, done=done.append)  # the progress bar of a check counts them so
    assert sorted(done) == [0, 1, 2]


@PROCESSES
def test_a_task_that_raises_raises_in_the_caller() -> None:
    with pytest.raises(ValueError, match="three"):
        run_forked(_pid_and_square, [3, 2, 1, 0], jobs=2)
