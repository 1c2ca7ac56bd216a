"""A game whose potions come from a CSV sheet: every later check reads the sheet's records unchanged, and
`pnp import` turns the sheet into the YAML file that loads to the same potions."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline.app import check as checking
from pipeline.cli import app
from pipeline.games import find_game
from pipeline.i18n.catalogs import read_catalog
from pipeline.i18n.workflow import extract
from tests.conftest import FIXTURES

GAME = find_game("old-world")
runner = CliRunner()

# tests/fixtures/old-world/potions.yaml as a sheet
POTIONS = """\
id,name,copies,timing,effects[0].type,effects[0].amount,art
potion-swallow,Swallow,2,fight-turn,raise-shield,2,
potion-thunderbolt,Thunderbolt,2,fight-turn,deal-damage,2,
potion-blizzard,Blizzard,2,fight-turn,extra-combo-card,1,
potion-tawny-owl,Tawny Owl,2,fight-turn,draw-modifier,2,
"""


@pytest.fixture
def sheet_game(tmp_path: Path) -> Path:
    """The old-world example tree with potions.yaml replaced by potions.csv; returns the content root."""
    root = tmp_path / "content"
    shutil.copytree(FIXTURES / "old-world", root / "old-world")
    (root / "old-world" / "potions.yaml").unlink()
    (root / "old-world" / "potions.csv").write_text(POTIONS, encoding="utf-8")
    return root


def potions(root: Path) -> dict[str, object]:
    db, findings = GAME.load(root)
    assert findings == []
    return {p.id: p for p in db.all("potions")}


def test_the_sheet_loads_to_the_potions_of_the_yaml(sheet_game: Path) -> None:
    assert potions(sheet_game) == potions(FIXTURES)


def test_check_finds_in_a_game_with_a_sheet_what_it_finds_with_the_yaml(sheet_game: Path, tmp_path: Path) -> None:
    """Every rule, the smoke run, the translations and the text fit: the same warnings (the example tree's
    unused-card ones), no error, and nothing about the sheet."""
    with_sheet = checking.check([GAME], sheet_game, cache_dir=tmp_path / "cache")
    with_yaml = checking.check([GAME], FIXTURES, cache_dir=tmp_path / "cache-yaml")
    assert with_sheet.errors == [] and with_sheet.findings
    assert sorted((f.code, f.message) for f in with_sheet) == sorted((f.code, f.message) for f in with_yaml)


def test_the_cards_printed_from_the_sheet_are_the_cards_printed_from_the_yaml(sheet_game: Path, tmp_path: Path) -> None:
    def cards_pdfs(root: Path, name: str) -> dict[str, bytes]:
        out = tmp_path / name
        argv = ["build", "--game", "old-world", "--content", str(root), "--locale", "en", "--target", "cards",
                "--out", str(out), "--cache-dir", str(tmp_path / f"{name}-cache"), "--jobs", "1"]
        result = runner.invoke(app, argv)
        assert result.exit_code == 0, result.output
        return {p.name: p.read_bytes() for p in sorted((out / "old-world" / "en").glob("*.pdf"))}

    from_sheet = cards_pdfs(sheet_game, "sheet")
    assert from_sheet and from_sheet == cards_pdfs(FIXTURES, "yaml")


def test_an_art_path_in_a_cell_is_checked_at_that_cell(sheet_game: Path) -> None:
    sheet = sheet_game / "old-world" / "potions.csv"
    sheet.write_text(POTIONS.replace("draw-modifier,2,\n", "draw-modifier,2,art/owl.png\n"), encoding="utf-8")
    db, findings = GAME.load(sheet_game)
    art = [f for f in findings + GAME.checks(db) if f.code.startswith("ART-")]
    assert [(f.code, Path(f.file).name, f.line, f.column) for f in art] == [("ART-MISSING", "potions.csv", 5, 7)]


def test_text_that_does_not_fit_is_reported_at_its_cell(sheet_game: Path, tmp_path: Path) -> None:
    sheet = sheet_game / "old-world" / "potions.csv"
    sheet.write_text(POTIONS.replace(",Blizzard,", "," + "Blizzard " * 30 + ","), encoding="utf-8")
    report = checking.check([GAME], sheet_game, cache_dir=tmp_path / "cache")
    fit = [f for f in report.findings if f.code == "FIT-OVERFLOW"]
    assert fit and all((Path(f.file).name, f.line) == ("potions.csv", 4) for f in fit)


def test_extracted_strings_point_at_the_sheet_row(sheet_game: Path) -> None:
    db, _ = GAME.load(sheet_game)
    game_dir = sheet_game / "old-world"
    extract(GAME.strings(db), game_dir, GAME.id, game_dir)
    template = read_catalog(game_dir / "locales" / "messages.pot")
    thunderbolt = [m for m in template if m.id == "Thunderbolt"]
    assert [(m.context, m.locations) for m in thunderbolt] == [("potion:potion-thunderbolt:name", [("potions.csv", 3)])]


def test_import_writes_yaml_that_loads_to_the_same_potions(sheet_game: Path) -> None:
    sheet = sheet_game / "old-world" / "potions.csv"
    before = potions(sheet_game)
    result = runner.invoke(app, ["import", str(sheet), "--out", str(sheet_game / "imported.yaml")])
    assert result.exit_code == 0, result.output
    text = (sheet_game / "imported.yaml").read_text(encoding="utf-8")
    assert text.startswith("# Imported from ") and "potions.csv" in text.splitlines()[0]
    sheet.unlink()
    shutil.move(sheet_game / "imported.yaml", sheet_game / "old-world" / "potions.yaml")
    assert potions(sheet_game) == before


def test_import_points_the_yaml_at_its_schema_when_the_content_root_has_one(sheet_game: Path) -> None:
    shutil.copytree(FIXTURES.parent.parent / "content" / "schema" / "old-world", sheet_game / "schema" / "old-world")
    result = runner.invoke(app, ["import", str(sheet_game / "old-world" / "potions.csv")])
    assert result.exit_code == 0, result.output
    first = (sheet_game / "old-world" / "potions.yaml").read_text(encoding="utf-8").splitlines()[0]
    assert first == "# yaml-language-server: $schema=../schema/old-world/potions.schema.json"


def test_import_refuses_to_overwrite_without_force(sheet_game: Path) -> None:
    sheet = sheet_game / "old-world" / "potions.csv"
    target = sheet_game / "old-world" / "potions.yaml"
    target.write_text("kept\n", encoding="utf-8")
    refused = runner.invoke(app, ["import", str(sheet)])
    assert refused.exit_code == 2 and "pass --force" in refused.output
    assert target.read_text(encoding="utf-8") == "kept\n"
    forced = runner.invoke(app, ["import", str(sheet), "--force"])
    assert forced.exit_code == 0 and target.read_text(encoding="utf-8").count("  - id: potion-") == 4


def test_import_of_a_malformed_sheet_writes_nothing(sheet_game: Path) -> None:
    sheet = sheet_game / "old-world" / "potions.csv"
    sheet.write_text("id,name\npotion-swallow,Swallow,2\n", encoding="utf-8")
    result = runner.invoke(app, ["import", str(sheet)])
    assert result.exit_code == 1 and "potions.csv:2:3: error TABLE-ROW" in result.output
    assert not (sheet_game / "old-world" / "potions.yaml").exists()


def test_import_of_a_sheet_outside_any_game_needs_the_game(tmp_path: Path) -> None:
    sheet = tmp_path / "potions.csv"
    sheet.write_text(POTIONS, encoding="utf-8")
    assert runner.invoke(app, ["import", str(sheet)]).exit_code == 2
    result = runner.invoke(app, ["import", str(sheet), "--game", "old-world", "--kind", "potions"])
    assert result.exit_code == 0 and (tmp_path / "potions.yaml").is_file()


def test_import_picks_a_sheet_of_a_workbook_by_its_kind(sheet_game: Path) -> None:
    from openpyxl import Workbook

    book = Workbook()
    book.active.title = "potions"
    for line in POTIONS.splitlines():
        book.active.append([int(c) if c.isdigit() else (c or None) for c in line.split(",")])
    book.create_sheet("notes").append(["a sheet of no kind"])
    workbook = sheet_game / "book.xlsx"
    book.save(workbook)
    refused = runner.invoke(app, ["import", str(workbook), "--game", "old-world"])
    assert refused.exit_code == 1 and "book.xlsx[notes]" in refused.output  # the notes sheet is no kind
    result = runner.invoke(app, ["import", str(workbook), "--game", "old-world", "--kind", "potions",
                                 "--out", str(sheet_game / "old-world" / "potions.yaml")])
    assert result.exit_code == 0, result.output
    (sheet_game / "old-world" / "potions.csv").unlink()
    assert potions(sheet_game) == potions(FIXTURES)


def test_import_finds_a_declared_game_by_id_and_reads_a_sheet_from_anywhere(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # a designer's repository: ./content holds the game `pnp new` made
    assert runner.invoke(app, ["new", "my-game"]).exit_code == 0
    sheet = tmp_path / "downloads" / "card.csv"
    sheet.parent.mkdir()
    sheet.write_text("id,title,cost,suit,icon,text\nspy,Spy,4,moon,shield,Look at a hand.\n", encoding="utf-8")
    result = runner.invoke(app, ["import", str(sheet), "--game", "my-game"])
    assert result.exit_code == 0, result.output
    assert f"move it into {Path('content') / 'my-game'} to make it the game's content" in result.output
    text = sheet.with_suffix(".yaml").read_text(encoding="utf-8")
    assert "kind: card" in text and "- id: spy" in text and "suit: moon" in text
    inside = runner.invoke(app, ["import", str(sheet), "--game", "my-game", "--out", "content/my-game/more.yaml"])
    assert inside.exit_code == 0 and "move it" not in inside.output and "remove it" not in inside.output
