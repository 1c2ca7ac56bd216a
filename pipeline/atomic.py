"""The one way the build writes files: atomically (a temp file beside the target, then os.replace), with
every OS error turned into a `WriteError` that reports as a `BUILD-WRITE` finding.

A temp file is named `.<name>.<pid>.<random>.pnp-tmp`; a run removes those whose writer is no longer
running (left by a killed build) from the folders it writes.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

from pipeline.findings import Finding, error

TEMP_SUFFIX = ".pnp-tmp"


class WriteError(Exception):
    """A file the build had to write (or remove) could not be: where, and the OS's reason."""

    def __init__(self, path: Path, reason: OSError) -> None:
        self.path = path
        self.reason = reason.strerror or str(reason)
        super().__init__(f"cannot write {path}: {self.reason}")

    def __reduce__(self) -> tuple[type[WriteError], tuple[Path, OSError]]:
        """Pickled as its path and reason: a build's helper process hands it back to the build (pipeline/processes.beside)."""
        return type(self), (self.path, OSError(0, self.reason))

    def finding(self) -> Finding:
        return error("BUILD-WRITE", str(self), self.path.as_posix(),
                     hint="fix what the reason says (permissions, free space, something in the way), then build again")


def write_atomic(path: Path, data: bytes | Callable[[], bytes]) -> int:
    """Write bytes (or what a writer returns) so path is complete or untouched; returns the size written."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.{os.getpid()}.", suffix=TEMP_SUFFIX)
    except OSError as exc:
        raise WriteError(path, exc) from None
    try:
        payload = data() if callable(data) else data
        view = memoryview(payload)
        while view:  # os.write may write less than asked
            view = view[os.write(handle, view):]
        closing, handle = handle, -1
        os.close(closing)
        os.chmod(temp, 0o644)  # mkstemp makes 0600; outputs are ordinary files
        os.replace(temp, path)
    except BaseException as exc:
        if handle >= 0:
            os.close(handle)
        with contextlib.suppress(OSError):
            os.unlink(temp)
        if isinstance(exc, OSError):
            raise WriteError(path, exc) from None
        raise
    return len(payload)


@contextlib.contextmanager
def one_writer(folder: Path) -> Iterator[None]:
    """Hold a lock on the (existing) folder while the block runs: a second build into the same output folder waits
    for the first, so a build's report never describes another build's PDFs (two builds with other options raced).
    The lock is the folder's own (flock on its descriptor): no file is left behind. A folder that cannot be opened
    is left to the writes that follow, which report why."""
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        yield
        return
    try:
        fcntl.flock(handle, fcntl.LOCK_EX)  # released by the kernel if this process dies
        yield
    finally:
        os.close(handle)


def check_writable(folder: Path) -> None:
    """Make the folder if it is missing and create (then remove) a temp file in it, or raise WriteError."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handle, temp = tempfile.mkstemp(dir=folder, prefix=f".probe.{os.getpid()}.", suffix=TEMP_SUFFIX)
        os.close(handle)
        os.unlink(temp)
    except OSError as exc:
        raise WriteError(folder, exc) from None


def remove_file(path: Path) -> None:
    """Remove a file the build no longer writes (a missing one is fine)."""
    try:
        path.unlink(missing_ok=True)
    except OSError as exc:
        raise WriteError(path, exc) from None


def remove_stale_temporaries(folder: Path) -> None:
    """Remove the temp files under folder whose writing process has ended, and this process's own: it removes them
    before it writes, or once a signal stopped it (which may land before `write_atomic` knows its temp file)."""
    for temp in sorted(folder.rglob(f".*{TEMP_SUFFIX}")) if folder.is_dir() else []:
        writer = temp.name.removesuffix(TEMP_SUFFIX).split(".")[-2]
        if writer.isdigit() and int(writer) != os.getpid() and _is_running(int(writer)):
            continue
        with contextlib.suppress(OSError):  # an unremovable one: the writes that follow will say why
            temp.unlink()


def _is_running(pid: int) -> bool:
    """Whether a process with this id runs (a zombie has ended: it only waits to be reaped)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return True  # no /proc: the signal test is all there is
    return stat[stat.rfind(")") + 2:][:1] != "Z"
