"""Atomic writes: a file appears complete or not at all (temp file in the same folder + os.replace)."""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import BinaryIO


@contextlib.contextmanager
def atomic_file(path: Path) -> Iterator[BinaryIO]:
    """Write to a temp file beside path; it replaces path only if the block finishes without raising."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as out:
            yield out
            out.flush()
        os.chmod(temp, 0o644)  # mkstemp makes 0600; outputs are ordinary files
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temp)
        raise


def write_atomic(path: Path, data: bytes | Callable[[], bytes]) -> int:
    """Write bytes (or what a writer returns) atomically; returns the size written."""
    with atomic_file(path) as out:
        payload = data() if callable(data) else data
        out.write(payload)
    return len(payload)
