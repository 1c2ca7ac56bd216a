"""Monster fights, spawning and duels (reference §10)."""

from __future__ import annotations

from pipeline.games.old_world.engine.actions import ChooseAttack, FightMonster, Pass
from pipeline.games.old_world.engine.fight import duel, monster_fight, monster_outcome, spawn
from pipeline.games.old_world.engine.state import GameState, PlayerState
from pipeline.games.old_world.engine.turn import phase_two_options
from pipeline.games.old_world.enums import Attribute as A
from pipeline.games.old_world.enums import Terrain

from .conftest import decisions, drive


def at_monster(s: GameState, monster: str = "drowner", terrain: Terrain = Terrain.WATER) -> PlayerState:
    """Put `monster` in the slot of `terrain` and seat 0 on its location."""
    slot = s.slots[terrain]
    assert slot is not None
    s.slots[terrain] = (slot[0], monster)
    p = s.players[0]
    p.location = s.tables.token_location(slot[0])
    return p


def test_trail_lets_the_witcher_strike_first(game) -> None:  # type: ignore[no-untyped-def]
    s = game(2)
    p = at_monster(s)
    first = decisions(monster_fight(s, p, "drowner"), [])[0]
    assert (first.kind, first.player) == ("attack-type", 1)  # the right-hand player calls the attack
    s = game(2)
    p = at_monster(s)
    p.trail_tokens.append(s.token_piles[Terrain.WATER].pop())
    first = decisions(monster_fight(s, p, "drowner"), [])[0]
    assert (first.kind, first.player) == ("fight-turn", 0)


def test_drive_away_threshold(game) -> None:  # type: ignore[no-untyped-def]
    s = game()
    assert s.rules.drive_away_max_life == 1
    assert monster_outcome(s, False, 3) == "defeat"
    assert monster_outcome(s, True, 0) == "drive-away"
    assert monster_outcome(s, True, 1) == "drive-away"
    assert monster_outcome(s, True, 2) == "complete-defeat"


def test_complete_defeat_gives_a_trail_a_zero_cost_card_and_draw_two(game) -> None:  # type: ignore[no-untyped-def]
    s = game(2)
    p = at_monster(s)
    p.hand, p.deck, p.discard = ["jab"], [], []
    p.trail_tokens.append(s.token_piles[Terrain.WATER].pop())  # strike first, then be knocked out
    drive(monster_fight(s, p, "drowner"))
    assert s.slots[Terrain.WATER] is not None and s.slots[Terrain.WATER][1] == "drowner"  # type: ignore[index]
    assert len(p.deck) == 2 and s.fight is None  # Jab + a 0-cost card, reshuffled
    assert p.phase3_target == s.rules.phase3_draw_after_loss
    assert len(s.fight_deck) == len(s.tables.fight_cards)


def test_defeat_pays_gold_takes_the_trophy_and_spawns_one_level_up(game) -> None:  # type: ignore[no-untyped-def]
    s = game(2)
    p = at_monster(s)
    p.trail_tokens.append(s.token_piles[Terrain.WATER].pop())
    p.hand, p.deck = ["cleave", "whirl", "cleave"], ["cleave"] * 4
    p.attributes[A.COMBAT] = 3
    gold = p.gold
    drive(monster_fight(s, p, "drowner"), lambda d: ChooseAttack("charge") if d.kind == "attack-type" else d.actions[0])
    assert "monster:drowner" in p.trophies and p.gold == gold + s.rules.gold_defeat_monster
    new = s.slots[Terrain.WATER]
    assert new is not None and s.tables.monsters[new[1]].level == 2
    assert not p.trail_tokens  # that terrain's trails go back to the pile


def test_level_three_spawns_level_three_and_drive_away_the_same_level(game) -> None:  # type: ignore[no-untyped-def]
    s = game(3)
    at_monster(s, "leshen")
    spawn(s, Terrain.WATER, 3, defeated=True)
    assert s.tables.monsters[s.slots[Terrain.WATER][1]].level == 3  # type: ignore[index]
    at_monster(s, "wyvern")
    spawn(s, Terrain.WATER, 2, defeated=False)
    assert s.tables.monsters[s.slots[Terrain.WATER][1]].level == 2  # type: ignore[index]


def test_four_and_five_players_spawn_from_the_extra_level_one_stack(game) -> None:  # type: ignore[no-untyped-def]
    for players, extra in ((4, 1), (5, 2)):
        s = game(players)
        assert len(s.extra_stack) == extra
        for _ in range(extra):
            top = s.extra_stack[-1]
            spawn(s, Terrain.FOREST, 1, defeated=True)
            assert s.slots[Terrain.FOREST][1] == top  # type: ignore[index]
        spawn(s, Terrain.FOREST, 1, defeated=True)
        assert s.tables.monsters[s.slots[Terrain.FOREST][1]].level == 2  # type: ignore[index]


def test_solo_does_not_replace_a_defeated_monster(game) -> None:  # type: ignore[no-untyped-def]
    s = game(1)
    spawn(s, Terrain.MOUNTAIN, 1, defeated=True)
    assert s.slots[Terrain.MOUNTAIN] is None
    spawn(s, Terrain.FOREST, 2, defeated=False)
    assert s.slots[Terrain.FOREST] is not None


def duelists(s: GameState) -> tuple[PlayerState, PlayerState]:
    a, d = s.players[0], s.players[1]
    a.location = d.location = "vizima"
    return a, d


def test_duel_won_by_the_attacker(game) -> None:  # type: ignore[no-untyped-def]
    s = game(3)
    a, d = duelists(s)
    a.hand, a.deck, a.discard = ["cleave"], ["jab"] * 5, []
    d.hand, d.deck, d.discard = [], ["jab", "jab"], []
    gold = a.gold
    reputation = s.tables.manifest.trophy_track[d.track].reputation
    drive(duel(s, a, d), lambda d_: Pass() if Pass() in d_.actions else d_.actions[0])
    assert a.gold == gold + reputation
    assert any(t.startswith("witcher:") for t in a.trophies) and a.track == 1
    assert not any(t.startswith("witcher:") for t in d.trophies)
    assert len(d.hand) == s.rules.duel_defender_draw_loss
    assert s.closed_tavern == "vizima"


def test_duel_won_by_the_defender(game) -> None:  # type: ignore[no-untyped-def]
    s = game(3)
    a, d = duelists(s)
    a.hand, a.deck, a.discard = ["jab"], [], []
    d.hand, d.deck = [], ["jab"] * 6
    gold = d.gold
    reputation = s.tables.manifest.trophy_track[a.track].reputation
    drive(duel(s, a, d), lambda d_: Pass() if Pass() in d_.actions else d_.actions[0])
    assert d.gold == gold + reputation and d.trophies == [] and a.trophies == []
    assert len(d.hand) == s.rules.duel_defender_draw_win
    assert a.phase3_target == s.rules.phase3_draw_after_loss


def test_no_duel_at_the_closed_tavern_or_a_school(game) -> None:  # type: ignore[no-untyped-def]
    from pipeline.games.old_world.engine.actions import Duel
    from pipeline.games.old_world.engine.turn import phase_two_options

    s = game(2)
    a, _ = duelists(s)
    assert Duel(1) in phase_two_options(s, a)
    s.closed_tavern = "vizima"
    assert Duel(1) not in phase_two_options(s, a)
    s.players[0].location = s.players[1].location = "kaer-morhen"
    assert Duel(1) not in phase_two_options(s, a)


def last_monster_of_a_solo_game(s: GameState) -> PlayerState:
    """Leave one monster (a drowner) on a solo board and arm seat 0 to beat it, striking first."""
    terrain = next(t for t, slot in s.slots.items() if slot is not None)
    for other in s.slots:
        if other is not terrain:
            s.slots[other] = None
    p = at_monster(s, "drowner", terrain)
    p.trail_tokens.append(s.token_piles[terrain].pop())
    p.hand, p.deck = ["cleave", "whirl", "cleave"], ["cleave"] * 4
    p.attributes[A.COMBAT] = 3
    return p


def test_solo_may_fight_the_last_monster_but_not_defeat_it_before_the_attribute_trophy(game) -> None:  # type: ignore[no-untyped-def]
    """Reference §14.2: "The Attribute Trophy may not be the last one: you must not defeat the final monster before owning it"."""
    s = game(1)
    p = last_monster_of_a_solo_game(s)
    assert FightMonster("drowner") in phase_two_options(s, p)
    drive(monster_fight(s, p, "drowner"))
    assert "monster:drowner" not in p.trophies and "drowner" not in s.defeated
    assert s.driven_away[1] == ["drowner"]  # it escapes, and a monster of its level takes its place
    assert sum(slot is not None for slot in s.slots.values()) == 1


def test_solo_defeats_the_last_monster_once_the_attribute_trophy_is_held(game) -> None:  # type: ignore[no-untyped-def]
    s = game(1)
    p = last_monster_of_a_solo_game(s)
    p.trophies.append("attribute:combat-trophy-1")
    drive(monster_fight(s, p, "drowner"))
    assert "monster:drowner" in p.trophies and s.defeated == ["drowner"]
