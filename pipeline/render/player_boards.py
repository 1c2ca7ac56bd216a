"""Player boards: one per page, at full size, centred on the sheet with bleed and crop marks."""

from __future__ import annotations

import re

from pipeline.findings import Finding

from .board import BoardPlan, board_form
from .fonts import font_name
from .icons import rgb
from .pdf import Document
from .profiles import Profile
from .units import Size, pt


class PaperError(ValueError):
    """A board that does not fit the paper (reported as a finding by the caller)."""


def player_boards_pdf(title: str, plans: list[BoardPlan], profile: Profile) -> tuple[bytes, int, list[Finding]]:
    """Every player board on its own sheet (landscape for a wide board); the PDF, its pages and findings."""
    findings: list[Finding] = []
    first = plans[0].size if plans else Size(1, 1)
    paper = profile.paper
    sheet = paper.swapped() if (first.width > first.height) != (paper.width > paper.height) else paper
    doc = Document(title, (pt(sheet.width), pt(sheet.height)))
    for index, plan in enumerate(plans):
        size = plan.size
        need = 2 * (profile.bleed + max(profile.margin, 0.0))
        if size.width + need > sheet.width + 0.01 or size.height + need > sheet.height + 0.01:
            raise PaperError(f"a {size.width:g}x{size.height:g} mm player board does not fit on "
                             f"{sheet.width:g}x{sheet.height:g} mm paper with its bleed")
        name = f"P{index}_" + re.sub(r"[^A-Za-z0-9]", "_", plan.spec.id)[:60]
        findings += board_form(doc, name, plan)
        left, top = (sheet.width - size.width) / 2, (sheet.height - size.height) / 2
        c = doc.canvas
        c.saveState()
        path = c.beginPath()
        path.rect(pt(left - plan.bleed), pt(sheet.height - top - size.height - plan.bleed), pt(size.width + 2 * plan.bleed),
                  pt(size.height + 2 * plan.bleed))
        c.clipPath(path, stroke=0, fill=0)
        c.translate(pt(left), pt(sheet.height - top - size.height))
        c.doForm(name)
        c.restoreState()
        _crop_marks(doc, sheet, left, top, size, profile)
        c.setFillColor(rgb("#555555"))
        c.setFont(font_name("regular"), 6)
        c.drawString(pt(left + 2), pt(sheet.height - top + profile.bleed + 1.5), f"{title} \u00b7 {plan.spec.title}")
        doc.end_page()
    return doc.finish(), doc.pages, findings


def _crop_marks(doc: Document, sheet: Size, left: float, top: float, size: Size, profile: Profile) -> None:
    c = doc.canvas
    c.setStrokeColor(rgb("#000000"))
    c.setLineWidth(profile.crop_width)
    start = max(profile.crop_offset, profile.bleed + 0.5)
    length = min(profile.crop_length, left - start - profile.margin, top - start - profile.margin)  # end at the margin
    if length <= 0.5:
        return
    right, bottom = left + size.width, top + size.height
    for x in (left, right):
        for y, d in ((top, -1), (bottom, 1)):
            c.line(pt(x), pt(sheet.height - y - d * start), pt(x), pt(sheet.height - y - d * (start + length)))
    for y in (top, bottom):
        for x, d in ((left, -1), (right, 1)):
            c.line(pt(x + d * start), pt(sheet.height - y), pt(x + d * (start + length)), pt(sheet.height - y))
