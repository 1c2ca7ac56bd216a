"""Path of Destiny printed through the shared layouts, sheets and build: files, order, sizes, fonts, text."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, cast

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from pipeline.cli import app
from pipeline.content.database import Database
from pipeline.games import find_game
from pipeline.games.path_of_destiny.content import PathOfDestinyContent
from pipeline.games.path_of_destiny.effects import EFFECTS
from pipeline.production.targets import TARGET_NAMES, supported_targets
from pipeline.render.fit import fit_findings
from pipeline.rules.variants import apply_variant
from tests.conftest import print_check

REPO = Path(__file__).resolve().parents[3]
GAME = "path-of-destiny"
Built = tuple[dict[str, Any], Path]
A4 = (595.28, 841.89)
OUTPUTS = ("cards.pdf", "cards-1up.pdf", "tokens.pdf", "board.pdf", "board-poster.pdf", "player-boards.pdf",
           "help-cards.pdf", "reference-guide.pdf")


@pytest.fixture(scope="module")
def db() -> Database:
    loaded, findings = find_game(GAME).load(REPO / "content")
    assert not [f for f in findings if f.severity.value == "error"]
    return loaded


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    base = tmp_path_factory.mktemp("pod")
    argv = ["build", "--game", GAME, "--locale", "en", "--allow-incomplete", "--content", str(REPO / "content"),
            "--layouts", str(REPO / "pipeline" / "layouts"), "--out", str(base / "out"), "--cache-dir", str(base / "cache"),
            "--format", "json", "--jobs", "1"]
    result = CliRunner().invoke(app, argv)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout), base / "out" / GAME / "en"


def squeeze(text: str) -> str:
    """Text without spaces, line breaks and hyphens (a long name may be hyphenated to fit its box)."""
    return re.sub(r"[\s\-\u00ad]+", "", text)


def size(page: Any) -> tuple[float, float]:
    return round(float(page.mediabox.width), 2), round(float(page.mediabox.height), 2)


def test_the_game_supports_every_print_target() -> None:
    assert supported_targets(find_game(GAME)) == TARGET_NAMES


def test_the_build_writes_every_file_with_no_finding(built: Built) -> None:
    report, out = built
    assert report["ok"] and not [f for f in report["findings"] if f["code"] == "FIT-OVERFLOW"]
    for name in OUTPUTS:
        assert (out / name).is_file(), name
    assert (out / "tts" / "main-deck.png").is_file() and (out / "tts" / "main-deck-back.png").is_file()


def test_story_cards_print_in_number_order(built: Built, db: Database) -> None:
    """One card per page in the 1-up PDF: each story's fronts come in number order, the number printed last."""
    _, out = built
    pages = [page.extract_text() for page in PdfReader(out / "cards-1up.pdf").pages]
    for story in PathOfDestinyContent(db).stories:
        kinds = ("Introduction", "Chapter ", "Ending", "Epilogue")
        start = next(i for i, text in enumerate(pages) if text.startswith("Introduction") and story.title in text)
        fronts = [text for text in pages[start:start + 2 * len(story.cards):2] if text.startswith(kinds)]
        numbers = [int(text.split()[-1]) for text in fronts]
        assert numbers == sorted(c.number for c in story.cards), story.id


def test_story_decks_are_faces_in_number_order(db: Database) -> None:
    game = find_game(GAME)
    assert game.printing is not None
    components = game.printing.components(db, game.localizer(db, "en"))
    decks = [deck for deck in components.decks if deck.id.startswith("story-")]
    assert len(decks) == 3
    for deck in decks:
        numbers = [int(face.fields["number"]) for face in deck.faces]
        assert numbers == list(range(1, len(numbers) + 1))
        backs = [components.back_of(face) for face in deck.faces]
        # Each back shows its card's number and otherwise the same (nothing about the branches).
        assert [back.fields["number"] for back in backs if back] == [str(n) for n in numbers]
        assert len({tuple(sorted((k, v) for k, v in back.fields.items() if k != "number")) for back in backs if back}) == 1


def test_page_sizes(built: Built) -> None:
    _, out = built
    for name in ("cards.pdf", "tokens.pdf", "help-cards.pdf"):
        assert all(size(p) == A4 for p in PdfReader(out / name).pages), name
    landscape = (A4[1], A4[0])
    # The playmat's tiles: a landscape column of 3 and two portrait columns of 2, after a landscape assembly page.
    board = [size(p) for p in PdfReader(out / "board.pdf").pages]
    assert board[0] == landscape and sorted(board[1:]) == sorted([landscape] * 3 + [A4] * 4)
    assert all(size(p) == landscape for p in PdfReader(out / "player-boards.pdf").pages)
    one_up = PdfReader(out / "cards-1up.pdf").pages[0]
    assert size(one_up) == (round((63 + 6) * 72 / 25.4, 2), round((88 + 6) * 72 / 25.4, 2))


def test_fonts_are_embedded(built: Built) -> None:
    _, out = built
    reader = PdfReader(out / "cards.pdf")
    embedded = set()
    for xobject in cast(Any, reader.pages[0]["/Resources"])["/XObject"].values():
        for font in xobject.get_object().get("/Resources", {}).get("/Font", {}).values():
            descriptor = font.get_object().get("/FontDescriptor")
            if descriptor is not None and "/FontFile2" in descriptor.get_object():
                embedded.add(str(font.get_object()["/BaseFont"]).split("+")[-1])
    assert {"BitstreamVeraSans-Roman", "BitstreamVeraSans-Bold"} <= embedded


def test_card_names_are_extractable(built: Built, db: Database) -> None:
    _, out = built
    text = squeeze(" ".join(p.extract_text() for p in PdfReader(out / "cards.pdf").pages))
    content = PathOfDestinyContent(db)
    for card in content.cards:
        assert squeeze(card.name) in text, card.id
    for character in content.characters:
        assert squeeze(character.side_quest.name) in text
    boards = " ".join(p.extract_text() for p in PdfReader(out / "player-boards.pdf").pages)
    assert all(c.name in boards for c in content.characters)


def test_every_effect_has_a_message_template(db: Database) -> None:
    templates = {r.entity.id for r in db.records("texts")}
    assert set(EFFECTS.contexts()) <= templates


def test_german_fits_with_english_fallbacks(db: Database) -> None:
    game = find_game(GAME)
    findings = fit_findings(print_check(game, db, "de"))
    assert [f for f in findings if f.severity.value == "error"] == []


def test_the_solo_fate_marker_shows_a_path_on_each_side(db: Database) -> None:
    """Flipped like a coin, one side is the left path and the other the right (reference §14)."""
    game = find_game(GAME)
    assert game.printing is not None
    components = game.printing.components(db, game.localizer(db, "en"))
    marker = next(face for deck in components.decks for face in deck.faces if face.id == "solo-fate-marker")
    back = components.back_of(marker)
    assert back is not None
    assert (marker.fields["icon"], back.fields["icon"]) == ("arrow-left", "arrow-right")
    assert marker.fields["label"] == back.fields["label"] == "Solo fate marker"


@pytest.mark.parametrize("locale", ["en", "de"])
def test_the_solo_setup_card_prints_each_levels_start_xp(tmp_path: Path, db: Database, locale: str) -> None:
    """Every difficulty level's start XP prints on the Solo Setup card, as the data says, in English and German
    (pypdf reads the built PDF); the rulebook's levels give no chapter symbols, so the line names none."""
    argv = ["build", "--game", GAME, "--locale", locale, "--target", "cards", "--deck", "solo-cards",
            "--content", str(REPO / "content"), "--layouts", str(REPO / "pipeline" / "layouts"), "--out", str(tmp_path / "out"),
            "--cache-dir", str(tmp_path / "cache"), "--jobs", "1"]
    result = CliRunner().invoke(app, argv)
    assert result.exit_code == 0, result.output
    printed = squeeze(PdfReader(tmp_path / "out" / GAME / locale / "cards.pdf").pages[0].extract_text())
    automa = PathOfDestinyContent(db).automa
    assert automa is not None
    loc = find_game(GAME).localizer(db, locale)
    for level in automa.levels:
        name = squeeze(loc.text(f"automa:levels:{level.id}:name", level.name))
        found = re.search(re.escape(name) + r":\D*(\d+)", printed)
        assert found, (level.id, printed)
        assert int(found[1]) == level.start_xp and level.chapter_symbols == 0, level.id
    assert "+" not in printed


def test_the_printed_chapter_symbols_follow_the_data(db: Database) -> None:
    """A changed level value changes the card: the line is built from the data, not written on it."""
    game = find_game(GAME)
    printing = game.printing
    assert printing is not None
    changed = apply_variant(db, {"automa.automa.levels.death-march.chapter_symbols": "5"})

    def setup_body(database: Database) -> str:
        components = printing.components(database, game.localizer(database, "en"))
        return next(f.fields["body"] for d in components.decks for f in d.faces if f.id == "solo-setup")

    assert "Death March!: XP cube on 8, second ability from the start." in setup_body(db)
    assert "Death March!: XP cube on 8, second ability from the start; at each chapter start +5" in setup_body(changed)


def test_the_solo_automa_boards_print_beside_the_character_boards(built: Built, db: Database) -> None:
    """Issue 42: the 5 Automa boards of the solo mode were in the content but not printed."""
    _, out = built
    boards = squeeze(" ".join(p.extract_text() for p in PdfReader(out / "player-boards.pdf").pages))
    automa = PathOfDestinyContent(db).automa
    assert automa is not None and len(automa.boards) == 5
    names = {c.id: c.name for c in PathOfDestinyContent(db).characters}
    for board in automa.boards:
        assert squeeze(f"Automa · {names[board.character]}") in boards
        assert all(squeeze(ability.name) in boards for ability in board.abilities)
