"""The content and layouts of a git revision, copied into a temp folder (the user's working tree and index untouched).

`git archive REV -- <content> [<layouts>]` is read into memory and unpacked with tarfile's `data` filter,
so a revision can neither write outside the temp folder nor leave a worktree registered in the repository.
Not a repository, an unknown revision or a content folder the revision does not hold are usage errors.
"""

from __future__ import annotations

import io
import subprocess
import tarfile
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from .project import UsageError


@dataclass(frozen=True)
class Revision:
    """A revision's content root and layouts folder in a temp folder, and the commit it names."""

    name: str  # as the user wrote it
    commit: str
    content_root: Path
    layouts_dir: Path


def _git(top: Path, *args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(["git", "-C", str(top), *args], capture_output=True, check=False)


def repository_of(folder: Path) -> Path:
    """The top of the git working tree holding folder; a usage error outside one (or without git)."""
    try:
        done = _git(folder, "rev-parse", "--show-toplevel")
    except FileNotFoundError:
        raise UsageError("git is not installed: comparing with a revision needs it") from None
    if done.returncode != 0:
        raise UsageError(f"{folder} is not in a git repository: a revision can only be read from one")
    return Path(done.stdout.decode().strip()).resolve()


def commit_of(top: Path, rev: str) -> str:
    """The commit a revision names (a branch, tag, hash or `HEAD~2`); a usage error for an unknown one."""
    if rev.startswith("-"):  # never let a revision read as an option of git
        raise UsageError(f"unknown revision {rev!r}")
    done = _git(top, "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}")
    if done.returncode != 0:
        raise UsageError(f"unknown revision {rev!r} in {top}")
    return done.stdout.decode().strip()


def _tracked(top: Path, commit: str, relative: str) -> bool:
    return _git(top, "cat-file", "-e", f"{commit}:{relative}" if relative != "." else commit).returncode == 0


@contextmanager
def checkout(rev: str, content_root: Path, layouts_dir: Path) -> Iterator[Revision]:
    """The content root (and the layouts, where the repository tracks them; else the current ones) as they
    were at rev, in a temp folder removed on exit."""
    content_root = content_root.resolve()
    top = repository_of(content_root)
    commit = commit_of(top, rev)
    content = content_root.relative_to(top).as_posix()
    if not _tracked(top, commit, content):
        raise UsageError(f"{rev} holds no {content}/ (the content folder)")
    paths = [content]
    layouts_dir = layouts_dir.resolve()
    layouts = layouts_dir.relative_to(top).as_posix() if layouts_dir.is_relative_to(top) else None
    tracked_layouts = layouts is not None and _tracked(top, commit, layouts)
    if tracked_layouts:
        assert layouts is not None
        paths.append(layouts)
    archive = _git(top, "archive", "--format=tar", commit, "--", *paths)
    if archive.returncode != 0:
        raise UsageError(f"git archive {rev} failed: {archive.stderr.decode(errors='replace').strip()}")
    with tempfile.TemporaryDirectory(prefix="pnp-rev-") as folder:
        with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
            tar.extractall(folder, filter="data")
        root = Path(folder)
        yield Revision(rev, commit, root / content, root / layouts if tracked_layouts and layouts else layouts_dir)
