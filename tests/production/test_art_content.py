"""A card that names an image prints it; an image path leaving the content folder is a finding."""

from __future__ import annotations

import shutil
from pathlib import Path

from PIL import Image
from typer.testing import CliRunner

from pipeline.cli import app
from tests.conftest import CONTENT

runner = CliRunner()


def tree_with_art(tmp_path: Path, art: str) -> Path:
    root = tmp_path / "content"
    shutil.copytree(CONTENT / "old-world", root / "old-world")
    (root / "old-world" / "art").mkdir()
    Image.new("RGB", (600, 300), (200, 40, 40)).save(root / "old-world" / "art" / "jab.png")
    market = root / "old-world" / "cards" / "market.yaml"
    text = market.read_text(encoding="utf-8")
    market.write_text(text.replace("  - id: jab\n", f"  - id: jab\n    art: {art}\n", 1), encoding="utf-8")
    return root


def build(root: Path, tmp_path: Path) -> tuple[int, str]:
    args = ["build", "--game", "old-world", "--locale", "en", "--target", "cards", "--content", str(root),
            "--out", str(tmp_path / "out"), "--cache-dir", str(tmp_path / "cache")]
    result = runner.invoke(app, args)
    return result.exit_code, result.output


def test_a_card_with_art_prints_the_image(tmp_path: Path) -> None:
    code, output = build(tree_with_art(tmp_path, "art/jab.png"), tmp_path)
    assert code == 0, output
    assert (tmp_path / "cache").exists() and any((tmp_path / "cache").rglob("*.png"))  # cropped at 300 dpi, cached


def test_art_outside_the_content_folder_is_refused(tmp_path: Path) -> None:
    code, output = build(tree_with_art(tmp_path, "../../../etc/passwd.png"), tmp_path)
    assert code == 1
    assert "ART-PATH" in output and "market.yaml" in output


def test_new_bytes_in_an_art_file_rebuild_the_cards_that_show_it(tmp_path: Path) -> None:
    """The cards target is keyed by the bytes of the art its faces name (`production/inputs.py: _files`), not only by
    the path written in the card."""
    import json

    root = tree_with_art(tmp_path, "art/jab.png")

    def cached() -> bool:
        args = ["build", "--game", "old-world", "--locale", "en", "--target", "cards", "--content", str(root),
                "--out", str(tmp_path / "out"), "--cache-dir", str(tmp_path / "cache"), "--format", "json", "--jobs", "1"]
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.output
        (output,) = json.loads(result.stdout)["outputs"]
        return bool(output["cached"])

    assert not cached() and cached()
    Image.new("RGB", (600, 300), (40, 40, 200)).save(root / "old-world" / "art" / "jab.png")
    assert not cached(), "the image changed: the cards print it anew"
