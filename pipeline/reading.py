"""Reading an input file safely: a regular file only, up to a size limit for its kind, without blocking.

Every file the pipeline reads as input (content and layout YAML, catalogs, art, fonts) comes through
`read_input`. A FIFO, a device (a link to /dev/zero) or a folder is refused before a byte is read,
so a FIFO never hangs a run and a device never fills memory; a file over its limit is refused from
its size. Callers turn `UnreadableFile` into a finding with the file's path.

Limits, per kind of file (each far above what a real project writes):

| kind | limit | largest shipped file |
|---|---|---|
| YAML (content, layouts, profiles), generated schema JSON | 2 MiB | ~40 KiB |
| catalog (.po, .pot) | 16 MiB | ~400 KiB |
| content sheet (.csv, .xlsx) | 8 MiB | none shipped |
| image (art) | 20 MiB | none shipped |
| font | 32 MiB | ~65 KiB (a CJK font is ~20 MiB) |
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

MIB = 1024 * 1024
YAML_LIMIT = 2 * MIB
CATALOG_LIMIT = 16 * MIB
SHEET_LIMIT = 8 * MIB
IMAGE_LIMIT = 20 * MIB
FONT_LIMIT = 32 * MIB

# O_NONBLOCK: opening a FIFO must not wait for a writer (the file type is checked right after).
_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)


class UnreadableFile(Exception):
    """A file that was not read; the message says why (no such file, not a regular file, ...)."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(reason)
        self.path = path
        self.reason = reason


class FileTooLarge(UnreadableFile):
    """A file over the limit of its kind."""

    def __init__(self, path: Path, size: int, limit: int) -> None:
        super().__init__(path, f"file is {size} bytes; the limit is {limit}")
        self.size = size
        self.limit = limit


def read_input(path: Path, limit: int) -> bytes:
    """The bytes of the regular file at path (links followed), at most limit of them; else UnreadableFile."""
    try:
        _check(path, os.stat(path), limit)  # refuse a device or FIFO before opening it
        handle = os.open(path, _FLAGS)
    except OSError as exc:
        raise UnreadableFile(path, f"cannot read file: {exc.strerror or exc}") from None
    with os.fdopen(handle, "rb") as stream:
        _check(path, os.fstat(handle), limit)  # the file opened is the one checked
        data = stream.read(limit + 1)  # it may have grown since
    if len(data) > limit:
        raise FileTooLarge(path, len(data), limit)
    return data


def _check(path: Path, info: os.stat_result, limit: int) -> None:
    if not stat.S_ISREG(info.st_mode):
        raise UnreadableFile(path, f"not a regular file (a {_file_type(info.st_mode)})")
    if info.st_size > limit:
        raise FileTooLarge(path, info.st_size, limit)


def _file_type(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "folder"
    if stat.S_ISFIFO(mode):
        return "named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "device"
    if stat.S_ISSOCK(mode):
        return "socket"
    return "special file"
