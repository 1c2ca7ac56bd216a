"""A declared game from `pnp new` to print: found by its manifest, checked, translated and built like a shipped game."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po
from pypdf import PdfReader
from typer.testing import CliRunner

from pipeline.app.check import check
from pipeline.app.new import new_game
from pipeline.app.project import UsageError, listed_games, select_games
from pipeline.cli import app
from pipeline.games import find_game
from pipeline.i18n.catalogs import write_catalog
from tests.conftest import line_of

runner = CliRunner()
CARD_NAMES = ("Scout", "Guard", "Healer")


@pytest.fixture
def root(tmp_path: Path) -> Path:
    new_game("my-game", "cards", tmp_path / "content")
    return tmp_path / "content"


def test_new_scaffolds_a_game_that_check_passes_with_nothing_to_fix(root: Path) -> None:
    result = runner.invoke(app, ["check", "--content", str(root)])
    assert result.exit_code == 0, result.output
    assert "0 error(s), 0 warning(s)" in result.output


def test_new_refuses_an_existing_folder_and_a_bad_id(root: Path) -> None:
    again = runner.invoke(app, ["new", "my-game", "--content", str(root)])
    assert again.exit_code == 2 and "already exists" in again.output
    bad = runner.invoke(app, ["new", "My_Game", "--content", str(root)])
    assert bad.exit_code == 2 and "no game id" in bad.output


def test_games_are_found_by_their_manifest_in_a_root_or_as_the_folder_itself(root: Path) -> None:
    assert [(g.id, g.name) for g in listed_games(root)] == [("my-game", "My Game")]
    assert [g.id for g in select_games(None, root / "my-game")] == ["my-game"]
    listed = runner.invoke(app, ["games", "--content", str(root)])
    assert listed.output.strip() == "my-game  My Game"
    mistyped = runner.invoke(app, ["validate", "--game", "my-gam", "--content", str(root)])
    assert mistyped.exit_code == 2 and "did you mean my-game?" in mistyped.output


def test_a_root_without_a_game_says_how_to_start_one(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match=r"no game content under .*pnp new GAME"):
        listed_games(tmp_path)


def test_a_misspelt_layout_binding_is_layout_field_in_check_and_build(root: Path, tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    layout = root / "my-game" / "layouts" / "cards.yaml"
    layout.write_text(layout.read_text(encoding="utf-8").replace("field: title,", "field: titel,"), encoding="utf-8")
    line = line_of(layout, "field: titel,")
    monkeypatch.chdir(tmp_path)  # the game's layout file is named as its content files are: from the working directory
    shown = "content/my-game/layouts/cards.yaml"
    found = [f for f in check([find_game("my-game", root)], root, cache_dir=tmp_path / "cache").findings
             if f.code == "LAYOUT-FIELD"]
    assert found and {(f.file, f.line) for f in found} == {(shown, line)}
    built = runner.invoke(app, ["build", "--content", str(root), "--out", str(tmp_path / "out"),
                                "--cache-dir", str(tmp_path / "cache"), "--jobs", "1", "--format", "json"])
    assert built.exit_code == 1
    codes = {(f["code"], f["file"], f["line"]) for f in json.loads(built.output)["findings"]}
    assert ("LAYOUT-FIELD", shown, line) in codes


def test_a_back_of_another_size_than_its_front_is_an_error_once_in_check_and_build(root: Path, tmp_path: Path) -> None:
    layout = root / "my-game" / "layouts" / "cards.yaml"
    text = layout.read_text(encoding="utf-8")
    back = text.index("  card-back:")
    layout.write_text(text[:back] + text[back:].replace("    size: poker\n", "", 1), encoding="utf-8")  # the shared 63 x 88 mm
    result = runner.invoke(app, ["check", "--content", str(root), "--cache-dir", str(tmp_path / "cache")])
    assert result.exit_code == 1
    assert f"cards.yaml:{line_of(layout, 'card-back:')}:1: error LAYOUT-BACK-SIZE" in result.output
    assert "(63 x 88 mm) is printed behind 'my-game/card' (63.5 x 88.9 mm)" in result.output
    assert "check: 1 error(s)" in result.output  # found in English and German, printed and counted once
    built = runner.invoke(app, ["build", "--content", str(root), "--out", str(tmp_path / "out"),
                                "--cache-dir", str(tmp_path / "cache"), "--jobs", "1", "--format", "json"])
    assert built.exit_code == 1
    assert [f["code"] for f in json.loads(built.output)["findings"] if f["severity"] == "error"] == ["LAYOUT-BACK-SIZE"]


@pytest.mark.parametrize("broken", ["missing", "fuzzy"])
def test_an_incomplete_release_catalog_is_an_error(root: Path, tmp_path: Path, broken: str) -> None:
    catalog = root / "my-game" / "locales" / "de.po"
    text = catalog.read_text(encoding="utf-8")
    if broken == "missing":
        text = text.replace('msgstr "Wache"', 'msgstr ""')
    else:
        text = text.replace('msgctxt "card:guard:title"', '#, fuzzy\nmsgctxt "card:guard:title"')
    catalog.write_text(text, encoding="utf-8")
    report = check([find_game("my-game", root)], root, ["de"], cache_dir=tmp_path / "cache")
    assert not report.ok
    assert {f.code for f in report.findings if f.severity.value == "error"} == {f"I18N-{broken.upper()}"}


def test_a_missing_german_enum_label_is_an_error_at_its_catalog_line(root: Path, tmp_path: Path) -> None:
    catalog = root / "my-game" / "locales" / "de.po"
    catalog.write_text(catalog.read_text(encoding="utf-8").replace('msgstr "Mond"', 'msgstr ""'), encoding="utf-8")
    report = check([find_game("my-game", root)], root, ["de"], cache_dir=tmp_path / "cache")
    assert [(f.code, f.severity.value, Path(f.file).name, f.line) for f in report.findings if f.code != "CHECK-SKIPPED"] == [
        ("I18N-MISSING", "error", "de.po", line_of(catalog, 'msgid "Moon"') + 1)]  # its msgstr
    assert "enum:card:suit:moon" in report.findings[0].message


def test_a_german_text_that_does_not_fit_is_found_at_its_msgstr_and_an_english_one_at_its_record(
        root: Path, tmp_path: Path) -> None:
    """The translator shortens the German in de.po, the author the English in the content: each finding says where."""
    catalog = root / "my-game" / "locales" / "de.po"
    long_german = " ".join(["Erhalte 2 Leben und ziehe danach eine Karte vom Stapel."] * 14)
    catalog.write_text(catalog.read_text(encoding="utf-8").replace('msgstr "Erhalte 2 Leben."', f'msgstr "{long_german}"'),
                       encoding="utf-8")
    msgstr = line_of(catalog, 'msgid "Gain 2 life."') + 1
    found = check([find_game("my-game", root)], root, ["en", "de"], cache_dir=tmp_path / "cache", reuse=True).findings
    assert [(f.file, f.line, f.message.split(":")[0]) for f in found if f.code == "FIT-OVERFLOW"] == [
        (catalog.as_posix(), msgstr, "my-game [de] card 'healer'")]
    build = ["build", "--content", str(root), "--out", str(tmp_path / "out"), "--locale", "de",
             "--cache-dir", str(tmp_path / "cache"), "--jobs", "1", "--format", "json"]
    built = runner.invoke(app, build)
    assert built.exit_code == 1
    assert ("FIT-OVERFLOW", catalog.as_posix(), msgstr) in {(f["code"], f["file"], f["line"])
                                                         for f in json.loads(built.output)["findings"]}
    # A comment above it moves the msgstr down a line and prints nothing: check and build both name the new line.
    catalog.write_text(catalog.read_text(encoding="utf-8").replace('msgctxt "card:healer:text"',
                                                                   '# translator: keep it short\nmsgctxt "card:healer:text"'),
                       encoding="utf-8")
    found = check([find_game("my-game", root)], root, ["en", "de"], cache_dir=tmp_path / "cache", reuse=True).findings
    assert [(f.file, f.line) for f in found if f.code == "FIT-OVERFLOW"] == [(catalog.as_posix(), msgstr + 1)]
    again = runner.invoke(app, build)
    assert ("FIT-OVERFLOW", catalog.as_posix(), msgstr + 1) in {(f["code"], f["file"], f["line"])
                                                             for f in json.loads(again.output)["findings"]}
    cards = root / "my-game" / "cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("text: Gain 2 life.", f"text: {'Gain 2 life. ' * 90}"),
                     encoding="utf-8")
    found = check([find_game("my-game", root)], root, ["en"], cache_dir=tmp_path / "cache").findings
    assert [(f.file, f.line) for f in found if f.code == "FIT-OVERFLOW"] == [(cards.as_posix(), line_of(cards, "- id: healer"))], found


def test_two_cards_translated_alike_that_do_not_fit_are_each_found_at_their_own_msgstr(root: Path, tmp_path: Path) -> None:
    """The same German text under two contexts: each card names the entry it was printed from."""
    catalog = root / "my-game" / "locales" / "de.po"
    long_german = " ".join(["Erhalte 2 Leben und ziehe danach eine Karte vom Stapel."] * 14)
    with catalog.open("rb") as read:
        messages = read_po(read)
    for context in ("card:healer:text", "card:scout:text"):
        [message] = [m for m in messages if m.context == context]
        message.string = long_german
    write_catalog(catalog, messages)
    found = check([find_game("my-game", root)], root, ["de"], cache_dir=tmp_path / "cache").findings
    assert sorted((f.message.split(":")[0], f.line) for f in found if f.code == "FIT-OVERFLOW") == [
        ("my-game [de] card 'healer'", msgstr_line(catalog, "card:healer:text")),
        ("my-game [de] card 'scout'", msgstr_line(catalog, "card:scout:text"))]


def msgstr_line(catalog: Path, context: str) -> int:
    """The line of the msgstr of the entry with this msgctxt (its msgid may take several lines)."""
    lines = catalog.read_text(encoding="utf-8").splitlines()
    start = lines.index(f'msgctxt "{context}"')
    return next(n for n in range(start, len(lines)) if lines[n].startswith("msgstr")) + 1


def test_a_kinds_name_is_a_string_to_translate_and_prints_in_the_locale(root: Path, tmp_path: Path) -> None:
    """The deck label, the PDF outline and the back's title name the kind in German."""
    catalog = root / "my-game" / "locales" / "de.po"
    pristine = catalog.read_text(encoding="utf-8")
    catalog.write_text(pristine.replace('msgstr "Karten"', 'msgstr ""'), encoding="utf-8")
    report = check([find_game("my-game", root)], root, ["de"], cache_dir=tmp_path / "cache")
    missing = [(f.code, f.line) for f in report.findings if f.code != "CHECK-SKIPPED"]
    assert missing == [("I18N-MISSING", line_of(catalog, 'msgid "Cards"') + 1)]
    assert "kind:card:name" in report.findings[0].message
    catalog.write_text(pristine, encoding="utf-8")
    out = tmp_path / "out"
    built = runner.invoke(app, ["build", "--content", str(root), "--out", str(out), "--cache-dir", str(tmp_path / "cache"),
                                "--locale", "de", "--backs", "duplex", "--target", "cards", "--jobs", "1"])
    assert built.exit_code == 0, built.output
    sheets = PdfReader(out / "my-game" / "de" / "cards.pdf")
    assert [entry.title for entry in sheets.outline] == ["Karten"]
    assert "Karten (4)" in sheets.pages[0].extract_text()  # the deck label in the margin
    back = sheets.pages[1].extract_text()
    assert back.count("Karten\nMy Game") == 4 and "Cards" not in back  # each back: the kind, then the game


def test_a_list_of_translatable_text_is_extracted_checked_and_printed_item_by_item(root: Path, tmp_path: Path) -> None:
    folder = root / "my-game"
    manifest, cards, layout = folder / "game.yaml", folder / "cards.yaml", folder / "layouts" / "cards.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8") + "        steps: {type: list, of: translatable, required: false}\n",
                        encoding="utf-8")
    cards.write_text(cards.read_text(encoding="utf-8").replace("    text: Gain 2 life.\n", (
        "    text: Gain 2 life.\n    steps:\n      - {id: bandage, text: Bandage a wound.}\n      - {id: rest, text: Rest.}\n")),
        encoding="utf-8")
    steps = "      steps: {type: text, field: steps, x: 6mm, y: 68mm, width: 51mm, height: 14mm, size: {min: 6pt, max: 9pt}}\n"
    layout.write_text(layout.read_text(encoding="utf-8").replace("height: 55mm,", "height: 40mm,").replace(
        "  card-back:\n", steps + "  card-back:\n"), encoding="utf-8")
    for command in ("extract", "update"):
        assert runner.invoke(app, ["i18n", command, "--game", "my-game", "--content", str(root)]).exit_code == 0
    catalog = folder / "locales" / "de.po"
    report = check([find_game("my-game", root)], root, ["de"], cache_dir=tmp_path / "cache")
    assert sorted(f.message.split()[0] for f in report.findings if f.code == "I18N-MISSING") == [
        "card:healer:steps:bandage:text", "card:healer:steps:rest:text"]
    text = catalog.read_text(encoding="utf-8")
    for english, german in (("Bandage a wound.", "Verbinde eine Wunde."), ("Rest.", "Ruhe dich aus.")):
        text = text.replace(f'msgid "{english}"\nmsgstr ""', f'msgid "{english}"\nmsgstr "{german}"')
    catalog.write_text(text, encoding="utf-8")
    assert check([find_game("my-game", root)], root, cache_dir=tmp_path / "cache").findings == []
    out = tmp_path / "out"
    built = runner.invoke(app, ["build", "--content", str(root), "--out", str(out), "--cache-dir", str(tmp_path / "cache"),
                                "--target", "cards", "--jobs", "1"])
    assert built.exit_code == 0, built.output
    healer = {locale: "".join(page.extract_text() for page in PdfReader(out / "my-game" / locale / "cards-1up.pdf").pages)
              for locale in ("en", "de")}
    assert "Bandage a wound.\nRest." in healer["en"]
    assert "Verbinde eine Wunde.\nRuhe dich aus." in healer["de"]


def test_a_list_of_translatable_text_comes_from_one_sheet_cell_of_id_text_items(root: Path) -> None:
    """`steps` in a CSV: `bandage: Bandage a wound.; rest: Rest.` loads as the YAML list of {id, text}; an item
    without an id is TABLE-ITEM at its row and column, since its translation would have no key."""
    folder = root / "my-game"
    manifest = folder / "game.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8") + "        steps: {type: list, of: translatable, required: false}\n",
                        encoding="utf-8")
    (folder / "cards.yaml").unlink()
    sheet = folder / "card.csv"
    header = "id,title,cost,suit,icon,text,steps\n"
    sheet.write_text(header + "healer,Healer,3,sun,life,Gain 2 life.,bandage: Bandage a wound.; rest: Rest.\n", encoding="utf-8")
    spec = find_game("my-game", root)
    db, findings = spec.load(root)
    assert findings == []
    healer = next(iter(db.records("card"))).entity
    assert [(item.id, item.text) for item in healer.steps] == [("bandage", "Bandage a wound."), ("rest", "Rest.")]
    sheet.write_text(header + "healer,Healer,3,sun,life,Gain 2 life.,bandage: Bandage a wound.; Rest.\n", encoding="utf-8")
    _, findings = spec.load(root)
    assert [(f.code, f.line, f.column) for f in findings] == [("TABLE-ITEM", 2, 7)]
    assert "`id: text`" in findings[0].hint


BOARD_KIND = ("    map:\n      name: Map\n      print: boards\n      fields:\n"
              "        title: {type: translatable}\n        legend: {type: translatable}\n")
BOARD_LAYOUT = """kind: templates
templates:
  map:
    size: {width: 420mm, height: 297mm}
    palette: {paper: "#f6f0e1", frame: "#3b3024", ink: "#222222"}
    boxes:
      background: {type: rect, x: 0, y: 0, width: 420mm, height: 297mm, fill: palette.paper}
      frame: {type: rect, x: 10mm, y: 10mm, width: 400mm, height: 277mm, stroke: palette.frame, stroke_width: 2pt, radius: 4mm}
      title: {type: text, field: title, x: 20mm, y: 20mm, width: 380mm, height: 30mm, font: bold, size: 28pt, align: center}
      legend: {type: text, field: legend, x: 20mm, y: 240mm, width: 380mm, height: 30mm, size: {min: 9pt, max: 14pt}}
"""
BOARD_GERMAN = {"Map": "Karte", "The Valley": "Das Tal", "Roads cost one move.": "Straßen kosten eine Bewegung.",
                "Assembly": "Zusammenbau", "Overlap": "Überlappung", "Tile": "Teil"}


def _with_board(root: Path) -> Path:
    """my-game with a kind printed as boards: one A3 map, its German, the words of the tiled print included."""
    folder = root / "my-game"
    manifest = folder / "game.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8") + BOARD_KIND, encoding="utf-8")
    (folder / "layouts" / "boards.yaml").write_text(BOARD_LAYOUT, encoding="utf-8")
    (folder / "maps.yaml").write_text("kind: map\nitems:\n  - id: valley\n    title: The Valley\n"
                                      "    legend: Roads cost one move.\n", encoding="utf-8")
    for command in ("extract", "update"):
        assert runner.invoke(app, ["i18n", command, "--game", "my-game", "--content", str(root)]).exit_code == 0
    catalog = folder / "locales" / "de.po"
    with catalog.open("rb") as read:
        messages = read_po(read)
    for message in messages:
        if message.id and not message.string:
            message.string = BOARD_GERMAN.get(message.id, "Drucke jedes Blatt in Originalgröße (100 %) und klebe die Teile zusammen.")
    with catalog.open("wb") as written:
        write_po(written, messages)
    return folder


def test_a_kind_printed_as_boards_is_tiled_at_full_size_with_a_poster_in_each_locale(root: Path, tmp_path: Path) -> None:
    """An A3 map on A4: an assembly page and its tiles, in German words too; preflight passed; counts reported."""
    _with_board(root)
    assert check([find_game("my-game", root)], root, cache_dir=tmp_path / "cache").findings == []
    out = tmp_path / "out"
    built = runner.invoke(app, ["build", "--content", str(root), "--out", str(out), "--cache-dir", str(tmp_path / "cache"),
                                "--target", "boards", "--jobs", "1"])
    assert built.exit_code == 0, built.output
    for locale, title, assembly in (("en", "The Valley", "Assembly"), ("de", "Das Tal", "Zusammenbau")):
        tiled = PdfReader(out / "my-game" / locale / "board-valley.pdf")
        assert len(tiled.pages) == 1 + 4  # A3 over A4 sheets in portrait, 2 x 2
        assert {(round(float(p.mediabox.width)), round(float(p.mediabox.height))) for p in tiled.pages} <= {(595, 842), (842, 595)}
        assert f"{assembly}: {title}" in tiled.pages[0].extract_text()
        assert title in tiled.pages[1].extract_text()
        poster = PdfReader(out / "my-game" / locale / "board-valley-poster.pdf")
        assert len(poster.pages) == 1 and title in poster.pages[0].extract_text()
    report = json.loads((out / "my-game" / "build-report.json").read_text(encoding="utf-8"))
    boards = [t for t in report["targets"] if t["target"] == "boards"]
    assert sorted((t["locale"], t["boards"], t["tiles"]) for t in boards) == [("de", 1, 4), ("en", 1, 4)]


def test_a_board_whose_text_does_not_fit_or_that_declares_a_back_is_a_finding(root: Path, tmp_path: Path) -> None:
    folder = _with_board(root)
    maps = folder / "maps.yaml"
    maps.write_text(maps.read_text(encoding="utf-8").replace("Roads cost one move.", "Roads cost one move. " * 300),
                    encoding="utf-8")
    found = check([find_game("my-game", root)], root, ["en"], cache_dir=tmp_path / "cache").findings
    assert {(f.code, f.file, f.line) for f in found if f.code == "FIT-OVERFLOW"} == {
        ("FIT-OVERFLOW", maps.as_posix(), line_of(maps, "- id: valley"))}  # the face is found at its record
    manifest = folder / "game.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace("      print: boards\n",
                                                                     "      print: boards\n      back: map-back\n"),
                        encoding="utf-8")
    found = check([find_game("my-game", root)], root, ["en"], cache_dir=tmp_path / "cache").findings
    assert ("DECLARED-BOARD-BACK", line_of(manifest, "back: map-back")) in {(f.code, f.line) for f in found}


STAR = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">\n'
        '  <path d="M 50 5 L 61 39 L 97 39 L 68 60 L 79 95 L 50 73 L 21 95 L 32 60 L 3 39 L 39 39 Z" fill="#d9a514"/>\n'
        '</svg>\n')


def test_a_games_own_icons_add_to_and_override_the_shared_set(root: Path, tmp_path: Path) -> None:
    """`<game>/layouts/icons/`: validate, check and build look an icon up as rendering does."""
    from pipeline.render.layouts import default_layouts_dir, load_layouts

    folder = root / "my-game"
    cards = folder / "cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("icon: life", "icon: star"), encoding="utf-8")
    unknown = check([find_game("my-game", root)], root, ["en"], cache_dir=tmp_path / "cache").findings
    assert [(f.code, f.line) for f in unknown if f.code != "CHECK-SKIPPED"] == [("ICON-UNKNOWN", line_of(cards, "icon: star"))]
    icons = folder / "layouts" / "icons"
    icons.mkdir()
    (icons / "star.svg").write_text(STAR, encoding="utf-8")
    (icons / "shield.svg").write_text(STAR.replace("#d9a514", "#3c9a4a"), encoding="utf-8")
    assert check([find_game("my-game", root)], root, cache_dir=tmp_path / "cache").findings == []
    library = load_layouts(default_layouts_dir(), {"my-game": folder / "layouts"})[0].icons
    assert library.find("my-game", "de", "shield") == icons / "shield.svg"  # the game's own first
    assert library.find("old-world", "de", "shield") != icons / "shield.svg"  # other games keep the shared one
    built = runner.invoke(app, ["build", "--content", str(root), "--out", str(tmp_path / "out"),
                                "--cache-dir", str(tmp_path / "cache"), "--locale", "en", "--target", "cards", "--jobs", "1"])
    assert built.exit_code == 0, built.output
    (icons / "star.svg").write_text(STAR.replace("<path", "<text>★</text>\n  <path"), encoding="utf-8")
    broken = check([find_game("my-game", root)], root, ["en"], cache_dir=tmp_path / "cache").findings
    assert ("ICON-INVALID", (icons / "star.svg").as_posix(), 2) in {(f.code, f.file, f.line) for f in broken}
    assert ("ICON-UNKNOWN", line_of(cards, "icon: star")) in {(f.code, f.line) for f in broken}


def test_a_kind_with_a_back_prints_it_behind_every_card_in_duplex_and_tts(root: Path, tmp_path: Path) -> None:
    """The cards template declares `back: card-back` (layouts/cards.yaml draws it): one shared back."""
    out = tmp_path / "out"
    built = runner.invoke(app, ["build", "--content", str(root), "--out", str(out), "--cache-dir", str(tmp_path / "cache"),
                                "--locale", "en", "--backs", "duplex", "--target", "cards", "--target", "tts", "--jobs", "1"])
    assert built.exit_code == 0, built.output
    pages = [page.extract_text() for page in PdfReader(out / "my-game" / "en" / "cards.pdf").pages]
    assert "Scout" in pages[0] and pages[1].count("My Game") == 4 and pages[1].count("Cards") >= 4  # the back page
    deck = json.loads(next((out / "my-game" / "en" / "tts").glob("*.json")).read_text(encoding="utf-8"))
    assert {custom["BackURL"] for custom in deck["ObjectStates"][0]["CustomDeck"].values()} == {"card-back.png"}
    assert (out / "my-game" / "en" / "tts" / "card-back.png").is_file()


def documented_plugin() -> str:
    """The worked example of docs/how-to/rules-plugin.md."""
    page = (Path(__file__).resolve().parents[2] / "docs" / "how-to" / "rules-plugin.md").read_text(encoding="utf-8")
    return textwrap.dedent(page.split("# content/my-game/rules.py\n", 1)[1].split("```", 1)[0])  # indented in a list item


def test_the_documented_plug_in_adds_its_check(root: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PNP_ALLOW_PLUGINS", "my-game")
    folder = root / "my-game"
    (folder / "rules.py").write_text(documented_plugin(), encoding="utf-8")
    manifest = folder / "game.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8") + "  plugin: rules.py\n", encoding="utf-8")
    assert check([find_game("my-game", root)], root, cache_dir=tmp_path / "cache").findings == []
    cards = folder / "cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("cost: 3", "cost: 4"), encoding="utf-8")
    report = check([find_game("my-game", root)], root, cache_dir=tmp_path / "cache")
    assert [(f.code, f.line) for f in report.findings if f.code != "CHECK-SKIPPED"] == [("MY-COST", line_of(cards, "cost: 4"))]


def test_a_plug_in_that_cannot_load_is_a_finding_at_its_line(root: Path, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PNP_ALLOW_PLUGINS", "*")
    manifest = root / "my-game" / "game.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8") + "  plugin: missing.py\n", encoding="utf-8")
    report = check([find_game("my-game", root)], root, cache_dir=tmp_path / "cache")
    assert [(f.code, f.line) for f in report.findings if f.code != "CHECK-SKIPPED"] == [
        ("DECLARED-PLUGIN", line_of(manifest, "plugin:"))]


def test_the_tutorial_from_new_to_a_translated_printed_deck(tmp_path: Path) -> None:
    """docs/explanation/declared-games.md, "Start from a template": exactly its commands, in order."""
    content, out, cache = tmp_path / "content", tmp_path / "out", tmp_path / "cache"

    def pnp(*args: str) -> str:
        result = runner.invoke(app, list(args))
        assert result.exit_code == 0, (args, result.output)
        return result.output

    pnp("new", "my-game", "--content", str(content))
    cards = content / "my-game" / "cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("Gain 2 life.", "Gain 3 life."), encoding="utf-8")
    flagged = runner.invoke(app, ["check", "--content", str(content)])
    assert flagged.exit_code == 1 and "I18N-STALE" in flagged.output  # the German catalog still has the old text
    pnp("i18n", "extract", "--game", "my-game", "--content", str(content))
    pnp("i18n", "update", "--game", "my-game", "--content", str(content))
    catalog = content / "my-game" / "locales" / "de.po"
    text = catalog.read_text(encoding="utf-8")
    assert "#, fuzzy" in text
    catalog.write_text(text.replace("#, fuzzy\n", "").replace('msgstr "Erhalte 2 Leben."', 'msgstr "Erhalte 3 Leben."'),
                       encoding="utf-8")
    pnp("check", "--content", str(content))
    pnp("build", "--content", str(content), "--out", str(out), "--cache-dir", str(cache), "--jobs", "1")

    game = out / "my-game"
    for locale in ("en", "de"):
        for name in ("cards.pdf", "cards-1up.pdf", "tts/card.png", "tts/card.json"):
            assert (game / locale / name).is_file(), (locale, name)
    report = json.loads((game / "build-report.json").read_text(encoding="utf-8"))
    assert report["ok"] is True
    assert {(t["locale"], t["cards"]) for t in report["targets"] if t["target"] == "cards"} == {("en", 4), ("de", 4)}
    english = "".join(page.extract_text() for page in PdfReader(game / "en" / "cards-1up.pdf").pages)
    assert all(name in english for name in CARD_NAMES) and "Gain 3 life." in english
    german = "".join(page.extract_text() for page in PdfReader(game / "de" / "cards-1up.pdf").pages)
    assert "Späher" in german and "Erhalte 3 Leben." in german
    assert "Sonne" in german and "Mond" in german and "sun" not in german  # enum values print their German labels
    # `pnp watch`'s cards-changed.pdf is one card a page like cards-1up.pdf, and held to the same rules.
    (game / "en" / "cards-changed.pdf").write_bytes((game / "en" / "cards-1up.pdf").read_bytes())
    preflight = runner.invoke(app, ["preflight", *(str(p) for p in sorted(game.glob("*/cards*.pdf"))),
                                    "--content", str(content)])
    assert preflight.exit_code == 0, preflight.output


def test_the_numbered_deck_template_checks_clean(tmp_path: Path) -> None:
    root = tmp_path / "content"
    new_game("tale", "numbered-deck", root)
    report = check([find_game("tale", root)], root, cache_dir=tmp_path / "cache")
    assert report.findings == [] and report.extra["stats"] == {"tale": {"scene": 5}}


def test_a_numbered_deck_prints_each_cards_number_on_its_own_back(tmp_path: Path) -> None:
    """Card 4 is found from the backs, in duplex and in TTS, without reading a front."""
    root, out = tmp_path / "content", tmp_path / "out"
    new_game("tale", "numbered-deck", root)
    built = runner.invoke(app, ["build", "--content", str(root), "--out", str(out), "--cache-dir", str(tmp_path / "cache"),
                                "--locale", "de", "--backs", "duplex", "--target", "cards", "--target", "tts", "--jobs", "1"])
    assert built.exit_code == 0, built.output
    backs = PdfReader(out / "tale" / "de" / "cards.pdf").pages[1].extract_text().splitlines()
    assert sorted(line for line in backs if line.isdigit()) == ["1", "2", "3", "4", "5"]
    assert backs.count("Geschichte") == 5  # the kind's name, translated
    deck = json.loads((out / "tale" / "de" / "tts" / "scene.json").read_text(encoding="utf-8"))
    assert {custom["BackURL"] for custom in deck["ObjectStates"][0]["CustomDeck"].values()} == {"scene-backs.png"}
    assert deck["SaveName"] == deck["ObjectStates"][0]["Nickname"] == "Geschichte"  # the kind's name, in German


def test_a_numbered_kind_whose_backs_show_no_number_is_a_finding(tmp_path: Path) -> None:
    """No `back:`: DECLARED-NUMBERED-BACK at the `numbered:` line; a back template that draws no `number`:
    LAYOUT-UNDRAWN at the template. Either way card 4 could be found only by reading fronts."""
    root = tmp_path / "content"
    new_game("tale", "numbered-deck", root)
    manifest, layout = root / "tale" / "game.yaml", root / "tale" / "layouts" / "scenes.yaml"
    text = layout.read_text(encoding="utf-8")
    number_box = [line for line in text.splitlines() if "field: number" in line][-1]  # the back's, below its front's
    layout.write_text(text.replace(number_box + "\n", ""), encoding="utf-8")
    undrawn = {(f.code, f.file, f.line) for f in check([find_game("tale", root)], root, cache_dir=tmp_path / "c").findings}
    assert undrawn == {("LAYOUT-UNDRAWN", layout.as_posix(), line_of(layout, "scene-back:"))}  # once per locale
    manifest.write_text(manifest.read_text(encoding="utf-8").replace("      back: scene-back\n", ""), encoding="utf-8")
    found = check([find_game("tale", root)], root, cache_dir=tmp_path / "c").findings
    assert [(f.code, f.line) for f in found if f.code.startswith("DECLARED")] == [
        ("DECLARED-NUMBERED-BACK", line_of(manifest, "numbered:"))]
    assert all(f.severity.value == "warning" for f in found)


def test_an_edit_of_the_games_own_layout_rebuilds_its_cards(root: Path, tmp_path: Path) -> None:
    """The game's `layouts/` keys its targets like the shared layouts: an edited template is never 'up to date'."""
    args = ["build", "--content", str(root), "--out", str(tmp_path / "out"), "--cache-dir", str(tmp_path / "cache"),
            "--locale", "en", "--target", "cards", "--jobs", "1", "--format", "json"]
    first = runner.invoke(app, args)
    assert first.exit_code == 0, first.output
    cards = tmp_path / "out" / "my-game" / "en" / "cards-1up.pdf"
    before = cards.read_bytes()
    layout = root / "my-game" / "layouts" / "cards.yaml"
    layout.write_text(layout.read_text(encoding="utf-8").replace("fill: frame,", "fill: accent,", 1), encoding="utf-8")
    again = runner.invoke(app, args)
    assert again.exit_code == 0, again.output
    assert [t["cached"] for t in json.loads(again.output)["outputs"]] == [False]
    assert cards.read_bytes() != before


def test_a_printed_kind_without_its_template_is_layout_missing_not_a_blank_card(root: Path, tmp_path: Path) -> None:
    """The kind `card` is named like the shared base template: a declared game still needs its own."""
    (root / "my-game" / "layouts" / "cards.yaml").unlink()
    report = check([find_game("my-game", root)], root, ["en"], cache_dir=tmp_path / "cache")
    assert {f.code for f in report.findings} == {"LAYOUT-MISSING"}


def test_a_declared_kind_may_come_from_a_sheet_with_findings_at_its_cells(root: Path, tmp_path: Path) -> None:
    """The designer keeps the cards in a spreadsheet: `card.csv` instead of `cards.yaml`, same checks."""
    folder = root / "my-game"
    (folder / "cards.yaml").unlink()
    sheet = folder / "card.csv"
    header = "id,title,cost,suit,icon,text,copies\n"
    rows = ("scout,Scout,1,sun,exploration,Look at the top two cards of the deck and put them back in any order.,2\n"
            'guard,Guard,2,moon,shield,"Until your next turn, you take no damage.",\n'
            "healer,Healer,3,sun,life,Gain 2 life.,\n")
    sheet.write_text(header + rows, encoding="utf-8")
    for command in ("extract", "update"):  # the template's references now name the sheet's rows
        assert runner.invoke(app, ["i18n", command, "--game", "my-game", "--content", str(root)]).exit_code == 0
    assert "#: card.csv:2" in (folder / "locales" / "messages.pot").read_text(encoding="utf-8")
    assert check([find_game("my-game", root)], root, cache_dir=tmp_path / "cache").findings == []
    sheet.write_text(header + rows.replace("scout,Scout,1,sun,", "scout,Scout,12,star,"), encoding="utf-8")
    report = check([find_game("my-game", root)], root, cache_dir=tmp_path / "cache")
    errors = [(f.file, f.line, f.column, f.code) for f in report.findings if f.code != "CHECK-SKIPPED"]
    assert errors == [(sheet.as_posix(), 2, 3, "SCHEMA"), (sheet.as_posix(), 2, 4, "SCHEMA")]
