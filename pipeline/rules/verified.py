"""A game loaded and checked, kept: its database, its load findings and its rules' verdict, reused while its inputs
are unchanged, and file by file when one file changed.

`pnp check`, `pnp build` (its plan), `pnp watch` and `pnp diff` (the working tree's side) all start from loading a
game and running its rules on it (`GameSpec.load`, `GameSpec.checks`). The result is kept under
`<cache_dir>/verified/<game>.pickle`, one entry per game (rewritten, so the folder does not grow with edits):
- under the check record's inputs (`cache_keys`: every file of the game's folder, the layouts with a declared game's
  own, the pipeline's code with the libraries' versions, the content root and working directory that findings are
  named from, the packs shown): a command whose inputs are the same takes the database and the verdict as they are;
- under another key but the same code and place, it lends its files' validated models (`content.database.FileModels`):
  a card edit parses and validates that one file again, indexes every file, and runs every rule of the game again (a
  rule may read any file, so an edit is never assumed to leave one unaffected).
The rules run at two levels (`structure_only`: what `validate` and a build prove; the full check): each level's
findings are kept once run, so a build after a check, or a check after a build, runs only the level it lacks.

Pickle, not JSON: a database is pydantic models, records and positions, and a JSON form would have to validate every
model again. For Old World (3.6 MB) reading the entry back took 0.17 s of CPU against 0.66 s to load (parsed files
read back from `kept_files`) and check it, and 0.43 s after a one-card edit, every rule run again (in-process, at load
16; positions pickle by their constructor and the collector is paused while reading, each cutting the read by half
or more). What is read back is trusted only so far: a regular file (`reading.read_input`) whose
header names this format and this key, unpickled by `_Reader`, which builds only the classes of pipeline modules
already imported and paths (never a function, nor a module it would have to import), then checked for shape. A
missing, truncated, foreign or malformed entry is a miss: the game is loaded and checked again. A game whose models
cannot be pickled (a declared game's kinds are made at run time) is kept in this process only.
"""

from __future__ import annotations

import contextlib
import io
import json
import pathlib
import pickle
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pipeline import collector
from pipeline.atomic import WriteError, write_atomic
from pipeline.cache_keys import code_digest, digest_of, key, tree_digest
from pipeline.content.database import Database, FileModel, FileModels
from pipeline.findings import Finding
from pipeline.processes import detached
from pipeline.reading import FileTooLarge, UnreadableFile, read_input

from .spec import GameSpec

FORMAT = "pnp-verified-1"
MAX_ENTRY_BYTES = 256 * 1024 * 1024  # far above any game's (Old World: 3.8 MB); a larger file is no entry of ours
_PATHS = {"PosixPath", "WindowsPath", "PurePosixPath", "PureWindowsPath", "Path"}


@dataclass
class VerifiedGame:
    """One game's database as loaded, its load findings, and its rules' findings at each level run so far."""

    db: Database
    load_findings: list[Finding]
    verdicts: dict[bool, list[Finding]]  # the rules' findings by `structure_only`
    models: dict[Path, FileModel] = field(default_factory=dict)  # each clean YAML file's model, for the next load

    def verdict(self, spec: GameSpec, structure_only: bool) -> tuple[list[Finding], bool]:
        """The rules' findings at this level (copies: callers add to them), and whether they were run just now."""
        ran = structure_only not in self.verdicts
        if ran:
            self.verdicts[structure_only] = spec.checks(self.db, structure_only)
        return list(self.verdicts[structure_only]), ran


def layouts_digest(layouts_dir: Path, spec: GameSpec) -> str:
    """The layouts a game prints with: the shared folder and a declared game's own (what a build keys by)."""
    own = spec.printing.layouts if spec.printing is not None else None
    shared = tree_digest(layouts_dir)
    return shared + tree_digest(own) if own is not None else shared


class KeptGames:
    """The verified games of one cache folder (None: this process only), and the last one this process made of each
    game (`pnp watch` keeps this object across its rounds, so a round reads nothing back from disk)."""

    def __init__(self, cache_dir: Path | None) -> None:
        self.cache_dir = cache_dir
        self.dir = cache_dir / "verified" if cache_dir is not None else None
        self._last: dict[tuple[str, str, tuple[str, ...]], tuple[str, str, VerifiedGame]] = {}

    def verified(self, spec: GameSpec, content_root: Path, packs: Sequence[str], layouts: str,
                 structure_only: bool, content: str | None = None) -> tuple[Database, list[Finding], list[Finding]]:
        """The game's database, its load findings and its rules' findings at this level (`content`: the digest of
        the game's folder, when the caller has it), each from the kept entry when the inputs are the same."""
        folder = spec.content_dir(content_root)
        place = digest_of([code_digest(), str(folder.resolve()), str(Path.cwd().resolve())])
        entry_key = key({"content": content or tree_digest(folder), "layouts": layouts, "place": place},
                        {"game": spec.id, "packs": list(packs)})
        memory = (spec.id, str(folder), tuple(packs))
        last = self._last.get(memory)
        found = last[2] if last is not None and last[0] == entry_key else None
        if found is None:
            lent = last[2] if last is not None and last[1] == place else None  # this process's own, read back from nothing
            found, lender = self._read(spec.id, entry_key, place, lend=lent is None)
            if found is None:
                previous = lent or lender
                models = FileModels(dict(previous.models) if previous is not None else {})
                db, load_findings = spec.load(content_root, packs, models)
                found = VerifiedGame(db, load_findings, {}, models.current)
        rules, ran = found.verdict(spec, structure_only)
        if ran:
            self._write(spec.id, entry_key, place, found)
        self._last[memory] = (entry_key, place, found)
        return found.db, list(found.load_findings), rules

    def _path(self, game: str) -> Path | None:
        return self.dir / f"{game}.pickle" if self.dir is not None else None

    def _read(self, game: str, entry_key: str, place: str, lend: bool) -> tuple[VerifiedGame | None, VerifiedGame | None]:
        """The entry under this key, or else (with `lend`) one that lends its files' models (the same code and place)."""
        path = self._path(game)
        if path is None:
            return None, None
        try:
            data = read_input(path, MAX_ENTRY_BYTES)
            header, _, body = data.partition(b"\n")
            stated = json.loads(header)
            if not isinstance(stated, dict) or stated.get("format") != FORMAT or stated.get("place") != place:
                return None, None
            exact = stated.get("key") == entry_key
            if not (exact or lend):
                return None, None
            with collector.paused():  # tens of thousands of objects: collections while they are made tripled the time
                entry = _shaped(_Reader(io.BytesIO(body)).load())
        except (UnreadableFile, FileTooLarge, ValueError, pickle.UnpicklingError, EOFError, AttributeError, TypeError,
                IndexError, KeyError, RecursionError, MemoryError):
            return None, None  # none, or not one of ours: load and check again
        return (entry, None) if exact else (None, entry)

    def _write(self, game: str, entry_key: str, place: str, entry: VerifiedGame) -> None:
        """Keep the entry, written by a forked process while this one goes on (pickling Old World takes about as
        long as reading it back): a command that ends first leaves it to finish."""
        path = self._path(game)
        if path is None:
            return
        header = json.dumps({"format": FORMAT, "key": entry_key, "place": place}).encode()

        def write() -> None:
            try:
                body = pickle.dumps(entry, protocol=pickle.HIGHEST_PROTOCOL)
            except (pickle.PicklingError, TypeError, AttributeError, RecursionError):
                return  # models made at run time (a declared game's kinds): kept in this process only
            with contextlib.suppress(WriteError):  # only a shortcut: the next command loads again
                write_atomic(path, header + b"\n" + body)

        detached(write)


class _Reader(pickle.Unpickler):
    """Builds only classes defined in the pipeline's modules this process has imported, and paths."""

    def find_class(self, module: str, name: str) -> Any:
        if module == "pathlib" and name in _PATHS:
            return getattr(pathlib, name)
        loaded = sys.modules.get(module)
        found = getattr(loaded, name, None) if module.startswith("pipeline.") and loaded is not None else None
        # Defined there, not imported there: `pipeline.x.Popen` would name the standard library's.
        if not isinstance(found, type) or not found.__module__.startswith("pipeline."):
            raise pickle.UnpicklingError(f"{module}.{name} is not built from a kept game")
        return found


def _shaped(entry: object) -> VerifiedGame | None:
    """The entry if it has the shape of a verified game (types of its parts checked), else None."""
    if not isinstance(entry, VerifiedGame) or not isinstance(entry.db, Database):
        return None
    lists = [entry.load_findings, *entry.verdicts.values()] if isinstance(entry.verdicts, dict) else None
    if lists is None or not all(isinstance(found, list) and all(isinstance(f, Finding) for f in found) for found in lists):
        return None
    if not all(isinstance(level, bool) for level in entry.verdicts) or not isinstance(entry.models, dict):
        return None
    return entry
