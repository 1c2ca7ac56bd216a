"""Content stays in its folder: a link leading out of a game's folder (or a layouts folder) is refused unread,
with a finding at the link, and a secret the target holds is never printed or echoed."""

from __future__ import annotations

import os
from pathlib import Path

from typer.testing import CliRunner

from pipeline.cache_keys import tree_digest
from pipeline.cli import app

runner = CliRunner()
SECRET = "TOPSECRET-42"
SECRET_CARDS = f"kind: card\nitems:\n  - {{id: leak, title: {SECRET}, cost: 1, suit: sun, icon: life, text: {SECRET}}}\n"


def validate(root: Path, *args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["validate", "--content", str(root), *args])
    return result.exit_code, result.output


def test_a_content_file_linked_to_a_file_outside_the_game_is_refused_unread(root: Path) -> None:
    secret = root.parent / "outside" / "secret-cards.yaml"
    secret.write_text(SECRET_CARDS, encoding="utf-8")
    (root / "my-game" / "leak.yaml").symlink_to(os.path.relpath(secret, root / "my-game"))
    game = root / "my-game"  # a link that stays inside the game is content as before
    (game / "cards.yaml").rename(game / "kept.txt")  # not a content file name: only the link is content
    (game / "cards.yaml").symlink_to("kept.txt")
    code, output = validate(root)
    assert code == 1
    assert "validate: 1 error(s)" in output  # the leak alone: the linked cards.yaml loads
    assert "YAML-READ" in output and "leak.yaml" in output and "a link leading outside" in output
    assert SECRET not in output


def test_a_link_to_a_system_file_is_refused_and_its_text_never_echoed(root: Path) -> None:
    passwd = root.parent / "outside" / "passwd.yaml"
    passwd.write_text(f"root: {SECRET}\n", encoding="utf-8")  # a YAML 'secret' with no kind
    (root / "my-game" / "system.yaml").symlink_to(passwd)
    folder = root.parent / "outside" / "more"  # a linked folder is not descended into
    folder.mkdir()
    (folder / "cards2.yaml").write_text(SECRET_CARDS, encoding="utf-8")
    (root / "my-game" / "more").symlink_to(folder, target_is_directory=True)
    code, output = validate(root)
    assert code == 1 and "system.yaml" in output and "a link leading outside" in output
    assert "(my-game: 4 card)" in output  # the linked folder's card is not loaded
    assert SECRET not in output


def test_a_catalog_linked_outside_is_a_finding_not_read(root: Path) -> None:
    po = root / "my-game" / "locales" / "de.po"
    outside = root.parent / "outside" / "de.po"
    outside.write_bytes(po.read_bytes().replace(b'msgstr "Gain 2 life."', f'msgstr "{SECRET}"'.encode()))
    po.unlink()
    po.symlink_to(outside)
    result = runner.invoke(app, ["check", "--content", str(root), "--cache-dir", str(root.parent / "cache")])
    assert result.exit_code == 1, result.output
    assert "de.po" in result.output and "a link leading outside" in result.output
    assert SECRET not in result.output


def test_a_layout_and_an_icon_linked_outside_are_findings(root: Path) -> None:
    layouts = root / "my-game" / "layouts"
    (root.parent / "outside" / "extra.yaml").write_text(f"kind: templates\n# {SECRET}\ntemplates: {{}}\n", encoding="utf-8")
    (layouts / "extra.yaml").symlink_to(root.parent / "outside" / "extra.yaml")
    (layouts / "icons").mkdir()
    (root.parent / "outside" / "eye.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"/>')
    (layouts / "icons" / "eye.svg").symlink_to(root.parent / "outside" / "eye.svg")
    result = runner.invoke(app, ["check", "--content", str(root), "--cache-dir", str(root.parent / "cache")])
    assert result.exit_code == 1, result.output
    assert "extra.yaml" in result.output and "eye.svg" in result.output
    assert result.output.count("a link leading outside") >= 2


def test_the_cache_key_hashes_where_an_outside_link_leads_without_reading_it(tmp_path: Path) -> None:
    folder, outside = tmp_path / "game", tmp_path / "secret.yaml"
    folder.mkdir()
    outside.write_text("one", encoding="utf-8")
    (folder / "link.yaml").symlink_to(outside)
    before = tree_digest(folder)
    outside.write_text("two", encoding="utf-8")  # read, its bytes would change the key
    assert tree_digest(folder) == before
