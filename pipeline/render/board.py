"""A board drawn at full size from its description and its layout template, once, as a PDF form.

The template (`layouts/<game>/boards.yaml`) gives the board's size and palette and a box per named
area; boxes that name no area (background, map frame) are drawn as plain panels first. Then the
map (roads and locations), then every area. A location off the board is a finding and is left
out; a location under an area is a warning; an area with no box is a finding.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pipeline.findings import Finding, Severity, error, warning
from pipeline.rules.boards import BoardLocation, BoardSpec

from .board_areas import draw_area
from .board_colors import BoardColors, board_colors
from .board_map import FOOTPRINT_NAME, FOOTPRINT_SITE, RADIUS, draw_map
from .layouts import BoxSpec, Layouts, Template
from .pdf import Document
from .pen import Origin, Pen
from .units import Box, Size, pt


@dataclass
class BoardPlan:
    """A board checked against its template: what can be drawn, and the findings of what cannot."""

    spec: BoardSpec
    template: Template
    origin: Origin
    colors: BoardColors
    sizes: dict[str, Size]
    locations: list[BoardLocation] = field(default_factory=list)
    boxes: dict[str, BoxSpec] = field(default_factory=dict)
    findings: list[Finding] = field(default_factory=list)
    bleed: float = 0.0  # background boxes marked `bleed: true` grow by this much (player boards cut on their own)

    @property
    def size(self) -> Size:
        return Size(self.spec.width, self.spec.height)


def plan_board(spec: BoardSpec, game: str, locale: str, layouts: Layouts,
               bleed: float = 0.0) -> tuple[BoardPlan | None, list[Finding]]:
    """Match a board with its template; positions and areas that do not fit are findings."""
    where = spec.where
    origin = Origin(game, locale, spec.id, where.file if where else game, where.line if where else 1,
                    where.column if where else 1)
    template = layouts.template_for(game, spec.template)
    if template is None:
        return None, [error("LAYOUT-MISSING", f"{game}: no board layout template {spec.template!r}", origin.file,
                            origin.line, hint=f"add a template named {spec.template!r} under layouts/{game}/")]
    colors, missing = board_colors(template)
    if colors is None:
        return None, [error("LAYOUT-COLOR", f"{game}: board layout template {template.name!r} names no colour "
                            f"{', '.join(repr(name) for name in missing)} in its palette", template.file, template.line,
                            hint="extend the shared `board-base` template (layouts/base.yaml), which names every board colour")]
    sizes = {kind: t.size for name, t in layouts.templates.items() if (kind := name.rpartition("/")[2])
             and layouts.template_for(game, kind) is t}
    plan = BoardPlan(spec, template, origin, colors, sizes, boxes={box.name: box for box in template.boxes}, bleed=bleed)
    if abs(template.size.width - spec.width) > 0.01 or abs(template.size.height - spec.height) > 0.01:
        plan.findings.append(warning("BOARD-SIZE", f"{game}: board {spec.id!r} is {spec.width:g}x{spec.height:g} mm, its "
                                     f"layout {template.name!r} {template.size.width:g}x{template.size.height:g} mm",
                                     template.file))
    for area in spec.areas:
        if area.id not in plan.boxes:
            plan.findings.append(error("BOARD-AREA", f"{game}: board {spec.id!r} has an area {area.id!r} but its layout "
                                       f"{template.name!r} has no box for it", template.file,
                                       hint=f"add a box named {area.id!r} to the template"))
    area_boxes = [plan.boxes[a.id].box for a in spec.areas if a.id in plan.boxes]
    for loc in spec.locations:
        problem = _position_finding(loc, spec, area_boxes, game, locale)
        if problem is not None:
            plan.findings.append(problem)
        if problem is None or problem.severity is not Severity.ERROR:
            plan.locations.append(loc)
    return plan, list(plan.findings)


def _position_finding(loc: BoardLocation, spec: BoardSpec, areas: list[Box], game: str, locale: str) -> Finding | None:
    file, line, column = (loc.where.file, loc.where.line, loc.where.column) if loc.where else (game, 1, 1)
    name = f"{game} [{locale}] {spec.id}: location {loc.number} {loc.name!r} at ({loc.x:g}, {loc.y:g}) mm"
    if not (0 <= loc.x <= spec.width and 0 <= loc.y <= spec.height):
        return error("BOARD-POSITION", f"{name} lies outside the {spec.width:g}x{spec.height:g} mm board and is not drawn",
                     file, line, column, hint="move it onto the board")
    disc = Box(loc.x - RADIUS, loc.y - RADIUS, 2 * RADIUS, 2 * RADIUS)
    footprint = Box(disc.x, disc.y, disc.width, disc.height + (FOOTPRINT_SITE if loc.site else FOOTPRINT_NAME))
    if disc.x < 0 or disc.y < 0 or disc.right > spec.width or disc.bottom > spec.height:
        return warning("BOARD-POSITION", f"{name} is cut by the board's edge", file, line, column,
                       hint=f"keep locations {RADIUS:g} mm or more inside the board")
    if any(_overlaps(footprint, area) for area in areas):
        return warning("BOARD-OVERLAP", f"{name} lies under an area of the board layout", file, line, column,
                       hint="move the location, or the area's box in the board layout")
    return None


def _overlaps(a: Box, b: Box) -> bool:
    return a.x < b.right and b.x < a.right and a.y < b.bottom and b.y < a.bottom


def draw_board(pen: Pen, plan: BoardPlan) -> None:
    """The whole board with its top-left at the top-left of the pen's drawing."""
    spec, template = plan.spec, plan.template
    area_ids = {a.id for a in spec.areas}
    for box in template.boxes:
        if box.name not in area_ids and box.model.type == "rect":
            _panel(pen, box, template, spec.color, plan.bleed)
    frame = plan.boxes.get("map")
    draw_map(pen, spec, plan.locations, plan.colors, frame.box if frame else None)
    for area in spec.areas:
        spec_box = plan.boxes.get(area.id)
        if spec_box is not None:
            fill, stroke = _colors(spec_box, template, spec.color)
            draw_area(pen, area, spec_box.box, fill, stroke, spec_box.radius, spec_box.gap, plan.sizes, plan.colors)


def _colors(box: BoxSpec, template: Template, accent: str) -> tuple[str | None, str | None]:
    model = box.model
    fill = accent if model.fill_field == "color" and accent else template.color(model.fill) if model.fill else None
    stroke = template.color(model.stroke) if model.stroke else None
    return fill, stroke


def _panel(pen: Pen, box: BoxSpec, template: Template, accent: str, bleed: float) -> None:
    fill, stroke = _colors(box, template, accent)
    pen.rect(box.box.grow(bleed) if box.model.bleed else box.box, fill=fill, stroke=stroke, width=box.stroke_width,
             radius=box.radius)


def board_form(doc: Document, name: str, plan: BoardPlan) -> list[Finding]:
    """Draw the board once as a form XObject `name` (origin bottom-left, 1 unit = 1 pt); its findings."""
    c = doc.canvas
    size = plan.size
    bleed = pt(plan.bleed)
    c.beginForm(name, -bleed, -bleed, pt(size.width) + bleed, pt(size.height) + bleed)
    pen = Pen(c, size.height, plan.origin)
    draw_board(pen, plan)
    c.endForm()
    return pen.findings
