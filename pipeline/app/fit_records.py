"""`pnp check`'s record of each face's fit, so an edit prepares again only the faces it changed.

A game's record in one locale lives in `<cache_dir>/check/fit/<game>/<locale>.json`. The record as a whole
is keyed by what every face's fit depends on besides the face: the pipeline's code with the drawing and
hyphenation libraries' versions (`build/cache.py: code_digest`), the package version, the bytes of the font
family the game prints with, the game, the locale, and the content folder and working directory (findings
name files relative to it). Each face's entry is keyed by the face as printed (its fields in the locale,
copies, back, position, and the bytes of the art it names: `build/inputs.py: face_digest`) and its whole
template. A face whose key is not in the record is prepared again; the record written holds this run's
faces only. A record that is missing, unreadable or under another key replays nothing.
"""

from __future__ import annotations

import hashlib
import json
from importlib import metadata
from pathlib import Path
from typing import Any

from pipeline.atomic import write_atomic
from pipeline.build.cache import code_digest
from pipeline.build.inputs import face_digest
from pipeline.findings import Finding, Severity
from pipeline.font_files import current_family
from pipeline.render.fit import FaceFit
from pipeline.render.layouts import Template
from pipeline.render.units import Box
from pipeline.rules.components import Face


class FitRecords:
    """The face fits of one game in one locale (a `render.fit.FitMemo`): read once, written once by `save`."""

    def __init__(self, cache_dir: Path, game: str, locale: str, root: Path, replay: bool) -> None:
        self.path = cache_dir / "check" / "fit" / game / f"{locale}.json"
        self.root = root  # the game's content folder: art paths are relative to it
        self.key = _record_key(game, locale, root)
        self.stored: dict[str, Any] = self._read() if replay else {}
        self.kept: dict[str, Any] = {}
        self.templates: dict[int, str] = {}  # a template's digest by its id: the same few templates for every face

    def recall(self, face: Face, template: Template) -> FaceFit | None:
        key = self._face_key(face, template)
        entry = self.stored.get(key)
        if entry is None:
            return None
        try:
            findings = tuple(Finding(**{**found, "severity": Severity(found["severity"])}) for found in entry["findings"])
            placed = tuple((str(name), Box(float(x), float(y), float(w), float(h))) for name, x, y, w, h in entry["placed"])
        except (KeyError, TypeError, ValueError):
            return None  # an entry this version cannot read: prepare the face again
        self.kept[key] = entry
        return FaceFit(face, template, findings, placed)

    def remember(self, fit: FaceFit) -> None:
        self.kept[self._face_key(fit.face, fit.template)] = {
            "findings": [f.as_dict() for f in fit.findings],
            "placed": [[name, box.x, box.y, box.width, box.height] for name, box in fit.placed]}

    def save(self) -> None:
        write_atomic(self.path, json.dumps({"key": self.key, "faces": self.kept}, sort_keys=True).encode())

    def _face_key(self, face: Face, template: Template) -> str:
        if id(template) not in self.templates:  # its repr spells out every box, style and colour, in written order
            self.templates[id(template)] = hashlib.sha256(repr(template).encode()).hexdigest()
        return hashlib.sha256(f"{face_digest(face, self.root)}|{self.templates[id(template)]}".encode()).hexdigest()

    def _read(self) -> dict[str, Any]:
        try:
            stored = json.loads(self.path.read_text(encoding="utf-8"))
            faces = stored["faces"] if stored["key"] == self.key else {}
            return faces if isinstance(faces, dict) else {}
        except (OSError, ValueError, KeyError, TypeError):
            return {}  # no record, or one this version cannot read: prepare every face


def _record_key(game: str, locale: str, root: Path) -> str:
    fonts = hashlib.sha256()
    for style, path in current_family().files:
        fonts.update(style.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    parts = [code_digest(), metadata.version("pnp-pipeline"), fonts.hexdigest(), game, locale,
             str(root.resolve()), str(Path.cwd().resolve())]
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()
