"""Exploration, quests and numbered events (reference §12)."""

from __future__ import annotations

from pipeline.games.old_world.engine.actions import ChooseOption
from pipeline.games.old_world.engine.exploration import explore, on_enter, start_quest
from pipeline.games.old_world.enums import ExplorationDeck, Terrain

from .conftest import decisions, drive


def test_only_affordable_options_are_offered(game) -> None:  # type: ignore[no-untyped-def]
    s = game()
    p = s.players[0]
    p.gold = 0
    s.exploration["city"] = [c for c in s.exploration["city"] if c != "city-03"] + ["city-03"]  # costs 1 Gold on B
    seen = decisions(explore(s, p, ExplorationDeck.CITY), [ChooseOption(0)])
    assert seen[0].actions == (ChooseOption(0),)
    assert "city-03" in s.used["exploration"]


def test_a_quest_resolves_when_its_location_is_entered(game) -> None:  # type: ignore[no-untyped-def]
    s = game()
    p = s.players[0]
    start_quest(s, p, "city-02", Terrain.WATER, 1)
    [quest] = p.quests
    assert quest.token is not None and s.tables.token_terrain(quest.token) is Terrain.WATER
    p.location = s.tables.token_location(quest.token)
    drive(on_enter(s, p))
    assert p.quests == [] and "event-1" in s.used["events"]
    assert quest.token in s.token_piles[Terrain.WATER]


def test_equipment_is_kept_once(game) -> None:  # type: ignore[no-untyped-def]
    from pipeline.games.old_world.engine.exploration import enter_event

    s = game()
    drive(enter_event(s, s.players[0], 5))
    assert s.players[0].kept == [5]
    drive(enter_event(s, s.players[1], 5))
    assert s.players[1].kept == []


def test_a_trail_quest_pays_and_becomes_a_trail_on_arrival(game) -> None:  # type: ignore[no-untyped-def]
    from pipeline.games.old_world.engine.locations import start_trail_quest

    s = game()
    p = s.players[0]
    start_trail_quest(s, p, Terrain.MOUNTAIN)
    [token] = p.trail_quests
    p.location = s.tables.token_location(token)
    gold = p.gold
    drive(on_enter(s, p))
    assert p.trail_tokens == [token] and p.gold == gold + 1 and p.has_trail(Terrain.MOUNTAIN, s.tables)
