"""`pnp build --changed-since REV`: a delta print of the cards whose printed face changed (app/delta.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from pipeline.cli import app
from tests.app.game_repo import GameRepo, jab_costs_one

runner = CliRunner()


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> GameRepo:
    return jab_costs_one(tmp_path_factory.mktemp("repo"))


def delta(repo: GameRepo, out: Path, *args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["build", "--content", str(repo.content), "--layouts", str(repo.layouts), "--out", str(out),
                                 "--cache-dir", str(out / "cache"), *args])
    return result.exit_code, result.output


def test_one_new_cost_is_a_one_card_delta(repo: GameRepo, tmp_path: Path) -> None:
    code, output = delta(repo, tmp_path, "--changed-since", "HEAD~1", "--format", "json")
    assert code == 0, output
    changes = [{"deck": "market", "card": "jab", "change": "changed", "sides": ["front"], "copies_before": 2, "copies_after": 2}]
    assert json.loads(output)["deltas"] == [{"game": "old-world", "locale": "en", "changes": changes,
                                            "files": ["old-world/delta/en/cards.pdf", "old-world/delta/en/cards-1up.pdf"]}]
    report = json.loads((tmp_path / "old-world/delta/build-report.json").read_text(encoding="utf-8"))
    assert (report["changed_since"], report["commit"]) == ("HEAD~1", repo.git("rev-parse", "HEAD~1").strip())
    assert report["locales"][0]["changes"] == changes
    one_up = PdfReader(tmp_path / "old-world/delta/en/cards-1up.pdf")
    assert len(one_up.pages) == 4  # two copies of jab, front and back
    assert "Jab" in one_up.pages[0].extract_text()
    assert [entry.title for entry in one_up.outline] == ["Action Card"]  # the deck's title
    assert not (tmp_path / "old-world/en").exists()  # a delta writes no full build


def test_no_change_since_the_last_commit_prints_nothing_and_removes_an_earlier_delta(repo: GameRepo, tmp_path: Path) -> None:
    assert delta(repo, tmp_path, "--changed-since", "HEAD~1")[0] == 0
    code, output = delta(repo, tmp_path, "--changed-since", "HEAD")
    assert code == 0, output
    assert "old-world en: 0 card(s) changed since HEAD, 0 to print" in output
    assert not (tmp_path / "old-world/delta/en/cards.pdf").exists()
    assert not (tmp_path / "old-world/delta/en/cards-1up.pdf").exists()


@pytest.mark.parametrize(("args", "message"), [
    (["--changed-since", "no-such-rev"], "unknown revision 'no-such-rev'"),
    (["--changed-since", "HEAD", "--target", "tokens"], "--changed-since prints cards only"),
])
def test_a_bad_revision_or_target_is_a_usage_error(repo: GameRepo, tmp_path: Path, args: list[str], message: str) -> None:
    code, output = delta(repo, tmp_path, *args)
    assert code == 2
    assert message in output
