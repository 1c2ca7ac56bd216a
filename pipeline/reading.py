"""Reading an input file safely: a regular file only, up to a size limit for its kind, without blocking.

Every file the pipeline reads as input (content and layout YAML, catalogs, art, fonts) comes through
`read_input`. A FIFO, a device (a link to /dev/zero) or a folder is refused before a byte is read,
so a FIFO never hangs a run and a device never fills memory; a file over its limit is refused from
its size. A file read from inside a folder it belongs to (`root`: a game's content folder, a layouts folder)
must resolve inside it: a link leading out is refused unread (`LinkOutside`), so a symlink cannot make another
file of the machine content. Callers turn `UnreadableFile` into a finding with the file's path.

Limits, per kind of file (each far above what a real project writes):

| kind | limit | largest shipped file |
|---|---|---|
| YAML (content, layouts, profiles), generated schema JSON | 2 MiB | ~40 KiB |
| catalog (.po, .pot) | 16 MiB | ~400 KiB |
| content sheet (.csv, .xlsx) | 8 MiB | none shipped |
| image (art) | 20 MiB | none shipped |
| font | 32 MiB | ~65 KiB (a CJK font is ~20 MiB) |
| transcript (`pnp replay`) | 16 MiB | ~30 KiB |
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
TRANSCRIPT_LIMIT = 16 * MIB
# Characters in one text (a content field, a catalog entry): a long rulebook section is ~5,000, and the fit check's
# work grows with the text; the largest admitted text checks in ~10 s (README: "Budgets").
TEXT_LIMIT = 20_000
# Images (art, and images inside icons) open only as these formats, up to this many pixels: Pillow would otherwise
# pick a decoder by the first bytes (EPS runs Ghostscript), and decoding allocates every pixel.
IMAGE_FORMATS = ["PNG", "JPEG"]
MAX_IMAGE_PIXELS = 40_000_000

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


class LinkOutside(UnreadableFile):
    """A file under a folder that is, or lies under, a link leading out of that folder."""

    def __init__(self, path: Path, root: Path) -> None:
        super().__init__(path, f"a link leading outside the folder {root.name}/: not read (copy the file into the folder)")


def is_inside(path: Path, root: Path) -> bool:
    """Whether path, links followed, lies inside root (links followed too: the root itself may be a link)."""
    return os.path.realpath(path).startswith(os.path.join(os.path.realpath(root), ""))


def read_input(path: Path, limit: int, root: Path | None = None) -> bytes:
    """The bytes of the regular file at path (links followed, but only to inside `root` when given), at most limit
    of them; else UnreadableFile."""
    if root is not None and not is_inside(path, root):
        raise LinkOutside(path, root)
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
