"""Legendary Hunt (expansion sheet §7): setup, the monster's movement, driving it away, Destruction tokens, the
fight with its Protection, the win and the solo mode. Each test quotes the rule it plays."""

from __future__ import annotations

from typing import Any

import pytest

from pipeline.games.old_world.content import OldWorldContent
from pipeline.games.old_world.engine import GameState, Tables, Termination, new_game
from pipeline.games.old_world.engine import legendary_hunt as lh
from pipeline.games.old_world.engine.actions import Discard, Pass, PeekDiscard, PeekOrder, PlayCard
from pipeline.games.old_world.engine.execute import Ctx, run_effects
from pipeline.games.old_world.engine.locations import location_options
from pipeline.games.old_world.engine.state import FightState, PlayerState
from pipeline.games.old_world.engine.turn import phase_two_options
from pipeline.games.old_world.engine.witcher import gain_trophy
from pipeline.games.old_world.enums import Attribute, Color
from pipeline.rules.variants import apply_variant

from .conftest import ROOT, decisions, drive


@pytest.fixture(scope="module")
def hunt_db(spec: Any) -> Any:
    db, findings = spec.load(ROOT / "content", ("legendary-hunt",))
    assert not findings
    return db


@pytest.fixture(scope="module")
def hunt_tables(hunt_db: Any) -> Tables:
    return Tables.from_content(OldWorldContent(hunt_db))


def start(tables: Tables, players: int = 2, seed: int = 1, **options: Any) -> GameState:
    """A Legendary Hunt game past its setup choices (answered with the first option)."""
    state = new_game(tables, players, seed, options or None)
    while state.decision is not None and state.decision.kind in ("place-monster", "bonus-attribute"):
        state.apply(state.decision.actions[0])
    return state


def hunt(state: GameState) -> lh.Hunt:
    assert state.hunt is not None
    return state.hunt


# --- Setup (§7.4) ------------------------------------------------------------------------------------


def test_the_base_game_has_no_legendary_monster(tables: Tables, game: Any) -> None:
    assert tables.legendary is None
    assert game(2).hunt is None


def test_setup_puts_the_monster_on_its_start_location_with_its_decks(hunt_tables: Tables) -> None:
    # §7.4 step 2: "its miniature on the location shown on the card"; steps 3-5: the decks and tokens.
    state = start(hunt_tables, 3)
    h = hunt(state)
    monster = hunt_tables.legendary.monsters[h.monster]  # type: ignore[union-attr]
    assert h.location == monster.start
    assert sorted(h.movement_deck) == sorted(hunt_tables.legendary.movement)  # type: ignore[union-attr]
    assert len(h.token_pile) == 24 and not h.tokens
    assert h.protection == (3, 2, 1, 0)  # side A for a first game


def test_side_b_and_a_chosen_monster(hunt_tables: Tables) -> None:
    h = hunt(start(hunt_tables, 2, legendary_side="b", legendary_monster="striga"))
    assert h.protection == (4, 3, 2, 1, 0)
    assert (h.monster, h.location) == ("striga", "vizima")


def test_the_kayran_is_an_eighth_choice_only_with_the_monster_pack(spec: Any, hunt_tables: Tables) -> None:
    # §6 and rule 31: the Kayran is a legendary monster choice with Legendary Hunt.
    assert "kayran" not in hunt_tables.legendary.monsters  # type: ignore[union-attr]
    both, _ = spec.load(ROOT / "content", ("legendary-hunt", "monster-pack"))
    monsters = Tables.from_content(OldWorldContent(both)).legendary.monsters  # type: ignore[union-attr]
    assert len(monsters) == 8 and "kayran" in monsters
    alone, _ = spec.load(ROOT / "content", ("monster-pack",))
    assert Tables.from_content(OldWorldContent(alone)).legendary is None


def test_it_blocks_the_location_action_where_it_stands(hunt_tables: Tables) -> None:
    # §7.5: "The location action of the occupied location is blocked."
    state = start(hunt_tables, 2, legendary_monster="legendary-golem")  # Ban Ard: free Alchemy training
    p = state.players[0]
    p.location = "ban-ard"
    p.moved_into = {"ban-ard"}
    assert location_options(state, p) == []
    hunt(state).location = "vizima"
    assert location_options(state, p) != []


# --- Movement (§7.5) ---------------------------------------------------------------------------------


def test_the_worked_example_two_moves_toward_18_end_on_11(hunt_tables: Tables) -> None:
    # §7.5: "2 players, 2 moves: the monster starts on the main location, moves toward secondary location 18,
    # then on to location 11." Movement card 01: main Glenmore (12), secondary Stygga (18), 2 players: 2 moves.
    state = start(hunt_tables, 2)
    h = hunt(state)
    h.location, h.movement_deck = "glenmore", ["movement-01"]
    flow = lh.end_of_round(state)
    seen = decisions(flow, [lh.StepLegendary("doldeth"), lh.StepLegendary("beauclair")])
    # Move 1, rule 3: on the main location it heads for the secondary; rule 2: Cintra and Doldeth are equally
    # close to 18, the last player (seat 1) chooses.
    assert [d.player for d in seen] == [1, 1]
    assert {a.location for a in seen[0].actions} == {"cintra", "doldeth"}  # type: ignore[attr-defined]
    # Move 2: off the main location it goes on toward the secondary (rule 1 toward the main would leave every free
    # neighbour, Cintra too): 11 and 14 are Doldeth's neighbours closest to 18, the last player takes 11.
    assert {a.location for a in seen[1].actions} == {"beauclair", "ard-modron"}  # type: ignore[attr-defined]
    assert hunt_tables.locations[h.location].number == 11
    # "Each time the monster leaves a location, put 1 face-down Destruction token on it."
    assert set(h.tokens) == {"glenmore", "doldeth"}
    assert h.movement_discard == ["movement-01"]


def test_it_heads_for_the_main_location_and_from_there_to_the_secondary(hunt_tables: Tables) -> None:
    state = start(hunt_tables, 1)
    h = hunt(state)
    card = hunt_tables.legendary.movement["movement-01"]  # type: ignore[union-attr]
    h.location = "beauclair"  # rule 1: toward the main location (Glenmore), by the fewest steps
    assert lh.step_options(state, card.main) == ["doldeth"]
    h.location = "glenmore"  # on the main location: rule 3, the secondary is the target
    assert set(lh.step_options(state, card.secondary)) == {"cintra", "doldeth"}


def test_tokens_stop_it_entering_and_a_blocked_monster_stays(hunt_tables: Tables) -> None:
    state = start(hunt_tables, 2)
    h = hunt(state)
    h.location = "glenmore"
    # Rule 4: every closest neighbour has a token: the last player picks any neighbour without one.
    h.tokens = {"doldeth": "gold-and-draw"}
    assert lh.step_options(state, "doldeth") == ["cintra"]
    # Rule 5: every neighbour has a token: the move and the rest of the turn's moves are cancelled.
    h.tokens = {"doldeth": "gold-and-draw", "cintra": "gold-and-draw"}
    h.movement_deck = ["movement-01"]
    assert drive(lh.end_of_round(state)) is None
    assert h.location == "glenmore"


def test_the_movement_deck_is_reshuffled_when_it_runs_out(hunt_tables: Tables) -> None:
    state = start(hunt_tables, 3)
    h = hunt(state)
    h.movement_deck, h.movement_discard = [], ["movement-05", "movement-06"]
    card = lh.draw_movement(state)
    assert card is not None and card.id in {"movement-05", "movement-06"}
    assert len(h.movement_deck) == 1 and h.movement_discard == [card.id]


# --- Driving it away, Destruction tokens ------------------------------------------------------------


def test_driving_it_away_costs_a_card_moves_it_and_frees_the_action(hunt_tables: Tables) -> None:
    # FAQ: "discard 1 card when moving into its location; you may then use the location action."
    state = start(hunt_tables, 2, legendary_monster="legendary-golem")
    p = state.players[0]
    p.location, p.moved_into = "ban-ard", {"ban-ard"}
    options = lh.drive_away_options(state, p)
    assert {a.card for a in options} == set(p.hand)  # type: ignore[attr-defined]
    hand = len(p.hand)
    drive(lh.drive_away(state, p, options[0]))  # type: ignore[arg-type]
    h = hunt(state)
    assert len(p.hand) == hand - 1
    assert h.location != "ban-ard" and "ban-ard" in h.tokens
    assert location_options(state, p) != []
    assert lh.drive_away_options(state, p) == []  # once per turn


def test_solo_drive_away_draws_no_card_and_the_witcher_picks_the_place(hunt_tables: Tables) -> None:
    # §7.6: "no Movement card is drawn; the player moves it to any connected location without a token."
    state = start(hunt_tables, 1, legendary_monster="legendary-golem")
    p, h = state.players[0], hunt(state)
    p.location, p.moved_into = "ban-ard", {"ban-ard"}
    deck = list(h.movement_deck)
    seen = decisions(lh.drive_away(state, p, lh.drive_away_options(state, p)[0]),  # type: ignore[arg-type]
                     [lh.StepLegendary("vizima")])
    assert {a.location for a in seen[0].actions} == set(hunt_tables.neighbours["ban-ard"])  # type: ignore[attr-defined]
    assert h.location == "vizima" and h.movement_deck == deck


@pytest.mark.parametrize(
    ("token", "gold", "target", "shield"),
    [("gold-and-draw", 1, 1, 0), ("shield-for-draws", 0, 2, -1), ("zero-cost-card", 0, -1, 0)],
)
def test_ending_phase_one_on_a_token_takes_and_applies_it(hunt_tables: Tables, token: str, gold: int, target: int,
                                                          shield: int) -> None:
    # §7.5: "if you end Phase I on a location with a Destruction token, take it and reveal it. Apply its effect,
    # then keep it face-down on your board."
    state = start(hunt_tables, 2)
    p, h = state.players[0], hunt(state)
    h.token_pile.remove(token)
    h.tokens[p.location] = token
    before = (p.gold, p.phase3_target, p.shield, p.card_count())
    drive(lh.after_phase_one(state, p))
    assert h.tokens_of(0) == [token] and p.location not in h.tokens
    assert (p.gold - before[0], p.phase3_target - before[1], p.shield - before[2]) == (gold, target, shield)
    if token == "zero-cost-card":
        assert p.card_count() == before[3] + 1


def test_an_attribute_token_raises_its_attribute_without_a_level_up_draw(hunt_tables: Tables) -> None:
    # §7.5: "gain 1 level in the attribute printed on the token (no card draw if you level up)".
    state = start(hunt_tables, 2)
    p, h = state.players[0], hunt(state)
    p.attributes = {a: 2 for a in p.attributes} | {Attribute.COMBAT: 1}
    h.token_pile.remove("attribute-combat")
    h.tokens[p.location] = "attribute-combat"
    hand = len(p.hand)
    drive(lh.after_phase_one(state, p))
    assert p.attributes[Attribute.COMBAT] == 2 and p.level == 2
    assert len(p.hand) == hand


# --- The fight --------------------------------------------------------------------------------------


def test_protection_follows_the_trophy_track_and_cuts_each_fight_turn(hunt_tables: Tables) -> None:
    # §7.5: "Example on side A with 1 trophy: protection 2. A specialty dealing 1 damage is absorbed fully;
    # a 3-damage combo then deals 2."
    state = start(hunt_tables, 2)
    p = state.players[0]
    p.track = 1
    fight = lh.LegendaryFight(protection=lh.protection(state, p))
    assert fight.protection == 2
    fight.start_turn()
    assert fight.absorb(1) == 0
    assert fight.absorb(3) == 2
    fight.start_turn()  # "it resets every turn"
    assert fight.absorb(3) == 1
    p.track = 4
    assert lh.protection(state, p) == 0  # side A past its end: 0


def test_the_golem_deals_at_most_5_damage_a_turn(hunt_tables: Tables) -> None:
    fight = lh.LegendaryFight(protection=0, cap=5)
    fight.start_turn()
    assert (fight.absorb(4), fight.absorb(4)) == (4, 1)


def test_a_viper_peek_discard_is_damage_protection_and_the_cap_stop(hunt_tables: Tables) -> None:
    # §7.5: "In each of the player's fight turns, all damage dealt (specialty, potions, combo, bombs…) is reduced
    # by that amount"; the Golem lets through at most 5 a turn. A Life Pool card the Viper's peek discards is damage.
    state = start(hunt_tables, 2)
    legendary = hunt_tables.legendary
    assert legendary is not None
    f = FightState(kind="legendary", witcher=0, level=3)
    f.legendary = lh.LegendaryFight(protection=1, cap=5)
    f.life_pool = sorted(legendary.fight_cards)[:6]
    state.fight = f
    peek_two_discard_one = state.tables.schools["viper"].specialty.levels[1]

    f.legendary.start_turn()  # Protection 1 takes the discard: the two cards only go back in a chosen order
    seen = decisions(run_effects(state, Ctx(0), peek_two_discard_one), [PeekOrder((1, 0))])
    assert [d.kind for d in seen] == ["peek-order"] and len(f.life_pool) == 6

    assert f.legendary.absorb(5) == 5  # Protection is spent: the combo's 5 reach the Life Pool, the cap is met
    seen = decisions(run_effects(state, Ctx(0), peek_two_discard_one), [PeekOrder((0, 1))])
    assert [d.kind for d in seen] == ["peek-order"] and len(f.life_pool) == 6

    f.legendary = lh.LegendaryFight(protection=0, cap=5)
    f.legendary.start_turn()  # a fresh turn without Protection: the peek discards one card
    seen = decisions(run_effects(state, Ctx(0), peek_two_discard_one), [PeekDiscard((0,))])
    assert [d.kind for d in seen] == ["peek-discard"] and len(f.life_pool) == 5 and f.legendary.dealt == 1


@pytest.mark.parametrize(("held", "first", "players"), [(0, "attack-type", 2), (2, "fight-turn", 2)])
def test_a_held_token_strikes_first_and_shrinks_the_life_pool(hunt_tables: Tables, held: int, first: str,
                                                             players: int) -> None:
    # §7.5: "the player goes first if they hold at least 1 face-down Destruction token; otherwise the monster does.
    # Set aside as many Special Fight cards as the attacker holds Destruction tokens."
    state = start(hunt_tables, players)
    p, h = state.players[0], hunt(state)
    p.location = h.location
    for _ in range(held):
        h.tokens_of(0).append(h.token_pile.pop())
    flow = lh.fight(state, p)
    decision = next(flow)
    assert decision.kind == first
    assert state.fight is not None and len(state.fight.life_pool) == 20 - held


def test_a_shield_loss_ability_takes_shield_before_the_first_blow(spec: Any, hunt_db: Any) -> None:
    # No shipped monster takes Shield since the sixth balance pass, but a designer's may ("rule: {type:
    # shield-loss}", models.py): the loss comes when the fight starts, before anyone strikes, and stops at 0.
    rule = "packs.legendary-hunt.legendary-monsters.ice-giant.rule"
    tables = spec.engine.tables(apply_variant(hunt_db, {f"{rule}.type": "shield-loss", f"{rule}.amount": "2"}))
    for shield, left in ((3, 1), (1, 0)):
        state = start(tables, 2, legendary_monster="ice-giant")
        p = state.players[0]
        p.location, p.shield = hunt(state).location, shield
        decision = next(lh.fight(state, p))
        assert decision.kind == "attack-type" and p.shield == left  # the monster's first blow is still to come


def test_solo_life_pool_shrinks_by_one_card_per_two_tokens(hunt_tables: Tables) -> None:
    state = start(hunt_tables, 1)
    p, h = state.players[0], hunt(state)
    p.location = h.location
    for _ in range(5):
        h.tokens_of(0).append(h.token_pile.pop())
    next(lh.fight(state, p))
    assert state.fight is not None and len(state.fight.life_pool) == 18


def test_killing_it_wins_at_once(hunt_tables: Tables) -> None:
    # §7.5: "the first player to kill the Legendary Monster wins at once."
    state = start(hunt_tables, 2)
    p, h = state.players[1], hunt(state)
    p.location = h.location
    h.tokens_of(1).extend(h.token_pile.pop() for _ in range(19))  # a Life Pool of 1 card; the witcher first
    p.track = 3  # Protection 0
    damaging = next(c for c in hunt_tables.cards.values() if c.fight.damage > 0 and c.school is None)
    p.hand = [damaging.id]
    drive(lh.fight(state, p), lambda d: next((a for a in d.actions if isinstance(a, PlayCard)), d.actions[0]))
    assert state.outcome is not None
    assert (state.outcome.termination, state.outcome.winner) == (Termination.LEGENDARY, 1)
    assert state.fight is None and len(state.fight_deck) == 20  # its cards never joined the Monster Fight deck


def test_phase_two_offers_the_fight_on_its_location(hunt_tables: Tables) -> None:
    state = start(hunt_tables, 2)
    p, h = state.players[0], hunt(state)
    p.location = h.location
    assert lh.FightLegendary() in phase_two_options(state, p)
    p.location = next(loc for loc in hunt_tables.locations if loc != h.location)
    assert lh.FightLegendary() not in phase_two_options(state, p)


def test_trophies_no_longer_win(hunt_tables: Tables) -> None:
    # §7.5: "Trophies no longer win; they lower the monster's protection."
    state = start(hunt_tables, 2)
    p = state.players[0]
    p.track = 3
    won = drive(gain_trophy(state, p, "monster:drowner", from_fight=True))
    assert won is False and state.outcome is None and p.track == 4
    drive(gain_trophy(state, p, "monster:ghoul", from_fight=True))
    assert p.track == 4


def test_a_special_attack_may_be_paid_with_a_card_or_damage_and_forbids_a_colour(hunt_tables: Tables) -> None:
    # §7.3, the Golem's Crushing Strength: "discard 1 Offensive Sign (purple) card from your hand, or take 4
    # damage"; Crushing the Armor: "take 3 damage; no Defensive Sign (yellow) cards in your next fight turn".
    state = start(hunt_tables, 2, legendary_monster="legendary-golem")
    p = state.players[0]
    golem = hunt_tables.legendary.monsters["legendary-golem"]  # type: ignore[union-attr]
    purple = next(c.id for c in hunt_tables.cards.values() if c.color is Color.PURPLE)
    p.hand = [purple]
    f = state.fight = _fight(state, p)
    seen = decisions(lh.special_attack(state, p, f, golem.attacks[0]), [Discard(purple)])
    assert {type(a) for a in seen[0].actions} == {Discard, Pass}
    assert p.hand == [] and purple in p.discard
    p.shield, deck = 0, len(p.deck)
    drive(lh.special_attack(state, p, f, golem.attacks[1]))
    assert len(p.deck) == deck - 3
    assert f.legendary is not None and f.legendary.forbid_next is Color.YELLOW
    f.legendary.start_turn()
    yellow = next(c.id for c in hunt_tables.cards.values() if c.color is Color.YELLOW)
    assert f.legendary.playable({yellow: Color.YELLOW, purple: Color.PURPLE},
                                [PlayCard(yellow), PlayCard(purple)]) == [PlayCard(purple)]


def _fight(state: GameState, p: PlayerState) -> Any:
    from pipeline.games.old_world.engine.state import FightState

    f = FightState(kind="legendary", witcher=p.seat)
    f.legendary = lh.LegendaryFight(protection=0)
    return f


# --- Solo (§7.6) ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("difficulty", "pool"), [("easy", 9), ("normal", 8), ("hard", 7)])
def test_solo_uses_a_movement_pool_of_9_8_or_7(hunt_tables: Tables, difficulty: str, pool: int) -> None:
    state = start(hunt_tables, 1, legendary_difficulty=difficulty)
    assert len(hunt(state).movement_deck) == pool
    assert sorted(state.tables.monsters[m].level for _, m in filter(None, state.slots.values())) == [1, 2, 3]


def test_solo_is_lost_when_a_movement_card_is_due_and_the_pool_is_empty(hunt_tables: Tables) -> None:
    # §7.6: "Lose: you have to draw a Movement card and the deck is empty."
    state = start(hunt_tables, 1)
    hunt(state).movement_deck = []
    drive(lh.end_of_round(state))
    assert state.outcome is not None
    assert (state.outcome.termination, state.outcome.winner) == (Termination.LEGENDARY_ESCAPED, None)


def test_solo_a_monster_that_cannot_move_burns_a_card(hunt_tables: Tables) -> None:
    # §7.6: "If the monster cannot move: draw 1 Movement card straight onto the discard pile, and place no token."
    state = start(hunt_tables, 1)
    h = hunt(state)
    h.location = "glenmore"
    h.tokens = {"doldeth": "gold-and-draw", "cintra": "gold-and-draw"}
    h.movement_deck = ["movement-02", "movement-01"]
    drive(lh.end_of_round(state))
    assert h.movement_deck == [] and h.movement_discard == ["movement-01", "movement-02"]
    assert "glenmore" not in h.tokens


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_greedy_games_end_with_a_kill_or_a_solo_loss(hunt_tables: Tables, players: int) -> None:
    from pipeline.games.old_world.bots import GreedyBot

    for seed in range(1, 4):
        state = new_game(hunt_tables, players, seed)
        bot = GreedyBot(seed)
        while state.result() is None:
            state.apply(bot.choose(state, state.legal_actions()))
            assert state.invariant_violations() == []
        outcome = state.result()
        assert outcome is not None
        assert outcome.termination in (Termination.LEGENDARY, Termination.LEGENDARY_ESCAPED)


def test_crushing_strength_is_the_witchers_choice_a_purple_card_or_4_damage(hunt_tables: Tables) -> None:
    # §7.3, the Golem's Crushing Strength: "discard 1 Offensive Sign (purple) card from your hand, or take 4 damage":
    # the witcher holding one chooses (Unstoppable Attack's "or take 6 damage if you cannot" is the forced kind).
    state = start(hunt_tables, 2, legendary_monster="legendary-golem")
    p = state.players[0]
    golem = hunt_tables.legendary.monsters["legendary-golem"]  # type: ignore[union-attr]
    purple = next(c.id for c in hunt_tables.cards.values() if c.color is Color.PURPLE)
    yellow = next(c.id for c in hunt_tables.cards.values() if c.color is Color.YELLOW)
    f = state.fight = _fight(state, p)
    for answer, hand, lost in ((Discard(purple), [], 0), (lh.PASS, [purple], 4)):
        p.hand, p.shield, p.deck = [purple], 0, list(p.deck) + [yellow] * 8
        deck = len(p.deck)
        seen = decisions(lh.special_attack(state, p, f, golem.attacks[0]), [answer])
        assert [(d.player, d.kind) for d in seen] == [(0, "special-attack")]
        assert p.hand == hand and deck - len(p.deck) == lost
    # Unstoppable Attack with a yellow card: no choice, the card goes (2 damage either way).
    p.hand, p.shield = [yellow], 0
    seen = decisions(lh.special_attack(state, p, f, golem.attacks[3]), [Discard(yellow)])
    assert [set(map(type, d.actions)) for d in seen] == [{Discard}] and p.hand == []
