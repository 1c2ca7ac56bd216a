"""Parsed YAML files kept on disk between runs, so a run re-parses only the files whose bytes changed.

Parsing with positions is most of loading a game: ruamel's events, one `Position` per node. Loading the
three shipped games took 4.1–5.3 s with every file parsed and 1.9–2.0 s with every file read back
(in-process, fastest of 3, on the 2-core machine at load ~11). A file's record is
`<cache_dir>/parsed/<hash of its path>.json`: its data and the (path, line, column) of each node and
key under a key of the file's bytes, the parse limits, the loader's source and the libraries' versions (cache_keys). JSON,
not pickle or marshal, so a file in a project's cache cannot run code or crash the reader (marshal
read back in about half the time). One record per file, rewritten when the file changes, so the
folder does not grow with edits. A record that is missing, unreadable or under another key is a miss; only a file that
parsed without findings is kept, so every finding still comes from a parse. Records are written by
`save_kept` once the command's run is complete: a usage error leaves none behind.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

from pipeline.atomic import WriteError, write_atomic
from pipeline.cache_keys import read_entry, source_digest

_kept_in: list[Path] = []  # the cache folder of this process's run, once a command says where it is
_pending: dict[Path, bytes] = {}  # records made by this run, written by save_kept
# A long-lived process (`pnp watch`) also holds each file's last parse in memory, by path, shown name and limits.
_held: dict[tuple[Path, str, tuple[int, int]], tuple[bytes, Any]] | None = None

# The code whose output a record holds: a change to any of these files parses every file again.
_LOADER_SOURCES = ("yaml_loader.py", "yaml_scalars.py")


def keep_loaded_in(cache_dir: Path) -> None:
    """Keep (and reuse) parsed YAML files under `<cache_dir>/parsed/` from now on in this process (the folder as
    it is now: a later change of directory does not move it)."""
    _kept_in[:] = [cache_dir.resolve()]


@cache
def _loader_digest() -> str:
    return source_digest(Path(__file__).parent / name for name in _LOADER_SOURCES)


def _record(path: Path) -> Path | None:
    if not _kept_in:
        return None
    name = hashlib.sha256(str(path.resolve()).encode()).hexdigest()[:32]
    return _kept_in[0] / "parsed" / f"{name}.json"


def _key(source: bytes, limits: tuple[int, int]) -> str:
    return hashlib.sha256(source + f"|{limits}|{_loader_digest()}".encode()).hexdigest()


Positions = list[tuple[list[str | int], int, int]]  # each node's path, line and column


@contextlib.contextmanager
def held_in_memory() -> Iterator[None]:
    """While open, this process also keeps each file's last parse in memory (`pnp watch`: a round loads a game for
    its build and again for its check, and the next round loads it again for one edited file).

    Why: reading a record back is JSON decoding plus a Position per node; for Old World's 231 files that took
    0.22 s a load, and 0.07-0.09 s with the parses held (in-process, 3 loads each). Only the last parse of a path is
    held, and nothing once the block ends, so memory stays one version of the content.
    """
    global _held
    outer = _held
    _held = {} if outer is None else outer
    try:
        yield
    finally:
        _held = outer


def held(path: Path, shown: str, source: bytes, limits: tuple[int, int]) -> Any | None:
    """The parse held for these bytes of path (shown as `shown`), or None. A held parse is shared: it is read, never
    changed (LoadedFile)."""
    if _held is None:
        return None
    found = _held.get((path, shown, limits))
    return found[1] if found is not None and found[0] == source else None


def hold(path: Path, shown: str, source: bytes, limits: tuple[int, int], parsed: Any) -> None:
    """Hold a clean parse of these bytes of path, replacing the path's previous one (when holding is on)."""
    if _held is not None:
        _held[(path, shown, limits)] = (source, parsed)


def recall(path: Path, source: bytes, limits: tuple[int, int]) -> tuple[Any, Positions, Positions] | None:
    """The data, node positions and key positions kept for these bytes of path, or None."""
    record = _record(path)
    if record is None:
        return None
    with contextlib.suppress(OSError, ValueError, TypeError):
        key, data, positions, key_positions = json.loads(_pending.get(record) or read_entry(record) or b"null")
        if key == _key(source, limits) and isinstance(positions, list) and isinstance(key_positions, list):
            return data, positions, key_positions
    return None


def keep(path: Path, source: bytes, limits: tuple[int, int], data: Any, positions: Positions,
         key_positions: Positions) -> None:
    """Record what these bytes of path parsed to, to be written by `save_kept`."""
    record = _record(path)
    if record is not None:
        _pending[record] = json.dumps([_key(source, limits), data, positions, key_positions]).encode()


def take_kept() -> dict[Path, bytes]:
    """The records this process made and has not written, handed over: a worker of the check passes them to its
    parent, which writes them with its own once the run is complete."""
    taken = dict(_pending)
    _pending.clear()
    return taken


def add_kept(records: dict[Path, bytes]) -> None:
    """Records made by a worker, to be written by this process's `save_kept`."""
    _pending.update(records)


def save_kept() -> None:
    """Write the records this run made; a cache that cannot be written costs a parse next time, nothing else."""
    while _pending:
        record, blob = _pending.popitem()
        with contextlib.suppress(WriteError):
            write_atomic(record, blob)
