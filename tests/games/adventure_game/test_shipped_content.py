"""The shipped Adventure Game content checks clean in both locales, with the facts the guide states."""

from __future__ import annotations

from pathlib import Path

from pipeline.games import find_game
from pipeline.i18n.catalogs import read_catalog
from pipeline.i18n.checks import locale_findings
from pipeline.i18n.terms import game_terms
from tests.conftest import CONTENT

GAME = "adventure-game"


def test_shipped_content_has_no_findings(content_root: Path) -> None:
    game = find_game(GAME, CONTENT)
    db, findings = game.load(content_root)
    findings += game.checks(db)
    findings += locale_findings(game.strings(db), game.content_dir(content_root), ["en", "de"], "en", game_terms(db))
    assert [f.as_text() for f in findings] == []
    assert db.complete


def test_the_guide_has_its_40_entries_and_the_stated_counts(content_root: Path) -> None:
    game = find_game(GAME, CONTENT)
    db, _ = game.load(content_root)
    counts = game.info(db).counts
    assert counts["glossary_entries"] == 40
    assert counts["heroes"] == 4
    assert counts["regions"] == counts["obstacle_zones"] == 6
    assert counts["battle_dice"] == 3
    assert counts["die_faces"] == 10
    assert counts["companion_cards"] == 4
    assert game.info(db).locales == ["en", "de"]


def test_every_string_has_a_stable_context_and_is_in_the_template(content_root: Path) -> None:
    game = find_game(GAME, CONTENT)
    db, _ = game.load(content_root)
    strings = game.strings(db)
    contexts = [s.context for s in strings]
    assert len(contexts) == len(set(contexts))
    assert "guide:glossary:dice:title" in contexts and "guide:glossary:dice:blocks:list-most-faces-produce:items:most-faces-produce-result:text" in contexts
    assert "action:travel:name" in contexts and "procedure:battle:steps:roll:text" in contexts
    template = read_catalog(content_root / GAME / "locales" / "messages.pot", "en")
    assert set(contexts) <= {message.context for message in template}
