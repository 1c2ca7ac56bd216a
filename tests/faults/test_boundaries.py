"""One error boundary per command: an operating-system error on a path (a cache folder that is a file, read-only
or on a full disk) ends the command with exit 2 and a line naming the path; never a traceback."""

from __future__ import annotations

import errno
import os
import tempfile
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline.cli import app

runner = CliRunner()


def check(root: Path, cache: Path) -> tuple[int, str, BaseException | None]:
    result = runner.invoke(app, ["check", "--content", str(root), "--cache-dir", str(cache), "--jobs", "1"])
    return result.exit_code, result.output, result.exception


def assert_usage_exit(outcome: tuple[int, str, BaseException | None], named: str, reason: str) -> None:
    code, output, exception = outcome
    assert isinstance(exception, SystemExit) and code == 2, output
    assert named in output and reason in output, output


def test_check_with_its_cache_folder_a_file_says_so(root: Path) -> None:
    cache = root.parent / "cache"
    cache.write_text("not a folder", encoding="utf-8")
    assert_usage_exit(check(root, cache), str(cache), "Not a directory")


def test_check_with_a_read_only_cache_folder_says_so(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Read-only simulated (the tests may run as root, whom a mode does not stop): every new file is refused."""
    def refuse(*args: object, **kwargs: object) -> tuple[int, str]:
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(kwargs.get("dir", "")))

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    assert_usage_exit(check(root, root.parent / "cache"), "cache", "Permission denied")


def test_check_on_a_full_disk_says_so(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write = os.write

    def full(fd: int, data: bytes) -> int:
        if fd > 2:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return write(fd, data)

    monkeypatch.setattr(os, "write", full)
    assert_usage_exit(check(root, root.parent / "cache"), "cache", "No space left on device")
