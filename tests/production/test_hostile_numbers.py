"""Numbers, colours and characters that cannot be printed: findings in `pnp check` and `pnp build` (which then
draws nothing), or a usage error; never a traceback and never a PDF with `nan` in it."""

from __future__ import annotations

import contextlib
import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from pipeline.app.check import print_findings
from pipeline.app.i18n import i18n_findings
from pipeline.cli import app
from pipeline.games import find_game
from pipeline.render.layouts import load_layouts

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "tests" / "fixtures"
GAME = "path-of-destiny"

# (file under layouts/, text written there, replacement, finding code)
LAYOUT_FAULTS = [
    ("path-of-destiny/tokens.yaml", "height: 6mm, font: bold, size: {min: 4pt, max: 6pt}",
     "height: 6mm, font: bold, size: {min: 0pt, max: 6pt}", "LAYOUT-RANGE"),  # a ZeroDivisionError before
    ("path-of-destiny/cards.yaml", "symbol_disc: {type: rect, fill: palette.light, stroke", "symbol_disc: {type: rect, fill: palette.lightish, stroke",
     "LAYOUT-COLOR"),  # passed check, crashed build
    ("path-of-destiny/cards.yaml", 'band: {type: rect, fill: "#4a3b2a", x: -3mm, y: -3mm, width: 69mm, height: 16mm}',
     'band: {type: rect, fill: "#4a3b2a", x: -3mm, y: -3mm, width: .nan, height: 16mm}',
     "LAYOUT-INVALID"),  # wrote nan into the PDF
    ("path-of-destiny/tokens.yaml", "disc: {x: 1mm, y: 1mm, width: 14mm, height: 14mm, radius: 7mm}",
     "disc: {x: 1mm, y: 1mm, width: 1e300, height: 14mm, radius: 7mm}", "LAYOUT-RANGE"),
    ("path-of-destiny/tokens.yaml", "icon: {type: icon, field: icon, x: 7.5mm, y: 3.5mm, width: 10mm, height: 10mm}",
     "icon: {type: icon, field: icon, x: 27.5mm, y: 3.5mm, width: 10mm, height: 10mm}", "LAYOUT-OUTSIDE"),
    ("profiles.yaml", "  a4:\n    paper: {width: 210mm, height: 297mm}\n    margin: 5mm",
     "  a4:\n    paper: {width: 210mm, height: 297mm}\n    margin: -5mm", "LAYOUT-RANGE"),
]


def line_of(path: Path, text: str) -> int:
    found = [i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1) if text in line]
    assert len(found) == 1, (text, found)
    return found[0]


def invoke(*argv: str) -> tuple[int, dict[str, Any], str]:
    result = CliRunner().invoke(app, list(argv))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    payload = json.loads(result.stdout) if result.stdout.startswith("{") else {}
    return result.exit_code, payload, result.stderr


def build(content: Path, layouts: Path, out: Path, *args: str) -> tuple[int, dict[str, Any], str]:
    return invoke("build", "--game", GAME, "--content", str(content), "--layouts", str(layouts), "--out", str(out),
                  "--cache-dir", str(out.parent / "cache"), "--format", "json", "--jobs", "1", *args)


def pdfs(out: Path) -> list[Path]:
    return sorted(out.rglob("*.pdf")) if out.exists() else []


@pytest.fixture
def broken_layouts(tmp_path: Path) -> tuple[Path, set[tuple[str, str, int]]]:
    """A copy of the shipped layouts with every fault of LAYOUT_FAULTS, and the findings each must give."""
    layouts = tmp_path / "layouts"
    shutil.copytree(REPO / "pipeline" / "layouts", layouts)
    expected = set()
    for relative, old, new, code in LAYOUT_FAULTS:
        path = layouts / relative
        text = path.read_text(encoding="utf-8")
        assert text.count(old) == 1, old
        path.write_text(text.replace(old, new), encoding="utf-8")
        expected.add((code, path.as_posix(), line_of(path, new.splitlines()[-1])))
    return layouts, expected


def test_layout_numbers_and_colours_are_findings_at_their_lines_in_check(
        broken_layouts: tuple[Path, set[tuple[str, str, int]]], monkeypatch: pytest.MonkeyPatch) -> None:
    layouts, expected = broken_layouts
    monkeypatch.chdir(layouts.parent)  # `pnp check` reads ./layouts
    code, report, _ = invoke("check", "--game", GAME, "--content", str(FIXTURES), "--format", "json")
    assert code == 1
    found = {(f["code"], str((layouts.parent / f["file"]).resolve()), f["line"]) for f in report["findings"]
             if f["code"].startswith("LAYOUT-")}
    assert expected <= found


def test_layout_numbers_and_colours_stop_the_build_before_it_draws(
        broken_layouts: tuple[Path, set[tuple[str, str, int]]], tmp_path: Path) -> None:
    layouts, expected = broken_layouts
    out = tmp_path / "out"
    code, report, _ = build(FIXTURES, layouts, out, "--target", "cards", "--target", "tokens")
    assert code == 1
    found = {(f["code"], f["file"], f["line"]) for f in report["findings"] if f["severity"] == "error"}
    assert expected <= found
    assert pdfs(out) == []


@pytest.mark.parametrize("offset", ["inf", "-inf", "nan", "1000", "-10.5", "1e300"])
def test_a_back_offset_off_the_calibration_ruler_is_a_usage_error(offset: str, tmp_path: Path) -> None:
    code, _, stderr = build(FIXTURES, REPO / "pipeline" / "layouts", tmp_path / "out", f"--back-offset={offset}")
    assert code == 2
    assert "--back-offset" in stderr and "from -10 to 10" in stderr
    assert pdfs(tmp_path / "out") == []


def test_the_largest_back_offset_still_draws_and_the_preflight_names_the_backs_it_pushes_off_the_paper(
        tmp_path: Path) -> None:
    code, report, _ = build(FIXTURES, REPO / "pipeline" / "layouts", tmp_path / "out", "--back-offset", "-10", "--target", "tokens")
    assert [p.name for p in pdfs(tmp_path / "out")] == ["tokens.pdf"]
    assert b"nan" not in (tmp_path / "out" / GAME / "en" / "tokens.pdf").read_bytes()
    # Shifted 10 mm, the token backs start 4 mm off the sheet: that part cannot print, so it is an error.
    errors = [f for f in report["findings"] if f["severity"] == "error"]
    assert code == 1 and errors and {f["code"] for f in errors} == {"PREFLIGHT-MARK"}
    assert all(" page 2:" in f["message"] or " page 4:" in f["message"] for f in errors), errors


def copy_fixture(tmp_path: Path, relative: str, old: str, new: str) -> tuple[Path, Path]:
    """The game's example tree with one replacement: (content root, changed file)."""
    root = tmp_path / "content"
    shutil.copytree(FIXTURES / GAME, root / GAME)
    path = root / GAME / relative
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")
    return root, path


@pytest.mark.parametrize("characters", ["\U0001f3b2", "שלום", "\\a"], ids=["emoji", "hebrew", "control"])
def test_the_build_holds_printed_strings_to_the_font_as_check_does(tmp_path: Path, characters: str) -> None:
    root, path = copy_fixture(tmp_path, "cards/main.yaml", 'name: "Silver for Monsters"',
                              f'name: "Silver for Monsters {characters}"')
    spec = find_game(GAME)
    db, load = spec.load(root)
    assert load == []
    checked = [f for f in i18n_findings(spec, db, root, ["en"]) if f.code == "I18N-GLYPH"]
    assert [(f.file, f.line) for f in checked] != [] and {f.line for f in checked} == {line_of(path, "Silver for")}
    out = tmp_path / "out"
    with contextlib.chdir(tmp_path):  # findings print paths relative to the working folder, in check as in build
        checked = [f for f in i18n_findings(spec, db, Path("content"), ["en"]) if f.code == "I18N-GLYPH"]
        code, report, _ = build(Path("content"), REPO / "pipeline" / "layouts", out, "--target", "tokens", "--target", "guides")
    assert code == 1
    built = [f for f in report["findings"] if f["code"] == "I18N-GLYPH"]
    assert sorted((f["severity"], f["file"], f["line"], f["message"]) for f in built) == sorted(
        (f.severity.value, f.file, f.line, f.message) for f in checked)
    assert pdfs(out) == []


def test_a_word_too_long_for_the_guide_column_is_a_fit_finding_in_check_and_build(tmp_path: Path) -> None:
    word = "a" * 19_000  # one text holds at most 20,000 characters (YAML-TEXT-TOO-LONG)
    root, _ = copy_fixture(tmp_path, "guide/01-rules.yaml", "score and read the epilogue.",
                           f"score and read the epilogue. {word}")
    spec = find_game(GAME)
    db, load = spec.load(root)
    assert load == []
    layouts, layout_findings = load_layouts(REPO / "pipeline" / "layouts")
    assert layout_findings == []
    checked = [f for f in print_findings(spec, db, spec.localizer(db, "en"), layouts) if f.code == "FIT-OVERFLOW"]
    assert len(checked) == 1 and "course-of-play" in checked[0].message and "aaaa" in checked[0].message
    code, report, _ = build(root, REPO / "pipeline" / "layouts", tmp_path / "out", "--target", "guides")
    assert code == 1
    built = [f for f in report["findings"] if f["code"] == "FIT-OVERFLOW"]
    assert [(f["severity"], f["message"]) for f in built] == [("error", checked[0].message)]


def test_a_number_of_the_content_that_is_not_finite_is_a_finding_at_its_line(tmp_path: Path) -> None:
    spec = find_game("old-world")
    root = tmp_path / "content"
    shutil.copytree(REPO / "tests" / "fixtures" / "old-world", root / "old-world")
    path = root / "old-world" / "map.yaml"
    text = path.read_text(encoding="utf-8")
    first = text.split("position: {x: ", 1)[1].split(",", 1)[0]
    path.write_text(text.replace(f"position: {{x: {first},", "position: {x: .nan,", 1)
                    .replace("board: {width_mm: 800,", "board: {width_mm: .inf,"), encoding="utf-8")
    _, findings = spec.load(root)
    errors = {(f.file, f.line) for f in findings if f.severity.value == "error"}
    assert errors == {(path.as_posix(), line_of(path, "position: {x: .nan")), (path.as_posix(), line_of(path, "width_mm: .inf"))}


def test_the_build_holds_a_translation_to_the_font_at_its_catalog_line(tmp_path: Path) -> None:
    root = tmp_path / "content"
    shutil.copytree(REPO / "content" / GAME, root / GAME)
    catalog = root / GAME / "locales" / "de.po"
    text = catalog.read_text(encoding="utf-8")
    assert text.count('msgstr "Einfach nur die Geschichte"') == 1
    catalog.write_text(text.replace('msgstr "Einfach nur die Geschichte"', 'msgstr "Einfach nur die Geschichte \U0001f4d6"'),
                       encoding="utf-8")
    spec = find_game(GAME)
    db, _ = spec.load(root)
    checked = [f for f in i18n_findings(spec, db, root, ["de"]) if f.code == "I18N-GLYPH"]
    assert [f.line for f in checked] == [line_of(catalog, "Einfach nur die Geschichte")]
    code, report, _ = build(root, REPO / "pipeline" / "layouts", tmp_path / "out", "--locale", "de", "--target", "guides")
    assert code == 1
    built = [f for f in report["findings"] if f["code"] == "I18N-GLYPH"]
    assert [(f["severity"], f["file"], f["line"], f["message"]) for f in built] == [
        (f.severity.value, f.file, f.line, f.message) for f in checked]
    assert pdfs(tmp_path / "out") == []
