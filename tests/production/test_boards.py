"""`pnp build --target boards --target help`: the tiled board, the poster, the player boards and the help
cards, opened with pypdf (paper sizes, tiles, labels, text, fonts) in English and German."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from ruamel.yaml import YAML
from typer.testing import CliRunner

from pipeline.cli import app
from tests.conftest import line_of

from .conftest import REPO, Build, run_build

A4 = (595.28, 841.89)
LETTER = (612.0, 792.0)
MAP = REPO / "content" / "old-world" / "map.yaml"


def size(page: Any) -> tuple[float, float]:
    return round(float(page.mediabox.width), 2), round(float(page.mediabox.height), 2)


def landscape(paper: tuple[float, float]) -> tuple[float, float]:
    return max(paper), min(paper)


def location_names() -> list[str]:
    return [loc["name"] for loc in YAML(typ="safe").load(MAP)["locations"]]


@pytest.fixture(scope="module")
def boards_build(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    base = tmp_path_factory.mktemp("boards")
    code, report, out = run_build(base / "out", base / "cache", "--target", "boards", "--target", "help")
    assert code == 0, report["findings"]
    return out / "old-world", report


def test_board_is_tiled_on_a4_with_labels_and_an_assembly_page(boards_build: tuple[Path, dict[str, Any]]) -> None:
    folder, _ = boards_build
    reader = PdfReader(folder / "en" / "board.pdf")
    tiles = 9
    assert len(reader.pages) == 1 + tiles
    assert all(size(page) == landscape(A4) for page in reader.pages)
    assembly = reader.pages[0].extract_text()
    assert "Assembly" in assembly and "Overlap: 10 mm" in assembly
    labels = [f"{row}{column}" for row in "ABC" for column in (1, 2, 3)]
    for index, (label, page) in enumerate(zip(labels, reader.pages[1:], strict=True), start=1):
        assert f"Tile {label} ({index}/{tiles})" in page.extract_text()
        assert label in assembly


def test_location_names_are_text_on_the_board_and_the_poster(boards_build: tuple[Path, dict[str, Any]]) -> None:
    folder, _ = boards_build
    tile = PdfReader(folder / "en" / "board.pdf").pages[1].extract_text()
    poster = PdfReader(folder / "en" / "board-poster.pdf")
    assert len(poster.pages) == 1 and size(poster.pages[0]) == landscape(A4)
    text = poster.pages[0].extract_text()
    for name in location_names():
        assert name in tile and name in text
    assert "Action Market" in text and "Trophy Track" in text and "Phase III" in text


def test_market_and_trophy_track_print_the_manifest_numbers(boards_build: tuple[Path, dict[str, Any]]) -> None:
    folder, _ = boards_build
    text = PdfReader(folder / "en" / "board-poster.pdf").pages[0].extract_text()
    assert text.count("Cost") == 6 and "\u22121" in text
    flat = " ".join(text.split())  # the reputation's gold icon follows its number
    assert "Fatigue 3 Reputation 3" in flat and "Fatigue 0 Reputation 1" in flat  # the manifest's top positions


def test_five_player_boards_localized(boards_build: tuple[Path, dict[str, Any]]) -> None:
    folder, _ = boards_build
    for locale, school, level in (("en", "School of the Wolf", "Witcher Level"), ("de", "Wolfsschule", "Wolfsschule")):
        reader = PdfReader(folder / locale / "player-boards.pdf")
        assert len(reader.pages) == 5
        assert all(size(page) == landscape(A4) for page in reader.pages)
        text = " ".join(reader.pages[0].extract_text().split())
        assert school in text and level in text
    english = " ".join(PdfReader(folder / "en" / "player-boards.pdf").pages[0].extract_text().split())
    assert "Draw 2" in english and "Deal 3" in english and "Attacker wins" in english and "Witcher Level" in english


def test_help_cards_alone_card_sized_with_rules_filled(boards_build: tuple[Path, dict[str, Any]]) -> None:
    folder, report = boards_build
    for locale in ("en", "de"):
        reader = PdfReader(folder / locale / "help-cards.pdf")
        # 11 help cards (5 action, 5 fight, 1 solo), 4 large cards a sheet: 3 fronts + 3 backs.
        assert len(reader.pages) == 6
        assert all(size(page) == A4 for page in reader.pages)
        text = "".join(page.extract_text() for page in reader.pages)
        assert "{" not in text and "7" in text  # {hand_limit} and friends are filled from the manifest
    assert "Your Turn" in PdfReader(folder / "en" / "help-cards.pdf").pages[0].extract_text()
    help_targets = [t for t in report["outputs"] if t["target"] == "help"]
    assert [t["cards"] for t in help_targets] == [11, 11]


def fonts_of(resources: Any, seen: set[int]) -> list[Any]:
    """Every font under a resource dictionary, forms included."""
    found = []
    resources = resources.get_object() if resources is not None else {}
    for font in resources.get("/Font", {}).values():
        found.append(font.get_object())
    for xobject in resources.get("/XObject", {}).values():
        obj = xobject.get_object()
        if id(obj) not in seen:
            seen.add(id(obj))
            found += fonts_of(obj.get("/Resources"), seen)
    return found


@pytest.mark.parametrize("name", ["board.pdf", "board-poster.pdf", "player-boards.pdf", "help-cards.pdf"])
def test_fonts_are_embedded(boards_build: tuple[Path, dict[str, Any]], name: str) -> None:
    folder, _ = boards_build
    reader = PdfReader(folder / "en" / name)
    fonts = fonts_of(reader.pages[-1 if name == "board.pdf" else 0]["/Resources"], set())
    assert fonts
    for font in fonts:
        descriptor = font["/DescendantFonts"][0].get_object()["/FontDescriptor"] if "/DescendantFonts" in font \
            else font.get("/FontDescriptor")
        assert descriptor is not None and "/FontFile2" in descriptor.get_object(), font.get("/BaseFont")


def test_a_second_build_writes_the_same_bytes(boards_build: tuple[Path, dict[str, Any]], build: Build) -> None:
    folder, _ = boards_build
    code, _, out = build("--target", "boards", "--target", "help", "--locale", "de")
    assert code == 0
    for name in ("board.pdf", "board-poster.pdf", "player-boards.pdf", "help-cards.pdf"):
        assert (out / "old-world" / "de" / name).read_bytes() == (folder / "de" / name).read_bytes(), name


def test_letter_paper(build: Build) -> None:
    code, report, out = build("--target", "boards", "--locale", "en", "--paper", "letter")
    assert code == 0
    reader = PdfReader(out / "old-world" / "en" / "board.pdf")
    assert len(reader.pages) == 1 + 12  # 800 mm take 4 columns on letter whichever way round: 4 x 3
    assert all(size(page) == landscape(LETTER) for page in reader.pages)
    assert size(PdfReader(out / "old-world" / "en" / "board-poster.pdf").pages[0]) == landscape(LETTER)
    assert all(size(p) == landscape(LETTER) for p in PdfReader(out / "old-world" / "en" / "player-boards.pdf").pages)
    record = next(t for t in report["outputs"] if t["target"] == "boards")
    assert record["files"] == ["old-world/en/board.pdf", "old-world/en/board-poster.pdf", "old-world/en/player-boards.pdf"]


@pytest.mark.parametrize(("paper", "tiles"), [("a4", 7), ("letter", 9)])
def test_the_path_of_destiny_playmat_takes_the_fewest_sheets(tmp_path: Path, paper: str, tiles: int) -> None:
    """600 x 540 mm: a landscape column of 3 A4 sheets and two portrait columns of 2 (one orientation would take
    4 x 2 portrait or 3 x 3 landscape), 3 x 3 landscape letter sheets."""
    argv = ["build", "--game", "path-of-destiny", "--content", str(REPO / "content"), "--layouts", str(REPO / "pipeline" / "layouts"),
            "--out", str(tmp_path / "out"), "--cache-dir", str(tmp_path / "cache"), "--jobs", "1",
            "--target", "boards", "--locale", "en", "--paper", paper]
    result = CliRunner().invoke(app, argv)
    assert result.exit_code == 0, result.output
    reader = PdfReader(tmp_path / "out" / "path-of-destiny" / "en" / "board.pdf")
    assert len(reader.pages) == 1 + tiles
    assert f"{tiles} \u00d7 Tile" in reader.pages[0].extract_text()


def test_second_run_is_cached(build: Build) -> None:
    build("--target", "boards", "--locale", "en")
    _, report, _ = build("--target", "boards", "--locale", "en")
    assert [t["cached"] for t in report["outputs"]] == [True]


def test_a_location_off_the_board_is_a_finding_not_a_crash(tmp_path: Path) -> None:
    content = tmp_path / "content"
    shutil.copytree(REPO / "content" / "old-world", content / "old-world")
    map_file = content / "old-world" / "map.yaml"
    text = map_file.read_text(encoding="utf-8")
    original = next(line for line in text.splitlines() if "position:" in line and "x: 48, y: 50" in line)
    map_file.write_text(text.replace(original, original.replace("x: 48", "x: 900")), encoding="utf-8")
    argv = ["--content", str(content), "--target", "boards", "--locale", "en"]
    code, report, out = run_build(tmp_path / "out", tmp_path / "cache", *argv)
    assert code == 1
    found = [f for f in report["findings"] if f["code"] == "BOARD-POSITION"]
    assert len(found) == 1 and "Kaer Seren" in found[0]["message"]
    assert found[0]["file"].endswith("map.yaml") and found[0]["line"] == line_of(map_file, "x: 900")
    assert (out / "old-world" / "en" / "board.pdf").is_file()
