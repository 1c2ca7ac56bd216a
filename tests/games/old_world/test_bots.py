"""The bots: an explicit registry; random is uniform and seeded; greedy plays to win."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import pytest

from pipeline.games.old_world.bots import (
    BOTS,
    HUNT_DEADLINE,
    HUNT_LAST_CARDS_SOLO,
    HUNT_MARGIN,
    TRAIN_DETOUR,
    WORTH_TAKING,
    GreedyBot,
    RandomBot,
)
from pipeline.games.old_world.engine import legendary_hunt as lh
from pipeline.games.old_world.engine import skellige
from pipeline.games.old_world.engine.actions import PASS, Action, PlayCard, SailToDagon, UseAbility
from pipeline.games.old_world.engine.state import GameState, PlayerState
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


@cache
def _tables(packs: tuple[str, ...]) -> Any:
    """The engine's tables of the shipped content with `packs`, loaded once: tests that try seed after seed reuse them."""
    db, _ = SPEC.load(ROOT / "content", packs)
    assert SPEC.engine is not None
    return SPEC.engine.tables(db)


def _game(players: int = 2, seed: int = 1, packs: tuple[str, ...] = ()) -> GameState:
    assert SPEC.engine is not None
    state = SPEC.engine.new_game(_tables(packs), players, seed, None)
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


def _griffin_before_its_first_combo() -> tuple[GameState, PlayerState, list[Action]]:
    """A seeded 2-player game stopped where a Griffin witcher starts its first fight turn and may use Magic or play."""
    for seed in range(1, 100):
        s = _game(2, seed)
        bot = GreedyBot(seed)
        while not s.is_terminal():
            d = s.decision
            assert d is not None
            if d.kind == "fight-turn" and s.fight is not None and not s.fight.combo:
                p = s.players[d.player]
                if (p.school == "griffin" and s.fight.turns_taken.get(p.seat) == 1
                        and UseAbility("specialty") in d.actions and any(isinstance(a, PlayCard) for a in d.actions)):
                    return s, p, list(d.actions)
            s.apply(bot.choose(s, s.legal_actions()))
    raise AssertionError("no Griffin fight in 100 seeded games")


def test_greedy_keeps_the_griffins_magic_until_the_discard_pile_shows_a_card_worth_taking() -> None:
    # Magic (level 1-3) takes the top card of the discard pile, once per fight. Before the first fight turn that
    # card is whatever was discarded last; used at once regardless, it cost the Griffin ~4 points at 3-5 players.
    s, p, actions = _griffin_before_its_first_combo()
    bot = GreedyBot(1)
    weak = min(s.tables.cards, key=lambda c: bot.value(s, c))
    strong = max(s.tables.cards, key=lambda c: bot.value(s, c))
    assert bot.value(s, weak) < WORTH_TAKING <= bot.value(s, strong)
    p.discard.append(weak)
    assert isinstance(bot.choose(s, actions), PlayCard)  # kept: the card on top is not worth it
    p.discard.append(strong)
    assert bot.choose(s, actions) == UseAbility("specialty")
    p.discard.append(weak)
    assert s.fight is not None
    s.fight.turns_taken[p.seat] = 2  # a later turn: the top card is the last of its own combo
    assert bot.choose(s, actions) == UseAbility("specialty")
    s.fight.turns_taken[p.seat] = 1
    assert bot.choose(s, [UseAbility("specialty")]) == UseAbility("specialty")  # nothing else to do: used


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


# --- Legendary Hunt (expansion sheet §7) ---------------------------------------------------------------


def _hunt_game(players: int = 1, seed: int = 1) -> GameState:
    s = _game(players, seed, ("legendary-hunt",))
    while s.decision is not None and s.decision.kind in ("place-monster", "bonus-attribute"):
        s.apply(s.decision.actions[0])
    assert s.hunt is not None
    return s


def test_greedy_drives_the_legendary_monster_away_with_its_least_useful_card_while_not_hunting_it() -> None:
    # §7.5: a witcher who moved onto it may drive it away for a card; the token it leaves is theirs at the end
    # of Phase I. The bot used to walk on every time.
    s = _hunt_game()
    assert s.hunt is not None
    p = s.players[0]
    p.location, p.moved_into = s.hunt.location, {s.hunt.location}
    bot = GreedyBot(1)
    assert not bot._hunt_ready(s, p)
    drives = lh.drive_away_options(s, p)
    actions: list[Action] = [PASS, *drives]
    chosen = bot._phase_1(s, p, actions)
    assert isinstance(chosen, lh.DriveAwayLegendary)
    assert chosen.card == min(p.hand, key=lambda c: bot.value(s, c))


def test_greedy_fights_the_legendary_monster_it_stands_on_rather_than_drive_it_away_once_ready() -> None:
    s = _hunt_game()
    assert s.hunt is not None
    p = s.players[0]
    p.location, p.moved_into = s.hunt.location, {s.hunt.location}
    s.hunt.movement_deck = s.hunt.movement_deck[:HUNT_LAST_CARDS_SOLO]
    bot = GreedyBot(1)
    assert bot._hunt_ready(s, p)
    assert bot._phase_1(s, p, [PASS, *lh.drive_away_options(s, p)]) is PASS


def test_greedy_hunts_a_trophy_before_tokens_while_the_protection_is_above_zero() -> None:
    # §7.5: the Protection falls with the trophy-track position; a token shortens the solo Life Pool by half a card.
    s = _hunt_game()
    assert s.hunt is not None
    p = s.players[0]
    bot = GreedyBot(1)
    s.hunt.tokens = {loc: "t" for loc in s.tables.neighbours[p.location] if loc != s.hunt.location}
    assert s.hunt.tokens and lh.protection(s, p) > 0
    monster = bot._monster_goal(s, p)
    assert monster is not None and monster not in s.hunt.tokens
    assert bot._goal(s, p) == monster
    p.track = len(s.hunt.protection) - 1  # Protection 0: a trophy no longer helps
    assert lh.protection(s, p) == 0
    assert bot._goal(s, p) in s.hunt.tokens


def test_greedy_goes_in_only_when_its_guess_clears_the_life_pool_with_a_margin() -> None:
    # §7.5: Protection comes off every fight turn's damage. The guess is (Combat + HUNT_TURN_DAMAGE - Protection)
    # a turn for (cards + Shield) / 4 turns; with no margin the witchers lost four fights in five (bots.py).
    s = _hunt_game(players=2)
    assert s.hunt is not None
    p = s.players[0]
    bot = GreedyBot(1)
    p.turns, p.track, p.shield = 0, len(s.hunt.protection) - 1, 0  # Protection 0, no token held: Life Pool 20
    assert lh.protection(s, p) == 0 and not s.hunt.tokens_of(p.seat)
    p.attributes[Attribute.COMBAT] = 3  # 3 + 1 damage a turn
    cards = [*p.hand, *p.deck, *p.discard]
    p.hand, p.discard = [], []
    p.deck = (cards * 4)[:20]  # 5 turns x 4 damage = 20: the Life Pool, but not its margin
    assert not bot._hunt_ready(s, p)
    p.deck = (cards * 5)[:round(20 * HUNT_MARGIN)]  # 6 turns x 4 damage = 24
    assert bot._hunt_ready(s, p)
    p.turns = HUNT_DEADLINE  # whatever the odds
    p.deck = cards[:1]
    assert bot._hunt_ready(s, p)


def test_greedy_hunts_the_legendary_monster_in_solo_only_when_the_movement_pool_runs_low() -> None:
    # §7.6: needing a Movement card from an empty pool loses; a lost fight costs the turn, so the bot
    # fights whatever the odds only in the last rounds.
    s = _hunt_game()
    assert s.hunt is not None
    p = s.players[0]
    bot = GreedyBot(1)
    p.turns = 7
    assert not bot._hunt_ready(s, p)
    s.hunt.movement_deck = s.hunt.movement_deck[:HUNT_LAST_CARDS_SOLO]
    assert bot._hunt_ready(s, p)


def test_greedy_drives_the_legendary_monster_away_in_solo_games() -> None:
    drives = 0
    for seed in range(1, 21):
        s = _game(1, seed, ("legendary-hunt",))
        bot = GreedyBot(seed)
        while not s.is_terminal():
            action = bot.choose(s, s.legal_actions())
            drives += isinstance(action, lh.DriveAwayLegendary)
            s.apply(action)
    assert drives > 0


# --- Skellige (expansion sheet §6, §10.4, §10.7) --------------------------------------------------------------


def _dagon_game(packs: tuple[str, ...] = ("skellige",), emerged: bool = True) -> tuple[GameState, PlayerState]:
    """A Skellige game with the first witcher on a continent harbor with a Ship, Dagon emerged (or not)."""
    s = _game(2, 3, packs)
    board = s.tables.skellige
    assert s.seas is not None and board is not None
    if emerged:
        s.seas.dagon = len(board.danger_track) + 1
    p = s.players[0]
    p.location = sorted(s.seas.ships)[0]
    return s, p


def _strengthen(p: PlayerState, cards: int) -> None:
    """Give the witcher copies of their own cards until they hold `cards` in all."""
    p.deck += [p.deck[0]] * (cards - p.card_count())


def test_greedy_sails_to_dagon_once_it_has_emerged_and_the_witcher_outlasts_its_life_pool() -> None:
    # §10.7: "Board a Ship at a continent location that has one and sail to the Dagon Location ... fight it."
    s, p = _dagon_game()
    dagon = s.tables.monsters["dagon"]
    bot = GreedyBot(1)
    options: list[Action] = [*skellige.dagon_options(s, p), PASS]
    assert options[0] == SailToDagon()
    _strengthen(p, dagon.life - 1)
    assert bot._phase_1(s, p, options) != SailToDagon()  # too few cards for its Life Pool: not yet
    _strengthen(p, dagon.life)
    assert bot._phase_1(s, p, options) == SailToDagon()


def test_greedy_heads_for_the_nearest_harbor_with_a_ship_while_dagon_is_up() -> None:
    s, p = _dagon_game()
    assert s.seas is not None
    _strengthen(p, s.tables.monsters["dagon"].life)
    s.slots = dict.fromkeys(s.slots)  # no monster on the map to fight instead, nothing to train
    p.attributes[Attribute.COMBAT] = s.rules.attribute_max
    p.location = next(loc for loc in s.tables.neighbours[p.location] if loc not in s.seas.ships and not skellige.is_island(s, loc))
    bot = GreedyBot(1)
    dist = bot._distances(s, p.location)
    nearest = min(dist[h] for h in s.seas.ships if not skellige.is_island(s, h))
    goal = bot._goal(s, p)
    assert goal in s.seas.ships and dist[goal] == nearest
    s.seas.dagon = s.seas.start  # driven back down: nothing waits on the Dagon Location
    assert bot._goal(s, p) is None


def test_greedy_sails_to_the_siren_before_dagon_emerges() -> None:
    # §6: "While the Siren is there, players may sail to the Dagon Location before Dagon emerges."
    s, p = _dagon_game(("skellige", "monster-pack"), emerged=False)
    _strengthen(p, s.tables.monsters["siren"].life)
    options: list[Action] = [*skellige.dagon_options(s, p), PASS]
    assert GreedyBot(1)._phase_1(s, p, options) == SailToDagon()


def test_greedy_trains_at_ard_skellig_for_free() -> None:
    # §10.4: Ard Skellig raises any one attribute by 1 with no price: a training site one voyage from a Ship.
    s, p = _dagon_game(emerged=False)
    p.gold = 0  # no school it can pay at
    p.attributes[Attribute.COMBAT] = p.level + 1  # past what the continent's training sites allow
    assert p.attributes[Attribute.COMBAT] < s.rules.attribute_max
    assert GreedyBot(1)._training_site(s, p, Attribute.COMBAT) == "ard-skellig"


@pytest.mark.parametrize(("packs", "players", "seed", "fought"), [
    (("skellige",), 1, 1, {"dagon"}),
    (("skellige", "monster-pack"), 2, 16, {"dagon", "siren"}),  # 16 since the witcher stays on the Dagon Location (3 before)
])
def test_seeded_greedy_games_fight_dagon_and_the_siren(packs: tuple[str, ...], players: int, seed: int, fought: set[str]) -> None:
    # The bots used to stay off the sea, so the simulation never played the Dagon Location's fights.
    db, _ = SPEC.load(ROOT / "content", packs)
    assert SPEC.engine is not None
    report = run_simulation(SPEC.engine, SPEC.id, db, players, 1, seed, "greedy")
    assert report.errors == [] and report.completed == 1
    assert fought <= report.coverage["monsters"]
