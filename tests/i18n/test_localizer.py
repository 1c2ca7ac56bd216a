"""The Localizer: translations with recorded English fallbacks, CLDR plurals, effect sentences with tokens."""

from __future__ import annotations

from pathlib import Path

from pipeline.i18n.localizer import Localizer
from pipeline.i18n.messages import Message, SourceString
from tests.i18n.conftest import Edit, source_strings


def describe(effect: tuple[str, int]) -> Message:
    """A stand-in for a game's effect mapping: ('draw', 2) -> effect:draw-cards with amount 2."""
    kind, amount = effect
    return Message({"draw": "effect:draw-cards", "shield": "effect:raise-shield"}[kind], {"amount": amount})


def localizer(game_dir: Path, locale: str) -> Localizer:
    return Localizer.load(locale, game_dir, source_strings(game_dir), describe)


def test_plural_forms_follow_cldr(game_dir: Path) -> None:
    de = localizer(game_dir, "de")
    assert de.effect_text(("draw", 1)) == "Ziehe 1 Karte {icon:draw}."
    assert de.effect_text(("draw", 2)) == "Ziehe 2 Karten {icon:draw}."
    en = localizer(game_dir, "en")
    assert en.effects_text([("draw", 1), ("shield", 2)]) == "Draw 1 card {icon:draw}. Raise your Shield by 2 {icon:shield}."
    assert de.fallbacks == [] and en.fallbacks == []


def test_missing_translation_falls_back_to_english_and_is_recorded(game_dir: Path, edit_po: Edit) -> None:
    edit_po('msgstr "Trophäe"', 'msgstr ""')
    edit_po('msgctxt "story:intro"', '#, fuzzy\nmsgctxt "story:intro"')
    de = localizer(game_dir, "de")
    assert de.text("label:trophy", "Trophy", where="monster:ghoul") == "Trophy"
    assert de.text("story:intro", "The bell tolls at dusk.") == "The bell tolls at dusk."  # fuzzy is not used
    assert de.text("label:trophy", "Trophy", where="monster:ghoul") == "Trophy"  # recorded once per place
    assert de.fallback_contexts() == ["label:trophy", "story:intro"]
    assert de.fallbacks[0].where == "monster:ghoul"


def test_content_english_wins_over_a_stale_copy_in_code(game_dir: Path) -> None:
    de = localizer(game_dir, "de")
    assert de.text("label:trophy", "Trophy (old wording)") == "Trophäe"
    assert localizer(game_dir, "en").text("label:trophy", "Trophy (old wording)") == "Trophy"


def test_nested_messages_and_unknown_templates(game_dir: Path) -> None:
    templates = [*source_strings(game_dir), SourceString("frame", "{when}: {effects}")]
    en = Localizer("en", None, templates, describe)
    nested = Message("frame", {"when": "Always", "effects": (describe(("draw", 3)), describe(("shield", 1)))})
    assert en.message(nested) == "Always: Draw 3 cards {icon:draw}. Raise your Shield by 1 {icon:shield}."
    assert en.message(Message("effect:unknown")) == "[effect:unknown]"
    assert en.fallback_contexts() == ["effect:unknown"]


def test_locale_without_catalog_prints_english(game_dir: Path) -> None:
    fr = localizer(game_dir, "fr")
    assert fr.effect_text(("draw", 2)) == "Draw 2 cards {icon:draw}."
    assert fr.fallback_contexts() == ["effect:draw-cards"]
