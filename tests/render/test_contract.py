"""The face contract: faces hold to their kind's fields; layouts and printed icons are checked against it."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline.cli import app
from pipeline.games import find_game
from pipeline.games.old_world.faces import FACE_KINDS
from pipeline.icon_files import is_icon
from pipeline.render.contract import board_templates, contract_findings, layout_contract_findings
from pipeline.render.fit import fit_findings
from pipeline.render.guide.check import guide_icon_findings
from pipeline.render.icons import UnknownIcon, draw_icon
from pipeline.render.layouts import load_layouts
from pipeline.rules.faces import FaceContract, FaceContractError, FaceKind
from tests.conftest import line_of, print_check

REPO = Path(__file__).resolve().parents[2]
# The board templates Old World draws from: its game board, the player boards and Skellige's map extension.
OLD_WORLD_BOARDS = ["board", "player-board", "skellige-board", "mage-market-board"]


def copy_layouts(tmp_path: Path, relative: str, old: str, new: str) -> tuple[Path, Path]:
    """A copy of the shipped layouts with one replacement; returns (layouts folder, changed file)."""
    layouts = tmp_path / "layouts"
    shutil.copytree(REPO / "pipeline" / "layouts", layouts)
    path = layouts / relative
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return layouts, path


# --- building faces --------------------------------------------------------------------------------


def test_a_face_with_an_undeclared_field_raises() -> None:
    with pytest.raises(FaceContractError, match="offers no field 'nmae'"):
        FACE_KINDS.kind("potion").check("swallow", {"nmae": "Swallow"})


def test_a_field_of_the_wrong_type_raises() -> None:
    with pytest.raises(FaceContractError, match="field 'cost' of face 'x' is a number"):
        FACE_KINDS.kind("action-card").check("x", {"cost": "2"})
    with pytest.raises(FaceContractError, match="is a text"):  # plain text carries no icon tokens
        FACE_KINDS.kind("action-card").check("x", {"name": "Strike {icon:damage}"})


def test_an_undeclared_kind_and_a_kind_declared_twice_raise() -> None:
    with pytest.raises(FaceContractError, match="no face kind 'potoin'"):
        FACE_KINDS.kind("potoin")
    with pytest.raises(FaceContractError, match="declared twice"):
        FaceContract.of(FaceKind("a", {}), FaceKind("a", {}))


def test_the_face_builder_holds_faces_to_the_contract() -> None:
    from pipeline.games.old_world.components import _Builder
    from pipeline.games.old_world.content import OldWorldContent

    game = find_game("old-world")
    db, _ = game.load(REPO / "content")
    builder = _Builder(db, OldWorldContent(db), game.localizer(db, "en"))
    face = builder.face("gold-token", "gold-3", "markers", {"value": "3", "icon": "gold"})
    assert face.fields == {"value": "3", "icon": "gold"}
    with pytest.raises(FaceContractError, match="gold-token' offers no field 'amount'"):
        builder.face("gold-token", "gold-3", "markers", {"amount": "3"})
    with pytest.raises(FaceContractError):
        builder.back("help-back", "odd-back", subtitle="Help")


def test_shipped_faces_hold_to_their_contract_in_every_locale() -> None:
    for game_id in ("old-world", "path-of-destiny"):
        game = find_game(game_id)
        db, _ = game.load(REPO / "content")
        for locale in ("en", "de"):
            components = game.printing.components(db, game.localizer(db, locale))
            for face in components.faces():
                components.contract.kind(face.kind).check(face.id, face.fields)


# --- layouts ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", ["old-world", "path-of-destiny"])
def test_shipped_layouts_keep_the_contract(game_id: str) -> None:
    layouts, findings = load_layouts(REPO / "pipeline" / "layouts")
    assert findings == []
    game = find_game(game_id)
    db, _ = game.load(REPO / "content")
    localizer = game.localizer(db, "en")
    components = game.printing.components(db, localizer)
    findings = contract_findings(components, layouts, board_templates(game.printing.boards(db, localizer)))
    assert [f.as_text() for f in findings] == []


def test_a_misspelt_binding_is_a_layout_field_error_at_its_line(tmp_path: Path) -> None:
    layouts_dir, path = copy_layouts(tmp_path, "old-world/cards.yaml", "name: {type: text, field: name,",
                                     "name: {type: text, field: nmae,")
    game = find_game("old-world")
    db, _ = game.load(REPO / "content")
    findings = [f for f in fit_findings(print_check(game, db, "en", layouts_dir), tmp_path) if f.code == "LAYOUT-FIELD"]
    assert [(Path(f.file).name, f.line) for f in findings] == [("cards.yaml", line_of(path, "field: nmae"))]
    assert "'old-world/action-card'" in findings[0].message and "did you mean 'name'?" in findings[0].hint
    assert findings[0].severity == "error"


def test_a_binding_inherited_from_a_shared_template_is_reported_where_it_is_written(tmp_path: Path) -> None:
    layouts_dir, path = copy_layouts(tmp_path, "base.yaml", "field: title", "field: titel")
    layouts, _ = load_layouts(layouts_dir)
    findings = layout_contract_findings(layouts, "old-world", FACE_KINDS, OLD_WORLD_BOARDS)
    assert {(Path(f.file).name, f.line, f.code) for f in findings} == {("base.yaml", line_of(path, "field: titel"),
                                                                        "LAYOUT-FIELD")}


def test_a_field_bound_to_a_box_that_cannot_draw_its_type_is_a_finding(tmp_path: Path) -> None:
    layouts_dir, path = copy_layouts(tmp_path, "old-world/cards.yaml", "terrain: {type: icon, field: terrain,",
                                     "terrain: {type: icon, field: cost,")
    layouts, _ = load_layouts(layouts_dir)
    findings = layout_contract_findings(layouts, "old-world", FACE_KINDS, OLD_WORLD_BOARDS)
    assert [(f.code, f.line) for f in findings] == [("LAYOUT-FIELD-TYPE", line_of(path, "terrain: {type: icon, field: cost"))]
    assert "a number" in findings[0].message


def test_a_template_no_face_kind_uses_is_a_warning(tmp_path: Path) -> None:
    layouts_dir, path = copy_layouts(tmp_path, "old-world/tokens.yaml", "  gold-token:\n", "  gold-tokens:\n")
    layouts, _ = load_layouts(layouts_dir)
    findings = layout_contract_findings(layouts, "old-world", FACE_KINDS, OLD_WORLD_BOARDS)
    assert [(f.code, f.severity, f.line, f.column) for f in findings] == [("LAYOUT-KIND-UNUSED", "warning",
                                                                           line_of(path, "gold-tokens:"), 1)]
    assert "gold-token" in findings[0].hint


def test_an_unknown_literal_icon_in_a_layout_is_a_finding_at_its_line(tmp_path: Path) -> None:
    layouts_dir, path = copy_layouts(tmp_path, "old-world/cards.yaml", "icon: {field: null, icon: combat}",
                                     "icon: {field: null, icon: combta}")
    _, findings = load_layouts(layouts_dir)
    assert [(f.code, Path(f.file).name, f.line) for f in findings] == [("ICON-UNKNOWN", "cards.yaml",
                                                                        line_of(path, "icon: combta"))]


# --- icons -----------------------------------------------------------------------------------------


def test_an_unknown_icon_token_in_card_text_fails_check(tmp_path: Path) -> None:
    root = tmp_path / "content"
    shutil.copytree(REPO / "content" / "old-world", root / "old-world")
    events = root / "old-world" / "events" / "events-01-28.yaml"
    text = events.read_text(encoding="utf-8")
    old = "At the mere where the thieves sank the temple bell"
    events.write_text(text.replace(old, old + " {icon:unicorn}", 1), encoding="utf-8")
    game = find_game("old-world")
    db, _ = game.load(root)
    findings = [f for f in fit_findings(print_check(game, db, "en"), tmp_path) if f.severity == "error"]
    assert [f.code for f in findings] == ["ICON-UNKNOWN"]
    assert findings[0].file.endswith("events-01-28.yaml") and "field 'body'" in findings[0].message
    assert "'unicorn'" in findings[0].message


def test_an_unknown_icon_in_a_guide_fails_check(tmp_path: Path) -> None:
    root = tmp_path / "content"
    shutil.copytree(REPO / "content" / "adventure-game", root / "adventure-game")
    for path in (root / "adventure-game").rglob("*"):  # the English and both catalogs, so they stay in agreement
        if path.suffix in (".yaml", ".po", ".pot"):
            path.write_text(path.read_text(encoding="utf-8").replace("{icon:dodge}", "{icon:dogde}"), encoding="utf-8")
    game = find_game("adventure-game", root)
    db, _ = game.load(root)
    assert [f.code for f in guide_icon_findings(game.guide.documents(db, game.localizer(db, "en")), db)] == ["ICON-UNKNOWN"] * 2  # two places print the step
    argv = ["check", "--game", "adventure-game", "--content", str(root), "--format", "json"]
    result = CliRunner().invoke(app, argv)
    report = json.loads(result.stdout)
    assert result.exit_code == 1
    unknown = [f["message"] for f in report["findings"] if f["code"] == "ICON-UNKNOWN" and f["severity"] == "error"]
    assert unknown and all("'dogde'" in message for message in unknown)


@pytest.mark.parametrize(("relative", "old", "new"), [
    ("guide/guide.yaml", "{icon: forest, name: Forest", "{icon: forrest, name: Forest"),  # a quick-reference row's icon
    ("guide/01-basics.yaml", "title: Winning\n", "title: Winning {icon:forrest}\n"),  # a token in an entry's title
])
def test_an_unknown_guide_icon_is_found_where_the_content_writes_it(tmp_path: Path, relative: str, old: str,
                                                                   new: str) -> None:
    root = tmp_path / "content"
    shutil.copytree(REPO / "tests" / "fixtures" / "old-world", root / "old-world")
    path = root / "old-world" / relative
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    game = find_game("old-world", root)
    db, _ = game.load(root)
    assert game.guide is not None
    findings = guide_icon_findings(game.guide.documents(db, game.localizer(db, "en")), db)
    assert findings and {(f.code, f.file, f.line) for f in findings} == {
        ("ICON-UNKNOWN", path.as_posix(), line_of(path, "forrest"))}


@pytest.mark.parametrize("game_id", ["adventure-game", "old-world", "path-of-destiny"])
@pytest.mark.parametrize("locale", ["en", "de"])
def test_every_icon_the_shipped_guides_print_exists(game_id: str, locale: str) -> None:
    game = find_game(game_id, REPO / "content")
    db, _ = game.load(REPO / "content")
    assert [f.as_text() for f in guide_icon_findings(game.guide.documents(db, game.localizer(db, locale)), db)] == []


def test_drawing_an_unchecked_icon_is_a_programming_error() -> None:
    from reportlab.pdfgen.canvas import Canvas

    assert is_icon("sword") and is_icon("monster-gold")
    with pytest.raises(UnknownIcon):
        draw_icon(Canvas("/dev/null"), "unicorn", 0, 0, 10)


# --- build -----------------------------------------------------------------------------------------


def test_build_refuses_a_misspelt_binding_and_writes_nothing(tmp_path: Path) -> None:
    layouts_dir, path = copy_layouts(tmp_path, "old-world/cards.yaml", "name: {type: text, field: name,",
                                     "name: {type: text, field: nmae,")
    out = tmp_path / "out"
    argv = ["build", "--game", "old-world", "--locale", "en", "--target", "cards", "--content", str(REPO / "content"),
            "--layouts", str(layouts_dir), "--out", str(out), "--cache-dir", str(tmp_path / "cache"),
            "--format", "json", "--jobs", "1"]
    result = CliRunner().invoke(app, argv)
    assert result.exit_code == 1, result.output
    report = json.loads(result.stdout)
    found = [(f["code"], Path(f["file"]).name, f["line"]) for f in report["findings"] if f["code"] == "LAYOUT-FIELD"]
    assert found == [("LAYOUT-FIELD", "cards.yaml", line_of(path, "field: nmae"))]
    assert not (out / "old-world" / "en" / "cards.pdf").exists()
    assert not (out / "old-world" / "en" / "cards-1up.pdf").exists()



def test_a_missing_image_is_one_finding_in_check_and_stops_the_build(tmp_path: Path) -> None:
    root = tmp_path / "content"
    shutil.copytree(REPO / "content" / "old-world", root / "old-world")
    market = root / "old-world" / "cards" / "market.yaml"
    text = market.read_text(encoding="utf-8")
    market.write_text(text.replace("  - id: jab\n", "  - id: jab\n    art: art/jab.png\n", 1), encoding="utf-8")
    game = find_game("old-world")
    db, _ = game.load(root)
    findings = [f for f in fit_findings(print_check(game, db, "en"), tmp_path) if f.severity == "error"]
    assert [(f.code, Path(f.file).name) for f in findings] == [("ART-MISSING", "market.yaml")]
    out = tmp_path / "out"
    argv = ["build", "--game", "old-world", "--locale", "en", "--target", "cards", "--content", str(root),
            "--out", str(out), "--cache-dir", str(tmp_path / "cache"), "--format", "json", "--jobs", "1"]
    result = CliRunner().invoke(app, argv)
    assert result.exit_code == 1
    assert "ART-MISSING" in {f["code"] for f in json.loads(result.stdout)["findings"]}
    assert not (out / "old-world" / "en" / "cards.pdf").exists()  # never a placeholder in its stead
