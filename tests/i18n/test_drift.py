"""What a translation must keep of its English besides placeholders and icons: numbers, data references and
links, in every game; and the words those checks read (tokens and links left out)."""

from __future__ import annotations

from pathlib import Path

from babel.messages.catalog import Message

from pipeline.i18n.checks import drift_findings
from pipeline.i18n.entries import Entry, PoFile
from pipeline.i18n.messages import SourceString
from pipeline.i18n.numbers import numbers, numerals
from pipeline.i18n.tokens import fill, links, references, words
from pipeline.i18n.typography import typography_findings

PO = PoFile(Path("de.po"), ('msgctxt "x"', 'msgid "..."', 'msgstr "..."'))


def entry(english: str, german: str, flags: tuple[str, ...] = ()) -> Entry:
    return Entry(SourceString("x", english), Message(english, german, context="x", lineno=1, flags=flags), PO)


def drift(english: str, german: str, flags: tuple[str, ...] = ()) -> list[str]:
    return [f.message for f in drift_findings([entry(english, german, flags)], "en", "de")]


def test_numbers_count_digits_and_number_words_but_not_the_article() -> None:
    assert numbers("Spend 2 leads or three gold for a card", "en") == {2: 1, 3: 1}
    assert numbers("Gib zwei Hinweise oder 3 Orens für eine Karte aus", "de") == {2: 1, 3: 1}
    assert numbers("{actions_per_turn} actions, see [[dice]]", "en") == {}


def test_the_official_guides_traits_example_drifts() -> None:
    english = "Receive 1 blue lead and 1 more blue lead for each {trait:nilfgaard} card."
    [found] = drift(english, "Du erhältst 1 blauen Hinweis für jede {trait:nilfgaard}-Karte.")
    assert "numbers [1, 1] in the English, [1] in the translation" in found
    assert drift(english, "Du erhältst 1 blauen Hinweis und 1 weiteren für jede {trait:nilfgaard}-Karte.") == []


def test_a_digit_must_be_a_digit_or_a_number_word_in_the_other_text() -> None:
    assert drift("Pay 3 gold.", "Zahle 4 Orens.") != []
    assert drift("Pay 3 gold.", "Zahle drei Orens.") == []
    assert drift("Pay three gold.", "Zahle 3 Orens.") == []
    assert drift("Take one card.", "Nimm 1 Karte.") == []  # §15 of the glossary: DE prefers digits
    assert drift("Taking a Zero-Cost Card", "Eine Karte mit Kosten 0 nehmen") == []
    assert drift("Between hammer blows", "Zwischen 2 Hammerschlägen") != []


def test_number_words_without_a_digit_opposite_are_prose() -> None:
    # Old World's dice-poker hands and "the two halves": the German says it in its own words.
    assert drift("Three of a Kind", "Drilling") == []
    assert drift("One of the two halves of a card.", "Eine der beiden Hälften einer Karte.") == []


def test_signs_dashes_and_separators_do_not_hide_a_number() -> None:
    assert drift("Slot costs: +1 on the left, -1 on the right (never below 0).",
                 "Platzkosten: +1 links, −1 rechts (nie unter 0).") == []
    assert drift("Straight 1-5 or 2-6: 3", "Straße 1–5 oder 2–6: 3") == []
    assert drift("the chapter-3 main symbol", "das Hauptsymbol von Kapitel 3") == []
    assert drift("Score 1,000 points or 1.5 more.", "Erziele 1.000 Punkte oder 1,5 mehr.") == []
    [found] = drift("Score 1,000 points.", "Erziele 1.500 Punkte.")
    assert "numbers [1000] in the English, [1500] in the translation" in found
    assert numerals("1,000 or 2,3", "qps") == {1000: 1, 2: 1, 3: 1}  # a language Babel lacks reads English separators


def test_an_entry_flagged_no_number_check_keeps_its_own_numbers_but_not_its_links() -> None:
    assert drift("Five High Straight", "Kleine Straße (1–5)") != []
    assert drift("Five High Straight", "Kleine Straße (1–5)", ("no-number-check",)) == []
    [found] = drift("See [[dice]].", "Siehe 2.", ("no-number-check",))
    assert found.endswith("links [dice] in the English, [] in the translation")


def test_a_dropped_reference_or_link_drifts_in_every_game() -> None:
    [found] = drift("Take the {action:rest} action (see [[wounds]]).", "Führe die Aktion aus (siehe [[wounds]]).")
    assert "references [{action:rest}] in the English, [] in the translation" in found
    [found] = drift("See [[wounds]].", "Siehe [[foul-fate]].")
    assert "links [wounds] in the English, [foul-fate] in the translation" in found


def test_a_placeholder_written_out_is_left_to_the_placeholder_check() -> None:
    assert drift("Take {actions_per_turn} actions.", "Führe 2 Aktionen aus.") == []


def test_references_links_and_words() -> None:
    text = "Use {action:travel} {icon:sword} {hand_limit} times, see [[dice]]."
    assert references(text) == {"{action:travel}": 1}
    assert links(text) == {"dice"}
    assert words(text).split() == ["Use", "times,", "see", "."]


def test_fill_resolves_references_the_game_knows_and_keeps_icons() -> None:
    names = {("action", "travel"): "Reisen"}
    text = fill("{n} × {action:travel}, {action:fly}, {icon:sword}", {"n": "2"}.get, lambda kind, key: names.get((kind, key)))
    assert text == "2 × Reisen, {action:fly}, {icon:sword}"


def test_german_number_ranges_take_an_en_dash_and_quotes_balance() -> None:
    def codes(german: str) -> list[str]:
        return [f.code for f in typography_findings([entry("x", german)], "de")]

    assert codes("Wirf 2-4 Würfel.") == ["I18N-TYPO-DASH"]
    assert codes("Wirf 2–4 Würfel.") == []
    assert codes("„Nie“ und „immer") == ["I18N-TYPO-QUOTES"]
    assert codes("„Nie”") == ["I18N-TYPO-QUOTES"]  # the wrong closing quote, reported once
