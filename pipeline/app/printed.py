"""The printed card faces of one game in one locale, each as a one-face PDF, and what changed between two sets.

Cards are compared by what prints, not by file: each side of a card is drawn alone on a 1-up page by the
build's own imposition (`render/imposition.one_up`), whose bytes are deterministic (`render/pdf.py`), so a
comment or a reordered key in the YAML changes no card, while a new cost, a retranslated name or an edited
layout changes every card it shows on.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from pipeline.findings import Finding, Report
from pipeline.games import discover
from pipeline.production.targets import BuildOptions, Databases, Job, load_context
from pipeline.render.profiles import DEFAULT_PAPER
from pipeline.rules.spec import GameSpec
from pipeline.rules.verified import layouts_digest

if TYPE_CHECKING:
    from pipeline.render.faces import PreparedFace
    from pipeline.render.imposition import Slot
    from pipeline.render.layouts import Layouts
    from pipeline.render.profiles import Profile
    from pipeline.render.sheets import Prepared

SIDES = ("front", "back")
# The title of every one-face PDF: constant, so only the face decides the bytes.
FACE_TITLE = "pnp face"


@dataclass
class PrintedCard:
    """One card of a deck: its slot (prepared front and back), its copies and each side as a one-face PDF."""

    deck: str
    card: str
    name: str  # the face's file position, for messages
    copies: int
    slot: Slot
    sides: dict[str, bytes] = field(default_factory=dict)

    def fingerprint(self, side: str) -> str | None:
        data = self.sides.get(side)
        return hashlib.sha256(data).hexdigest() if data is not None else None


@dataclass
class PrintedFaces:
    """Every card of a game's `cards` target in one locale, by (deck id, card id), the faces prepared, the
    layouts they print with and the print profile of the paper asked for (None when the layouts have none)."""

    game: str
    locale: str
    prepared: Prepared
    layouts: Layouts
    profile: Profile | None
    cards: dict[tuple[str, str], PrintedCard]


@dataclass(frozen=True)
class CardChange:
    """A card whose print differs: `changed` (the sides that differ), `added` or `removed`."""

    deck: str
    card: str
    change: str
    sides: tuple[str, ...]
    copies_before: int
    copies_after: int

    def as_json(self) -> dict[str, object]:
        return {"deck": self.deck, "card": self.card, "change": self.change, "sides": list(self.sides),
                "copies_before": self.copies_before, "copies_after": self.copies_after}

    def as_text(self) -> str:
        detail = f" ({', '.join(self.sides)})" if self.change == "changed" else ""
        return f"{self.change} {self.deck}/{self.card}{detail}"


def cards_at(spec: GameSpec, content_root: Path, layouts_dir: Path, locale: str, cache_dir: Path,
             paper: str = DEFAULT_PAPER,
             revision: bool = False) -> tuple[dict[tuple[str, str], PrintedCard] | None, list[Finding]]:
    """The game's printed cards in locale at a content root (a revision's or the working tree's), the game as
    that root declares it (a declared game's manifest, layouts and icons there): none where the root has no
    such game, or the game no cards or no such locale; None and the findings when it does not build. An
    incomplete translation prints as it would with `--allow-incomplete`, so an old draft compares as it printed.
    The working tree's game is verified once and kept (`rules/verified.py`); a `revision`'s (a temporary checkout) is
    not kept, so it does not take the place of the working tree's."""
    listing = discover(content_root).get(spec.id)
    if listing is None or not listing.content_dir(content_root).is_dir():
        return {}, []
    spec = listing.describe()
    databases = Databases()
    db, loaded, _ = databases.verified(spec, content_root, "", (), None if revision else cache_dir,
                                       layouts_digest(layouts_dir, spec))
    if spec.printing is None:  # prints no cards there, or its manifest does not load (then it does not build)
        return ({}, []) if Report(loaded).ok else (None, loaded)
    if locale not in spec.info(db).locales:
        return {}, []
    printed, findings = printed_faces(spec, content_root, layouts_dir, locale, cache_dir, paper, True, databases,
                                      keep=not revision)
    return (printed.cards if printed is not None else None), findings


def first_error(findings: list[Finding]) -> str:
    """The first error of findings that stopped a build, as a compiler would print it ("no cards" without one)."""
    errors = Report(findings).errors
    return errors[0].as_text() if errors else "no cards"


def printed_faces(spec: GameSpec, content_root: Path, layouts_dir: Path, locale: str, cache_dir: Path,
                  paper: str = DEFAULT_PAPER, allow_incomplete: bool = False,
                  databases: Databases | None = None, keep: bool = True) -> tuple[PrintedFaces | None, list[Finding]]:
    """The game's printed cards in locale from content_root (loaded through `databases`, to share one load
    between locales), or None and the findings that stop the build (what `pnp validate` rejects, an
    incomplete locale, a layout or preflight error). The game loaded and checked is kept under cache_dir
    (`rules/verified.py`) unless not `keep` (a revision's temporary checkout)."""
    databases = databases or Databases()
    db, findings, rules = databases.verified(spec, content_root, "", (), cache_dir if keep else None,
                                             layouts_digest(layouts_dir, spec))
    problems = Report(findings + rules)
    if not problems.ok:
        return None, problems.findings
    options = BuildOptions(Path("."), content_root, layouts_dir, cache_dir, paper, allow_incomplete=allow_incomplete)
    context, stopped = load_context(Job(spec.id, locale, ("cards",), {}, options), databases)
    if context is None:
        return None, problems.findings + stopped
    with context.layouts.drawing(spec.id, locale):  # the game's own fonts and icons, as the build's targets draw
        prepared = context.faces("cards")
        cards = _one_face_each(spec, prepared)
    return (PrintedFaces(spec.id, locale, prepared, context.layouts, context.profile, cards),
            problems.findings + context.common + prepared.findings)


def _one_face_each(spec: GameSpec, prepared: Prepared) -> dict[tuple[str, str], PrintedCard]:
    """Each card of the prepared faces once, each side drawn alone on a 1-up page."""
    from pipeline.render.imposition import one_up
    from pipeline.render.sheets import groups

    drawn: dict[int, bytes] = {}

    def alone(face: PreparedFace) -> bytes:
        if id(face) not in drawn:  # a back is shared by many cards: drawn once
            drawn[id(face)] = one_up([(face, None)], face.bleed, "none", FACE_TITLE).data
        return drawn[id(face)]

    cards: dict[tuple[str, str], PrintedCard] = {}
    for group in groups(prepared, "cards"):
        for slot in group.slots:
            front, back = slot
            key = (front.face.deck, front.face.id)
            if key in cards:  # copies are adjacent slots of one card
                continue
            where = front.face.where
            card = PrintedCard(*key, f"{where.file}:{where.line}" if where else spec.id, front.face.copies, slot)
            card.sides["front"] = alone(front)
            if back is not None:
                card.sides["back"] = alone(back)
            cards[key] = card
    return cards


def compare(before: dict[tuple[str, str], PrintedCard], after: dict[tuple[str, str], PrintedCard]) -> list[CardChange]:
    """The cards whose print differs, in the order they print after (then the removed ones, in their order before)."""
    changes = []
    for key, card in after.items():
        old = before.get(key)
        if old is None:
            changes.append(CardChange(*key, "added", tuple(s for s in SIDES if s in card.sides), 0, card.copies))
            continue
        sides = tuple(side for side in SIDES if old.fingerprint(side) != card.fingerprint(side))
        if sides:
            changes.append(CardChange(*key, "changed", sides, old.copies, card.copies))
    changes += [CardChange(*key, "removed", tuple(s for s in SIDES if s in card.sides), card.copies, 0)
                for key, card in before.items() if key not in after]
    return changes
