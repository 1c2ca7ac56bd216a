"""The build runner: work cut to keep every worker busy, records in job order, bytes independent of the schedule."""

from __future__ import annotations

from pathlib import Path

from pipeline.build.runner import plan_units
from pipeline.build.targets import TARGET_NAMES, BuildOptions, Job

from .conftest import Build

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
