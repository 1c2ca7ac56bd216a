"""Cache keys: the one recipe every on-disk cache of the pipeline keys its entries with.

A key hashes what an entry was made from: the files it read (`tree_digest`, `files_digest`), the pipeline's own
code with the versions of the libraries whose answers reach an output or a finding and the package's version
(`code_digest`), and the options (`key`). Every cache reads the one library list, `LIBRARIES`: a library that
parses, checks, draws or writes what the pipeline prints is in it, so a new release of any of them rebuilds, and
no cache forgets one the others list. The caches: the build's target records and kept face drawings, its plans
(production/cache.py, production/forms.py, app/build.py), the verified games (rules/verified.py), the check's records,
fits, translations and smoke runs (app/),
the parsed YAML files, catalogs and hyphenation dictionaries (content/kept_files.py, i18n/kept_catalogs.py,
render/hyphenation.py) and the art cache (render/art.py, keyed by the image's bytes).
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable
from functools import cache
from importlib import metadata
from pathlib import Path
from typing import Any

from pipeline.reading import MIB, UnreadableFile, is_inside, read_input

PIPELINE_DIR = Path(__file__).resolve().parent

# Parsing and models (YAML, sheets, schemas), catalogs and plural rules, hyphenation, fonts, icons (SVG parsed by
# lxml, drawn by svglib), drawing and writing PDFs (reportlab and its accelerator), images, PNG deflate, reading
# PDFs back (the preflight; `pnp diff` rasterises with pypdfium2).
LIBRARIES = ("pydantic", "jsonschema", "ruamel.yaml", "ruamel.yaml.clib", "openpyxl", "babel", "pyphen", "reportlab",
             "rl_accel", "svglib", "lxml", "pillow", "isal", "pypdf", "pypdfium2")
# The dependencies that make no output and no finding: the CLI's option parser and the file watcher of `pnp watch`.
UNKEYED = ("typer", "watchfiles")


# A cache entry's size limit: the largest (a build's kept face drawings of a big deck) is a few MiB.
ENTRY_LIMIT = 256 * MIB


def read_entry(path: Path) -> bytes | None:
    """A cache entry's bytes; None for one that is missing, not a regular file (a FIFO is never opened: it would block)
    or too large: a cache heals by making such an entry again, never by failing."""
    try:
        return read_input(path, ENTRY_LIMIT)
    except UnreadableFile:
        return None


def read_record(path: Path) -> dict[str, Any] | None:
    """A cache entry holding one JSON object; None for anything else (missing, not a regular file, not JSON, valid
    JSON of another shape), which the cache treats as a miss."""
    data = read_entry(path)
    try:
        record = json.loads(data) if data is not None else None
    except ValueError:
        return None
    return record if isinstance(record, dict) else None


def tree_digest(folder: Path, pattern: str = "*") -> str:
    """A hash of every file under folder (relative paths and bytes), in a stable order."""
    if not folder.is_dir():
        return hashlib.sha256().hexdigest()
    return files_digest(folder, (p for p in folder.rglob(pattern) if p.is_file() and "__pycache__" not in p.parts))


def files_digest(folder: Path, files: Iterable[Path]) -> str:
    """A hash of the given files under folder (relative paths and bytes), in a stable order. A link leading out of
    the folder is hashed as where it leads, never read (the readers refuse it: reading.LinkOutside)."""
    digest = hashlib.sha256()
    for path in sorted(files):
        digest.update(path.relative_to(folder).as_posix().encode() + b"\0")
        inside = is_inside(path, folder)
        digest.update(hashlib.sha256(path.read_bytes() if inside else os.path.realpath(path).encode()).digest())
    return digest.hexdigest()


@cache
def library_versions() -> str:
    """`name=version` of each library of `LIBRARIES` (`name=none` when it is not installed)."""
    versions = []
    for name in LIBRARIES:
        try:
            versions.append(f"{name}={metadata.version(name)}")
        except metadata.PackageNotFoundError:
            versions.append(f"{name}=none")
    return ";".join(versions)


@cache
def code_digest() -> str:
    """The pipeline's source, the libraries' versions and the package's version (once per process: the code a
    process runs is the code it loaded, even when a file changes under a long `pnp watch`)."""
    try:
        package = metadata.version("pnp-pipeline")
    except metadata.PackageNotFoundError:
        package = "none"
    return digest_of([tree_digest(PIPELINE_DIR, "*.py"), library_versions(), package])


def source_digest(files: Iterable[Path]) -> str:
    """The digest of a parse cache's reader: the bytes of its source files, with the libraries' versions."""
    return digest_of([*(hashlib.sha256(path.read_bytes()).hexdigest() for path in files), library_versions()])


def digest_of(parts: Iterable[str]) -> str:
    """A hash of the parts, each kept apart from the next."""
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()


def key(inputs: dict[str, str], options: dict[str, Any]) -> str:
    """An entry's key: the digests of what it was made from, and the options it was made with."""
    payload = json.dumps({"inputs": inputs, "options": options}, sort_keys=True)
    return hashlib.sha256(payload.encode()).hexdigest()
