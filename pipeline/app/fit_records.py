"""`pnp check`'s record of each face's, board's and guide's fit, so an edit measures again only what it changed.

A game's record in one locale lives in `<cache_dir>/check/fit/<game>/<locale>.json`. The record as a whole
is keyed by what every fit depends on besides the thing fitted: the check's inputs (`check_cache.py:
CheckCache.layouts_key`: the pipeline's code, the versions of the libraries that decide a finding, the
package version, the layouts with each game's own layout folder — the font files are among them, or are the
package's shipped ones —, the content root and working directory), the font family by name and files, the
game, the locale and its content folder (findings name files relative to it). Each face's entry is keyed by
the face as printed (its fields in the locale, copies, back, position, and the bytes of the art it names:
`production/inputs.py: face_digest`) and its whole template; a board's and a guide document's findings by the
board or document spelled out in full (its `repr`: every field). An entry whose key is not in the record is
measured again; the record written holds this run's entries only. A record that is missing, unreadable or
under another key replays nothing.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pipeline.atomic import write_atomic
from pipeline.cache_keys import digest_of, read_record
from pipeline.findings import Finding, Severity
from pipeline.font_files import current_family
from pipeline.production.inputs import face_digest
from pipeline.render.fit import FaceFit
from pipeline.render.layouts import Template
from pipeline.render.units import Box
from pipeline.rules.components import Face


class FitRecords:
    """The fits of one game in one locale (a `render.fit.FitMemo`): read once, written once by `save`."""

    def __init__(self, cache_dir: Path, game: str, locale: str, root: Path, replay: bool, inputs: str) -> None:
        self.path = cache_dir / "check" / "fit" / game / f"{locale}.json"
        self.root = root  # the game's content folder: art paths are relative to it
        self.key = _record_key(inputs, game, locale, root)
        self.stored: dict[str, Any] = self._read() if replay else {}
        self.kept: dict[str, Any] = {}
        self.templates: dict[int, str] = {}  # a template's digest by its id: the same few templates for every face
        self.missed: dict[tuple[int, int], str] = {}  # the key of a face recall() did not find, for remember()

    def recall(self, face: Face, template: Template) -> FaceFit | None:
        key = self._face_key(face, template)
        entry = self.stored.get(key)
        if entry is None:
            self.missed[id(face), id(template)] = key  # the face is prepared next: its key (and art) is not read again
            return None
        try:
            findings = tuple(Finding(**{**found, "severity": Severity(found["severity"])}) for found in entry["findings"])
            placed = tuple((str(name), Box(float(x), float(y), float(w), float(h))) for name, x, y, w, h in entry["placed"])
        except (KeyError, TypeError, ValueError):
            return None  # an entry this version cannot read: prepare the face again
        self.kept[key] = entry
        return FaceFit(face, template, findings, placed)

    def remember(self, fit: FaceFit) -> None:
        key = self.missed.pop((id(fit.face), id(fit.template)), None) or self._face_key(fit.face, fit.template)
        self.kept[key] = {"findings": [f.as_dict() for f in fit.findings],
                          "placed": [[name, box.x, box.y, box.width, box.height] for name, box in fit.placed]}

    def findings_of(self, subject: str, measure: Callable[[], list[Finding]]) -> list[Finding]:
        key = hashlib.sha256(subject.encode()).hexdigest()
        entry = self.stored.get(key)
        try:
            if entry is not None:
                findings = [Finding(**{**found, "severity": Severity(found["severity"])}) for found in entry["findings"]]
                self.kept[key] = entry
                return findings
        except (KeyError, TypeError, ValueError):
            pass  # an entry this version cannot read: measure again
        findings = measure()
        self.kept[key] = {"findings": [f.as_dict() for f in findings]}
        return findings

    def save(self) -> None:
        write_atomic(self.path, json.dumps({"key": self.key, "faces": self.kept}, sort_keys=True).encode())

    def _face_key(self, face: Face, template: Template) -> str:
        if id(template) not in self.templates:  # its repr spells out every box, style and colour, in written order
            self.templates[id(template)] = hashlib.sha256(repr(template).encode()).hexdigest()
        # With the catalog lines of its translated texts: a FIT-OVERFLOW of one is reported at its msgstr.
        translated = sorted((name, at.file, at.line) for name, at in face.translated.items())
        return hashlib.sha256(f"{face_digest(face, self.root)}|{translated}|{self.templates[id(template)]}".encode()).hexdigest()

    def _read(self) -> dict[str, Any]:
        try:
            stored = read_record(self.path) or {}
            faces = stored.get("faces") if stored.get("key") == self.key else {}
            return faces if isinstance(faces, dict) else {}
        except (OSError, ValueError, KeyError, TypeError):
            return {}  # no record, or one this version cannot read: prepare every face


def _record_key(inputs: str, game: str, locale: str, root: Path) -> str:
    fonts = current_family()
    parts = [inputs, fonts.name, *(f"{style}={path.resolve()}" for style, path in fonts.files), game, locale, str(root.resolve())]
    return digest_of(parts)
