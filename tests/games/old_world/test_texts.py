"""Old World's printed texts: every effect has its sentence, strings have stable paths, German reads right."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.content.database import Database
from pipeline.games import find_game
from pipeline.games.old_world import texts
from pipeline.games.old_world.content import OldWorldContent
from pipeline.games.old_world.effects import EFFECTS, NOTHING
from pipeline.i18n.catalogs import build_template, catalog_bytes, template_path
from pipeline.i18n.checks import locale_findings
from pipeline.i18n.content import message_templates
from pipeline.i18n.messages import SourceString
from pipeline.i18n.terms import game_terms
from pipeline.i18n.tokens import placeholders
from tests.conftest import CONTENT, Mutate, codes, line_of

GAME_DIR = CONTENT / "old-world"


def translatable_strings(db: Database) -> list[SourceString]:
    return find_game("old-world").strings(db)


@pytest.fixture(scope="module")
def db() -> Database:
    database, findings = find_game("old-world").load(CONTENT)
    assert findings == []
    return database


def test_every_effect_of_the_content_prints_a_whole_sentence_in_english_and_german(db: Database) -> None:
    content = OldWorldContent(db)
    used = {type(e).type_name() for e in _all_effects(content)}
    assert used <= {cls.type_name() for cls in EFFECTS}
    for locale in ("en", "de"):
        localizer = texts.localizer(db, locale)
        for effect in _all_effects(content):
            text = localizer.effect_text(effect)
            assert not placeholders(text) and not text.startswith("["), (locale, effect, text)
        assert [c for c in localizer.fallback_contexts() if c.startswith("effect:")] == []


def test_every_effect_class_and_variant_has_an_english_template(db: Database) -> None:
    defined = {t.context for t in message_templates(db)}
    expected = {NOTHING.context, *EFFECTS.contexts(), *texts.ability_contexts()}
    assert expected <= defined
    prefixes = {c.split(":")[1] for c in expected if c.startswith("effect:")}
    assert {cls.type_name() for cls in EFFECTS} <= prefixes  # all 34 classes


def test_german_plural_forms(db: Database) -> None:
    de = texts.localizer(db, "de")
    assert de.message(texts.Message("effect:draw-cards", {"amount": 1})) == "Ziehe 1 Karte {icon:draw}."
    assert de.message(texts.Message("effect:draw-cards", {"amount": 2})) == "Ziehe 2 Karten {icon:draw}."
    monster = next(m for m in OldWorldContent(db).monsters if m.id == "drowner")
    assert texts.ability_text(de, monster.trophy) == (
        "In deinem ersten Kampfzug, wenn du höchstens 1 Karte auf der Hand hast (einmal pro Kampf): Ziehe 2 Karten {icon:draw}."
    )


def test_translatable_strings_have_stable_paths_and_positions(db: Database) -> None:
    strings = {s.context: s for s in translatable_strings(db)}
    assert len(strings) == len(translatable_strings(db))
    for context in (
        "action-card:wolf-quick-cut:name",
        "exploration:city-07:options:a:result:text",
        "event:12:intro",
        "monster:leshen:description",
        "location:novigrad:name",
        "help-card:action-help:sections:move-and-act:lines:location-action:text",
        "effect:gain-gold",
        "event:2:effects:branches:roll-1-2:text",
        "school:wolf:specialty:name",
    ):
        assert context in strings, context
    novigrad = strings["location:novigrad:name"]
    assert novigrad.path is not None and novigrad.line == line_of(novigrad.path, "name: Novigrad")
    draw = strings["effect:draw-cards"]
    assert (draw.plural, draw.count) == ("Draw {amount} cards {icon:draw}.", "amount")


def test_shipped_template_is_up_to_date(db: Database) -> None:
    expected = catalog_bytes(build_template(translatable_strings(db), "old-world", GAME_DIR))
    assert template_path(GAME_DIR).read_bytes() == expected, "run `pnp i18n extract --game old-world`"


def test_shipped_german_catalog_has_no_errors(db: Database) -> None:
    findings = locale_findings(translatable_strings(db), GAME_DIR, ["en", "de"], terms=game_terms(db))
    assert [f.as_text() for f in findings if f.severity.value == "error"] == []
    assert not [f for f in findings if f.code in ("I18N-TERM", "I18N-STALE", "I18N-FUZZY") or f.code.startswith("I18N-TYPO")]


def test_override_text_must_show_the_numbers_of_its_effects(mutated_example: Mutate) -> None:
    old = "  - id: potion-swallow\n    name: Swallow\n"
    path, findings = mutated_example("potions.yaml", old, old + '    text: "Raise your Shield."\n')
    [found] = [f for f in findings if f.code == "OW-TEXT-NUMBERS"]
    assert found.line == line_of(path, 'text: "Raise your Shield."') and "2" in found.message
    _, findings = mutated_example("potions.yaml", 'text: "Raise your Shield."', 'text: "Raise your Shield by 2."')
    assert "OW-TEXT-NUMBERS" not in codes(findings)


def test_a_missing_effect_template_is_an_error(mutated_example: Mutate) -> None:
    path, findings = mutated_example("texts/effects.yaml", "  - id: effect:gain-gold\n", "  - id: effect:gain-gold-typo\n")
    assert "OW-TEXT-MISSING" in codes(findings) and "OW-TEXT-UNKNOWN" in codes(findings)
    unknown = next(f for f in findings if f.code == "OW-TEXT-UNKNOWN")
    assert unknown.line == line_of(path, "effect:gain-gold-typo")


def _all_effects(content: OldWorldContent) -> list:  # type: ignore[type-arg]
    from pipeline.games.old_world.checks.walk import effects_in

    return [effect for _, _, effect in effects_in(content.db)]


def test_localizer_reads_the_game_folder(db: Database) -> None:
    assert texts.localizer(db, "de").catalog is not None
    assert Path(db.root) == GAME_DIR


def test_griffin_magic_prints_the_discard_the_engine_offers(db: Database) -> None:
    """Griffin Magic: "take the top card of your discard pile, then discard 0-2 cards" — the print says both."""
    griffin = next(s for s in OldWorldContent(db).schools if s.id == "griffin")
    take = next(e for level in griffin.specialty.levels for e in level if e.type == "take-top-of-discard")
    assert take.then_discard == 2
    en, de = texts.localizer(db, "en"), texts.localizer(db, "de")
    assert en.effect_text(take) == ("Take the top card of your discard pile into your hand, then discard up to 2 cards "
                                    "from your hand.")
    assert de.effect_text(take) == ("Nimm die oberste Karte deines Ablagestapels auf die Hand und lege danach bis zu "
                                    "2 Handkarten ab.")
