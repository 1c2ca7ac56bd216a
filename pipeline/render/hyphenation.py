"""Pyphen's hyphenation dictionaries, with their parsed patterns kept in the cache dir.

pyphen reads a `hyph_*.dic` by parsing every pattern line with regular expressions on each start: the
German file (66,000 patterns) costs ~0.8 s CPU and the English one ~0.16 s, most of a new game's first
build. Unpickling the `HyphDict` pyphen parsed takes ~0.05 s. The pickle is pyphen's own object (its
patterns, hyphenated by its own `positions`), so the breaks are pyphen's; it is keyed by pyphen's version
and the dictionary file's hash, and a missing, stale or unreadable pickle means pyphen parses the file.
"""

from __future__ import annotations

import contextlib
import hashlib
import pickle
from functools import lru_cache
from pathlib import Path

import pyphen

from pipeline.atomic import WriteError, write_atomic

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
    kept = folder / f"{path.stem}-{pyphen.__version__}-{hashlib.sha256(source).hexdigest()[:16]}.pickle"
    with contextlib.suppress(OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, ValueError, TypeError):
        loaded = pickle.loads(kept.read_bytes())
        if isinstance(loaded, pyphen.HyphDict):
            return loaded
    parsed = pyphen.HyphDict(path)  # its word cache is empty: only the patterns are pickled
    with contextlib.suppress(WriteError):  # a cache that cannot be written costs the parse next time, nothing else
        write_atomic(kept, pickle.dumps(parsed, pickle.HIGHEST_PROTOCOL))
    return parsed
