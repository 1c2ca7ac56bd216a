"""Card faces at a git revision, compared by what prints (app/revision.py, app/printed.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.app.printed import PrintedFaces, compare, printed_faces
from pipeline.app.project import UsageError
from pipeline.app.revision import checkout
from pipeline.games import find_game
from tests.app.game_repo import JAB, MARKET, GameRepo


def faces(root: Path, layouts: Path, cache: Path) -> PrintedFaces:
    printed, findings = printed_faces(find_game("old-world"), root, layouts, "en", cache)
    assert printed is not None, findings
    return printed


def faces_at(repo: GameRepo, rev: str, cache: Path) -> PrintedFaces:
    with checkout(rev, repo.content, repo.layouts) as revision:
        return faces(revision.content_root, revision.layouts_dir, cache)


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> GameRepo:
    return GameRepo(tmp_path_factory.mktemp("repo"))


def test_a_new_cost_changes_that_card_and_a_comment_changes_none(repo: GameRepo, tmp_path: Path) -> None:
    before = faces_at(repo, "HEAD", tmp_path)
    with repo.edited(MARKET, JAB, JAB.replace("  - id: jab\n", "  # a comment only\n  - id: jab\n")):
        assert compare(before.cards, faces(repo.content, repo.layouts, tmp_path).cards) == []
        repo.replace(MARKET, "    cost: 0\n", "    cost: 1\n")
        changes = compare(before.cards, faces(repo.content, repo.layouts, tmp_path).cards)
    assert [change.as_json() for change in changes] == [
        {"deck": "market", "card": "jab", "change": "changed", "sides": ["front"], "copies_before": 2, "copies_after": 2}]


def test_a_renamed_card_is_one_removed_and_one_added(repo: GameRepo, tmp_path: Path) -> None:
    before = faces_at(repo, "HEAD", tmp_path)
    with repo.edited(MARKET, "  - id: jab\n", "  - id: jab-renamed\n"):
        changes = compare(before.cards, faces(repo.content, repo.layouts, tmp_path).cards)
    assert [change.as_text() for change in changes] == ["added market/jab-renamed", "removed market/jab"]


def test_a_revision_is_read_without_touching_the_working_tree_or_index(repo: GameRepo, tmp_path: Path) -> None:
    repo.replace(MARKET, "    cost: 0\n", "    cost: 1\n")
    repo.git("add", MARKET)
    status = repo.git("status", "--porcelain")
    try:
        with checkout("HEAD", repo.content, repo.layouts) as revision:
            assert "    cost: 0\n" in (revision.content_root / "old-world/cards/market.yaml").read_text(encoding="utf-8")
            assert revision.commit == repo.git("rev-parse", "HEAD").strip()
            temp = revision.content_root
        assert repo.git("status", "--porcelain") == status
        assert repo.git("worktree", "list").count("\n") == 1
        assert not temp.exists()
    finally:
        repo.git("reset", "-q", "--hard")


def test_an_unknown_revision_and_a_folder_outside_git_are_usage_errors(repo: GameRepo, tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="unknown revision 'no-such-branch'"), checkout("no-such-branch", repo.content, repo.layouts):
        pass
    with pytest.raises(UsageError, match="unknown revision '--output=x'"), checkout("--output=x", repo.content, repo.layouts):
        pass
    outside = tmp_path / "content"
    outside.mkdir()
    with pytest.raises(UsageError, match="not in a git repository"), checkout("HEAD", outside, repo.layouts):
        pass
