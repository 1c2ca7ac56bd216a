"""What `pnp serve` and `pnp review --html` show of a game in a locale: each printed card with its record, its
pages in the build's own cards-1up.pdf, the layout boxes of its faces, and the findings that concern it.

The faces are the build's drawings, not drawn again: the cards target writes every card once in cards-1up.pdf
(front, then its back) and says on which page each card starts (`positions`). The rest of a card (kind, fields,
file and line, pack, template boxes) comes from the game's components as the build's job loads them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from pipeline.content.database import pack_of_file
from pipeline.findings import Finding, Report
from pipeline.games import find_game
from pipeline.production.targets import BuildOptions, Databases
from pipeline.render.page_images import OpenPdf
from pipeline.render.units import Box

ONE_UP = "cards-1up.pdf"
# A face named in a message: `<kind> '<id>'` (FIT-OVERFLOW, ICON-UNKNOWN, LAYOUT-CONTRAST's example face).
NAMED_FACE = re.compile(r"(?P<kind>[\w-]+) '(?P<id>[^']+)'")
# A catalog message's context names its face and field: `card:guard:title` (I18N-STALE, I18N-GLYPH, ...).
NAMED_STRING = re.compile(r"\b(?P<kind>[\w-]+):(?P<id>[^:\s]+):(?P<name>[\w-]+)\b")
NAMED_FIELD = re.compile(r"field '(?P<name>[^']+)'")
NAMED_BOX = re.compile(r"box '(?P<name>[^']+)'")
NAMED_LOCALE = re.compile(r"\[(?P<locale>[A-Za-z_-]+)\]")
CardKey = tuple[str, str, str, str]  # game, locale, deck, card


@dataclass(frozen=True)
class Outline:
    """A layout box on a face, in millimetres from the top-left of the trimmed face."""

    box: str
    area: Box


@dataclass
class Side:
    """One printed side of a card: its page in cards-1up.pdf (1-based), its size with bleed (mm), its boxes."""

    page: int
    width: float
    height: float
    bleed: float
    boxes: dict[str, Outline]
    fields: dict[str, str]  # box name -> the field it binds


@dataclass
class CardEntry:
    game: str
    locale: str
    deck: str
    card: str
    kind: str
    name: str
    text: str  # every field's text, for the search
    pack: str
    file: str
    line: int
    copies: int
    sides: dict[str, Side] = field(default_factory=dict)
    findings: list[tuple[Finding, Outline | None, str]] = field(default_factory=list)  # finding, its box, the side

    @property
    def key(self) -> CardKey:
        return (self.game, self.locale, self.deck, self.card)


@dataclass
class Print:
    """A game's cards in a locale as the last good build printed them: cards-1up.pdf's bytes and the cards on it."""

    game: str
    locale: str
    pdf: OpenPdf
    entries: dict[tuple[str, str], CardEntry]
    fingerprints: dict[tuple[str, str], str]


def card_entries(game: str, locale: str, options: BuildOptions, built: Databases | None,
                 positions: Sequence[dict[str, object]], pages: int) -> tuple[list[CardEntry] | None, list[Finding]]:
    """The game's printed cards in locale, in print order, placed on the pages of its cards-1up.pdf (`positions`
    as the cards target recorded them, `pages` the file's count); None and the findings when the game does not load.

    The build that wrote the file checked the content already: its faces are read again, not checked again; from
    what that build loaded (`built`, the watch's), else loaded here."""
    spec = find_game(game, options.content_root)
    held = built.held(spec, options.content_root) if built is not None else None
    databases = built if held is not None and built is not None else Databases()
    db, loaded = held or databases.load(spec, options.content_root, "")
    if not Report(loaded).ok or spec.printing is None:
        return None, loaded
    components = databases.components(spec, db, databases.localizer(spec, db, locale))
    layouts = databases.held_layouts(options.layouts_dir, spec) or databases.layouts(options.layouts_dir, spec)[0]
    profile = layouts.profiles.get(options.paper)
    bleed = profile.bleed if profile else 0.0
    root = db.root.resolve()
    faces = {(face.deck, face.id): face for deck in components.decks_for("cards") for face in deck.faces}
    starts = sorted({(int(str(p["page"])), str(p["deck"]), str(p["card"])) for p in positions})
    entries: dict[tuple[str, str], CardEntry] = {}
    for index, (page, deck, card) in enumerate(starts):
        face = faces.get((deck, card))
        if face is None or (deck, card) in entries:
            continue
        end = starts[index + 1][0] if index + 1 < len(starts) else pages + 1
        where = face.where
        entry = CardEntry(game, locale, deck, card, face.kind, _name(face.fields, card), _text(face.fields.values()),
                          pack_of_file(root, Path(where.file).resolve()) if where else "", where.file if where else game,
                          where.line if where else 1, face.copies)
        back = components.back_of(face)
        for side, shown, at in (("front", face, page), ("back", back, page + 1)):
            if shown is None or at >= end:
                continue
            template = layouts.template_for(game, shown.kind)
            boxes = {spec.name: Outline(spec.name, spec.box) for spec in template.boxes} if template else {}
            bound = {spec.name: spec.model.field for spec in template.boxes if spec.model.field} if template else {}
            size = template.size if template else None
            entry.sides[side] = Side(at, (size.width if size else 63) + 2 * bleed, (size.height if size else 88) + 2 * bleed,
                                     bleed, boxes, bound)
        entries[deck, card] = entry
    return list(entries.values()), []


def attach(entries: Iterable[CardEntry], findings: Iterable[Finding]) -> list[tuple[Finding, CardEntry | None]]:
    """Each finding with the card it concerns (None: no card), and each card's findings with the box they name.

    A finding concerns the card its message names (`kind 'id'`, in the locale it names if any), else the card
    whose record holds its line (the last record starting at or above it in the same file)."""
    entries = list(entries)
    by_id: dict[str, list[CardEntry]] = {}
    by_file: dict[str, list[CardEntry]] = {}
    for entry in entries:
        entry.findings.clear()
        by_id.setdefault(entry.card, []).append(entry)
        by_file.setdefault(entry.file, []).append(entry)
    for cards in by_file.values():
        cards.sort(key=lambda entry: entry.line)
    placed: list[tuple[Finding, CardEntry | None]] = []
    for finding in findings:
        concerned = _named(finding, by_id) or _holding(finding, by_file)
        locale = _locale_of(finding)
        if locale:  # a finding of one locale's print or catalog concerns that locale's card only
            concerned = [entry for entry in concerned if entry.locale == locale]
        for entry in concerned:
            outline, side = _box(finding, entry)
            entry.findings.append((finding, outline, side))
        placed.append((finding, concerned[0] if concerned else None))
    return placed


def _locale_of(finding: Finding) -> str:
    """The locale a finding is about: the one its message names (`demo [de]`), or its catalog's (`de.po`)."""
    named = NAMED_LOCALE.search(finding.message)
    if named:
        return named["locale"]
    path = Path(finding.file)
    return path.stem if path.suffix == ".po" else ""


def _named(finding: Finding, by_id: dict[str, list[CardEntry]]) -> list[CardEntry]:
    for match in [*NAMED_FACE.finditer(finding.message), *NAMED_STRING.finditer(finding.message)]:
        cards = [entry for entry in by_id.get(match["id"], []) if entry.kind == match["kind"]]
        if cards:
            return cards
    return []


def _holding(finding: Finding, by_file: dict[str, list[CardEntry]]) -> list[CardEntry]:
    above = [entry for entry in by_file.get(finding.file, []) if entry.line <= finding.line]
    if not above:
        return []
    line = above[-1].line
    return [entry for entry in above if entry.line == line]  # the same record in every locale


def _box(finding: Finding, entry: CardEntry) -> tuple[Outline | None, str]:
    """The layout box a finding names (by box, else by the field the box binds) and the side it is on."""
    box_name = NAMED_BOX.search(finding.message)
    field_name = NAMED_FIELD.search(finding.message) or NAMED_STRING.search(finding.message)
    for side_name, side in entry.sides.items():
        if box_name and box_name["name"] in side.boxes:
            return side.boxes[box_name["name"]], side_name
        if field_name:
            for box, bound in side.fields.items():
                if bound == field_name["name"] and box in side.boxes:
                    return side.boxes[box], side_name
    return None, "front"


def _name(fields: object, fallback: str) -> str:
    values = fields if isinstance(fields, dict) else dict(fields)  # type: ignore[call-overload]
    for key in ("name", "title"):
        if isinstance(values.get(key), str) and values[key]:
            return str(values[key])
    return fallback


def _text(values: Iterable[object]) -> str:
    """Every string a card's fields hold, flattened, for the search."""
    parts: list[str] = []
    for value in values:
        if isinstance(value, str):
            parts.append(value)
        elif isinstance(value, dict):
            parts.append(_text(value.values()))
        elif isinstance(value, list | tuple):
            parts.append(_text(value))
        elif isinstance(value, int | float):
            parts.append(str(value))
    return " ".join(part for part in parts if part)
