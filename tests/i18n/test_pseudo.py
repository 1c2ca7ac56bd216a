"""The pseudo-locale: accented, about 40% longer, placeholders, icon tokens and markup untouched."""

from __future__ import annotations

from pathlib import Path

from pipeline.i18n.catalogs import catalog_path, read_catalog
from pipeline.i18n.glyphs import missing_glyphs
from pipeline.i18n.pseudo import pseudo_text
from pipeline.i18n.status import read_status
from pipeline.i18n.tokens import icons, placeholders, prose
from pipeline.i18n.workflow import pseudo, read_template
from tests.i18n.conftest import source_strings


def test_pseudo_text_keeps_tokens_and_grows() -> None:
    source = "**Quest** {terrain}: Raise your Shield by {amount} {icon:shield} in {icon:forest} forests."
    text = pseudo_text(source)
    assert placeholders(text) == placeholders(source) and icons(text) == icons(source)
    assert text.count("**") == 2 and text != source
    assert len(prose(text)) >= 1.35 * len(prose(source))
    assert missing_glyphs(text) == []  # every accented letter is in the Vera fonts


def test_pseudo_catalog_is_complete(game_dir: Path) -> None:
    template = read_template(game_dir)
    assert template is not None
    written = pseudo(template, game_dir, "demo")
    assert written.messages == 4
    assert read_status(source_strings(game_dir), game_dir, "en-XA").is_complete
    catalog = read_catalog(catalog_path(game_dir, "en-XA"), "en-XA")
    message = catalog.get("Draw {amount} card {icon:draw}.", context="effect:draw-cards")
    assert message is not None and all("{amount}" in form and "{icon:draw}" in form for form in message.string)
