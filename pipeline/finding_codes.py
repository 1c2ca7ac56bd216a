"""The finding-code registry: every code a finding can carry, with its severity, meaning, fix and an example.

The data is `finding_codes.yaml` beside this module (package data). A code is either a plain code
(`LAYOUT-CYCLE`) or a family whose first part is a placeholder filled at run time:

- `<DECK>-REF` ... : the checks every numbered deck shares, under the deck's code (`OW-EVENT`, `NUMBERED`...);
- `<GAME>-GUIDE-REF` ... : the checks of a game's guide and declared rules, under the game's prefix (`OW`,
  `POD`, or a declared game's `guide: {code: ...}`, default `DECLARED`).

A declared game may also give a rule of its game.yaml a code of its own (`code: AG-MAP`): such a code is
the designer's, documented in that game.yaml; findings carry it as a `DeclaredCode`. A game's rules plug-in
makes findings with codes of its own, documented by its game: only the pipeline's modules are held to the registry.

`pnp explain`, the generated reference (app/finding_reference.py), the suppression check (app/gate.py) and
the guard in findings.py read this module. It imports nothing of the pipeline: every layer may use it.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

DATA = "finding_codes.yaml"
SEVERITIES = ("error", "warning", "info")
# A family's placeholders: what each stands for, and the pattern a filled-in part matches.
PLACEHOLDERS = {
    "<DECK>": ("a numbered deck's code", r"(?:OW-EVENT|OW-SK-EVENT|POD-STORY|NUMBERED)"),
    "<GAME>": ("a game's finding-code prefix", r"[A-Z][A-Z0-9-]*"),
}
_CODE = re.compile(r"^(?:<[A-Z]+>-)?[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*$")


class DeclaredCode(str):
    """A finding code a designer declared in a game's game.yaml (`code:` of a rule): the game documents it."""

    __slots__ = ()


@dataclass(frozen=True)
class Example:
    """Content that triggers a code: a base tree, edits to it, and the command that reports the code."""

    base: str  # new:<template> (a `pnp new` scaffold), fixture:<game> (tests/fixtures), shipped:<game> (content/)
    edits: tuple[dict[str, str], ...]  # each: file, and replace+with, append, write or link (+ count, times, encoding)
    run: tuple[str, ...]  # the pnp command's words after `pnp` (`&&` between two); {root}: the content folder, {tmp}: scratch
    note: str = ""  # what the example shows, when the edit alone does not say it
    expect: str = ""  # the code it reports, for a family (`OW-EVENT-GAP` of `<DECK>-GAP`); else the entry's code
    env: tuple[tuple[str, str], ...] = ()  # environment the command runs with (PNP_ALLOW_PLUGINS: a plug-in runs)


@dataclass(frozen=True)
class CodeInfo:
    """One registered code: what it means, how bad it is, how to fix it, and content that triggers it."""

    code: str
    severities: tuple[str, ...]
    meaning: str
    fix: str
    area: str
    severity_note: str = ""  # why a code with two severities has two
    example: Example | None = None
    no_example: str = ""  # why no content can trigger the code (an OS fault, a killed process)

    @property
    def is_family(self) -> bool:
        return self.code.startswith("<")

    @property
    def anchor(self) -> str:
        return self.code.replace("<", "").replace(">", "")


@dataclass(frozen=True)
class Registry:
    codes: dict[str, CodeInfo]
    areas: dict[str, str]  # area key → title, in the reference's order
    families: tuple[tuple[re.Pattern[str], CodeInfo], ...]  # each family's pattern of the codes it stands for

    def lookup(self, code: str) -> CodeInfo | None:
        """The entry of a code: its own, else the family it belongs to (case-insensitive)."""
        code = code.strip().upper()
        if code in self.codes:
            return self.codes[code]
        return next((info for pattern, info in self.families if pattern.fullmatch(code)), None)

    def is_registered(self, code: str) -> bool:
        return isinstance(code, DeclaredCode) or self.lookup(code) is not None

    def closest(self, code: str, n: int = 5) -> list[str]:
        return difflib.get_close_matches(code.strip().upper(), list(self.codes), n=n, cutoff=0.6)


@cache
def registry() -> Registry:
    """The registry, read once from the package data."""
    from ruamel.yaml import YAML  # here: `pnp --help` and a run with no unknown code never read it

    data = YAML(typ="safe").load(resources.files("pipeline").joinpath(DATA).read_text(encoding="utf-8"))
    areas = {str(k): str(v) for k, v in data["areas"].items()}
    codes = {code: _entry(code, body, areas) for code, body in data["codes"].items()}
    return Registry(codes, areas, tuple((_family_pattern(info.code), info) for info in codes.values() if info.is_family))


def _entry(code: str, body: dict[str, Any], areas: dict[str, str]) -> CodeInfo:
    if not _CODE.match(code):
        raise ValueError(f"{DATA}: {code!r} is not a finding code")
    severities = tuple(body["severity"]) if isinstance(body["severity"], list) else (body["severity"],)
    if not set(severities) <= set(SEVERITIES):
        raise ValueError(f"{DATA}: {code}: severity must be one or more of {SEVERITIES}")
    example = body.get("example")
    area = body.get("area") or code.split("-")[0].strip("<>")
    if area not in areas:
        raise ValueError(f"{DATA}: {code}: area {area!r} has no title under `areas`")
    return CodeInfo(
        code=code, severities=severities, meaning=body["meaning"], fix=body["fix"], area=area,
        severity_note=body.get("severity_note", ""), no_example=body.get("no_example", ""),
        example=None if example is None else Example(
            base=example["base"], edits=tuple(example.get("edits", ())), run=tuple(example["run"].split()),
            note=example.get("note", ""), expect=example.get("expect", ""),
            env=tuple((str(k), str(v)) for k, v in example.get("env", {}).items())),
    )


def _family_pattern(family: str) -> re.Pattern[str]:
    regex = re.escape(family)
    for placeholder, (_, part) in PLACEHOLDERS.items():
        regex = regex.replace(re.escape(placeholder), part)
    return re.compile(regex)
