"""The duplex calibration sheet (calibration.pdf): a front with a horizontal and a vertical millimetre ruler, and
a back with one line across each ruler, drawn where the backs of the sheet PDFs go (the back offset included).

Held to the light, a double-sided print shows where the back's lines fall on the rulers. The numbers are laid
out so that what is read is what --back-offset needs added: the back is mirrored left to right, so the
horizontal ruler counts to the right like the X offset; the vertical ruler counts downwards, the opposite of
the Y offset (backs move up), because a back that lands low is corrected by moving it up.
"""

from __future__ import annotations

from collections.abc import Mapping

from pipeline.rules.print_labels import CALIBRATION_LABELS as LABELS

from .fonts import font_name
from .imposition import Offset
from .pdf import Document
from .pen import style
from .richtext import fit_text
from .units import BACK_OFFSET_LIMIT, Box, Size, pt

RULER_GAP = 35.0  # mm from the sheet's centre to each ruler's centre
LINE_REACH = 12.0  # mm the back's lines reach either side of a ruler
TICK, LONG_TICK = 3.0, 6.0  # mm; every 5 mm a long tick with its number


def calibration_pdf(paper: Size, offset: Offset, labels: Mapping[str, str], locale: str) -> Document:
    """The front (title, help, rulers) and the back (the two lines and the offset they were drawn with)."""
    text = {**LABELS, **labels}
    doc = Document(text["calibration"], (pt(paper.width), pt(paper.height)))
    doc.outline(text["calibration"])
    c = doc.canvas
    mid_x = paper.width / 2
    across, down = paper.height / 2 - RULER_GAP, paper.height / 2 + RULER_GAP  # the rulers' centres, mm from the top
    c.setFillColor("#222222")
    c.setFont(font_name("bold"), 14)
    c.drawCentredString(pt(mid_x), pt(paper.height - 30), text["calibration"])
    help_box = Box(25, 38, paper.width - 50, 30)
    fit_text(text["calibration-help"], pt(help_box.width), pt(help_box.height), style(10, 7), locale).draw(
        c, pt(help_box.x), pt(paper.height - help_box.y))
    c.setStrokeColor("#000000")
    c.setLineWidth(0.3)
    c.setFont(font_name("regular"), 6)
    for mm in range(-BACK_OFFSET_LIMIT, BACK_OFFSET_LIMIT + 1):
        tick = LONG_TICK if mm % 5 == 0 else TICK
        x, y = mid_x + mm, down + mm  # along the horizontal ruler; down the vertical one
        c.line(pt(x), pt(paper.height - across), pt(x), pt(paper.height - across + tick))
        c.line(pt(mid_x), pt(paper.height - y), pt(mid_x + tick), pt(paper.height - y))
        if mm % 5 == 0:
            c.drawCentredString(pt(x), pt(paper.height - across + LONG_TICK + 2), _signed(mm))
            c.drawString(pt(mid_x + LONG_TICK + 2), pt(paper.height - y - 1), _signed(mm))
    c.setFont(font_name("bold"), 10)
    c.drawRightString(pt(mid_x - BACK_OFFSET_LIMIT - 3), pt(paper.height - across + 1), "X")
    c.drawCentredString(pt(mid_x), pt(paper.height - down + BACK_OFFSET_LIMIT + 3), "Y")
    doc.end_page()
    # The back: each line where a back printed with this offset puts the ruler's 0 (mirrored: x stays centred).
    c.setStrokeColor("#000000")
    c.setLineWidth(0.5)
    x = mid_x + offset[0]
    c.line(pt(x), pt(paper.height - across + LINE_REACH), pt(x), pt(paper.height - across - LINE_REACH))
    y = down - offset[1]
    c.line(pt(mid_x - LINE_REACH), pt(paper.height - y), pt(mid_x + LINE_REACH), pt(paper.height - y))
    c.setFillColor("#222222")
    c.setFont(font_name("regular"), 8)
    # Written as the option is typed (a decimal point in every language: the comma separates X and Y).
    x_mm, y_mm = (f"{value + 0.0:+g}" for value in offset)  # + 0.0: no "-0"
    c.drawCentredString(pt(mid_x), pt(paper.height - down - BACK_OFFSET_LIMIT - 12), f"--back-offset {x_mm},{y_mm}")
    doc.end_page()
    return doc


def _signed(mm: int) -> str:
    return f"{mm:+d}" if mm else "0"
