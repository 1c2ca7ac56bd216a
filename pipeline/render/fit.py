"""Text fit without writing a PDF: every face and board of a game in a locale set against its layout.

`pnp check` makes one `PrintCheck` per game and locale and hands it to `fit_findings` and
`board_fit_findings`; `pnp build` reports the same findings (the face contract in its preflight, the fit
while drawing).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Protocol

from pipeline.content.database import Database
from pipeline.findings import Finding, error
from pipeline.i18n.localizer import Localizer
from pipeline.rules.boards import Boards, BoardSpec
from pipeline.rules.components import Components, Face
from pipeline.rules.spec import GuidePart, PrintSpec

from .contract import board_templates, contract_findings
from .faces import Inked, RenderContext, prepare_face, safe_zone_breaches
from .guide import layout_guide, overflowing
from .guide.check import overflow_findings
from .layouts import Layouts, Template
from .profiles import DEFAULT_PAPER
from .sheets import templated_faces
from .units import Box

DEFAULT_CACHE = Path(".pnp-cache")


@dataclass(frozen=True)
class PrintCheck:
    """One game's print in one locale as the fit checks read it: the layouts (loaded once per game by the
    caller), and the faces and boards, each built once here."""

    db: Database
    localizer: Localizer
    layouts: Layouts
    components: Components
    boards: Boards | None

    @classmethod
    def of(cls, printing: PrintSpec, db: Database, localizer: Localizer, layouts: Layouts) -> PrintCheck:
        boards = printing.boards(db, localizer) if printing.boards is not None else None
        return cls(db, localizer, layouts, printing.components(db, localizer), boards)


@dataclass(frozen=True)
class FaceFit:
    """What the fit checks read of one prepared face: its findings, and where it sets text and icons
    (`PreparedFace.ink`), so a face whose fit was recorded need not be prepared again."""

    face: Face
    template: Template
    findings: tuple[Finding, ...]
    placed: tuple[tuple[str, Box], ...]

    def ink(self) -> list[tuple[str, Box]]:
        return list(self.placed)


class FitMemo(Protocol):
    """Fits kept between runs, each under what decides it (`pipeline/app/fit_records.py`)."""

    def recall(self, face: Face, template: Template) -> FaceFit | None: ...

    def remember(self, fit: FaceFit) -> None: ...

    def findings_of(self, subject: str, measure: Callable[[], list[Finding]]) -> list[Finding]:
        """The findings `measure` gives for `subject` (a board or guide document spelled out in full), kept."""
        ...


def fit_findings(check: PrintCheck, cache_dir: Path = DEFAULT_CACHE, memo: FitMemo | None = None) -> list[Finding]:
    """The face contract (bindings, icons) and every text that overflows its box (FIT-OVERFLOW); each face is
    prepared unless `memo` recalls its fit."""
    components = check.components
    ctx = RenderContext(components.game, check.localizer.locale, components.root, cache_dir)
    contract = contract_findings(components, check.layouts, board_templates(check.boards))
    reported = set(contract)  # a missing image is found by both: report it once
    fits: dict[int, FaceFit] = {}
    prepared: list[Finding] = []
    for face, template in templated_faces(components, check.layouts):
        if isinstance(template, Finding):
            prepared.append(template)
            continue
        fit = memo.recall(face, template) if memo is not None else None
        if fit is None:
            ready, findings = prepare_face(face, template, ctx)
            fit = FaceFit(face, template, tuple(findings), tuple(ready.ink()))
            if memo is not None:
                memo.remember(fit)
        fits[id(face)] = fit
        prepared.extend(fit.findings)
    return contract + [f for f in prepared if f not in reported] + safe_zone_findings(components, fits, check.layouts)


def safe_zone_findings(components: Components, fits: Mapping[int, Inked], layouts: Layouts) -> list[Finding]:
    """The build's preflight finding for a text or icon that leaves the safe zone (under the strictest
    profile), reported before anything is printed: at the first face's content, naming the template box.
    `fits` holds each face's ink by the face's id."""
    safe_zone = max((profile.safe_zone for profile in layouts.profiles.values()), default=0.0)
    fronts = [face for deck in components.decks_for("cards") for face in deck.faces]
    # Each face once (a back is shared by a deck), cards only, as the preflight: tokens are punched, not cut
    # by a guillotine, and keep no safe zone.
    cards = {id(fit): fit for face in fronts + [components.back_of(face) for face in fronts]
             if face is not None and (fit := fits.get(id(face))) is not None}
    findings = []
    for breach in safe_zone_breaches(((None, face) for face in cards.values()), safe_zone):
        face, at = breach.first.face, breach.first.template.where(breach.box, "y")
        more = f" (and {breach.count - 1} more)" if breach.count > 1 else ""
        findings.append(error(
            "PREFLIGHT-SAFE-ZONE",
            f"{face.kind} {face.id!r}{more} in {components.locale}: the {breach.box!r} of template {breach.template!r} "
            f"comes {breach.inside:.1f} mm close to the trim, inside the {safe_zone:g} mm safe zone",
            face.where.file if face.where else at.file, face.where.line if face.where else at.line,
            hint=f"shorten the text or move the box at least {safe_zone:g} mm inside the trim ({at.file}:{at.line})"))
    return findings


def board_fit_findings(check: PrintCheck, memo: FitMemo | None = None) -> list[Finding]:
    """The boards' fit in a locale, drawn in memory: positions off the board, areas without a box, and
    every label that overflows (what `pnp build --target boards` would report); a board `memo` recalls is
    not drawn again."""
    from .board import board_form, plan_board
    from .pdf import Document
    from .units import pt

    if check.boards is None:
        return []

    def measure(spec: BoardSpec) -> list[Finding]:
        plan, findings = plan_board(spec, check.components.game, check.localizer.locale, check.layouts)
        if plan is not None:
            findings += board_form(Document(spec.title, (pt(plan.size.width), pt(plan.size.height))), "Board", plan)
        return findings

    found: list[Finding] = []
    boards = check.boards
    for spec in [*([boards.board] if boards.board else []), *boards.player_boards]:
        found += memo.findings_of(f"board {spec!r}", partial(measure, spec)) if memo is not None else measure(spec)
    return found


def guide_fit_findings(parts: Sequence[GuidePart], where: str, layouts: Layouts | None, paper: str = DEFAULT_PAPER,
                       memo: FitMemo | None = None) -> list[Finding]:
    """FIT-OVERFLOW for every row of a game's guide documents, laid out on paper in the layouts' guide styles
    (None: the shipped ones), that runs past its column; a document `memo` recalls is not laid out again. Without
    that paper's profile (a profile the layouts dropped is a LAYOUT-* finding already) nothing is laid out."""
    def measure(part: GuidePart) -> list[Finding]:
        pages, _, _ = layout_guide(part.document, paper, part.kind, layouts)
        return overflow_findings(part, overflowing(pages), where)

    findings: list[Finding] = []
    if layouts is not None and paper not in layouts.profiles:
        return findings
    for part in parts:
        subject = f"guide {paper} {where} {part!r}"
        findings += memo.findings_of(subject, partial(measure, part)) if memo is not None else measure(part)
    return findings
