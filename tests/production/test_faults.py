"""Faults a build must survive: kills at random points, folders it cannot write, a full disk, corrupt
caches and output options that name a file. Each ends in a finding or a usage error, never a traceback,
and leaves no worker running and no half-written file.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import random
import resource
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from typer.testing import CliRunner, Result

from pipeline.atomic import TEMP_SUFFIX
from pipeline.cli import app
from tests.conftest import FIXTURES, PROCESSES, REPO, default_sigint

LAYOUTS = REPO / "pipeline" / "layouts"
# Enough work that the workers are still drawing when the kill comes.
KILL_TARGETS = ("--target", "cards", "--target", "tokens", "--target", "help", "--target", "guides")
PNP = [sys.executable, "-c", "from pipeline.cli import main; main()"]
HAS_PROC = Path("/proc/self/stat").is_file()


def build_argv(out: Path, cache: Path, *extra: str, content: Path = FIXTURES) -> list[str]:
    return ["build", "--game", "old-world", "--locale", "en", "--content", str(content), "--layouts", str(LAYOUTS),
            "--out", str(out), "--cache-dir", str(cache), "--format", "json", *extra]


def run_build(out: Path, cache: Path, *extra: str, content: Path = FIXTURES) -> Result:
    """`pnp build` of the old-world example tree in this process, one job at a time (so patches apply)."""
    result = CliRunner().invoke(app, build_argv(out, cache, "--jobs", "1", *extra, content=content))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception  # no traceback
    assert "Traceback" not in result.output
    return result


def findings(result: Result, code: str) -> list[dict[str, Any]]:
    return [f for f in json.loads(result.stdout)["findings"] if f["code"] == code]


def outputs(out: Path) -> dict[str, bytes]:
    """Every output file's bytes by relative path (not the report, which holds the seconds; not temp files)."""
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*"))
            if p.is_file() and p.name != "build-report.json" and not p.name.endswith(TEMP_SUFFIX)}


def temporaries(*folders: Path) -> list[Path]:
    return [p for folder in folders for p in folder.rglob(f"*{TEMP_SUFFIX}")]


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    """The files an undisturbed build of the kill targets writes."""
    base = tmp_path_factory.mktemp("reference")
    assert run_build(base / "out", base / "cache", *KILL_TARGETS).exit_code == 0
    return outputs(base / "out")


# Kills ---------------------------------------------------------------------------------------------

def _proc_stat(pid: int | str) -> list[str] | None:
    """The fields of /proc/<pid>/stat after the command name (state, ppid, pgrp, ...), or None if it has gone."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return stat[stat.rfind(")") + 2:].split()


def running_in_group(group: int) -> list[int]:
    """Processes of a process group that still run (a zombie has ended; it only waits to be reaped)."""
    found = []
    for entry in Path("/proc").iterdir():
        fields = _proc_stat(entry.name) if entry.name.isdigit() else None
        if fields is not None and int(fields[2]) == group and fields[0] != "Z":
            found.append(int(entry.name))
    return found


def is_running(pid: int) -> bool:
    fields = _proc_stat(pid)
    return fields is not None and fields[0] != "Z"


def children(pid: int) -> list[int]:
    """The running children of a process (a helper that has ended, a zombie until it is reaped, is none)."""
    return [int(e.name) for e in Path("/proc").iterdir()
            if e.name.isdigit() and (fields := _proc_stat(e.name)) is not None and int(fields[1]) == pid
            and fields[0] != "Z"]


def wait_until(condition: Callable[[], bool], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


Kill = Callable[..., tuple[int, str, int]]


@pytest.fixture
def killed_build(tmp_path: Path) -> Iterator[Kill]:
    """Start `pnp build --jobs 2` in its own session, wait for its workers, then at a random moment signal
    the parent, its whole process group (as a terminal's Ctrl-C or a service manager does) or one worker;
    returns exit code, stderr and the parent's pid."""
    started: list[subprocess.Popen[bytes]] = []

    def run(signum: signal.Signals, seed: int, whom: str = "parent") -> tuple[int, str, int]:
        # The pause after the workers appear is the seed's; a build that ends within it (a fast machine) is started
        # again from nothing with half the pause, so the signal always lands while the build runs.
        pause = random.Random(seed).uniform(0.0, 0.8)
        while True:
            process, workers = start(pause)
            if process.poll() is None and workers:
                break
            assert pause > 0.01, "the build ended before the kill even without a pause: give it more to do"
            pause /= 2
            shutil.rmtree(tmp_path / "out", ignore_errors=True)
            shutil.rmtree(tmp_path / "cache", ignore_errors=True)
        if whom == "group":
            os.killpg(process.pid, signum)
        else:
            os.kill(workers[0] if whom == "worker" else process.pid, signum)
        _, stderr = process.communicate(timeout=60)
        return process.returncode, stderr.decode(), process.pid

    def start(pause: float) -> tuple[subprocess.Popen[bytes], list[int]]:
        """The build started, once it has workers and `pause` seconds more: the process and its workers then."""
        argv = [*PNP, *build_argv(tmp_path / "out", tmp_path / "cache", "--jobs", "2", *KILL_TARGETS)]
        process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True,
                                   preexec_fn=default_sigint)
        started.append(process)
        workers: list[int] = []

        def has_workers() -> bool:
            workers[:] = children(process.pid)
            return bool(workers) or process.poll() is not None

        assert wait_until(has_workers, 120)
        time.sleep(pause)
        # Again after the pause: a build may be between two pools of workers (the check's, the build's) just then.
        assert wait_until(has_workers, 120)
        if process.poll() is not None:
            process.communicate(timeout=60)
        return process, workers

    yield run
    for process in started:  # whatever the test found, leave nothing running
        for pid in running_in_group(process.pid):
            os.kill(pid, signal.SIGKILL)


def assert_rerun_restores(tmp_path: Path, reference: dict[str, bytes]) -> None:
    """What the kill left is complete or absent, and a rerun removes the leftovers and builds the same bytes."""
    out, cache = tmp_path / "out", tmp_path / "cache"
    for name, data in outputs(out).items():
        assert data == reference[name], f"{name} is half-written"
    assert run_build(out, cache, *KILL_TARGETS).exit_code == 0
    assert temporaries(out, cache) == []
    assert outputs(out) == reference


@PROCESSES
@pytest.mark.skipif(not HAS_PROC, reason="reads processes from /proc")
@pytest.mark.parametrize("seed", [1, pytest.param(2, marks=pytest.mark.slow)])  # another moment: the slow tier
def test_a_build_killed_with_sigkill_takes_its_workers_along(killed_build: Kill, tmp_path: Path,
                                                             reference: dict[str, bytes], seed: int) -> None:
    code, _, pid = killed_build(signal.SIGKILL, seed)
    assert code == -signal.SIGKILL
    assert wait_until(lambda: not running_in_group(pid), 10), f"workers outlived the build: {running_in_group(pid)}"
    assert_rerun_restores(tmp_path, reference)


@PROCESSES
@pytest.mark.skipif(not HAS_PROC, reason="reads processes from /proc")
@pytest.mark.parametrize(("signum", "whom", "seed"),
                         [pytest.param(signal.SIGTERM, "parent", 3, id="sigterm-to-the-build"),
                          # The process group's signals take the parent's path too; the slow tier sends them.
                          pytest.param(signal.SIGINT, "group", 4, id="ctrl-c-to-the-process-group", marks=pytest.mark.slow),
                          pytest.param(signal.SIGTERM, "group", 5, id="sigterm-to-the-process-group", marks=pytest.mark.slow)])
def test_a_signalled_build_stops_its_workers_and_exits_cleanly(killed_build: Kill, tmp_path: Path,
                                                               reference: dict[str, bytes], signum: signal.Signals,
                                                               whom: str, seed: int) -> None:
    code, stderr, pid = killed_build(signum, seed, whom)
    assert code == 128 + signum
    assert f"build stopped by {signum.name}" in stderr and "Traceback" not in stderr
    assert not running_in_group(pid)  # stopped before the parent exited, not by the kernel after it
    assert temporaries(tmp_path / "out", tmp_path / "cache") == []
    assert_rerun_restores(tmp_path, reference)


@PROCESSES
@pytest.mark.skipif(not HAS_PROC, reason="reads processes from /proc")
def test_a_killed_worker_stops_the_build_cleanly(killed_build: Kill, tmp_path: Path, reference: dict[str, bytes]) -> None:
    code, stderr, pid = killed_build(signal.SIGKILL, 6, "worker")
    assert code == 1
    assert "a build worker ended unexpectedly" in stderr and "Traceback" not in stderr
    assert not running_in_group(pid)
    assert temporaries(tmp_path / "out", tmp_path / "cache") == []
    assert_rerun_restores(tmp_path, reference)


# A forked worker tied to its parent: the child binds, tells the parent, then sleeps; the parent exits.
# With `late`, the child binds only after its parent has gone (the race prctl alone would lose).
ORPHAN = """
import os, sys, time
from pipeline.processes import bind_to_parent

parent = os.getpid()
ready, told = os.pipe()
child = os.fork()
if child == 0:
    quiet = os.open(os.devnull, os.O_WRONLY)
    os.dup2(quiet, 1)
    os.dup2(quiet, 2)
    while {late} and os.getppid() == parent:
        time.sleep(0.01)
    bind_to_parent(parent, use_prctl={prctl})
    os.write(told, b"x")
    time.sleep(60)
    os._exit(0)
print(child, flush=True)
if not {late}:
    os.read(ready, 1)
os._exit(0)
"""


@PROCESSES
@pytest.mark.skipif(not HAS_PROC, reason="reads processes from /proc")
@pytest.mark.parametrize("prctl", [True, False], ids=["kernel", "watchdog"])
@pytest.mark.parametrize("late", [False, True], ids=["bound", "parent-gone-first"])
def test_a_worker_ends_when_its_parent_does(prctl: bool, late: bool) -> None:
    if prctl and not sys.platform.startswith("linux"):
        pytest.skip("PR_SET_PDEATHSIG is Linux's")
    script = ORPHAN.format(late=late, prctl=prctl)
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60, cwd=REPO)
    worker = int(result.stdout)
    try:
        assert wait_until(lambda: not is_running(worker), 10), "the worker outlived its parent"
    finally:
        if is_running(worker):
            os.kill(worker, signal.SIGKILL)


# Folders that cannot be written ----------------------------------------------------------------------

def deny_writes(monkeypatch: pytest.MonkeyPatch, folder: Path, allowed: int = 0) -> None:
    """Make files in folder impossible to create after the first `allowed`, with the error the kernel gives
    for a read-only folder (patched: the test may run as root, whom permissions do not stop)."""
    real_open, real_mkdir = os.open, os.mkdir
    created = [0]

    def refused(path: Any) -> bool:
        inside = Path(os.fsdecode(path)).resolve().is_relative_to(folder.resolve())
        if inside and created[0] >= allowed:
            return True
        created[0] += inside
        return False

    def guarded_open(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if flags & os.O_CREAT and refused(path):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), os.fsdecode(path))
        return real_open(path, flags, *args, **kwargs)

    def guarded_mkdir(path: Any, *args: Any, **kwargs: Any) -> None:
        if Path(os.fsdecode(path)).resolve().is_relative_to(folder.resolve()) and created[0] >= allowed:
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), os.fsdecode(path))
        real_mkdir(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", guarded_open)
    monkeypatch.setattr(os, "mkdir", guarded_mkdir)


def test_a_read_only_output_folder_is_a_finding(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "out"
    out.mkdir()
    out.chmod(0o555)
    try:
        deny_writes(monkeypatch, out)
        result = run_build(out, tmp_path / "cache", "--target", "tokens")
    finally:
        out.chmod(0o755)
    assert result.exit_code == 1
    (finding,) = findings(result, "BUILD-WRITE")
    assert finding["file"] == out.as_posix() and "Permission denied" in finding["message"]
    assert list(out.iterdir()) == []


def test_an_output_folder_made_read_only_mid_build_is_a_finding(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "out"
    deny_writes(monkeypatch, out, allowed=2)  # the writability probe and tokens.pdf; then the folder is read-only
    result = run_build(out, tmp_path / "cache", "--target", "tokens", "--target", "help")
    assert result.exit_code == 1
    refused = findings(result, "BUILD-WRITE")
    assert {f["file"] for f in refused} == {(out / "old-world" / "en" / "help-cards.pdf").as_posix(),
                                            (out / "old-world" / "build-report.json").as_posix()}
    assert all("Permission denied" in f["message"] for f in refused)
    assert [p.name for p in (out / "old-world" / "en").iterdir()] == ["tokens.pdf"]  # complete, no temp file left
    monkeypatch.undo()
    again = run_build(out, tmp_path / "cache", "--target", "tokens", "--target", "help")
    assert again.exit_code == 0
    assert [o["cached"] for o in json.loads(again.stdout)["outputs"]] == [True, False]  # the refused target was not cached


@pytest.mark.skipif(not HAS_PROC, reason="tells the files being written by /proc/self/fd")
def test_a_full_disk_is_a_finding(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real_write = os.write

    def disk_full(fd: int, data: Any) -> int:
        if os.readlink(f"/proc/self/fd/{fd}").endswith(TEMP_SUFFIX):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real_write(fd, data)

    monkeypatch.setattr(os, "write", disk_full)
    out = tmp_path / "out"
    result = run_build(out, tmp_path / "cache", "--target", "tokens")
    assert result.exit_code == 1
    full = findings(result, "BUILD-WRITE")
    assert {f["file"] for f in full} == {(out / "old-world" / "en" / "tokens.pdf").as_posix(),
                                         (out / "old-world" / "build-report.json").as_posix()}
    assert all("No space left on device" in f["message"] for f in full)
    assert outputs(tmp_path / "out") == {} and temporaries(tmp_path / "out") == []


@PROCESSES
def test_a_file_size_limit_is_a_finding(tmp_path: Path) -> None:
    """A real OS refusal, no patch: RLIMIT_FSIZE makes every write past 16 KiB fail with EFBIG."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (16 * 1024, 16 * 1024))

    argv = [*PNP, *build_argv(tmp_path / "out", tmp_path / "cache", "--jobs", "1", "--target", "tokens")]
    result = subprocess.run(argv, capture_output=True, text=True, timeout=300, preexec_fn=limit)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    (finding,) = [f for f in json.loads(result.stdout)["findings"] if f["code"] == "BUILD-WRITE"]
    assert finding["file"].endswith("tokens.pdf") and "File too large" in finding["message"]
    assert outputs(tmp_path / "out") == {} and temporaries(tmp_path / "out") == []


@pytest.mark.parametrize("option", ["--out", "--cache-dir"])
@pytest.mark.parametrize("below", [False, True], ids=["the-folder", "a-parent"])
def test_an_output_folder_that_is_a_file_is_a_usage_error(tmp_path: Path, option: str, below: bool) -> None:
    blocker = tmp_path / "taken"
    blocker.write_text("not a folder")
    folders = {"--out": tmp_path / "out", "--cache-dir": tmp_path / "cache"}
    folders[option] = blocker / "sub" if below else blocker
    result = run_build(folders["--out"], folders["--cache-dir"])
    assert result.exit_code == 2
    assert f"{option} {folders[option]}: {blocker} is a file" in result.output
    assert not (tmp_path / "out").exists() and not (tmp_path / "cache").exists()


@PROCESSES
def test_temp_files_of_a_killed_build_are_removed(tmp_path: Path) -> None:
    """A kill between the temp write and the rename leaves a temp file; the next run removes it, and its own
    (a signal may stop it before it knows its temp file), but not one whose writer still runs."""
    ended = subprocess.Popen([sys.executable, "-c", "pass"])
    ended.wait()
    writing = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])  # another build, still writing
    out, cache = tmp_path / "out", tmp_path / "cache"
    stale = [out / "old-world" / "en" / f".tokens.pdf.{ended.pid}.k1ll3d00{TEMP_SUFFIX}",
             cache / "targets" / f".old-world--en--tokens.json.{ended.pid}.k1ll3d00{TEMP_SUFFIX}",
             cache / "parsed" / f".record.json.{os.getpid()}.st0pp3d0{TEMP_SUFFIX}"]  # this process's (the build's)
    live = out / "old-world" / "en" / f".tokens.pdf.{writing.pid}.wr1t1ng0{TEMP_SUFFIX}"
    try:
        for path in [*stale, live]:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(b"%PDF-1.4 half")
        assert run_build(out, cache, "--target", "tokens").exit_code == 0
        assert temporaries(out, cache) == [live]
    finally:
        writing.kill()
        writing.wait()


# Corrupt caches -------------------------------------------------------------------------------------

def test_a_cache_record_path_that_is_a_directory_is_a_finding(tmp_path: Path) -> None:
    record = tmp_path / "cache" / "targets" / "old-world--en--tokens.json"
    record.mkdir(parents=True)
    result = run_build(tmp_path / "out", tmp_path / "cache", "--target", "tokens")
    assert result.exit_code == 1
    (finding,) = findings(result, "BUILD-WRITE")
    assert finding["file"] == record.as_posix()
    assert (tmp_path / "out" / "old-world" / "en" / "tokens.pdf").read_bytes().startswith(b"%PDF")


@PROCESSES
def test_a_one_up_file_the_helper_cannot_write_is_a_finding(tmp_path: Path) -> None:
    # One unit with --jobs 2: a helper process draws, writes and checks cards-1up.pdf beside the sheets, and hands its
    # write error back to the build like any other (atomic.WriteError survives the trip between processes).
    out = tmp_path / "out"
    blocked = out / "old-world" / "en" / "cards-1up.pdf"
    blocked.mkdir(parents=True)
    result = CliRunner().invoke(app, build_argv(out, tmp_path / "cache", "--jobs", "2", "--target", "cards"))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 1
    (finding,) = findings(result, "BUILD-WRITE")
    assert finding["file"] == blocked.as_posix()
    assert (out / "old-world" / "en" / "cards.pdf").read_bytes().startswith(b"%PDF")
    assert temporaries(out) == []


def test_an_output_changed_behind_the_cache_is_rebuilt(tmp_path: Path) -> None:
    """Same size, same modification time, other bytes: only the content hash tells."""
    out, cache = tmp_path / "out", tmp_path / "cache"
    run_build(out, cache, "--target", "tokens")
    pdf = out / "old-world" / "en" / "tokens.pdf"
    built, stat = pdf.read_bytes(), pdf.stat()
    pdf.write_bytes(built[:-8] + b"tampered")
    os.utime(pdf, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    result = run_build(out, cache, "--target", "tokens")
    assert [o["cached"] for o in json.loads(result.stdout)["outputs"]] == [False]
    assert pdf.read_bytes() == built


# The builds with art run in their folder with `--cache-dir cache`: reportlab names an image by the path
# it is drawn from, so the PDF bytes depend on where the art cache is, not only on what it holds.
ART_CACHE = Path("cache")


@pytest.fixture(scope="module")
def art_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example tree with an image on one market card, its cards built once: content/, out/, cache/."""
    base = tmp_path_factory.mktemp("art")
    shutil.copytree(FIXTURES / "old-world", base / "content" / "old-world")
    (base / "content" / "old-world" / "art").mkdir()
    Image.new("RGB", (600, 300), (200, 40, 40)).save(base / "content" / "old-world" / "art" / "jab.png")
    market = base / "content" / "old-world" / "cards" / "market.yaml"
    market.write_text(market.read_text(encoding="utf-8").replace("  - id: jab\n", "  - id: jab\n    art: art/jab.png\n", 1),
                      encoding="utf-8")
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(base)
        result = run_build(base / "out", ART_CACHE, "--target", "cards", "--backs", "none", content=base / "content")
    assert result.exit_code == 0
    return base


def rebuild_art(art_build: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, spoil: Callable[[Path], None],
                *extra: str) -> tuple[Result, Path]:
    """A copy of the art build whose cached image `spoil` damages, built again without the target records
    (so the art cache is asked); the result and the cached image."""
    shutil.copytree(art_build, tmp_path, dirs_exist_ok=True)
    shutil.rmtree(tmp_path / ART_CACHE / "targets")
    (image,) = (tmp_path / ART_CACHE / "art").glob("*.png")
    spoil(image)
    monkeypatch.chdir(tmp_path)
    result = run_build(tmp_path / "out", ART_CACHE, "--target", "cards", "--backs", "none", *extra,
                       content=tmp_path / "content")
    return result, image


def truncate(image: Path) -> None:
    image.write_bytes(image.read_bytes()[:200])


def replace_with_another_image(image: Path) -> None:
    with Image.open(image) as cached:
        Image.new("RGB", cached.size, (20, 40, 220)).save(image)


def replace_with_another_image_and_its_hash(image: Path) -> None:
    """A consistent entry with the wrong picture: only bypassing the cache gets the right one."""
    replace_with_another_image(image)
    image.with_suffix(".sha256").write_text(hashlib.sha256(image.read_bytes()).hexdigest())


@pytest.mark.parametrize("spoil", [truncate, replace_with_another_image])
def test_a_damaged_art_cache_entry_is_prepared_again(art_build: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                     spoil: Callable[[Path], None]) -> None:
    result, image = rebuild_art(art_build, tmp_path, monkeypatch, spoil)
    assert result.exit_code == 0
    assert image.read_bytes() == (art_build / ART_CACHE / "art" / image.name).read_bytes()
    assert outputs(tmp_path / "out") == outputs(art_build / "out")


def test_force_bypasses_the_art_cache(art_build: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    result, image = rebuild_art(art_build, tmp_path, monkeypatch, replace_with_another_image_and_its_hash, "--force")
    assert result.exit_code == 0
    assert image.read_bytes() == (art_build / ART_CACHE / "art" / image.name).read_bytes()
    assert outputs(tmp_path / "out") == outputs(art_build / "out")
