"""Monster Trail's Bomb cards mode (expansion sheet §9.5): scenarios quoting the rules, played with the shipped
pack's `bombs` mode."""

from __future__ import annotations

import pytest

from pipeline.games.old_world.content import OldWorldContent
from pipeline.games.old_world.effects import DiscardPotions
from pipeline.games.old_world.engine import GameState, Tables, new_game
from pipeline.games.old_world.engine.abilities import owned_abilities, specialty_level
from pipeline.games.old_world.engine.actions import (
    DiscardBomb,
    DiscardPotion,
    DrawPotion,
    Pass,
    TakeBomb,
    UseBomb,
    UsePotion,
)
from pipeline.games.old_world.engine.bombs import duel_openers, violations
from pipeline.games.old_world.engine.combo import step1_options, witcher_turn
from pipeline.games.old_world.engine.execute import Ctx, run_effects
from pipeline.games.old_world.engine.fight import duel, end_fight
from pipeline.games.old_world.engine.state import Decision, FightState
from pipeline.games.old_world.engine.witcher import gain_potions
from pipeline.games.old_world.enums import Attribute
from pipeline.games.old_world.spec import SPEC, out_of_play

from .conftest import ROOT, decisions, drive

BOMBS = ("monster-trail", "monster-trail/bombs")


@pytest.fixture(scope="module")
def bomb_tables() -> Tables:
    db, findings = SPEC.load(ROOT / "content", BOMBS)
    assert findings == []
    return Tables.from_content(OldWorldContent(db))


@pytest.fixture
def s(bomb_tables: Tables) -> GameState:
    state = new_game(bomb_tables, 2, 1, None)
    for p in state.players:
        p.potions, p.gold = [], 0
    return state


def fight(s: GameState, kind: str = "monster") -> FightState:
    f = FightState(kind=kind, witcher=0, defender=1 if kind == "duel" else None, monster="drowner" if kind == "monster" else None)
    f.life_pool, s.fight_deck = s.fight_deck[:8], s.fight_deck[8:]
    s.fight = f
    return f


def test_a_potion_draw_offers_the_bomb_for_one_gold(s: GameState) -> None:
    """§9.5: "Whenever you would draw a Potion, for any reason, choose one: draw the Potion as normal, or discard
    1 Potion or 1 Gold and take the top Bomb instead"."""
    p = s.players[0]
    p.gold = 2
    top, potions = s.bomb_deck[-1], len(s.potion_deck)
    seen = decisions(gain_potions(s, p, 1), [TakeBomb()])
    assert [d.kind for d in seen] == ["potion-or-bomb"]
    assert seen[0].actions == (DrawPotion(), TakeBomb())
    assert p.bombs == [top] and p.potions == [] and p.gold == 1 and len(s.potion_deck) == potions


def test_the_bomb_may_be_paid_with_a_potion(s: GameState) -> None:
    p = s.players[0]
    p.potions = ["potion-swallow"]
    decisions(gain_potions(s, p, 1), [TakeBomb("potion-swallow")])
    assert p.potions == [] and len(p.bombs) == 1 and s.potion_discard[-1] == "potion-swallow"


def test_drawing_the_potion_as_normal(s: GameState) -> None:
    p = s.players[0]
    p.gold = 1
    top = s.potion_deck[-1]
    decisions(gain_potions(s, p, 1), [DrawPotion()])
    assert p.potions == [top] and p.bombs == [] and p.gold == 1


def test_with_neither_gold_nor_a_potion_there_is_no_choice(s: GameState) -> None:
    p = s.players[0]
    assert decisions(gain_potions(s, p, 1), []) == [] and len(p.potions) == 1


def test_four_potions_and_four_bombs_are_held_together(s: GameState) -> None:
    """§9.5: "Limits: hold up to 4 Potions and up to 4 Bombs (8 in all)"."""
    p = s.players[0]
    p.potions = ["potion-swallow"] * 4
    p.bombs = [s.bomb_deck.pop() for _ in range(4)]
    p.gold = 1
    seen = decisions(gain_potions(s, p, 1), [TakeBomb(), DiscardBomb(p.bombs[0])])
    assert [d.kind for d in seen] == ["potion-or-bomb", "discard-bomb"]
    assert len(p.bombs) == 4 and len(p.potions) == 4 and violations(s) == []


def test_potions_and_bombs_share_the_alchemy_limit(s: GameState) -> None:
    """§9.5: "In one fight, the number of Potions plus Bombs used together is at most your Alchemy level"."""
    p = s.players[0]
    p.attributes[Attribute.ALCHEMY] = 2
    p.potions, p.bombs = ["potion-swallow", "potion-swallow"], ["bomb-grapeshot", "bomb-samum"]
    f = fight(s)
    offered = step1_options(s, p, f, True)
    assert UsePotion("potion-swallow") in offered and UseBomb("bomb-grapeshot") in offered
    f.potions_used[0] = ["potion-swallow"]
    f.bombs_used[0] = ["bomb-grapeshot"]
    offered = step1_options(s, p, f, True)
    assert not any(isinstance(a, UsePotion | UseBomb) for a in offered)


def test_bombs_are_not_potions(s: GameState) -> None:
    """§9.5: "Bombs are not Potions: 'discard potions' effects ignore them"."""
    p = s.players[0]
    p.potions, p.bombs = ["potion-swallow"], ["bomb-grapeshot"]
    drive(run_effects(s, Ctx(0), [DiscardPotions(type="discard-potions", amount="all")]))
    assert p.potions == [] and p.bombs == ["bomb-grapeshot"]


@pytest.mark.parametrize(("kind", "damage"), [("monster", 3), ("duel", 2)])
def test_a_bomb_hits_a_monster_or_a_witcher_with_its_own_effect(s: GameState, kind: str, damage: int) -> None:
    """Grapeshot (designed): 3 damage against a monster, 2 against a witcher; the Bomb counts against Alchemy."""
    p = s.players[0]
    p.bombs = ["bomb-grapeshot"]
    f = fight(s, kind)
    flow = witcher_turn(s, 0)
    decision = next(flow)
    assert UseBomb("bomb-grapeshot") in decision.actions
    flow.send(UseBomb("bomb-grapeshot"))
    assert f.attack_damage == damage and p.bombs == [] and f.bombs_used == {0: ["bomb-grapeshot"]}


def test_used_bombs_go_to_the_bomb_discard_pile_after_the_fight(s: GameState) -> None:
    p = s.players[0]
    f = fight(s)
    bomb = s.bomb_deck.pop()
    f.bombs_used[0] = [bomb]
    drive(end_fight(s, [0]))
    assert s.bomb_discard == [bomb] and p.bombs == [] and violations(s) == []


def test_dimeritium_bombs_leave_the_deck_without_the_weakness_mode(s: GameState, bomb_tables: Tables) -> None:
    """§9.5: "Dimeritium Bomb: its special ability needs the Monster Weakness & Special Attacks mode. If that mode
    is not used, remove Dimeritium Bombs"."""
    assert "bomb-dimeritium" not in bomb_tables.bombs
    assert len(s.bomb_deck) == 28 - 4 and "bomb-dimeritium" not in s.bomb_deck
    db, _ = SPEC.load(ROOT / "content", BOMBS)
    assert out_of_play(db)["bombs"] == frozenset({"bomb-dimeritium"})


def test_without_the_mode_a_potion_is_simply_drawn(tables: Tables) -> None:
    s = new_game(tables, 2, 1, None)
    p = s.players[0]
    p.potions, p.gold = [], 5
    assert decisions(gain_potions(s, p, 1), []) == [] and len(p.potions) == 1 and s.bomb_deck == []


# --- The Dimeritium Bomb, with the weakness mode -----------------------------------------------------------------

DIMERITIUM = "bomb-dimeritium"


@pytest.fixture(scope="module")
def dimeritium_tables() -> Tables:
    db, findings = SPEC.load(ROOT / "content", (*BOMBS, "monster-trail/weakness"))
    assert findings == []
    return Tables.from_content(OldWorldContent(db))


def test_a_dimeritium_bomb_thrown_before_the_life_pools_makes_the_opponents_specialty_level_1(
    dimeritium_tables: Tables,
) -> None:
    """§9.5: the Dimeritium Bomb "vs a witcher: play it before life pools are made; the opponent's Specialty counts
    as level 1 for this fight"."""
    s = new_game(dimeritium_tables, 2, 1, None)
    attacker, defender = s.players
    attacker.bombs, attacker.potions = [DIMERITIUM], []
    defender.attributes[Attribute.SPECIALTY] = 3
    defender.discard = [defender.deck.pop()]
    levels = s.tables.schools[defender.school].specialty.levels
    flow = duel(s, attacker, defender)
    decision = next(flow)
    assert (decision.kind, decision.player) == ("duel-bomb", 0)
    assert decision.actions == (UseBomb(DIMERITIUM), Pass())
    assert defender.discard, "the life pools are not made yet"
    flow.send(UseBomb(DIMERITIUM))
    f = s.fight
    assert f is not None and f.specialty_level == {1: 1} and f.bombs_used == {0: [DIMERITIUM]} and attacker.bombs == []
    assert not defender.discard  # the life pools are made after the bomb
    assert specialty_level(s, defender) == 1 and owned_abilities(s, defender)[0].effects == levels[0]
    assert specialty_level(s, attacker) == attacker.attributes[Attribute.SPECIALTY]
    s.fight = None  # "for this fight": after it the Specialty is back at its level
    assert owned_abilities(s, defender)[0].effects == levels[2]


def test_a_witcher_who_passes_keeps_the_dimeritium_bomb_and_the_opponent_its_specialty(dimeritium_tables: Tables) -> None:
    s = new_game(dimeritium_tables, 2, 1, None)
    attacker, defender = s.players
    attacker.bombs = [DIMERITIUM]
    defender.attributes[Attribute.SPECIALTY] = 2
    flow = duel(s, attacker, defender)
    assert next(flow).kind == "duel-bomb"
    flow.send(Pass())
    assert s.fight is not None and s.fight.specialty_level == {} and attacker.bombs == [DIMERITIUM]
    assert specialty_level(s, defender) == 2


def test_dimeritium_hits_a_monster_in_step_1_but_a_witcher_only_before_the_life_pools(dimeritium_tables: Tables) -> None:
    """Its use against a monster is the designed card text, in step 1 like any Bomb; against a witcher it is too late then."""
    s = new_game(dimeritium_tables, 2, 1, None)
    p = s.players[0]
    p.bombs, p.potions = [DIMERITIUM], []
    assert UseBomb(DIMERITIUM) in step1_options(s, p, fight(s, "monster"), True)
    assert UseBomb(DIMERITIUM) not in step1_options(s, p, fight(s, "duel"), True)
    p.attributes[Attribute.ALCHEMY] = 1
    f = fight(s, "duel")
    f.potions_used[0] = ["potion-swallow"]  # the Alchemy limit is spent: no Bomb before the duel either
    assert duel_openers(s, p, f) == []


def test_potions_drawn_together_pass_the_limit_only_until_the_discard(bomb_tables: Tables) -> None:
    """§6.7: draw the Potions, then "if over 4, discard chosen potions down to 4"; §9.5: each Potion drawn is first a
    choice of Potion or Bomb, which may pay with a Potion just drawn. A witcher with 4 Potions drawing 2 holds 5 while
    choosing the second draw: sound (this broke the invariant check in `pnp simulate --pack monster-trail --players 1`,
    seed 32), and still unsound at any other decision."""
    s = new_game(bomb_tables, 2, 1, None)
    p = s.players[0]
    while len(p.potions) < 4:
        p.potions.append(s.potion_deck.pop())
    s.give_gold(p, 1)  # from the bank: the gold accounts stay whole
    assert s.invariant_violations() == []
    flow = gain_potions(s, p, 2)  # each decision stood up as `apply` would leave it pending
    s._decision = next(flow)
    s._decision = flow.send(DrawPotion())
    assert s.decision.kind == "potion-or-bomb" and len(p.potions) == 5
    assert s.invariant_violations() == []
    s._decision = flow.send(DrawPotion())
    assert s.decision.kind == "discard-potion" and len(p.potions) == 6
    s._decision = flow.send(DiscardPotion(p.potions[0]))
    with pytest.raises(StopIteration):
        flow.send(DiscardPotion(p.potions[0]))
    s._decision = None
    assert len(p.potions) == 4 and s.invariant_violations() == []
    p.potions.append(s.potion_deck.pop())
    s._decision = Decision(0, "phase-1", (Pass(),))
    assert s.invariant_violations() == ["seat 0 holds 5 potions"]
