"""Locale-aware sorting: German DIN 5007-1 and -2, English letter by letter."""

from __future__ import annotations

import random

from pipeline.i18n.collation import sort_key, sorted_for

# The 40 glossary headings in the order the German guide prints them (DIN 5007-2; glossary-en-de.md S2).
GERMAN_GUIDE = [
    "Ablauf eines Spielzugs", "Ablegen", "Aktionen", "Aktionsfelder", "Aktiver Spieler", "Aufgehaltene Helden",
    "Aufträge", "Ausgeben", "Bewegung", "Beweise", "Eigenschaften", "Ermittlungskarten", "Freie Aktionen",
    "Gefahren begegnen", "Gefahrenzonen", "Gesprächsregeln", "Glück", "Handeln", "Hinweise", "Kampf",
    "Karten behalten", "Karten ziehen", "Kriegsanzeiger", "Materialbeschränkung", "Monster", "Nachbarorte/-regionen",
    "Orte", "Questkarten", "Regionen", "Siegpunkte", "Spielbereich", "Spielsieg", "Straßen", "Trainingskarten",
    "Unglück", "Unterstützungstabelle", "Vorrat", "Würfel", "Wunden", "Yarpen",
]
# ... and in the order the English guide prints them (letter by letter).
ENGLISH_GUIDE = [
    "Actions", "Action Space", "Active Player", "Adjacent", "Battles", "Component Limitations", "Delayed Heroes",
    "Development Cards", "Dice", "Discarding", "Drawing", "Encountering Obstacles", "Foul Fate", "Good Fortune Cards",
    "Investigation Cards", "Keeping Cards", "Leads", "Locations", "Monsters", "Movement", "Obstacle Zones",
    "Operations", "Play Area", "Proof", "Quest Cards", "Regions", "Routes", "Spending", "Supply", "Support Chart",
    "Tabletalk", "Tasks", "Trading Resources", "Traits", "Turn Structure", "Victory Points", "War Track",
    "Winning the Game", "Wounds", "Yarpen",
]


def shuffled(items: list[str]) -> list[str]:
    copy = items[:]
    random.Random(7).shuffle(copy)
    return copy


def test_din_5007_2_reproduces_the_german_guide() -> None:
    assert sorted_for(shuffled(GERMAN_GUIDE), "de", umlauts="expand") == GERMAN_GUIDE


def test_din_5007_1_and_2_differ_on_umlauts() -> None:
    assert sorted_for(["Wunden", "Würfel"], "de", umlauts="expand") == ["Würfel", "Wunden"]
    assert sorted_for(["Würfel", "Wunden"], "de", umlauts="base") == ["Wunden", "Würfel"]
    assert sorted_for(["Gefahren", "Gefährten"], "de") == ["Gefährten", "Gefahren"]
    assert sorted_for(["Gefährten", "Gefahren"], "de", umlauts="base") == ["Gefahren", "Gefährten"]


def test_english_is_letter_by_letter() -> None:
    assert sorted_for(shuffled(ENGLISH_GUIDE), "en") == ENGLISH_GUIDE
    assert sorted_for(["Obstacle Zones", "Obstacles"], "en") == ["Obstacles", "Obstacle Zones"]


def test_ties_break_on_accents_then_case() -> None:
    assert sort_key("Straße", "de")[0] == sort_key("Strasse", "de")[0]
    assert sorted_for(["Müller", "Mueller"], "de") == ["Mueller", "Müller"]
    assert sorted_for(["Der", "der"], "de") == ["der", "Der"]
