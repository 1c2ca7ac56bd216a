"""The content and layouts of a git revision, copied into a temp folder (the user's working tree and index untouched).

`git archive REV -- <content> [<layouts>]` is read into memory and unpacked with tarfile's `data` filter,
so a revision can neither write outside the temp folder nor leave a worktree registered in the repository.
A member the filter refuses (a symbolic link that is absolute or leads out of the revision) is left out and
named in a REVISION-LINK error, so nothing outside the revision is read through it.
Not a repository, an unknown revision or a content folder the revision does not hold are usage errors.
"""

from __future__ import annotations

import io
import os
import subprocess
import tarfile
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from pipeline.findings import Finding, display_path, error

from .project import UsageError


@dataclass(frozen=True)
class Revision:
    """A revision's content root and layouts folder in a temp folder, the commit it names, and the members of
    its archive that were left out (REVISION-LINK)."""

    name: str  # as the user wrote it
    commit: str
    content_root: Path
    layouts_dir: Path
    findings: tuple[Finding, ...] = ()
    folder: Path | None = None  # the temp folder the revision is unpacked in

    def named(self, text: str) -> str:
        """text with each path in the temp folder written as git names a file of the revision (`HEAD~1:content/...`):
        the temp folder is gone when the message is read."""
        if self.folder is None:
            return text
        # A declared game's folder is resolved (TMPDIR may be a link): the longer form first, the other may be its tail.
        for folder in sorted({str(self.folder.resolve()), str(self.folder)}, key=len, reverse=True):
            text = text.replace(f"{folder}{os.sep}", f"{self.name}:")
        return text


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
        refused = _unpack(archive.stdout, folder, top, rev)
        root = Path(folder)
        yield Revision(rev, commit, root / content, root / layouts if tracked_layouts and layouts else layouts_dir,
                       tuple(refused), root)


def _unpack(archive: bytes, folder: str, top: Path, rev: str) -> list[Finding]:
    """Unpack the archive into folder through tarfile's `data` filter; each member it refuses is left out, an error
    naming its path in the repository."""
    refused: list[Finding] = []

    def data_only(member: tarfile.TarInfo, destination: str) -> tarfile.TarInfo | None:
        try:
            return tarfile.data_filter(member, destination)
        except tarfile.FilterError as exc:
            where = display_path(top / member.name)
            if member.issym():
                leads = "to an absolute path" if Path(member.linkname).is_absolute() else "leading out of the revision"
                refused.append(error("REVISION-LINK", f"at {rev}, a symbolic link {leads} ({member.linkname}): not followed, "
                                     "the revision is read without it", where,
                                     hint="link to a file inside the content folder, or commit the file itself"))
            else:
                refused.append(error("REVISION-LINK", f"at {rev}, a path that cannot be unpacked safely ({exc}): "
                                     "the revision is read without it", where))
            return None

    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(folder, filter=data_only)
    return refused
