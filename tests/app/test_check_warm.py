"""`pnp check` warm: each face's fit is recorded, so an edit prepares again only the faces it changed, and the
findings are the same cold, warm and forced (`pipeline/app/fit_records.py`)."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from pipeline.cli import app
from pipeline.render import fit
from tests.conftest import CONTENT, REPO

runner = CliRunner()


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A project folder (the working directory) with Path of Destiny's content and German catalog, and the layouts."""
    shutil.copytree(CONTENT / "path-of-destiny", tmp_path / "content" / "path-of-destiny")
    shutil.copytree(REPO / "pipeline" / "layouts", tmp_path / "layouts")
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture
def prepared(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """(locale, face id) of every face the fit check prepares."""
    faces: list[tuple[str, str]] = []
    real = fit.prepare_face

    def counted(face: Any, template: Any, ctx: Any) -> Any:
        faces.append((ctx.locale, face.id))
        return real(face, template, ctx)

    monkeypatch.setattr(fit, "prepare_face", counted)
    return faces


def checked(*options: str, cache: str = "cache") -> tuple[int, dict[str, Any]]:
    result = runner.invoke(app, ["check", "--game", "path-of-destiny", "--content", "content", "--format", "json",
                                 "--cache-dir", cache, *options])
    return result.exit_code, json.loads(result.stdout)


def edit_catalog(project: Path, old: str, new: str) -> None:
    po = project / "content" / "path-of-destiny" / "locales" / "de.po"
    text = po.read_text(encoding="utf-8")
    assert text.count(old) == 1
    po.write_text(text.replace(old, new), encoding="utf-8")


def test_a_german_name_made_too_long_is_found_warm_by_preparing_that_face_alone(
        project: Path, prepared: list[tuple[str, str]]) -> None:
    assert checked()[0] == 0
    assert len(prepared) > 200  # cold: every face in both locales

    prepared.clear()
    edit_catalog(project, 'msgstr "Silber für Monster"',
                 'msgstr "Silber für die Monster der Nacht, die in den alten Wäldern des Nordens auf Beute warten"')
    code, warm = checked()
    assert prepared == [("de", "silver-for-monsters")]  # the other faces' fits are replayed
    assert code == 1
    po = project / "content" / "path-of-destiny" / "locales" / "de.po"
    msgstr = next(number for number, line in enumerate(po.read_text(encoding="utf-8").splitlines(), start=1)
                  if line.startswith('msgstr "Silber für die Monster'))
    assert [(f["code"], f["file"], f["line"]) for f in warm["findings"] if f["severity"] == "error"] == [
        ("FIT-OVERFLOW", "content/path-of-destiny/locales/de.po", msgstr)]  # where the translator shortens it
    assert "action-card 'silver-for-monsters': field 'name' overflows" in warm["findings"][0]["message"]

    assert checked("--force") == (1, warm)  # every face prepared again: the same findings
    assert checked(cache="fresh") == (1, warm)  # and cold, from an empty cache


def test_a_face_replayed_from_its_record_still_leaves_the_safe_zone(project: Path, prepared: list[tuple[str, str]]) -> None:
    """The ink of each face is recorded too: the faces replayed warm still count in the breach found cold."""
    cards = project / "layouts" / "path-of-destiny" / "cards.yaml"
    text = cards.read_text(encoding="utf-8")
    name_box = "name: {type: text, field: name, x: 15mm, y: 2.5mm,"
    assert text.count(name_box) == 1
    cards.write_text(text.replace(name_box, "name: {type: text, field: name, x: 15mm, y: 0.5mm,"), encoding="utf-8")
    code, cold = checked()
    assert code == 1
    before = german_breach(cold)
    assert before is not None and "steel-for-men" not in before  # its German name sets one line, low enough

    prepared.clear()
    edit_catalog(project, 'msgstr "Stahl für Menschen"', 'msgstr "Stahl gegen Menschen"')  # two lines: too high
    code, warm = checked()
    assert prepared == [("de", "steel-for-men")]
    after = german_breach(warm)
    assert code == 1 and after is not None
    # The edited card (second of the deck) is now the first to breach, and the other faces, replayed, still count.
    assert after.startswith("action-card 'steel-for-men' (and ") and breached(after) == breached(before) + 1
    assert checked("--force") == (1, warm)


def german_breach(report: dict[str, Any]) -> str | None:
    return next((f["message"] for f in report["findings"] if f["code"] == "PREFLIGHT-SAFE-ZONE" and " in de: " in f["message"]),
                None)


def breached(message: str) -> int:
    """How many faces a PREFLIGHT-SAFE-ZONE message counts: the first and `(and N more)`."""
    return 1 + int(message.split("(and ")[1].split(" more)")[0])


@pytest.fixture
def measured(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """How often the check measures again what its records keep: boards drawn, guide documents laid out,
    translation checks run, faces prepared."""
    from pipeline.app import i18n
    from pipeline.render import board

    counts: Counter[str] = Counter()

    def counted(module: Any, name: str) -> None:
        real = getattr(module, name)

        def call(*args: Any, **kwargs: Any) -> Any:
            counts[name] += 1
            return real(*args, **kwargs)

        monkeypatch.setattr(module, name, call)

    counted(board, "board_form")
    counted(fit, "layout_guide")  # the guide fit check (render/fit.py: guide_fit_findings)
    counted(i18n, "locale_findings")
    counted(fit, "prepare_face")
    return counts


def test_a_comment_replays_every_fit_and_the_translation_findings(project: Path, measured: Counter[str]) -> None:
    code, cold = checked()
    assert measured["board_form"] > 0 and measured["layout_guide"] > 0 and measured["locale_findings"] == 1
    measured.clear()
    stories = project / "content" / "path-of-destiny" / "characters.yaml"
    stories.write_text(stories.read_text(encoding="utf-8") + "# a designer's note\n", encoding="utf-8")
    assert checked() == (code, cold)  # the game is checked again (its files changed) ...
    assert measured == Counter()  # ... and nothing it measures is measured again


def test_a_german_edit_redraws_the_boards_that_show_it_and_checks_the_translations_again(
        project: Path, measured: Counter[str]) -> None:
    checked()
    drawn = measured["board_form"]
    measured.clear()
    edit_catalog(project, 'msgstr "Hexersinne"', 'msgstr "Hexersinn"')
    code, warm = checked()
    assert 0 < measured["board_form"] < drawn and measured["locale_findings"] == 1
    assert checked("--force") == (code, warm)
    assert checked(cache="fresh") == (code, warm)


def test_a_broken_translation_is_found_warm_as_cold(project: Path) -> None:
    assert checked()[0] == 0
    edit_catalog(project, 'msgstr "Hexersinne"', 'msgstr "Hexersinne {icon:nowhere}"')
    code, warm = checked()
    assert code == 1 and any(f["code"].startswith("I18N-") for f in warm["findings"] if f["severity"] == "error")
    assert checked("--force") == (code, warm)
    assert checked(cache="fresh") == (code, warm)
