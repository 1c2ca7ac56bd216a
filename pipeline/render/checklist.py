"""The checklist page (checklist.pdf): every component of a build's lists, how many printed, in which file and on
which pages, each with a box a playtester ticks as the pieces are cut out and sorted."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.pdfbase.pdfmetrics import stringWidth

from .fonts import font_name
from .pdf import Document
from .pen import style
from .richtext import fit_text
from .units import Size, pt

MARGIN = 15.0  # mm around the page's text
ROW = 6.0  # mm per row
BOX = 3.2  # mm, the tick box
COLUMNS = (MARGIN + 7, 0.52, 0.64)  # mm of the title; fractions of the width where count and place start


@dataclass(frozen=True)
class ChecklistRow:
    """One line of the checklist: a pack's heading (`heading`), or a component with its count and where it printed
    (`place`: a file and its pages, or what the table supplies)."""

    title: str
    count: int = 0
    place: str = ""
    heading: bool = False


def checklist_pdf(title: str, help_text: str, headers: Sequence[str], rows: Sequence[ChecklistRow], paper: Size,
                  locale: str) -> Document:
    """The checklist on as many pages as its rows need, the column headers on each page."""
    doc = Document(title, (pt(paper.width), pt(paper.height)))
    doc.outline(title)
    c = doc.canvas
    width = paper.width - 2 * MARGIN
    count_x, place_x = MARGIN + width * COLUMNS[1], MARGIN + width * COLUMNS[2]
    y = _page_top(doc, title, help_text, headers, paper, locale, count_x, place_x)
    for row in rows:
        if y + ROW > paper.height - MARGIN:
            doc.end_page()
            y = _page_top(doc, title, "", headers, paper, locale, count_x, place_x)
        baseline = pt(paper.height - y - ROW + 1.8)
        if row.heading:
            c.setFont(font_name("bold"), 10)
            c.drawString(pt(MARGIN), baseline, row.title)
        else:
            c.setStrokeColor("#000000")
            c.setLineWidth(0.6)
            c.rect(pt(MARGIN + 1), pt(paper.height - y - ROW + 1.3), pt(BOX), pt(BOX))
            c.setFont(font_name("regular"), 9)
            c.drawString(pt(COLUMNS[0]), baseline, _clipped(row.title, count_x - COLUMNS[0] - 2, 9))
            c.drawRightString(pt(place_x - 6), baseline, str(row.count))
            c.drawString(pt(place_x), baseline, _clipped(row.place, MARGIN + width - place_x, 9))
        y += ROW
    doc.end_page()
    return doc


def _page_top(doc: Document, title: str, help_text: str, headers: Sequence[str], paper: Size, locale: str,
              count_x: float, place_x: float) -> float:
    """The title, the help (first page only) and the column headers; the mm from the top where rows start."""
    c = doc.canvas
    c.setFillColor("#222222")
    c.setFont(font_name("bold"), 14)
    c.drawString(pt(MARGIN), pt(paper.height - MARGIN - 5), title)
    y = MARGIN + 9
    if help_text:
        fit_text(help_text, pt(paper.width - 2 * MARGIN), pt(12), style(9, 7), locale).draw(
            c, pt(MARGIN), pt(paper.height - y))
        y += 13
    c.setFont(font_name("bold"), 8)
    component, count, place = headers
    baseline = pt(paper.height - y - 3)
    c.drawString(pt(COLUMNS[0]), baseline, component)
    c.drawRightString(pt(place_x - 6), baseline, count)
    c.drawString(pt(place_x), baseline, place)
    c.setLineWidth(0.4)
    c.line(pt(MARGIN), pt(paper.height - y - 4.5), pt(paper.width - MARGIN), pt(paper.height - y - 4.5))
    return y + 5


def _clipped(text: str, width_mm: float, size: float) -> str:
    """The text cut to the column's width with an ellipsis (a long deck title must not run into the count)."""
    font = font_name("regular")
    if stringWidth(text, font, size) <= pt(width_mm):
        return text
    while text and stringWidth(text + "…", font, size) > pt(width_mm):
        text = text[:-1]
    return text + "…"


def pages_text(pages: Sequence[int]) -> str:
    """Pages as ranges: 1-3, 7. Fronts two pages apart (a duplex back between them) make one range: 1, 3, 5 is 1-5."""
    spans: list[list[int]] = []
    for page in sorted(set(pages)):
        if spans and page <= spans[-1][1] + 2:
            spans[-1][1] = page
        else:
            spans.append([page, page])
    return ", ".join(f"{a}" if a == b else f"{a}-{b}" for a, b in spans)

