"""Monster Trail (expansion sheet §9): scenarios quoting the rules, played with the shipped pack's modes."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from pipeline.games.old_world.content import OldWorldContent
from pipeline.games.old_world.engine import GameState, Tables, new_game
from pipeline.games.old_world.engine.abilities import is_available, owned_abilities
from pipeline.games.old_world.engine.actions import Duel, TakeGold, Train
from pipeline.games.old_world.engine.combo import use_ability
from pipeline.games.old_world.engine.locations import location_options, take_location_action
from pipeline.games.old_world.engine.mutagens import gain_mutagens
from pipeline.games.old_world.engine.state import Decision, FightState, Flow, PlayerState
from pipeline.games.old_world.engine.turn import phase_two_options
from pipeline.games.old_world.engine.witcher import raise_attribute
from pipeline.games.old_world.enums import Attribute
from pipeline.games.old_world.spec import SPEC

from .conftest import ROOT, drive


def tables_with(*modes: str) -> Tables:
    db, findings = SPEC.load(ROOT / "content", ("monster-trail", *(f"monster-trail/{mode}" for mode in modes)))
    assert findings == []
    return Tables.from_content(OldWorldContent(db))


@pytest.fixture(scope="module")
def manticore_tables() -> Tables:
    return tables_with("manticore")


@pytest.fixture
def manticore_game(manticore_tables: Tables) -> Callable[..., GameState]:
    def make(schools: list[str], seed: int = 1) -> GameState:
        state = new_game(manticore_tables, len(schools), seed, {"schools": schools})
        while state.decision is not None and state.decision.kind in ("place-monster", "bonus-attribute"):
            state.apply(state.decision.actions[0])
        return state

    return make


def arrive(s: GameState, location: str, seat: int = 0) -> PlayerState:
    p = s.players[seat]
    p.location, p.moved_into, p.actions_used = location, {location}, set()
    return p


def monster_fight(s: GameState, seat: int = 0) -> FightState:
    f = FightState(kind="monster", witcher=seat, monster="drowner", level=1)
    f.life_pool, s.fight_deck = s.fight_deck[:8], s.fight_deck[8:]
    s.fight = f
    return f


def test_the_manticore_witcher_starts_at_location_0(manticore_game: Callable[..., GameState]) -> None:
    """§9.2: "played like any witcher, with its own school location: the special location 0 in the east"."""
    s = manticore_game(["manticore", "wolf"])
    manticore = s.players[0]
    assert (manticore.school, manticore.location) == ("manticore", "loc-muinne")
    assert s.tables.locations["loc-muinne"].number == 0
    assert len(manticore.deck) + len(manticore.hand) + len(manticore.discard) == 10


def test_location_0_is_the_manticore_school_while_the_mode_is_played(manticore_game: Callable[..., GameState]) -> None:
    """§9.2: location 0's action is the Manticore school's: any witcher trains Combat, Defense or Alchemy
    there, only the Manticore its Specialty; like any school, no witcher fight starts there."""
    s = manticore_game(["manticore", "wolf"])
    for seat, specialty in ((0, True), (1, False)):
        p = arrive(s, "loc-muinne", seat)
        p.gold = 9
        offered = location_options(s, p)
        assert TakeGold() not in offered
        assert (Train(Attribute.SPECIALTY.value) in offered) is specialty
        assert Train(Attribute.COMBAT.value) in offered
    assert not any(isinstance(a, Duel) for a in phase_two_options(s, s.players[0]))
    p = arrive(s, "loc-muinne", 1)
    p.gold = 5
    drive(take_location_action(s, p, Train(Attribute.COMBAT.value)))
    assert p.attributes[Attribute.COMBAT] == 2 and p.gold == 5 - 2  # level 1 + base 1


def test_without_the_manticore_location_0_keeps_its_gold_action(tables: Tables) -> None:
    """Without the mode no school serves location 0: its designed action gains 1 Gold."""
    s = new_game(tables, 2, 1, None)
    p = arrive(s, "loc-muinne")
    assert location_options(s, p) == [TakeGold()]


def test_potion_tolerance_at_level_1_discards_two_unused_potions(manticore_game: Callable[..., GameState]) -> None:
    """§9.2 Potion Tolerance: "once per fight, in your fight turn, discard 1 unused potion (2 potions at
    level 1) to deal damage"."""
    s = manticore_game(["manticore", "wolf"])
    manticore = s.players[0]
    f = monster_fight(s)
    [specialty] = [v for v in owned_abilities(s, manticore) if v.key == "specialty"]
    manticore.potions = [s.tables.potion_ids()[0]]
    assert not is_available(s, manticore, specialty)
    manticore.potions = s.tables.potion_ids()[:2]
    assert is_available(s, manticore, specialty)
    drive(use_ability(s, manticore, specialty))
    assert manticore.potions == [] and f.attack_damage == 2
    assert not is_available(s, manticore, specialty)  # once per fight


def test_potion_tolerance_from_level_3_also_draws_two(manticore_game: Callable[..., GameState]) -> None:
    """§9.2: "From level 3, also draw 2 cards"; from level 2 one potion is enough."""
    s = manticore_game(["manticore", "wolf"])
    manticore = s.players[0]
    manticore.attributes[Attribute.SPECIALTY] = 3
    monster_fight(s)
    manticore.potions = s.tables.potion_ids()[:2]
    hand = len(manticore.hand)
    [specialty] = [v for v in owned_abilities(s, manticore) if v.key == "specialty"]
    drive(use_ability(s, manticore, specialty))
    assert len(manticore.potions) == 1 and len(manticore.hand) == hand + 2


def test_the_troll_joins_the_monster_piles_only_with_its_mode(tables: Tables) -> None:
    """§9.4: "Add the Troll (card + token) to the monster pool"; its level (2) is designed."""
    troll = tables_with("troll")
    assert troll.monsters["troll"].level == 2
    assert "troll" not in tables.monsters
    assert "troll" not in tables_with("manticore").monsters
    s = new_game(troll, 2, 1, None)
    assert "troll" in [*s.monster_stacks[2], *(v[1] for v in s.slots.values() if v is not None)]


@pytest.fixture(scope="module")
def mutagen_tables() -> Tables:
    return tables_with("mutagens")


def level_up_to(s: GameState, p: PlayerState, level: int) -> list[str]:
    """Raise every attribute to `level`, keeping the first Mutagen offered each time; the kinds decided."""
    kinds = []
    for attribute in (Attribute.COMBAT, Attribute.DEFENSE, Attribute.ALCHEMY, Attribute.SPECIALTY):
        flow = raise_attribute(s, p, attribute, level - p.attributes[attribute])
        kinds += [d.kind for d in decisions_of(flow)]
    return kinds


def decisions_of(flow: Flow) -> list[Decision]:
    seen = []
    try:
        decision = next(flow)
        while True:
            seen.append(decision)
            decision = flow.send(decision.actions[0])
    except StopIteration:
        return seen


def test_a_level_up_gives_a_mutagen_instead_of_cards(mutagen_tables: Tables) -> None:
    """§9.3: "Each level-up gives a Mutagen instead of the 1-2 card draw. To get one: draw 3, keep 1, and
    shuffle the other 2 back"."""
    s = new_game(mutagen_tables, 2, 1, None)
    p = s.players[0]
    cards, deck = p.card_count(), len(s.mutagen_deck)
    assert deck == 15
    kinds = level_up_to(s, p, 2)
    assert p.level == 2 and kinds.count("keep-mutagen") == 1
    assert p.card_count() == cards and len(p.mutagens) == 1 and len(s.mutagen_deck) == deck - 1


def test_levels_4_and_5_give_two_mutagens_each(mutagen_tables: Tables) -> None:
    """§9.3: "Reaching levels 4 and 5 gives 2 Mutagens each time (do the procedure twice)"."""
    s = new_game(mutagen_tables, 2, 1, None)
    p = s.players[0]
    p.potions = []
    level_up_to(s, p, 5)
    assert p.level == 5 and len(p.mutagens) == 1 + 1 + 2 + 2 and len(set(p.mutagens)) == 6


def test_the_kept_mutagen_is_one_of_three_drawn(mutagen_tables: Tables) -> None:
    s = new_game(mutagen_tables, 2, 1, None)
    p = s.players[0]
    top = s.mutagen_deck[-3:]
    decision = next(gain_mutagens(s, p, 1))
    assert decision.kind == "keep-mutagen" and sorted(a.mutagen for a in decision.actions) == sorted(top)


def test_a_mutagen_ability_works_once_per_fight(mutagen_tables: Tables) -> None:
    """§9.3: "Each Mutagen you own has a fight ability usable once per fight"."""
    s = new_game(mutagen_tables, 2, 1, None)
    p = s.players[0]
    p.mutagens = ["wraith-mutagen"]
    f = monster_fight(s)
    [view] = [v for v in owned_abilities(s, p) if v.key == "mutagen:wraith-mutagen"]
    assert is_available(s, p, view)
    drive(use_ability(s, p, view))
    assert f.attack_damage == 1 and not is_available(s, p, view)


def test_without_the_mode_a_level_up_draws_cards(tables: Tables) -> None:
    s = new_game(tables, 2, 1, None)
    p = s.players[0]
    cards = len(p.hand)
    assert level_up_to(s, p, 2) == [] and len(p.hand) == cards + 1 and p.mutagens == []
