"""The bots: an explicit registry; random is uniform and seeded; greedy plays to win."""

from __future__ import annotations

from pathlib import Path

from pipeline.games.old_world.bots import BOTS, TRAIN_DETOUR, GreedyBot, RandomBot
from pipeline.games.old_world.engine.actions import PlayCard
from pipeline.games.old_world.engine.state import GameState
from pipeline.games.old_world.enums import Attribute, LocationAction
from pipeline.games.old_world.spec import SPEC
from pipeline.rules.simulation import run_simulation

ROOT = Path(__file__).resolve().parents[3]


def test_registry_names() -> None:
    assert BOTS == {"random": RandomBot, "greedy": GreedyBot}


def test_random_bot_is_seeded() -> None:
    actions = list(range(10))
    assert [RandomBot(3).choose(None, actions) for _ in range(3)] == [RandomBot(3).choose(None, actions)] * 3


def test_greedy_wins_faster_than_random() -> None:
    db, _ = SPEC.load(ROOT / "content")
    greedy = run_simulation(SPEC.engine, SPEC.id, db, 2, 10, 1, "greedy", check_invariants=False)
    random = run_simulation(SPEC.engine, SPEC.id, db, 2, 10, 1, "random", check_invariants=False)
    assert greedy.completed == 10
    assert sum(greedy.turns) / len(greedy.turns) < sum(random.turns) / max(1, len(random.turns))


def _game(players: int = 2, seed: int = 1) -> GameState:
    db, _ = SPEC.load(ROOT / "content")
    assert SPEC.engine is not None
    state = SPEC.engine.new_game(SPEC.engine.tables(db), players, seed, None)
    assert isinstance(state, GameState)
    return state


def test_greedy_counts_a_card_peeked_off_the_life_pool_as_damage() -> None:
    # Poisoned Blade: Damage 1, then peek 2 and discard 1 of the opponent's Life Pool: as good as Damage 2.
    s = _game()
    bot = GreedyBot(1)
    blade = bot._play_value(s, None, PlayCard("viper-poisoned-blade", -1))
    swing = bot._play_value(s, None, PlayCard("bear-crushing-swing", -1))  # Damage 2
    assert s.tables.cards["viper-poisoned-blade"].fight.damage == 1
    assert blade == swing


def test_greedy_spends_gold_on_combat_at_a_school_close_by() -> None:
    s = _game()
    p = s.players[0]
    bot = GreedyBot(1)
    schools = [loc.id for loc in s.tables.locations.values() if loc.action.type is LocationAction.SCHOOL]
    near = [x for x in schools if x != p.location and bot._distances(s, p.location).get(x, 99) <= TRAIN_DETOUR]
    assert near, "a school within the detour of the starting location"
    p.gold = 0
    assert bot._goal(s, p) not in schools  # no gold: the easiest monster
    p.gold = p.attributes[Attribute.COMBAT] + s.rules.school_train_cost_base
    assert bot._goal(s, p) in near
