"""The plain reportlab baseline: N text cards drawn straight onto the canvas, what the library does with no pipeline.

Each card is a poker card (63.5 x 88.9 mm), nine to an A4 page (3 x 3): a frame, a title, a circle
(an icon disc) and a wrapped paragraph, in the pipeline's default TTF font (Vera, shipped in layouts/fonts,
pipeline/font_files.py; never a system font). Each card's text differs, so nothing is drawn once
and repeated. Prints the cards drawn and cards per second of the drawing alone; the benchmark that
runs it (bench_render.py) times the whole process as it times `pnp build`.
Usage: .venv/bin/python benchmarks/baseline_reportlab.py [--cards N] [--out FILE]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from pipeline.font_files import DEFAULT

CARD_W, CARD_H = 63.5 * mm, 88.9 * mm
COLUMNS, ROWS = 3, 3
WORDS = ("draw two cards then discard one gain gold equal to your level move to an adjacent location "
         "fight the monster there with your shield raised and take a trophy if you win").split()


def card_text(number: int) -> str:
    """About thirty words of rules-like text, different for each card."""
    start = number % len(WORDS)
    words = (WORDS[start:] + WORDS[:start])[:28 + number % 5]
    return f"<b>{number + 1}.</b> " + " ".join(words).capitalize() + "."


def draw(cards: int, out: Path) -> float:
    """Draw the cards into out; the seconds it took (fonts registered and file written included)."""
    started = time.perf_counter()
    regular, bold = DEFAULT.registered("regular"), DEFAULT.registered("bold")
    for style in ("regular", "bold"):
        pdfmetrics.registerFont(TTFont(DEFAULT.registered(style), str(DEFAULT.file(style))))
    pdfmetrics.registerFontFamily(regular, normal=regular, bold=bold, italic=regular, boldItalic=bold)
    body = ParagraphStyle("body", fontName=regular, fontSize=8, leading=10)
    canvas = Canvas(str(out), pagesize=A4)
    page_w, page_h = A4
    left = (page_w - COLUMNS * CARD_W) / 2
    bottom = (page_h - ROWS * CARD_H) / 2
    for number in range(cards):
        slot = number % (COLUMNS * ROWS)
        if number and slot == 0:
            canvas.showPage()
        x = left + (slot % COLUMNS) * CARD_W
        y = bottom + (ROWS - 1 - slot // COLUMNS) * CARD_H
        canvas.setLineWidth(0.5)
        canvas.roundRect(x + 2 * mm, y + 2 * mm, CARD_W - 4 * mm, CARD_H - 4 * mm, 3 * mm)
        canvas.setFont(bold, 11)
        canvas.drawString(x + 5 * mm, y + CARD_H - 10 * mm, f"Card {number + 1}")
        canvas.circle(x + CARD_W - 10 * mm, y + CARD_H - 10 * mm, 4 * mm, stroke=1, fill=0)
        paragraph = Paragraph(card_text(number), body)
        _, height = paragraph.wrap(CARD_W - 10 * mm, CARD_H - 25 * mm)
        paragraph.drawOn(canvas, x + 5 * mm, y + CARD_H - 18 * mm - height)
    canvas.showPage()
    canvas.save()
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cards", type=int, default=766)
    parser.add_argument("--out", type=Path, default=Path("baseline-reportlab.pdf"))
    args = parser.parse_args()
    seconds = draw(args.cards, args.out)
    print(f"{args.cards} cards in {seconds:.3f} s: {args.cards / seconds:.0f} cards/s ({args.out})")


if __name__ == "__main__":
    main()
