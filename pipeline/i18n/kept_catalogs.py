"""Parsed gettext catalogs kept on disk between runs, so a run parses again only the catalogs whose bytes changed.

Babel's parser reads the Old World's German catalog (4,400 entries) in about 0.3 s; rebuilding the same
catalog from its record takes a fraction of that. A record is `<cache_dir>/catalogs/<hash of the path>.json`:
the catalog's header fields and every message (id, string, locations, flags, comments, previous id, line,
context), live and obsolete, in the file's order, under a key of the file's bytes, the locale asked for, this
module's and `catalogs.py`'s source (which reads the file) and Babel's version. JSON, never pickle, so a file in
a project's cache cannot run code (the rule docs/explanation/incremental-builds.md gives the parsed YAML and
hyphenation records). A record that is missing, unreadable or under another key is a miss; only a catalog that
parsed without error is kept, so every syntax finding comes from a parse. One record per file, rewritten when the
file changes. Records are
used only in a process whose command said where its cache is (`check`): `pnp i18n`, which writes catalogs
back, always parses them.
"""

from __future__ import annotations

import contextlib
import datetime
import hashlib
import json
from functools import cache
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog, Message

from pipeline.atomic import WriteError, write_atomic
from pipeline.cache_keys import read_record, source_digest

_kept_in: list[Path] = []  # the cache folder of this process's run, once a command says where it is


def keep_catalogs_in(cache_dir: Path) -> None:
    """Keep (and reuse) parsed catalogs under `<cache_dir>/catalogs/` from now on in this process."""
    _kept_in[:] = [cache_dir.resolve()]


@cache
def _reader_digest() -> str:
    return source_digest(Path(__file__).parent / name for name in ("catalogs.py", "kept_catalogs.py"))


def _record(path: Path) -> Path | None:
    if not _kept_in:
        return None
    name = hashlib.sha256(str(path.resolve()).encode()).hexdigest()[:32]
    return _kept_in[0] / "catalogs" / f"{name}.json"


def _key(data: bytes, locale: str | None) -> str:
    return hashlib.sha256(data + f"|{locale}|{_reader_digest()}".encode()).hexdigest()


def recall(path: Path, data: bytes, locale: str | None) -> Catalog | None:
    """The catalog kept for these bytes of path read for locale, or None."""
    record = _record(path)
    if record is None:
        return None
    with contextlib.suppress(OSError, ValueError, TypeError, KeyError, AttributeError):
        stored = read_record(record) or {}
        if stored.get("key") == _key(data, locale):
            return _catalog(stored["catalog"])
    return None


def keep(path: Path, data: bytes, locale: str | None, catalog: Catalog) -> None:
    """Record what these bytes of path parsed to; a cache that cannot be written costs a parse next time."""
    record = _record(path)
    if record is not None:
        with contextlib.suppress(WriteError):
            blob = json.dumps({"key": _key(data, locale), "catalog": _stored(catalog)}, ensure_ascii=False)
            write_atomic(record, blob.encode())


# --- The catalog as JSON and back ------------------------------------------------------------------

_HEADER_FIELDS = ("domain", "project", "version", "copyright_holder", "msgid_bugs_address", "last_translator",
                  "language_team", "charset", "fuzzy")


def _stored(catalog: Catalog) -> dict[str, Any]:
    plural_forms = dict(catalog.mime_headers).get("Plural-Forms")
    return {
        **{name: getattr(catalog, name) for name in _HEADER_FIELDS},
        "locale": catalog.locale_identifier,
        "header_comment": catalog.header_comment,
        "creation_date": _date(catalog.creation_date),
        "revision_date": _date(catalog.revision_date),
        "plural_forms": plural_forms,
        "messages": [_message(message) for message in catalog if message.id],  # the header is the fields above
        "obsolete": [[_value(key), _message(message)] for key, message in catalog.obsolete.items()],
    }


def _catalog(stored: dict[str, Any]) -> Catalog:
    catalog = Catalog(locale=stored["locale"], header_comment=stored["header_comment"],
                      creation_date=_date_of(stored["creation_date"]), revision_date=_date_of(stored["revision_date"]),
                      **{name: stored[name] for name in _HEADER_FIELDS})
    if stored["plural_forms"] is not None:
        catalog.mime_headers = [("Plural-Forms", stored["plural_forms"])]
    for fields in stored["messages"]:
        message = _message_of(fields)
        catalog[message.id] = message
    for key, fields in stored["obsolete"]:
        catalog.obsolete[_value_of(key)] = _message_of(fields)
    return catalog


def _message(message: Message) -> dict[str, Any]:
    return {"id": _value(message.id), "string": _value(message.string), "locations": message.locations,
            "flags": sorted(message.flags), "auto_comments": message.auto_comments,
            "user_comments": message.user_comments, "previous_id": message.previous_id, "lineno": message.lineno,
            "context": message.context}


def _message_of(fields: dict[str, Any]) -> Message:
    # Message() derives the python-format flags from the id, as Babel's parser does.
    return Message(_value_of(fields["id"]), _value_of(fields["string"]), [tuple(at) for at in fields["locations"]],
                   fields["flags"], fields["auto_comments"], fields["user_comments"], fields["previous_id"],
                   fields["lineno"], fields["context"])


def _value(value: Any) -> Any:
    """A plural id or string (a tuple) as {"forms": [...]}, so it comes back a tuple, not a list."""
    return {"forms": list(value)} if isinstance(value, (tuple, list)) else value


def _value_of(value: Any) -> Any:
    return tuple(value["forms"]) if isinstance(value, dict) else value


def _date(value: Any) -> Any:
    """A header date: a datetime as {"datetime": ISO 8601}, the template's placeholder text as it is."""
    return {"datetime": value.isoformat()} if isinstance(value, datetime.datetime) else value


def _date_of(value: Any) -> Any:
    return datetime.datetime.fromisoformat(value["datetime"]) if isinstance(value, dict) else value
