"""`pnp check` fits text the way the build does: card faces and board labels, per locale."""

from __future__ import annotations

import shutil
from pathlib import Path

from typer.testing import CliRunner

from pipeline.cli import app
from tests.conftest import CONTENT

runner = CliRunner()


def test_check_fits_board_labels_as_the_build_would(tmp_path: Path) -> None:
    """A board label too long for its box is a check finding, before any build."""
    root = tmp_path / "content"
    shutil.copytree(CONTENT / "path-of-destiny", root / "path-of-destiny")
    po = root / "path-of-destiny" / "locales" / "de.po"
    po.write_text(po.read_text(encoding="utf-8").replace('msgid "Golden"\nmsgstr "Gold"',
                                                         'msgid "Golden"\nmsgstr "Goldener Erfahrungswürfel"'), encoding="utf-8")
    result = runner.invoke(app, ["check", "--game", "path-of-destiny", "--locale", "de", "--content", str(root)])
    assert result.exit_code == 1
    assert "FIT-OVERFLOW" in result.output and "xp-track" in result.output


def test_check_holds_card_text_to_the_safe_zone_the_build_preflight_holds(tmp_path: Path) -> None:
    """A German name that wraps to two lines in a box near the card's top edge: the build's preflight would
    refuse the sheets (PREFLIGHT-SAFE-ZONE); check says so first, at the card's content line."""
    root = tmp_path / "content"
    shutil.copytree(CONTENT / "old-world", root / "old-world")
    po = root / "old-world" / "locales" / "de.po"
    text = po.read_text(encoding="utf-8")
    old = 'msgid "Ashen Resolve"\nmsgstr "Aschgrauer Trotz"'
    assert old in text
    po.write_text(text.replace(old, 'msgid "Ashen Resolve"\nmsgstr "Aschgraue Entschlossenheit"'), encoding="utf-8")
    argv = ["check", "--game", "old-world", "--pack", "ciri", "--locale", "de", "--content", str(root), "--force",
            "--cache-dir", str(tmp_path / "cache")]
    result = runner.invoke(app, argv)
    assert result.exit_code == 1, result.output
    trophies = root / "old-world" / "packs" / "ciri" / "witcher-trophies.yaml"
    line = trophies.read_text(encoding="utf-8").splitlines().index("  - id: ciri-trophy-4") + 1
    assert f"witcher-trophies.yaml:{line}:1: error PREFLIGHT-SAFE-ZONE: witcher-trophy 'ciri-trophy-4' in de" in result.output
