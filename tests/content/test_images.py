"""Image paths marked `ImageFile` are proven by `pnp validate`: inside the game's folder, naming a file."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline.cli import app
from tests.conftest import FIXTURES, Mutate, line_of

runner = CliRunner()


@pytest.mark.parametrize(("art", "code"), [("art/missing.png", "ART-MISSING"), ("../../outside.png", "ART-PATH"),
                                           ("art", "ART-MISSING")])
def test_a_bad_art_path_is_a_finding_at_its_line(mutated_example: Mutate, art: str, code: str) -> None:
    path, findings = mutated_example("cards/market.yaml", "    name: Jab\n", f"    name: Jab\n    art: {art}.png\n")
    [found] = [f for f in findings if f.code.startswith("ART-")]
    assert (found.code, found.line) == (code, line_of(path, f"art: {art}.png"))


def test_validate_resolves_art_paths_and_accepts_a_real_file(tmp_path: Path) -> None:
    import shutil

    root = tmp_path / "content"
    shutil.copytree(FIXTURES / "old-world", root / "old-world")
    market = root / "old-world" / "cards" / "market.yaml"
    market.write_text(market.read_text().replace("    name: Jab\n", "    name: Jab\n    art: art/jab.png\n", 1))
    args = ["validate", "--game", "old-world", "--content", str(root)]
    missing = runner.invoke(app, args)
    assert missing.exit_code == 1 and "ART-MISSING" in missing.output
    (root / "old-world" / "art").mkdir()
    (root / "old-world" / "art" / "jab.png").write_bytes(b"\x89PNG\r\n\x1a\n")  # validate reads no image: check decodes it
    assert runner.invoke(app, args).exit_code == 0
