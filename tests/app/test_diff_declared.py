"""`pnp diff` and `build --changed-since` read a revision's own games: a declared game's manifest, layouts and
icons as the revision holds them (app/printed.cards_at), a draft locale printing as it would, and a revision's
symbolic links never followed out of it (app/revision.py)."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from pipeline.app.new import new_game
from pipeline.cli import app
from pipeline.render.layouts import PACKAGE_LAYOUTS
from tests.app.game_repo import GameRepo

runner = CliRunner()

CARDS = "content/my-game/cards.yaml"
SCENES = "content/my-game/scenes.yaml"
OWN_LAYOUTS = "content/my-game/layouts/cards.yaml"
# The game's own icon (its layouts/icons/), which no shared layout has.
LANTERN = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">'
           '<circle cx="50" cy="50" r="40" fill="#c08020"/></svg>\n')


def scaffolded(template: str, draft: bool = False) -> Callable[[Path], None]:
    """What a GameRepo's first commit holds: `pnp new my-game` from template, with an icon of its own that a card
    shows (the cards template: the guard's icon field; numbered-deck: every back's literal icon)."""

    def fill(top: Path) -> None:
        new_game("my-game", template, top / "content")
        game = top / "content" / "my-game"
        (game / "layouts" / "icons").mkdir()
        (game / "layouts" / "icons" / "lantern.svg").write_text(LANTERN, encoding="utf-8")
        if template == "cards":
            edit(game / "cards.yaml", "    icon: shield\n", "    icon: lantern\n")
        else:
            edit(game / "layouts" / "scenes.yaml", "icon: quest}", "icon: lantern}")
        if draft:
            edit(game / "game.yaml", "  locales: [en, de]\n", "  locales: [en, de]\n  draft_locales: [de]\n")

    return fill


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def run(repo: GameRepo, out: Path, *args: str) -> Result:
    """A command in the repository as a designer runs it there: its content, the shipped layouts."""
    return runner.invoke(app, [*args, "--content", str(repo.content), "--layouts", str(PACKAGE_LAYOUTS),
                               "--out", str(out), "--cache-dir", str(out / "cache"), "--format", "json"])


def changes(result: Result) -> list[tuple[str, str, str]]:
    """(locale, card, change) of each change a JSON report of `pnp diff` lists."""
    return [(c["locale"], c["card"], c["change"]) for c in json.loads(result.output)["changes"]]


@pytest.fixture(scope="module")
def cards_repo(tmp_path_factory: pytest.TempPathFactory) -> GameRepo:
    """The cards template committed, then a commit that makes the healer cost 4 (was 3)."""
    repo = GameRepo(tmp_path_factory.mktemp("cards"), scaffolded("cards"))
    repo.replace(CARDS, "    cost: 3\n", "    cost: 4\n")
    repo.commit("the healer costs 4")
    return repo


def test_diff_names_the_one_card_whose_cost_changed_in_a_declared_game(cards_repo: GameRepo, tmp_path: Path) -> None:
    result = run(cards_repo, tmp_path, "diff", "HEAD~1", "HEAD")
    assert result.exit_code == 0, result.output
    assert changes(result) == [("en", "healer", "changed"), ("de", "healer", "changed")]


def test_a_revision_draws_the_game_s_own_icon(cards_repo: GameRepo, tmp_path: Path) -> None:
    """The guard shows the game's own icon at both revisions: unchanged, so drawn alike (not a missing icon)."""
    with cards_repo.edited(CARDS, "    icon: lantern\n", "    icon: exploration\n"):
        result = run(cards_repo, tmp_path, "diff", "HEAD")
    assert result.exit_code == 0, result.output
    assert changes(result) == [("en", "guard", "changed"), ("de", "guard", "changed")]


def test_a_revision_prints_with_the_game_s_own_layouts_as_it_held_them(cards_repo: GameRepo, tmp_path: Path) -> None:
    with cards_repo.edited(OWN_LAYOUTS, "font: bold, size: 13pt", "font: bold, size: 9pt"):  # the cost's size
        result = run(cards_repo, tmp_path, "diff", "HEAD")
    assert result.exit_code == 0, result.output
    assert changes(result) == [(locale, card, "changed") for locale in ("en", "de") for card in ("scout", "guard", "healer")]


def test_a_revision_prints_with_the_project_layouts_as_it_held_them(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A project's own ./layouts (a copy of the shared ones, tracked), found as a designer runs pnp in the project."""

    def fill(top: Path) -> None:
        scaffolded("cards")(top)
        shutil.copytree(PACKAGE_LAYOUTS, top / "layouts")

    repo = GameRepo(tmp_path / "repo", fill)
    repo.replace("layouts/base.yaml", '      frame: "#3b3024"\n', '      frame: "#3b3025"\n')  # the band and the back
    monkeypatch.chdir(repo.top)
    result = runner.invoke(app, ["diff", "HEAD", "--format", "json", "--out", str(tmp_path / "out"),
                                 "--cache-dir", str(tmp_path / "cache")])
    assert result.exit_code == 0, result.output
    assert [(c["locale"], c["card"], c["sides"]) for c in json.loads(result.output)["changes"]] == [
        (locale, card, ["front", "back"]) for locale in ("en", "de") for card in ("scout", "guard", "healer")]


def test_changed_since_prints_the_one_card_whose_cost_changed(cards_repo: GameRepo, tmp_path: Path) -> None:
    result = run(cards_repo, tmp_path, "build", "--changed-since", "HEAD~1")
    assert result.exit_code == 0, result.output
    deltas = json.loads(result.output)["deltas"]
    assert [(d["locale"], [c["card"] for c in d["changes"]], d["files"]) for d in deltas] == [
        (locale, ["healer"], [f"my-game/delta/{locale}/cards.pdf", f"my-game/delta/{locale}/cards-1up.pdf"])
        for locale in ("en", "de")]
    assert (tmp_path / "my-game/delta/en/cards-1up.pdf").stat().st_size > 0


def a_content_folder(top: Path) -> None:
    (top / "content").mkdir()
    (top / "content" / "README.md").write_text("The games to come.\n", encoding="utf-8")


def test_a_declared_game_new_since_the_revision_has_every_card_added(tmp_path: Path) -> None:
    repo = GameRepo(tmp_path / "repo", a_content_folder)
    scaffolded("cards")(repo.top)
    result = run(repo, tmp_path / "out", "diff", "HEAD")
    assert result.exit_code == 0, result.output
    assert changes(result) == [(locale, card, "added") for locale in ("en", "de") for card in ("scout", "guard", "healer")]


def test_a_numbered_deck_lists_the_one_scene_whose_place_changed(tmp_path: Path) -> None:
    repo = GameRepo(tmp_path / "repo", scaffolded("numbered-deck"))
    repo.replace(SCENES, "    number: 3\n    title: The Wall\n    place: road\n",
                 "    number: 3\n    title: The Wall\n    place: city\n")
    repo.commit("the wall is in the city")
    out = tmp_path / "out"
    result = run(repo, out, "diff", "HEAD~1", "HEAD")
    assert result.exit_code == 0, result.output
    assert changes(result) == [("en", "the-wall", "changed"), ("de", "the-wall", "changed")]
    result = run(repo, out, "build", "--changed-since", "HEAD~1")
    assert result.exit_code == 0, result.output
    assert [[c["card"] for c in d["changes"]] for d in json.loads(result.output)["deltas"]] == [["the-wall"], ["the-wall"]]


def test_a_draft_locale_s_untranslated_string_never_stops_the_revision(tmp_path: Path) -> None:
    """A text edited in the working tree is untranslated in the draft de: both sides print it, de in English."""
    repo = GameRepo(tmp_path / "repo", scaffolded("cards", draft=True))
    repo.replace(CARDS, "    text: Gain 2 life.\n", "    text: Gain 3 life.\n")
    out = tmp_path / "out"
    result = run(repo, out, "diff", "HEAD")
    assert result.exit_code == 0, result.output
    assert changes(result) == [("en", "healer", "changed"), ("de", "healer", "changed")]
    result = run(repo, out, "build", "--changed-since", "HEAD", "--allow-incomplete")
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert [[c["card"] for c in d["changes"]] for d in report["deltas"]] == [["healer"], ["healer"]]
    assert [f["code"] for f in report["findings"]] == ["BUILD-LOCALE-FALLBACK"]


def linked_repo(top: Path, absolute: bool) -> GameRepo:
    """The cards template committed with a link to a card file outside the repository, absolute or relative
    (leading out). Read, it would add a card (and break the game's count of 4); the working tree has it removed,
    so it builds."""
    outside = top / "outside" / "cards.yaml"
    outside.parent.mkdir(parents=True)
    outside.write_text("kind: card\nitems:\n  - id: intruder\n    title: Intruder\n    cost: 1\n    suit: sun\n"
                       "    icon: life\n    text: Read from outside.\n", encoding="utf-8")

    def fill(repo_top: Path) -> None:
        scaffolded("cards")(repo_top)
        game = repo_top / "content" / "my-game"
        (game / "more.yaml").symlink_to(outside if absolute else os.path.relpath(outside, game))

    repo = GameRepo(top / "repo", fill)
    (repo.content / "my-game" / "more.yaml").unlink()
    return repo


@pytest.mark.parametrize("command", [["diff", "HEAD"], ["build", "--changed-since", "HEAD"]])
@pytest.mark.parametrize(("absolute", "leads"), [(True, "to an absolute path"), (False, "leading out of the revision")])
def test_a_link_out_of_the_revision_is_a_finding_and_never_followed(tmp_path: Path, command: list[str], absolute: bool,
                                                                     leads: str) -> None:
    result = run(linked_repo(tmp_path, absolute), tmp_path / "out", *command)
    assert result.exit_code == 1, result.output
    assert isinstance(result.exception, SystemExit), result.exception  # an exit, not a traceback
    findings = json.loads(result.output)["findings"]
    assert [(f["code"], f["file"]) for f in findings] == [
        ("REVISION-LINK", (tmp_path / "repo/content/my-game/more.yaml").as_posix())]  # the revision built without it
    assert f"a symbolic link {leads}" in findings[0]["message"]
    assert "intruder" not in result.output


def test_a_revision_whose_manifest_does_not_load_does_not_build_and_names_its_files(tmp_path: Path) -> None:
    repo = GameRepo(tmp_path / "repo", scaffolded("cards"))
    with open(repo.top / "content/my-game/game.yaml", "a", encoding="utf-8") as manifest:
        manifest.write("  kinds: [unclosed\n")
    repo.commit("a broken manifest")
    repo.git("revert", "--no-commit", "HEAD")  # the working tree mended
    for command in (["diff", "HEAD"], ["build", "--changed-since", "HEAD"]):
        result = run(repo, tmp_path / "out", *command)
        assert result.exit_code == 2, result.output
        assert "my-game [en] at HEAD does not build (HEAD:content/my-game/" in result.output  # not the gone temp folder
