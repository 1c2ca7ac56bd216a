"""The duplex calibration sheet (calibration.pdf, written with the cards in duplex) and `--back-offset X,Y`:
localized text, a horizontal and a vertical millimetre ruler, the back's lines where the offset puts them, and
backs shifted both ways on the card sheets."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from pipeline.app.build import parse_back_offset
from pipeline.app.project import UsageError
from pipeline.render.units import PT_PER_MM

from .conftest import Build

DECK = ("--target", "cards", "--deck", "starting-wolf")
LINE = re.compile(rb"n ([\d.]+) ([\d.]+) m ([\d.]+) ([\d.]+) l S")
PLACED = re.compile(rb"1 0 0 1 ([\d.]+) ([\d.]+) cm\n/FormXob")


def lines(page) -> list[tuple[float, float, float, float]]:  # type: ignore[no-untyped-def]
    """Every straight line a page strokes, in mm (x1, y1, x2, y2; y up from the bottom)."""
    data = page.get_contents().get_data()
    return [tuple(float(v) / PT_PER_MM for v in match) for match in LINE.findall(data)]  # type: ignore[misc]


@pytest.mark.parametrize(("text", "offset"), [("1.5", (1.5, 0.0)), ("1.5,-2", (1.5, -2.0)), ("-10,10", (-10.0, 10.0))])
def test_a_back_offset_is_x_or_x_and_y(text: str, offset: tuple[float, float]) -> None:
    assert parse_back_offset(text) == offset


@pytest.mark.parametrize("text", ["", "ten", "1,2,3", "1,", "11", "0,-10.5", "0,nan", "inf,0"])
def test_a_back_offset_that_is_no_pair_of_mm_within_10_is_a_usage_error(text: str) -> None:
    with pytest.raises(UsageError, match="--back-offset"):
        parse_back_offset(text)


@pytest.fixture(scope="module")
def shifted(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from .conftest import run_build

    base = tmp_path_factory.mktemp("calibration")
    code, report, out = run_build(base / "out", base / "cache", *DECK, "--back-offset", "1.5,-2")
    assert code == 0, report["findings"]
    written = json.loads((out / "old-world" / "build-report.json").read_text(encoding="utf-8"))
    assert written["options"]["back_offset"] == [1.5, -2.0]
    return out / "old-world"


def test_the_calibration_sheet_speaks_the_locale(shifted: Path) -> None:
    for locale, title, words in (("en", "Duplex calibration", "hold it to the light"),
                                 ("de", "Kalibrierung für den beidseitigen Druck", "gegen das Licht")):
        reader = PdfReader(shifted / locale / "calibration.pdf")
        assert len(reader.pages) == 2
        front = " ".join(reader.pages[0].extract_text().split())
        assert front.startswith(title) and words in front and "--back-offset X,Y" in front
        assert [entry.title for entry in reader.outline] == [title]
        assert "--back-offset +1.5,-2" in reader.pages[1].extract_text()
        cards = " ".join(page.extract_text() for page in PdfReader(shifted / locale / "cards.pdf").pages)
        assert title not in cards  # the card sheets hold cards only


def test_the_front_has_a_horizontal_and_a_vertical_ruler_the_back_a_line_across_each(shifted: Path) -> None:
    reader = PdfReader(shifted / "en" / "calibration.pdf")
    width, height = (float(v) / PT_PER_MM for v in reader.pages[0].mediabox.upper_right)
    front = lines(reader.pages[0])
    ticks_across = sorted(x1 for x1, y1, x2, y2 in front if x1 == x2 and round(abs(y2 - y1), 3) in (3.0, 6.0))
    ticks_down = sorted(y1 for x1, y1, x2, y2 in front if y1 == y2 and round(abs(x2 - x1), 3) in (3.0, 6.0))
    assert ticks_across == pytest.approx([width / 2 + mm for mm in range(-10, 11)], abs=0.01)
    assert len(ticks_down) == 21 and ticks_down == pytest.approx([ticks_down[10] + mm for mm in range(-10, 11)], abs=0.01)
    back = lines(reader.pages[1])
    assert len(back) == 2
    (x1, _, x2, _), (_, y1, _, y2) = back
    assert x1 == x2 == pytest.approx(width / 2 + 1.5, abs=0.01)  # X moves the back's line right
    assert y1 == y2 == pytest.approx(ticks_down[10] - 2, abs=0.01)  # Y -2: the line 2 mm lower, +2 on the ruler
    assert height > width


def test_backs_move_right_by_x_and_up_by_y(shifted: Path, build: Build) -> None:
    code, _, plain = build(*DECK, "--locale", "en")
    assert code == 0

    def back_places(folder: Path) -> list[tuple[float, float]]:
        data = PdfReader(folder / "cards.pdf").pages[1].get_contents().get_data()
        return [(float(x) / PT_PER_MM, float(y) / PT_PER_MM) for x, y in PLACED.findall(data)]

    before, after = back_places(plain / "old-world" / "en"), back_places(shifted / "en")
    assert len(before) == len(after) == 9
    for (x0, y0), (x1, y1) in zip(before, after, strict=True):
        assert (x1 - x0, y1 - y0) == (pytest.approx(1.5, abs=0.01), pytest.approx(-2, abs=0.01))
