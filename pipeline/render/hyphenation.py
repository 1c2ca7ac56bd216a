"""Pyphen's hyphenation dictionaries, with their parsed patterns kept in the cache dir.

pyphen reads a `hyph_*.dic` by parsing every pattern line with regular expressions on each start: the
German file (66,000 patterns) costs ~0.8 s CPU and the English one ~0.16 s, most of a new game's first
build. The patterns pyphen parsed are kept as JSON and read back into pyphen's own `HyphDict` in about a
fifth of the parse (German: 0.30 s against 1.37 s CPU, both measured on a loaded machine; its
`positions` does the breaking, so the breaks are pyphen's). JSON, not pickle: the cache dir sits in the
project, and a project's files must never run code when `pnp check` reads them (a pull request could add
one). The file is keyed by pyphen's version and the dictionary file's hash; a missing, stale or unreadable
one, or a dictionary with nonstandard breaks (not plain numbers), means pyphen parses the file.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from functools import lru_cache
from pathlib import Path

import pyphen

from pipeline.atomic import WriteError, write_atomic
from pipeline.cache_keys import digest_of, library_versions, read_record

LEFT, RIGHT = 2, 3  # letters before and after a break: never "Pha-se." nor "happene-d."

_kept_in: list[Path] = []  # the cache dir the parsed patterns are kept in, if the command has one


def keep_parsed_in(cache_dir: Path) -> None:
    """Keep (and reuse) the parsed dictionaries under `<cache_dir>/hyphenation/` from now on in this process."""
    _kept_in[:] = [cache_dir]


@lru_cache(maxsize=16)
def dictionary(locale: str) -> pyphen.Pyphen | None:
    """The hyphenator of a locale (pyphen's fallback: de-AT → de_AT, fr-CA → fr), None if pyphen has none."""
    language = pyphen.language_fallback(locale.replace("-", "_"))
    if not language:
        return None
    path = Path(str(pyphen.LANGUAGES[language]))
    if _kept_in and path not in pyphen.hdcache:
        pyphen.hdcache[path] = _parsed(path, _kept_in[0] / "hyphenation")
    return pyphen.Pyphen(filename=path, left=LEFT, right=RIGHT)


def _parsed(path: Path, folder: Path) -> pyphen.HyphDict:
    source = path.read_bytes()
    kept = folder / f"{path.stem}-{digest_of([library_versions(), hashlib.sha256(source).hexdigest()])[:16]}.json"
    with contextlib.suppress(OSError, ValueError, TypeError, AttributeError):
        return _from_json(read_record(kept))
    parsed = pyphen.HyphDict(path)
    kept_form = {key: [start, list(values)] for key, (start, values) in parsed.patterns.items()}
    if all(type(v) is int for _, values in kept_form.values() for v in values):  # nonstandard breaks stay unkept
        with contextlib.suppress(WriteError):  # a cache that cannot be written costs the parse next time, nothing else
            write_atomic(kept, json.dumps(kept_form, ensure_ascii=False, separators=(",", ":")).encode())
    return parsed


def _from_json(kept: object) -> pyphen.HyphDict:
    """pyphen's `HyphDict` with the kept patterns (ValueError if the file is not what `_parsed` writes)."""
    if not isinstance(kept, dict) or not kept:
        raise ValueError("not a kept dictionary")
    patterns: dict[str, tuple[int, tuple[int, ...]]] = {}
    for key, entry in kept.items():
        start, values = entry
        if type(start) is not int or not all(type(v) is int for v in values):
            raise ValueError("not a kept dictionary")
        patterns[key] = (start, tuple(values))
    hyph = pyphen.HyphDict.__new__(pyphen.HyphDict)  # the patterns are parsed already
    hyph.patterns, hyph.cache, hyph.maxlen = patterns, {}, max(len(key) for key in patterns)
    return hyph
