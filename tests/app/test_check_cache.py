"""`pnp check` replays a game's findings while nothing its check reads has changed, and checks it again otherwise."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline.app import check_cache
from pipeline.app.check import check
from pipeline.app.project import select_listings
from pipeline.cli import app
from pipeline.rules import verified
from tests.conftest import CONTENT, FIXTURES, REPO


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A project folder (the working directory) with two games' content and a copy of the layouts."""
    shutil.copytree(CONTENT / "adventure-game", tmp_path / "content" / "adventure-game")  # with its German catalog
    shutil.copytree(FIXTURES / "path-of-destiny", tmp_path / "content" / "path-of-destiny")
    shutil.copytree(REPO / "pipeline" / "layouts", tmp_path / "layouts")
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture
def loaded(games_loaded: list[str]) -> list[str]:
    """The id of every game whose content a check loads."""
    return games_loaded


def run(project: Path, **options: object):  # type: ignore[no-untyped-def]
    root = project / "content"
    return check(select_listings(None, root), root, None, project / "cache", reuse=True, **options)  # type: ignore[arg-type]


def test_an_unchanged_game_is_replayed_and_an_edited_one_checked_again(project: Path, loaded: list[str]) -> None:
    first = run(project)
    assert sorted(loaded) == ["adventure-game", "path-of-destiny"]

    again = run(project)
    assert sorted(loaded) == ["adventure-game", "path-of-destiny"]  # nothing loaded a second time
    assert again.findings == first.findings and again.extra["stats"] == first.extra["stats"]

    po = project / "content" / "adventure-game" / "locales" / "de.po"
    text = po.read_text(encoding="utf-8")
    start = text.index('msgstr "', text.index("msgctxt"))
    po.write_text(text[:start] + 'msgstr ""' + text[text.index("\n", start):], encoding="utf-8")
    edited = run(project)
    assert loaded[2:] == ["adventure-game"]  # the other game is replayed
    assert "I18N-MISSING" in {f.code for f in edited.findings} - {f.code for f in first.findings}


def test_layout_findings_are_replayed_when_no_game_is_checked_again(project: Path, loaded: list[str]) -> None:
    cards = project / "layouts" / "path-of-destiny" / "cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("color: palette.light}", "color: not-a-colour}", 1), encoding="utf-8")
    first = run(project)
    assert "LAYOUT-COLOR" in {f.code for f in first.findings}
    again = run(project)
    assert len(loaded) == 2
    assert sorted(again.findings, key=str) == sorted(first.findings, key=str)  # the layout findings come last


def test_a_layout_or_pipeline_change_checks_every_game_again(project: Path, loaded: list[str],
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    run(project)
    base = project / "layouts" / "base.yaml"
    base.write_text(base.read_text(encoding="utf-8") + "# edited\n", encoding="utf-8")
    run(project)
    assert len(loaded) == 4
    monkeypatch.setattr(check_cache, "code_digest", lambda: "babel=another")  # a library or the code changed
    monkeypatch.setattr(verified, "code_digest", lambda: "babel=another")  # for the kept games too
    run(project)
    assert len(loaded) == 6


def test_the_cli_replays_unless_forced(project: Path, loaded: list[str]) -> None:
    runner = CliRunner()
    argv = ["check", "--game", "adventure-game", "--cache-dir", str(project / "cache")]
    assert runner.invoke(app, argv).exit_code == 0
    assert runner.invoke(app, argv).exit_code == 0
    assert loaded == ["adventure-game"]
    assert runner.invoke(app, [*argv, "--force"]).exit_code == 0
    assert loaded == ["adventure-game", "adventure-game"]
