"""The PDFs a build writes, opened with pypdf: paper sizes, boxes, cards per page, fonts, text."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from .conftest import A4_BUILD, Build

pytestmark = A4_BUILD

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
    assert (a4_build / "calibration.pdf").is_file() and "Duplex calibration" not in reader.pages[-2].extract_text()


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


def test_tts_sheets_leave_the_hidden_card_cell_free(a4_build: Path) -> None:
    """TTS may show a deck's hidden card in the grid's last cell: every deck sheet keeps it white."""
    sheets = 0
    for saved in sorted((a4_build / "tts").glob("*.json")):
        for state in json.loads(saved.read_text())["ObjectStates"]:
            for custom in state["CustomDeck"].values():
                cols, rows = custom["NumWidth"], custom["NumHeight"]
                with Image.open(a4_build / "tts" / custom["FaceURL"]) as image:
                    width, height = image.width // cols, image.height // rows
                    last = image.convert("RGB").crop(((cols - 1) * width, (rows - 1) * height, cols * width,
                                                      rows * height))
                assert last.getcolors() == [(width * height, (255, 255, 255))], custom["FaceURL"]
                sheets += 1
    assert sheets >= 15


def test_tts_saved_objects_describe_every_deck(a4_build: Path) -> None:
    folder = a4_build / "tts"
    report = json.loads((a4_build.parent / "build-report.json").read_text())
    sheets = {Path(f["path"]).name: f["cards"] for target in report["targets"] if target["locale"] == "en"
              for f in target["files"] if f["path"].endswith(".png")}
    market = json.loads((folder / "market.json").read_text())
    deck = market["ObjectStates"][0]
    market_cards = sum(count for name, count in sheets.items() if re.fullmatch(r"market-\d+\.png", name))
    assert deck["Name"] == "Deck" and len(deck["ContainedObjects"]) == market_cards > 69
    assert len(deck["CustomDeck"]) == -(-market_cards // 69)
    for number, custom in deck["CustomDeck"].items():
        assert (folder / custom["FaceURL"]).exists() and custom["BackURL"] == "market-back.png"
        assert custom["NumWidth"] == 10 and custom["NumHeight"] <= 7 and not custom["UniqueBack"]
        in_deck = [card for card in deck["ContainedObjects"] if str(card["CardID"] // 100) == number]
        assert len(in_deck) == sheets[custom["FaceURL"]] < custom["NumWidth"] * custom["NumHeight"]
        assert all(card["CardID"] % 100 < len(in_deck) for card in in_deck)
    assert deck["DeckIDs"] == [card["CardID"] for card in deck["ContainedObjects"]]
    assert "Aard" in {card["Nickname"] for card in deck["ContainedObjects"]}
    assert market["SaveName"] == deck["Nickname"] != "market"  # the deck's printed label, not its id
    # A card that prints no name is called by the deck's printed title and its place, never by its id (issue 42).
    fight = json.loads((folder / "monster-fight.json").read_text())["ObjectStates"][0]["ContainedObjects"]
    assert [card["Nickname"] for card in fight][:2] == ["Monster Fight 1", "Monster Fight 2"]
    for saved in folder.glob("*.json"):
        for state in json.loads(saved.read_text())["ObjectStates"]:
            for card in state.get("ContainedObjects", [state]):
                assert card["Nickname"] != card["GMNotes"], (saved.name, card["Nickname"])
    for saved in folder.glob("*.json"):  # every deck has one, naming images that exist
        for state in json.loads(saved.read_text())["ObjectStates"]:
            for custom in state["CustomDeck"].values():
                assert (folder / custom["FaceURL"]).exists() and (folder / custom["BackURL"]).exists()


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


def test_sheets_and_one_up_carry_an_outline_entry_per_deck(a4_build: Path) -> None:
    for name in ("cards.pdf", "cards-1up.pdf", "tokens.pdf"):
        reader = PdfReader(a4_build / name)
        titles = [entry.title for entry in reader.outline]
        assert len(titles) >= 3 and len(set(titles)) == len(titles), name
        pages = [reader.get_destination_page_number(entry) for entry in reader.outline]
        assert pages == sorted(pages) and pages[0] == 0, name


def test_build_report_says_where_every_card_printed(a4_build: Path) -> None:
    report = json.loads((a4_build.parent / "build-report.json").read_text())
    files = {f["path"]: f for target in report["targets"] if target["locale"] == "en" for f in target["files"]}
    for name in ("cards.pdf", "cards-1up.pdf", "tokens.pdf"):
        entry = files[f"old-world/en/{name}"]
        assert len(entry["positions"]) == entry["cards"], name
    for name, cell in (("cards.pdf", 3), ("cards-1up.pdf", 1)):
        reader = PdfReader(a4_build / name)
        quick_cut = [p for p in files[f"old-world/en/{name}"]["positions"] if p["card"] == "wolf-quick-cut"]
        assert quick_cut and all(1 <= p["row"] <= cell and 1 <= p["col"] <= cell for p in quick_cut)
        assert all("Quick Cut" in reader.pages[p["page"] - 1].extract_text() for p in quick_cut), name


def test_numbered_event_backs_show_the_number_and_nothing_else_of_the_front(a4_build: Path) -> None:
    report = json.loads((a4_build.parent / "build-report.json").read_text())
    one_up = next(f for target in report["targets"] if target["locale"] == "en" for f in target["files"]
                  if f["path"] == "old-world/en/cards-1up.pdf")
    events = [p for p in one_up["positions"] if p["deck"] == "events"]
    assert len(events) == 56
    reader = PdfReader(a4_build / "cards-1up.pdf")
    for position in events[::11]:
        front = reader.pages[position["page"] - 1].extract_text()
        back = reader.pages[position["page"]].extract_text()  # the back follows its front
        number = re.search(r"\d+", front)
        assert number is not None and number.group(0) in back.split()
        assert front.splitlines()[1] not in back


@pytest.mark.parametrize(("fixture", "margin_pt"), [("letter_build", 0.15 * 72), ("a4_build", 5 / 25.4 * 72)])
def test_crop_marks_stay_inside_the_printable_area(request: pytest.FixtureRequest, fixture: str, margin_pt: float) -> None:
    """Nothing is drawn closer to the paper edge than the profile's margin: a printer cannot reach it."""
    reader = PdfReader(request.getfixturevalue(fixture) / "cards.pdf")
    lines = 0
    for page in reader.pages[:6]:
        width, height = size(page)
        stream = page.get_contents().get_data().decode("latin-1")
        for match in re.finditer(r"([-\d.]+) ([-\d.]+) m ([-\d.]+) ([-\d.]+) l S", stream):
            x0, y0, x1, y1 = (float(v) for v in match.groups())
            lines += 1
            for x in (x0, x1):
                assert margin_pt - 0.01 <= x <= width - margin_pt + 0.01, (page.page_number, match.group(0))
            for y in (y0, y1):
                assert margin_pt - 0.01 <= y <= height - margin_pt + 0.01, (page.page_number, match.group(0))
    assert lines > 20  # the marks are there
