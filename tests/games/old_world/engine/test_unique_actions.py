"""Monster Trail's Witcher Unique Action cards mode (expansion sheet §9.7) and Ciri's Unique card (§5): scenarios
quoting the rules, played with the shipped packs."""

from __future__ import annotations

from pipeline.games.old_world.content import OldWorldContent
from pipeline.games.old_world.engine import Tables, new_game
from pipeline.games.old_world.engine.state import PlayerState
from pipeline.games.old_world.spec import SPEC

from .conftest import ROOT

UNIQUE = ("monster-trail", "monster-trail/unique-actions")


def tables_of(*packs: str) -> Tables:
    db, findings = SPEC.load(ROOT / "content", packs)
    assert findings == []
    return Tables.from_content(OldWorldContent(db))


def starting_deck(p: PlayerState) -> list[str]:
    return sorted([*p.deck, *p.hand, *p.discard])


def test_each_witcher_starts_with_eleven_cards_with_its_unique_card() -> None:
    """§9.7: "Add each school's Unique card to its starting deck, so everyone starts with 11 cards"."""
    tables = tables_of(*UNIQUE)
    s = new_game(tables, 5, 1, {"schools": ["wolf", "cat", "bear", "griffin", "viper"]})
    for p in s.players:
        deck = starting_deck(p)
        unique = [c for c in deck if tables.cards[c].unique]
        assert len(deck) == 11 and len(unique) == 1 and tables.cards[unique[0]].school == p.school


def test_the_manticore_and_each_mage_get_their_own_unique_card() -> None:
    """§9.1: "one for each base witcher (5), the Manticore witcher (1) and each Mage (5)"; §9.7: "With Mages,
    each Mage deck also gets its own Unique card"."""
    tables = tables_of(*UNIQUE, "monster-trail/manticore", "mages")
    s = new_game(tables, 3, 1, {"schools": ["manticore", "alzur", "wolf"]})
    manticore, alzur = s.players[0], s.players[1]
    assert "manticore-unique-manticores-brew" in starting_deck(manticore) and len(starting_deck(manticore)) == 11
    assert "alzur-unique-alzurs-thunder" in starting_deck(alzur) and len(starting_deck(alzur)) == 11


def test_without_the_mode_decks_keep_ten_cards(tables: Tables) -> None:
    s = new_game(tables, 2, 1, None)
    assert [len(starting_deck(p)) for p in s.players] == [10, 10]
    assert not any(card.unique for card in tables.cards.values())


def test_ciris_unique_card_joins_her_deck_only_with_the_mode() -> None:
    """§5: the Ciri box holds her Unique card [inferred: Monster Trail's kind]; rule 17: 10 cards, 11 with it."""
    alone = tables_of("ciri")
    s = new_game(alone, 2, 1, {"schools": ["ciri", "cat"]})
    assert "ciri-unique-dance-of-blades" not in alone.cards and len(starting_deck(s.players[0])) == 10
    with_mode = tables_of("ciri", *UNIQUE)
    s = new_game(with_mode, 2, 1, {"schools": ["ciri", "cat"]})
    assert "ciri-unique-dance-of-blades" in starting_deck(s.players[0]) and len(starting_deck(s.players[0])) == 11
