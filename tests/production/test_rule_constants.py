"""A rules number lives once, in the manifest: changing the hand limit changes the engine, the guide,
the help cards and the player aid in one build."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from pypdf import PdfReader
from typer.testing import CliRunner

from pipeline.cli import app
from pipeline.games import find_game
from tests.conftest import CONTENT

runner = CliRunner()


def text_of(path: Path) -> str:
    """The PDF's text with hyphenated line breaks joined and whitespace folded."""
    text = "\n".join(page.extract_text() or "" for page in PdfReader(path).pages)
    return re.sub(r"\s+", " ", re.sub(r"(\w)-\n(\w)", r"\1\2", text))


def test_a_changed_hand_limit_reaches_engine_guide_help_cards_and_player_aid(tmp_path: Path) -> None:
    root = tmp_path / "content"
    shutil.copytree(CONTENT / "old-world", root / "old-world")
    manifest = root / "old-world" / "game.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace("hand_limit: 7", "hand_limit: 9"), encoding="utf-8")
    out = tmp_path / "out"
    args = ["build", "--game", "old-world", "--locale", "en", "--target", "guides", "--target", "help",
            "--content", str(root), "--out", str(out), "--cache-dir", str(tmp_path / "cache")]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output

    # The engine: a player can now hold 9 cards, and draws beyond that are lost.
    ruleset = find_game("old-world")
    db, _ = ruleset.load(root)
    state = ruleset.engine.new_game(ruleset.engine.tables(db), 2, 1, None)
    player = state.players[0]
    player.deck.extend(player.hand + ["quick-cut"] * 20)
    player.hand.clear()
    assert state.draw(player, 12) == 9 and len(player.hand) == 9

    built = out / "old-world" / "en"
    guide, aid, help_cards = (text_of(built / name) for name in ("reference-guide.pdf", "player-aid.pdf", "help-cards.pdf"))
    assert "never holds more than 9 cards" in guide and "more than 7 cards" not in guide
    assert "Hand limit: 9." in help_cards and "Hand limit: 7." not in help_cards
    assert "Hand limit 9" in aid and "Hand limit 7" not in aid

