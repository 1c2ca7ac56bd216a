"""The markup of Adventure Game text: tokens, links, and what a translation must keep of its source."""

from __future__ import annotations

from pipeline.games.adventure_game import markup


def test_tokens_name_rules_data_numbers_and_icons() -> None:
    found = markup.tokens("{actions_per_turn} {action:travel} {route_gold_cost:duen-canell-cintra} {icon:sword}")
    assert [(t.is_rule, t.kind, t.id, t.field, t.is_icon) for t in found] == [
        (True, "actions", None, None, False),
        (False, "action", "travel", None, False),
        (False, "route", "duen-canell-cintra", "gold_cost", False),
        (False, "icon", "sword", None, True),
    ]


def test_numbers_count_digits_and_number_words_but_not_the_article() -> None:
    assert markup.numbers("Spend 2 leads or three gold for a card", "en") == {2: 1, 3: 1}
    assert markup.numbers("Gib zwei Hinweise oder 3 Orens für eine Karte aus", "de") == {2: 1, 3: 1}
    assert markup.numbers("{actions_per_turn} actions, see [[dice]]", "en") == {}


def test_the_official_guides_traits_example_drifts() -> None:
    english = "Receive 1 blue lead and 1 more blue lead for each {trait:nilfgaard} card."
    german = "Du erhältst 1 blauen Hinweis für jede {trait:nilfgaard}-Karte."
    found = markup.drift(english, german, "en", "de")
    assert found is not None and "numbers [1, 1] in the source, [1] in the translation" in found.describe()
    agreeing = "Du erhältst 1 blauen Hinweis und 1 weiteren für jede {trait:nilfgaard}-Karte."
    assert markup.drift(english, agreeing, "en", "de") is None


def test_a_translation_may_name_a_term_with_inflected_words_but_not_another_term() -> None:
    english = "Put a [[common-marker|common marker]] here ([[foul-fate]])."
    assert markup.drift(english, "Lege einen [[common-marker|allgemeinen Marker]] hierhin ([[foul-fate]]).", "en", "de") is None
    assert markup.drift(english, "Lege einen [[lead|Hinweis]] hierhin ([[foul-fate]]).", "en", "de") is not None
    assert markup.prose("einen [[common-marker|allgemeinen Marker]] ({icon:sword})").split() == [
        "einen",
        "allgemeinen",
        "Marker",
        "(",
        ")",
    ]
