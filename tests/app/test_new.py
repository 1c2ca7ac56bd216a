"""`pnp new`: every template and any combination of them scaffolds a game that checks clean, a template adds to an
existing game, the repository around the content gets what it lacks, and nothing is ever half-written."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from ruamel.yaml import YAML
from typer.testing import CliRunner

from pipeline.app.check import check
from pipeline.app.new import PARTS, add_templates, new_game
from pipeline.app.project import UsageError
from pipeline.cli import app
from pipeline.games import find_game

runner = CliRunner()


def _checked(root: Path, game: str, tmp_path: Path) -> list[tuple[str, str]]:
    report = check([find_game(game, root)], root, cache_dir=tmp_path / "cache")
    return [(f.code, f"{f.file}:{f.line}") for f in report.findings]


def _german(folder: Path) -> dict[tuple[str | None, str], str]:
    with (folder / "locales" / "de.po").open("rb") as read:
        return {(m.context, m.id): m.string for m in read_po(read) if m.id}


@pytest.mark.parametrize("template", [*PARTS, "full"])
def test_each_template_checks_clean_with_every_string_translated(template: str, tmp_path: Path) -> None:
    root = tmp_path / "content"
    new_game("my-game", template, root)
    assert _checked(root, "my-game", tmp_path) == []
    assert all(_german(root / "my-game").values())  # the catalog is seeded, not left for the designer to fill


def test_full_is_every_template_with_german_as_a_draft(tmp_path: Path) -> None:
    root = tmp_path / "content"
    new_game("my-game", "full", root)
    game = YAML(typ="safe").load((root / "my-game" / "game.yaml").read_text(encoding="utf-8"))["game"]
    assert set(game["kinds"]) == {"card", "scene", "marker", "map", "hero"}
    assert game["draft_locales"] == ["de"] and "guide" in game and game["rules"]["hand_size"] == 5
    assert (root / "my-game" / "locales" / "messages.pot").is_file()


def test_templates_combine_and_one_is_added_to_an_existing_game(tmp_path: Path) -> None:
    root = tmp_path / "content"
    result = runner.invoke(app, ["new", "my-game", "--template", "cards,tokens", "--content", str(root), "--no-repository"])
    assert result.exit_code == 0, result.output
    manifest = root / "my-game" / "game.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8") + "# my own note\n", encoding="utf-8")
    added = runner.invoke(app, ["new", "my-game", "--add", "-t", "board", "--content", str(root)])
    assert added.exit_code == 0, added.output
    text = manifest.read_text(encoding="utf-8")
    assert "# my own note" in text and "    map:" in text  # the designer's manifest, with the board's kind
    assert _german(root / "my-game")[("marker:coin:label", "Coin")] == "Münze"
    assert _german(root / "my-game")[("map:valley:title", "The Valley")] == "Das Tal"
    assert _checked(root, "my-game", tmp_path) == []
    assert not (tmp_path / ".gitignore").exists()  # --add and --no-repository leave the repository alone


def test_adding_what_the_game_has_changes_nothing(tmp_path: Path) -> None:
    root = tmp_path / "content"
    new_game("my-game", ["cards", "tokens"], root)
    before = {path: path.read_bytes() for path in (root / "my-game").rglob("*") if path.is_file()}
    with pytest.raises(UsageError, match="kind 'marker' is in the game already"):
        add_templates("my-game", ["board", "tokens"], root)
    assert {path: path.read_bytes() for path in (root / "my-game").rglob("*") if path.is_file()} == before
    assert sorted(p.name for p in root.iterdir()) == ["my-game", "schema"]  # no staging folder left


def test_a_template_name_an_id_or_a_place_that_will_not_do_is_a_usage_error(tmp_path: Path) -> None:
    root = tmp_path / "content"
    with pytest.raises(UsageError, match="no template 'deck'"):
        new_game("my-game", "deck", root)
    with pytest.raises(UsageError, match="holds no game"):
        new_game("schema", "cards", root)
    with pytest.raises(UsageError, match="at most 64 characters"):
        new_game("a" * 300, "cards", root)
    root.mkdir()
    (root / "ghost").symlink_to(tmp_path / "nowhere")
    with pytest.raises(UsageError, match="already exists"):
        new_game("ghost", "cards", root)
    with pytest.raises(UsageError, match="does not exist"):
        add_templates("nothing", ["cards"], root)
    file_root = tmp_path / "a-file"
    file_root.write_text("", encoding="utf-8")
    with pytest.raises(UsageError, match="cannot write"):
        new_game("my-game", "cards", file_root)


def test_a_scaffold_that_fails_halfway_leaves_nothing(tmp_path: Path) -> None:
    """The schemas are written last: when they cannot be (a file stands where their folder goes), the game
    folder is removed again, so a retry is not refused as 'already exists'."""
    root = tmp_path / "content"
    root.mkdir()
    (root / "schema").write_text("in the way", encoding="utf-8")
    with pytest.raises(UsageError, match="cannot write"):
        new_game("my-game", "cards", root)
    assert sorted(p.name for p in root.iterdir()) == ["schema"]
    (root / "schema").unlink()
    assert new_game("my-game", "cards", root)


def test_new_writes_the_repository_files_it_lacks_and_keeps_the_designers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".gitignore").write_text("*.bak\noutput/\n", encoding="utf-8")
    (tmp_path / "README.md").write_text("# Mine\n", encoding="utf-8")
    result = runner.invoke(app, ["new", "my-game"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / ".gitignore").read_text(encoding="utf-8") == "*.bak\noutput/\n\n# pnp\n.pnp-cache/\n.venv/\n__pycache__/\n"
    assert (tmp_path / "README.md").read_text(encoding="utf-8") == "# Mine\n"
    workflow = YAML(typ="safe").load((tmp_path / ".github" / "workflows" / "pnp.yml").read_text(encoding="utf-8"))
    steps = workflow["jobs"]["check-and-build"]["steps"]
    runs = [step.get("run", "") for step in steps]
    assert "pnp check --format github --strict" in runs and "pnp build" in runs
    assert any("pnp check --format sarif" in run for run in runs)
    assert any(step.get("uses", "").startswith("actions/cache") and step["with"]["path"] == ".pnp-cache" for step in steps)
    assert any(step.get("uses", "").startswith("actions/upload-artifact") for step in steps)
    hook = YAML(typ="safe").load((tmp_path / ".pre-commit-config.yaml").read_text(encoding="utf-8"))["repos"][0]["hooks"][0]
    assert hook["entry"] == "pnp check" and hook["pass_filenames"] is False
    assert "next: pnp check --game my-game" in result.output
    again = runner.invoke(app, ["new", "other-game"])
    assert again.exit_code == 0 and ".gitignore" not in again.output  # nothing left to add


def test_i18n_commands_take_the_only_game_and_ask_for_one_among_several(tmp_path: Path) -> None:
    root = tmp_path / "content"
    new_game("my-game", "cards", root)
    alone = runner.invoke(app, ["i18n", "extract", "--content", str(root)])
    assert alone.exit_code == 0 and "my-game/locales/messages.pot" in alone.output
    new_game("other-game", "tokens", root)
    several = runner.invoke(app, ["i18n", "status", "--content", str(root)])
    assert several.exit_code == 2 and "name the game with --game" in several.output and "other-game" in several.output
