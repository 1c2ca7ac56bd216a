"""The PDFs a build writes, opened with pypdf: paper sizes, boxes, cards per page, fonts, text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from .conftest import Build

A4 = (595.28, 841.89)
LETTER = (612.0, 792.0)


def size(page) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    return round(float(page.mediabox.width), 2), round(float(page.mediabox.height), 2)


def placed(page) -> int:  # type: ignore[no-untyped-def]
    """How many faces a page places (each face is one form XObject drawn with `Do`)."""
    return len(re.findall(rb"/FormXob\.F\d+_\S+ Do", page.get_contents().get_data()))


def test_a4_sheets_hold_nine_poker_cards_with_mirrored_backs(a4_build: Path) -> None:
    reader = PdfReader(a4_build / "cards.pdf")
    assert all(size(page) == A4 for page in reader.pages)
    first, back = reader.pages[0], reader.pages[1]
    assert placed(first) == 9 and placed(back) == 9
    assert "Quick Cut" in first.extract_text() and "Quick Cut" not in back.extract_text()
    assert "Duplex calibration" in reader.pages[-2].extract_text()


def test_letter_sheets_without_backs(letter_build: Path) -> None:
    reader = PdfReader(letter_build / "cards.pdf")
    assert all(size(page) == LETTER for page in reader.pages)
    assert placed(reader.pages[0]) == 9
    assert "Quick Cut" in reader.pages[0].extract_text() and "Forced March" in reader.pages[1].extract_text()
    assert len(reader.pages) == 53  # 383 cards in decks that each start a sheet; no back pages


def test_one_up_pages_carry_trim_and_bleed_boxes(a4_build: Path) -> None:
    reader = PdfReader(a4_build / "cards-1up.pdf")
    page = reader.pages[0]
    bleed = 3 * 72 / 25.4
    assert size(page) == (round((63 + 6) * 72 / 25.4, 2), round((88 + 6) * 72 / 25.4, 2))
    trim = [float(v) for v in page.trimbox]
    assert trim == pytest.approx([bleed, bleed, float(page.mediabox.width) - bleed, float(page.mediabox.height) - bleed])
    assert [float(v) for v in page.bleedbox] == pytest.approx([float(v) for v in page.mediabox])
    assert placed(page) == 1 and "Quick Cut" in page.extract_text()


def test_fonts_are_embedded(a4_build: Path) -> None:
    reader = PdfReader(a4_build / "cards.pdf")
    fonts = reader.pages[0]["/Resources"]["/XObject"]
    embedded = set()
    for xobject in fonts.values():
        for font in xobject.get_object().get("/Resources", {}).get("/Font", {}).values():
            descriptor = font.get_object().get("/FontDescriptor")
            if descriptor is not None and "/FontFile2" in descriptor.get_object():
                embedded.add(str(font.get_object()["/BaseFont"]).split("+")[-1])
    assert {"BitstreamVeraSans-Roman", "BitstreamVeraSans-Bold"} <= embedded


def test_tokens_are_double_sided(a4_build: Path) -> None:
    reader = PdfReader(a4_build / "tokens.pdf")
    assert placed(reader.pages[0]) == 18  # location tokens
    assert placed(reader.pages[1]) == 18  # and their terrain backs
    assert "Kaer Seren" in reader.pages[0].extract_text()


def test_tts_sheets_stay_within_limits(a4_build: Path) -> None:
    sheets = sorted((a4_build / "tts").glob("*.png"))
    assert (a4_build / "tts" / "market-1.png").exists() and (a4_build / "tts" / "market-back.png").exists()
    for sheet in sheets:
        with Image.open(sheet) as image:
            assert image.width <= 4096 and image.height <= 4096
    with Image.open(a4_build / "tts" / "market-1.png") as image:
        width = image.width // 10
        assert image.size == (width * 10, round(width * 88 / 63) * 7)


def test_gutter_fold_puts_fronts_and_backs_on_one_landscape_page(build: Build) -> None:
    code, _, out = build("--locale", "en", "--target", "cards", "--backs", "gutter")
    reader = PdfReader(out / "old-world" / "en" / "cards.pdf")
    assert code == 0 and size(reader.pages[0]) == (A4[1], A4[0])
    assert placed(reader.pages[0]) == 8  # 2 x 2 fronts beside 2 x 2 backs


def test_tts_cards_sit_exactly_in_their_grid_cells(a4_build: Path) -> None:
    """TTS cuts a sheet into equal cells: copies of a card in different rows have identical pixels."""
    with Image.open(a4_build / "tts" / "market-1.png") as image:
        width = image.width // 10
        height = image.height // 7
        cells: dict[bytes, list[tuple[int, int]]] = {}
        for row in range(7):
            for col in range(10):
                box = (col * width, row * height, (col + 1) * width, (row + 1) * height)
                cells.setdefault(image.crop(box).tobytes(), []).append((row, col))
    assert any(len({row for row, _ in places}) > 1 for places in cells.values())
