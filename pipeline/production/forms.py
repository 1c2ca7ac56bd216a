"""Drawn faces kept between builds: a one-card edit draws that card's faces only.

The cards target draws every face once per file as a form XObject (`render/pdf.Document`), and a face
drawn for one document is copied into the next when its texts encode there alike. This module keeps
those drawings (`DrawnForm`: the form's content stream, the texts it encoded, the PDF version it needs)
under `<cache>/forms/`, keyed by the face as printed (fields in the locale, copies, back, art bytes; not
where it was written), the job's layouts, code and options (`Job.forms`) and the charset its documents
start from. Every document of the target starts from that charset (`Document(charset=...)`), so a kept
drawing encodes alike in the next build's documents and is copied instead of drawn; the copy is still
checked (`fonts.encodes_alike`), and a drawing that does not encode alike is drawn again. With a faultless
face's drawing it keeps where the face sets its ink, so the next build takes the face unmeasured (`kept`).
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from reportlab.pdfbase import pdfmetrics

from pipeline.atomic import WriteError, remove_file, write_atomic
from pipeline.cache_keys import read_entry

from .inputs import FaceDigests, digest, plain

if TYPE_CHECKING:
    from pipeline.render.faces import DrawnForm, PreparedFace, RenderContext
    from pipeline.render.layouts import Template
    from pipeline.rules.components import Components, Face

# Encoded first in every document of the cards target, with the characters of the faces' own texts: what
# the pipeline prints besides (sheet labels, numbers, hyphens, quotes, the spaces Babel puts in numbers).
BASE_CHARSET = ("".join(chr(code) for code in range(0x20, 0x7F)) + "".join(chr(code) for code in range(0xA1, 0x100))
                + "\u2010\u2011\u2013\u2014\u2018\u2019\u201a\u201c\u201d\u201e\u2022\u2026\u2032\u2033\u202f\u2212")


def card_charset(components: Components, faces: Iterable[Face]) -> str:
    """The base characters and those of every face's fields, the deck titles, the game and the locale, sorted:
    the same texts give the same charset."""
    texts = [components.game, components.locale, *(deck.title for deck in components.decks)]
    for face in faces:
        texts += _strings(plain(face.fields))
    return "".join(sorted(set(BASE_CHARSET).union(*texts) - {"\n", "\r", "\t"}))


def _strings(value: Any) -> Iterable[str]:
    """Every string of a plain value (nested lists and mappings included)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


class FormStore:
    """The kept drawings of one job's faces: one JSON Lines file under `<cache>/forms/` per job and charset, a line
    `[face key, drawing]` per face.

    Why one file and not one per face: a cards target keeps ~500 drawings per locale, and writing each as its own
    file (a temp file, then a rename) cost more than the JSON in them; one file is read and written once a build.
    Why a line per face: writing the file again after a one-card edit copies the other faces' lines as they were read,
    and encodes only the new drawing (encoding the whole ~2 MB took ~0.05 s of each such cards job).
    It holds the drawings of the faces the job prints now, so a removed card's drawing goes with the next write.
    Its name starts with `owner` (the game, locale and the options that change a drawing): writing it removes that
    owner's files of other layouts, code or charsets, which no build reads again (each was ~2 MB, and every layout
    edit in `pnp watch` left one behind).
    """

    def __init__(self, cache_dir: Path, base: str, chars: str, root: Path, owner: str = "",
                 digests: FaceDigests | None = None) -> None:
        """`digests`: the faces' digests where the build's plan made them (`Databases.face_digests`)."""
        self.base = digest({"job": base, "charset": chars})
        self.chars = chars
        self.owner = owner
        self.path = cache_dir / "forms" / f"{owner}{'--' if owner else ''}{self.base}.jsonl"
        self._digests = digests if digests is not None else FaceDigests(root)
        self._loaded: dict[int, DrawnForm] = {}  # what `load` gave each face, by id
        self._entries: dict[str, Any] | None = None  # the file's entries, by face key, once read
        self._lines: dict[str, bytes] = {}  # the line each entry was read from, by face key
        self._keys: dict[int, str] = {}  # each face's key, by id of its Face

    def key(self, face: PreparedFace) -> str:
        return self.key_of(face.face)

    def key_of(self, face: Face) -> str:
        """A face's key: the face as printed (not where it is written), the job and the charset."""
        key = self._keys.get(id(face))
        if key is None:
            key = self._keys[id(face)] = digest({"base": self.base, "face": self._digests.printed(face)})
        return key

    def load(self, faces: Iterable[PreparedFace]) -> dict[int, str]:
        """Give each face its kept drawing where there is one; the key of every face, by id."""
        entries = self._read()
        keys = {}
        for face in faces:
            keys[id(face)] = key = self.key(face)
            if face.drawn is None and key in entries and (kept := _drawing(entries[key], self.chars)) is not None:
                face.drawn = self._loaded[id(face)] = kept
        return keys

    def kept(self, face: Face, template: Template, ctx: RenderContext) -> PreparedFace | None:
        """A face ready to print from its kept drawing and ink, without measuring it (`render/faces.py: KeptFace`);
        None when none is kept (or its entry has another shape)."""
        from pipeline.render.faces import KeptFace
        from pipeline.render.units import Box

        entry = self._read().get(self.key_of(face))
        drawing = _drawing(entry, self.chars)
        ink = entry.get("ink") if isinstance(entry, dict) else None
        if drawing is None or not isinstance(ink, list):
            return None
        try:
            areas = [(str(name), Box(float(x), float(y), float(width), float(height))) for name, x, y, width, height in ink]
        except (TypeError, ValueError):
            return None
        ready = KeptFace(face, template, drawing, areas, ctx)
        self._loaded[id(ready)] = drawing
        return ready

    def changed(self, faces: Iterable[Face]) -> list[Face]:
        """The faces the job's last build did not print as they are now (all of them when there was none)."""
        entries = self._read()
        return [face for face in faces if self.key_of(face) not in entries]

    def drawn(self, faces: Iterable[PreparedFace]) -> list[PreparedFace]:
        """The faces this build drew rather than copied from a kept drawing (after drawing with `load`'s faces)."""
        return [face for face in faces if face.drawn is None or face.drawn is not self._loaded.get(id(face))]

    def _read(self) -> dict[str, Any]:
        """The file's entries (read once). A line that is not `[key, entry]` is left out: its face is drawn (a missing
        or unreadable file: every face is; the copy check guards the rest)."""
        if self._entries is None:
            self._entries = {}
            lines = (read_entry(self.path) or b"").splitlines(keepends=True)
            for line in lines:
                try:
                    key, entry = json.loads(line)
                except (ValueError, TypeError):
                    continue
                if isinstance(key, str):
                    self._entries[key], self._lines[key] = entry, line
        return self._entries

    def keep(self, faces: Iterable[PreparedFace], keys: dict[int, str]) -> None:
        """Write the drawings of the job's faces, when this build drew any (a face that cannot be copied has none)."""
        lines: dict[str, bytes] = {}
        drew = False
        for face in faces:
            drawn, key = face.drawn, keys[id(face)]
            if drawn is None:  # printed, but it cannot be copied (an image): kept as printed (`changed`), not drawn
                lines[key] = _line(key, None)
                continue
            if drawn is self._loaded.get(id(face)):  # loaded from the file's line: copied as read
                lines[key] = self._lines[key]
                continue
            drew = True
            entry = {"code": list(drawn.code), "version": list(drawn.pdf_version),
                     "encoded": [[font.fontName, text, [[subset, codes.decode("latin-1")] for subset, codes in pieces], name]
                                 for font, text, pieces, name in drawn.encoded]}
            if face.faultless:  # the next build takes it as it is, unmeasured (`kept`)
                entry["ink"] = [[name, box.x, box.y, box.width, box.height] for name, box in face.ink()]
            lines[key] = _line(key, entry)
        if drew:
            write_atomic(self.path, b"".join(lines.values()))
            if self.owner:
                for stale in self.path.parent.glob(f"{self.owner}--*.json*"):
                    if stale != self.path:
                        with contextlib.suppress(WriteError):  # left behind, it costs disk space, nothing else
                            remove_file(stale)


def _line(key: str, entry: Any) -> bytes:
    return json.dumps([key, entry], ensure_ascii=False).encode() + b"\n"


def _drawing(entry: Any, charset: str) -> DrawnForm | None:
    """A kept drawing as `FormStore.keep` wrote it (in a document that started from `charset`, the store's: its
    key holds it); None for an entry of another shape."""
    from pipeline.render.faces import DrawnForm

    if not isinstance(entry, dict):
        return None
    try:
        encoded = tuple((pdfmetrics.getFont(font), text, tuple((subset, codes.encode("latin-1")) for subset, codes in pieces),
                         name) for font, text, pieces, name in entry["encoded"])
        return DrawnForm(tuple(entry["code"]), encoded, (int(entry["version"][0]), int(entry["version"][1])), charset)
    except (KeyError, TypeError, ValueError):
        return None
