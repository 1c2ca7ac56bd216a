"""A face drawn from its template: each box resolves its arguments (colour, text fitted, icon, art), then draws.

`prepare_face` measures (text fitting, art lookup) and collects findings; `PreparedFace.draw`
only draws, with the card's trim box bottom-left at the canvas origin (its icons were checked against
the face contract before, in `contract.py`). Box kinds are generic
(rect, text, icon, icons, art, rows): a new card kind needs a template, not new drawing code.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path
from typing import Any, Protocol

from reportlab.pdfgen.canvas import Canvas

from pipeline.atomic import WriteError
from pipeline.findings import Finding, error
from pipeline.rules.components import Face

from .art import draw_placeholder, prepared_art, resolve_art
from .contrast import IMAGE, box_fill, ground_at, text_ink
from .fonts import Encoded
from .icons import draw_icon, rgb
from .layouts import AUTO_COLOR, BoxSpec, Template
from .richtext import Fitted, TextStyle, fit_text
from .units import PT_PER_MM, Box, pt


@dataclass(frozen=True)
class RenderContext:
    game: str
    locale: str
    root: Path  # the game's content folder (art paths are relative to it)
    cache_dir: Path
    bleed: float = 3.0
    refresh_art: bool = False  # --force: prepare every image again instead of taking it from the art cache


@dataclass
class _Op:
    spec: BoxSpec
    box: Box
    fill: str | None = None
    stroke: str | None = None
    fitted: Fitted | None = None
    icons: list[str] = field(default_factory=list)
    image: Path | None = None
    rows: list[tuple[list[str], Fitted, Box]] = field(default_factory=list)


@dataclass(frozen=True)
class DrawnForm:
    """A face's drawing as one document's form content stream, with the texts it encoded for that document,
    the PDF version its operators need (reportlab raises a document's version as it draws) and the charset that
    document started from (`pdf.Document`; "" for none)."""

    code: tuple[str, ...]
    encoded: tuple[Encoded, ...]
    pdf_version: tuple[int, int]
    charset: str = ""

    @cached_property
    def characters(self) -> frozenset[str]:
        """Every character of the texts it encoded."""
        return frozenset().union(*(text for _, text, _, _ in self.encoded))


@dataclass
class PreparedFace:
    face: Face
    template: Template
    ops: list[_Op]
    bleed: float
    drawn: DrawnForm | None = None  # the last drawing, for the next document to copy (`pdf.Document.form`)
    faultless: bool = True  # measured without a finding (every text fits, every image found)

    def draw(self, c: Canvas) -> None:
        height = self.template.size.height
        for op in self.ops:
            _draw_op(c, op, height, self.face, self.template)

    def ink(self) -> list[tuple[str, Box]]:
        """Where the face sets text and icons (box name, area in mm from the trim's top-left), as `draw`
        places them: the preflight holds them inside the safe zone."""
        placed = []
        for op in self.ops:
            model, box = op.spec.model, op.box
            # A text that overflows its box is FIT-OVERFLOW already: one finding for one problem.
            if model.type == "text" and op.fitted is not None and op.fitted.fits:
                placed += [(op.spec.name, area) for area in [_block(op.fitted, box)] if area]
            elif model.type in ("icon", "icons") and op.icons:
                gap, count = op.spec.gap, len(op.icons)
                size = min(box.height, (box.width - gap * (count - 1)) / count)
                total = size * count + gap * (count - 1)
                left = box.x + (box.width - total) / 2 if model.align == "center" or model.type == "icon" else box.x
                placed.append((op.spec.name, Box(left, box.y + (box.height - size) / 2, total, size)))
            elif model.type == "rows":
                for colors, fitted, text_box in op.rows:
                    chip = min(text_box.height, 4.2)
                    if colors:
                        placed.append((op.spec.name, Box(box.x, text_box.y + (text_box.height - chip) / 2,
                                                         chip * len(colors), chip)))
                    placed += [(op.spec.name, area) for area in [_block(fitted, text_box)] if area and fitted.fits]
        return placed


class KeptFace(PreparedFace):
    """A face whose drawing and ink an earlier build kept (`production/forms.py`): its texts are not measured again
    unless a document has to draw it anew (its kept texts no longer encode alike there), and then on first draw.

    Why: measuring (fitting and hyphenating every text) was the largest part of a one-card rebuild, a fresh
    process measuring every face of the locale to draw one. Only a faultless face is kept this way, so the
    measuring it skips would have found nothing."""

    def __init__(self, face: Face, template: Template, drawn: DrawnForm, ink: list[tuple[str, Box]], ctx: RenderContext) -> None:
        super().__init__(face, template, [], ctx.bleed, drawn)
        self._ink = ink
        self._ctx: RenderContext | None = ctx

    def draw(self, c: Canvas) -> None:
        if self._ctx is not None:
            self.ops, self._ctx = prepare_face(self.face, self.template, self._ctx)[0].ops, None
        super().draw(c)

    def ink(self) -> list[tuple[str, Box]]:
        return list(self._ink)


class Inked(Protocol):
    """A face as the safe-zone check reads it: a `PreparedFace`, or what `pnp check` recorded of one."""

    @property
    def face(self) -> Face: ...

    @property
    def template(self) -> Template: ...

    def ink(self) -> list[tuple[str, Box]]: ...


@dataclass(frozen=True)
class SafeZoneBreach:
    """A template box whose text or icons come closer to the trim than the safe zone: the first face seen
    (with what the caller placed it by), how many faces do it, and the closest any of them comes (mm)."""

    template: str
    box: str
    first: Inked
    where: Any
    count: int
    inside: float


MM_TOLERANCE = 0.05  # mm: rounding of points written with a few decimals


def safe_zone_breaches(faces: Iterable[tuple[Any, Inked]], safe_zone: float) -> list[SafeZoneBreach]:
    """Every template box whose ink (`PreparedFace.ink`) leaves the safe zone on some face, once per box.
    The build's preflight places faces by page, `pnp check` by their content; both ask this."""
    found: dict[tuple[str, str], SafeZoneBreach] = {}
    for where, face in faces:
        size = face.template.size
        for name, box in face.ink():
            inside = min(box.x, box.y, size.width - box.right, size.height - box.bottom)
            if inside >= safe_zone - MM_TOLERANCE:
                continue
            key = (face.template.name, name)
            seen = found.get(key)
            found[key] = (SafeZoneBreach(key[0], name, face, where, 1, inside) if seen is None else
                          replace(seen, count=seen.count + 1, inside=min(seen.inside, inside)))
    return list(found.values())


def _block(fitted: Fitted, box: Box) -> Box | None:
    block = fitted.block()
    if block is None:
        return None
    left, top, right, bottom = (v / PT_PER_MM for v in block)
    return Box(box.x + left, box.y + top, right - left, bottom - top)


def prepare_face(face: Face, template: Template, ctx: RenderContext) -> tuple[PreparedFace, list[Finding]]:
    """Resolve every box of the template against the face's fields; findings for what cannot print."""
    ops: list[_Op] = []
    findings: list[Finding] = []
    for spec in template.boxes:
        model = spec.model
        if not spec.shows(face.fields):
            continue
        value = face.fields.get(model.field) if model.field else None
        op = _Op(spec, spec.box.grow(ctx.bleed) if model.bleed else spec.box)
        if model.type == "rect":
            op.fill = box_fill(template, model, face.fields)
            op.stroke = template.face_color(face.fields, model.stroke_field) or (
                template.color(model.stroke) if model.stroke else None)
        elif model.type == "text":
            markup = str(value) if value is not None else model.text or ""
            style = spec.text_style
            if model.color_field or model.color == AUTO_COLOR:  # the colour this face gets, as the contrast check judged it
                layers = [(done.box, IMAGE if done.spec.model.type == "art" else done.fill) for done in ops]
                style = replace(style, color=text_ink(template, model, face.fields, ground_at(layers, spec.box)))
            op.fitted = _fit(markup, op.box, style, ctx)
            findings += _text_findings(op.fitted, face, model.field or spec.name, ctx)
        elif model.type in ("icon", "icons"):
            names = value if isinstance(value, list) else [value or model.icon]
            op.icons = [str(name) for name in names if name]
        elif model.type == "art":
            op.image, problem = _art(value, op.box, face, ctx)
            findings += [problem] if problem else []
        elif model.type == "rows":
            op.rows, problems = _rows(value, op.box, spec, face, ctx)
            findings += problems
        ops.append(op)
    return PreparedFace(face, template, ops, ctx.bleed, faultless=not findings), findings


def _fit(markup: str, box: Box, style: TextStyle, ctx: RenderContext) -> Fitted:
    return fit_text(markup, pt(box.width), pt(box.height), style, ctx.locale)


def _text_findings(fitted: Fitted, face: Face, field_name: str, ctx: RenderContext) -> list[Finding]:
    findings = []
    if not fitted.fits:
        at = face.translated.get(field_name) or face.where  # a translation is shortened where it is written
        file, line, column = (at.file, at.line, at.column) if at else (ctx.game, 1, 1)
        message = (f"{ctx.game} [{ctx.locale}] {face.kind} {face.id!r}: field {field_name!r} overflows its box by "
                   f"{fitted.overflow_mm:.1f} mm at the minimum size {fitted.style.min_size:g}pt")
        findings.append(error("FIT-OVERFLOW", message, file, line, column,
                              hint="shorten the text, or give the box more room or a smaller minimum size"))
    return findings


def _art(value: Any, box: Box, face: Face, ctx: RenderContext) -> tuple[Path | None, Finding | None]:
    if not value:
        return None, None
    file, line = (face.where.file, face.where.line) if face.where else (ctx.game, 1)
    path, problem = resolve_art(ctx.root, str(value), file, line)
    if path is None:
        return None, problem
    try:
        return prepared_art(path, box, ctx.cache_dir, ctx.refresh_art), None
    except WriteError as exc:
        return None, exc.finding()


Row = tuple[list[str], Fitted, Box]


def _rows(value: Any, box: Box, spec: BoxSpec, face: Face, ctx: RenderContext) -> tuple[list[Row], list[Finding]]:
    rows = value if isinstance(value, list) else []
    if not rows:
        return [], []
    gap = spec.gap
    height = (box.height - gap * (len(rows) - 1)) / len(rows)
    out: list[Row] = []
    findings: list[Finding] = []
    for i, row in enumerate(rows):
        colors = [str(c) for c in row.get("colors", [])]
        chip = min(height, 4.2)
        chips_width = chip * len(colors) + 0.8
        text_box = Box(box.x + chips_width + 0.8, box.y + i * (height + gap), box.width - chips_width - 0.8, height)
        fitted = _fit(str(row.get("text", "")), text_box, spec.text_style, ctx)
        findings += _text_findings(fitted, face, f"{spec.model.field}[{i}]", ctx)
        out.append((colors, fitted, text_box))
    return out, findings


def _draw_op(c: Canvas, op: _Op, height: float, face: Face, template: Template) -> None:
    model, box = op.spec.model, op.box
    x, y, w, h = box.pdf_rect(height)
    if model.type == "rect":
        stroke = op.stroke
        if op.fill:
            c.setFillColor(rgb(op.fill))
        if stroke:
            c.setStrokeColor(rgb(stroke))
            c.setLineWidth(op.spec.stroke_width)
        if op.spec.radius:
            c.roundRect(x, y, w, h, pt(op.spec.radius), fill=1 if op.fill else 0, stroke=1 if stroke else 0)
        else:
            c.rect(x, y, w, h, fill=1 if op.fill else 0, stroke=1 if stroke else 0)
    elif model.type == "text" and op.fitted is not None:
        op.fitted.draw(c, x, y + h)
    elif model.type in ("icon", "icons"):
        size = min(h, (w - pt(op.spec.gap) * (len(op.icons) - 1)) / max(1, len(op.icons)))
        total = size * len(op.icons) + pt(op.spec.gap) * (len(op.icons) - 1)
        left = x + (w - total) / 2 if model.align == "center" or model.type == "icon" else x
        for i, name in enumerate(op.icons):
            draw_icon(c, name, left + i * (size + pt(op.spec.gap)), y + (h - size) / 2, size)
    elif model.type == "art":
        if op.image is not None:
            c.drawImage(str(op.image), x, y, w, h)
        else:
            draw_placeholder(c, face.kind, face.id, x, y, w, h)
    elif model.type == "rows":
        for colors, fitted, text_box in op.rows:
            tx, ty, tw, th = text_box.pdf_rect(height)
            chip = min(th, pt(4.2))
            for i, name in enumerate(colors):
                draw_icon(c, name, x + i * chip, ty + (th - chip) / 2, chip)
            fitted.draw(c, tx, ty + th)
