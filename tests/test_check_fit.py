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
