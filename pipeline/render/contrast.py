"""Text that prints in a colour too close to what is printed under it (LAYOUT-CONTRAST).

For each face, each text box it draws is followed down to what lies under the box's centre, as
`faces.prepare_face` draws it: the last filled rect drawn before it there (the colour its `fill_field` gives
the face — a colour field, or the colour of an enum value — else its fill; a rect with `when` only where the
face has that field), else the paper. An image under the text is left alone: its colours are unknown here.
The text prints in the colour its `color_field` gives the face, else its `color`; `auto` is ink or light,
whichever contrasts more with that ground (`auto_ink`, which the renderer uses too).

The ratio is WCAG 2's contrast ratio of the two colours' relative luminances (1 to 21). Below `INVISIBLE`
the text cannot be read on paper at all: an error, since the card prints without it (a light pack symbol
on a light card printed so). Below `FAINT`, WCAG's floor for large text, it is a warning a designer may
accept. Each (template, box, text colour, background) is reported once, at the box's `color` line (its
`color_field` line where the face's data colours the text), naming the first face.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from pipeline.findings import Finding, error, warning
from pipeline.rules.components import Components, Face

from .icons import rgb
from .layouts import AUTO_COLOR, AUTO_INKS, BoxModel, BoxSpec, Layouts, Template
from .units import Box

INVISIBLE = 1.5
FAINT = 3.0
PAPER = "#ffffff"
IMAGE = "image"  # a layer of unknown colours
Layer = tuple[Box, "str | None"]  # a drawn box and what it paints: a colour, IMAGE, or None (a stroke only)


@lru_cache(maxsize=512)
def luminance(color: str) -> float:
    """WCAG 2 relative luminance of a colour reportlab can parse (0 black to 1 white)."""
    parsed = rgb(color)

    def linear(channel: float) -> float:
        return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4

    return 0.2126 * linear(parsed.red) + 0.7152 * linear(parsed.green) + 0.0722 * linear(parsed.blue)


def contrast_ratio(a: str, b: str) -> float:
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def contrast_findings(components: Components, layouts: Layouts) -> list[Finding]:
    """LAYOUT-CONTRAST for every text box some face prints too close in colour to the fill under it (each face judged
    with the colours it really gets: a fill or text colour from its data is that face's)."""
    findings: dict[tuple[str, str, str, str], Finding] = {}
    for face in _faces(components):
        template = layouts.template_for(components.game, face.kind)
        if template is None:
            continue
        for spec, ink, ground in _texts_on_grounds(face, template):
            key = (template.name, spec.name, ink, ground)
            if key in findings:
                continue
            finding = _judge(template, spec, ink, ground, face)
            if finding is not None:
                findings[key] = finding
    return sorted(findings.values())


def _faces(components: Components) -> Iterable[Face]:
    seen: set[int] = set()
    for face in components.faces():
        if id(face) not in seen:
            seen.add(id(face))
            yield face


def _texts_on_grounds(face: Face, template: Template) -> Iterable[tuple[BoxSpec, str, str]]:
    """Each text box the face draws, with its colour and the colour under its centre (none where an image lies there)."""
    layers: list[Layer] = []
    for spec in template.boxes:
        if not _drawn(spec, face):
            continue
        model = spec.model
        if model.type == "text":
            ground = ground_at(layers, spec.box)
            if ground is not None:
                yield spec, text_ink(template, model, face.fields, ground), ground
        elif model.type == "art":
            layers.append((spec.box, IMAGE))
        elif model.type == "rect":
            layers.append((spec.box, box_fill(template, model, face.fields)))


def _drawn(spec: BoxSpec, face: Face) -> bool:
    """As `faces.prepare_face` decides it; a text box with no text prints nothing to judge."""
    model = spec.model
    return spec.shows(face.fields) and (model.type != "text" or bool(face.fields.get(model.field) if model.field else model.text))


def box_fill(template: Template, model: BoxModel, fields: Mapping[str, Any]) -> str | None:
    """The colour a rect fills with on a face: the colour its `fill_field` gives the face, else its `fill`."""
    return template.face_color(fields, model.fill_field) or (template.color(model.fill) if model.fill else None)


def text_ink(template: Template, model: BoxModel, fields: Mapping[str, Any], ground: str | None) -> str:
    """The colour a text box prints in on a face: its `color_field`'s, else `auto` on this ground, else its `color`."""
    return (template.face_color(fields, model.color_field)
            or (auto_ink(template, ground) if model.color == AUTO_COLOR else template.color(model.color)))


def ground_at(layers: Sequence[Layer], box: Box) -> str | None:
    """The colour printed under the centre of box: the last filled layer there, the paper if none, None if an image."""
    x, y = box.x + box.width / 2, box.y + box.height / 2
    for area, fill in reversed(layers):
        if fill is not None and area.x <= x <= area.right and area.y <= y <= area.bottom:
            return None if fill == IMAGE else fill
    return PAPER


def auto_ink(template: Template, ground: str | None) -> str:
    """`color: auto`: the template's ink or light, whichever contrasts more with the ground (ink on an image)."""
    ink, light = (template.color(name) for name in AUTO_INKS)
    if ground is None:
        return ink
    return max((ink, light), key=lambda color: contrast_ratio(color, ground))


def _judge(template: Template, spec: BoxSpec, ink: str, ground: str, face: Face) -> Finding | None:
    try:
        ratio = contrast_ratio(ink, ground)
    except ValueError:  # an unparsable colour is LAYOUT-COLOR already
        return None
    if ratio >= FAINT:
        return None
    at = template.where(spec.name, "color_field" if template.face_color(face.fields, spec.model.color_field) else "color")
    message = (f"template {template.name!r}: box {spec.name!r} prints {ink} on {ground} (contrast {ratio:.2f}:1, "
               f"e.g. {face.kind} {face.id!r})")
    if ratio < INVISIBLE:
        return error("LAYOUT-CONTRAST", message + "; the text cannot be read on paper", at.file, at.line, at.column,
                     hint=f"choose a text colour of contrast {FAINT:g}:1 or more against the fill under the box")
    return warning("LAYOUT-CONTRAST", message + f"; below {FAINT:g}:1 it reads poorly in print", at.file, at.line,
                   at.column, hint="choose a darker (or lighter) text colour, or accept the warning")
