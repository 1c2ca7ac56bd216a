"""`pnp diff REV [REV2]`: the cards whose print changed, before and after side by side (app/diff.py, render/review.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader
from typer.testing import CliRunner

from pipeline.cli import app
from tests.app.game_repo import MARKET, GameRepo, jab_costs_one

runner = CliRunner()


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> GameRepo:
    return jab_costs_one(tmp_path_factory.mktemp("repo"))


def run_diff(repo: GameRepo, out: Path, *args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["diff", *args, "--content", str(repo.content), "--layouts", str(repo.layouts),
                                 "--out", str(out), "--cache-dir", str(out / "cache")])
    return result.exit_code, result.output


def test_a_new_cost_lists_that_card_alone_with_its_review_page(repo: GameRepo, tmp_path: Path) -> None:
    code, output = run_diff(repo, tmp_path, "HEAD~1", "HEAD", "--format", "json", "--png")
    assert code == 0, output
    report = json.loads(output)
    assert report["changes"] == [{"game": "old-world", "locale": "en", "deck": "market", "card": "jab", "change": "changed",
                                  "sides": ["front"], "copies_before": 2, "copies_after": 2}]
    pdf = PdfReader(tmp_path / "diff.pdf")
    assert len(pdf.pages) == 1
    text = pdf.pages[0].extract_text()
    assert "old-world [en] market/jab front: changed" in text
    assert "before (HEAD~1)" in text and "after (HEAD)" in text
    png = tmp_path / "png" / "old-world-en-market-jab-front.png"
    assert report["files"] == [(tmp_path / "diff.pdf").as_posix(), png.as_posix()]
    with Image.open(png) as image:  # before, after and the changed pixels, side by side
        assert image.width > 2.5 * image.height * 63 / 88


def test_a_comment_only_change_lists_nothing(repo: GameRepo, tmp_path: Path) -> None:
    with repo.edited(MARKET, "  - id: push\n", "  # another comment\n  - id: push\n"):
        code, output = run_diff(repo, tmp_path, "HEAD")
    assert code == 0, output
    assert output.strip() == f"diff HEAD..working tree: 0 card(s) changed; review in {(tmp_path / 'diff.pdf').as_posix()}"
    assert "no card changed" in PdfReader(tmp_path / "diff.pdf").pages[0].extract_text()


def test_a_renamed_card_is_listed_as_added_and_removed_with_a_page_each(repo: GameRepo, tmp_path: Path) -> None:
    with repo.edited(MARKET, "  - id: jab\n", "  - id: jab-renamed\n"):
        code, output = run_diff(repo, tmp_path, "HEAD")
    assert code == 0, output
    assert output.splitlines()[:2] == ["old-world en: added market/jab-renamed", "old-world en: removed market/jab"]
    pages = [page.extract_text() for page in PdfReader(tmp_path / "diff.pdf").pages]
    assert len(pages) == 4  # front and back of each
    assert "market/jab-renamed front: added" in pages[0] and "added (working tree)" in pages[0]
    assert "market/jab front: removed" in pages[2] and "removed (was in HEAD)" in pages[2]


def test_an_unknown_revision_is_a_usage_error(repo: GameRepo, tmp_path: Path) -> None:
    code, output = run_diff(repo, tmp_path, "HEAD", "no-such-rev")
    assert code == 2
    assert "unknown revision 'no-such-rev'" in output
