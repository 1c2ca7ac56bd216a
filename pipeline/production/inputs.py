"""What each build target of a game and locale prints, as a digest: the key of its cache record.

A target is keyed by the localized model it draws, not by the files it came from: the faces of its
decks (kind, id, fields in that locale, copies, back, source position), the guide documents, the
boards; plus the bytes of every art file a face names. So a card edit rebuilds only the targets that
show that card, in the locales whose printed text changed; a comment in `de.po`, or the German text
of a card this target does not show, changes no key. The load and locale findings every target of a
job reports are part of the key too: a cached record repeats them.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
from collections.abc import Iterable, Mapping
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pipeline.content.database import Database
    from pipeline.i18n.localizer import Localizer
    from pipeline.rules.components import Components, Deck, Face
    from pipeline.rules.spec import GameSpec


def plain(value: Any) -> Any:
    """A value as JSON data in a stable form (dataclasses field by field, mappings sorted by key)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return {str(key): plain(item) for key, item in sorted(value.items(), key=lambda kv: str(kv[0]))}
    if isinstance(value, list | tuple):
        return [plain(item) for item in value]
    if isinstance(value, set | frozenset):
        return sorted((plain(item) for item in value), key=repr)
    if isinstance(value, Enum):
        return plain(value.value)
    if isinstance(value, Path):
        return value.as_posix()
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if hasattr(value, "model_dump"):  # a pydantic model
        return plain(value.model_dump(mode="json"))
    raise TypeError(f"cannot key a {type(value).__name__}")


def digest(value: Any) -> str:
    return hashlib.sha256(json.dumps(plain(value), sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def printed_digest(face: Face, root: Path) -> str:
    """One face as it prints: its fields in the locale, copies, back, and the bytes of the files its fields name
    (art); not where it is written, in the content or a catalog (the key of its kept drawing, production/forms.py)."""
    return digest({"face": dataclasses.replace(face, where=None, translated={}), "files": _files(face.fields.values(), root)})


def face_digest(face: Face, root: Path) -> str:
    """One face as printed (`printed_digest`) and where it comes from."""
    return _located(printed_digest(face, root), face)


def _located(printed: str, face: Face) -> str:
    # Not `face.translated`: a comment in a catalog moves the lines of the messages below it and prints nothing, so
    # it rebuilds no target. A finding that names a catalog line is an error, and a target with one is never
    # replayed (`Cache.hit`); the check keys its fit records with those lines (`app/fit_records.py`).
    return digest({"printed": printed, "where": face.where})


def _files(values: Iterable[Any], root: Path) -> dict[str, str]:
    """The SHA-256 of every file under the game's folder a field value names (an art path)."""
    found = {}
    folder = os.fspath(root)
    for value in values:
        if isinstance(value, str) and value and "\n" not in value and len(value) < 256:
            path = os.path.join(folder, value)  # as `root / value`; os.path: most values are texts, asked once each
            try:
                if os.path.isfile(path):
                    with open(path, "rb") as file:
                        found[value] = hashlib.sha256(file.read()).hexdigest()
            except (OSError, ValueError):
                continue
    return found


class FaceDigests:
    """`face_digest` and `printed_digest` of each face of a game's content, made once: the cards and tts targets
    and each deck's TTS images show the same faces, a back is shared by a whole deck (hashing every face three
    times cost about a third of a one-card rebuild's plan), and a job forked after the plan finds the digests
    its kept drawings are keyed by (`production/forms.py`; hashing them again took ~0.07 s of each cards and tts job)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._made: dict[int, tuple[Face, str, str]] = {}  # by id(face), the face kept so its id stays its own

    def __call__(self, face: Face) -> str:
        return self._of(face)[2]

    def printed(self, face: Face) -> str:
        return self._of(face)[1]

    def _of(self, face: Face) -> tuple[Face, str, str]:
        made = self._made.get(id(face))
        if made is None:
            printed = printed_digest(face, self.root)
            made = self._made[id(face)] = (face, printed, _located(printed, face))
        return made


def decks_digest(decks: list[Deck], components: Components, digests: FaceDigests | None = None) -> str:
    """The decks of a target: their ids, titles, and every face with its back."""
    of = digests if digests is not None else FaceDigests(components.root)
    shown = []
    for deck in decks:
        faces = []
        for face in deck.faces:
            back = components.back_of(face)
            faces.append([of(face), of(back) if back is not None else ""])
        shown.append({"id": deck.id, "title": deck.title, "target": deck.target, "help": deck.help, "faces": faces})
    return digest(shown)


def deck_digests(components: Components, digests: FaceDigests | None = None) -> dict[str, str]:
    """The digest of each card deck alone: the key of its TTS images (a unit of the tts target)."""
    return {deck.id: decks_digest([deck], components, digests) for deck in components.decks_for("cards")}


def target_digests(spec: GameSpec, db: Database, localizer: Localizer, targets: tuple[str, ...],
                   common: Any, components: Components | None, digests: FaceDigests | None = None) -> dict[str, str]:
    """The digest of what each of `targets` prints for the game in the localizer's locale (`components`: the
    faces it prints there; `common`: what every target of the job reports besides, its load and locale findings;
    `digests`: the faces' digests, shared with the caller)."""
    base = {"game": spec.id, "locale": localizer.locale, "root": db.root.as_posix(), "common": common}
    of = digests if digests is not None else FaceDigests(components.root if components is not None else db.root)
    cards = ""  # cards and tts show the same decks: hashed once
    keys = {}
    for target in targets:
        if target in ("cards", "tts") and components is not None:
            shown = cards = cards or decks_digest(components.decks_for("cards"), components, of)
        elif target == "tokens" and components is not None:
            shown = decks_digest(components.decks_for("tokens"), components, of)
        elif target == "help" and components is not None:
            shown = decks_digest(components.help_decks(), components, of)
        elif target == "guides" and spec.guide is not None:
            shown = digest(spec.guide.documents(db, localizer))
        elif target == "boards" and spec.printing is not None and spec.printing.boards is not None:
            shown = digest(spec.printing.boards(db, localizer))
        elif target == "boards" and components is not None:  # a declared game's boards are faces
            shown = decks_digest(components.decks_for("boards"), components, of)
        else:
            shown = ""
        keys[target] = digest({**base, "target": target, "shown": shown})
    return keys
