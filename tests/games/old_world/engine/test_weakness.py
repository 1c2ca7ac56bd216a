"""Monster Trail's Monster Weakness & Special Attacks mode (expansion sheet §9.8): the attack deck of 16 and its
set-aside cards, Special Attacks on the monster's attack, the Passive on the witcher's damage, and the Weakness
tokens' pick-up, use and clean-up."""

from __future__ import annotations

import pytest

from pipeline.games.old_world.content import OldWorldContent
from pipeline.games.old_world.engine import GameState, Tables, new_game
from pipeline.games.old_world.engine.combo import hit_opponent
from pipeline.games.old_world.engine.fight import monster_fight, monster_turn
from pipeline.games.old_world.engine.state import FightState, PlayerState
from pipeline.games.old_world.engine.weakness import enter
from pipeline.games.old_world.enums import Terrain
from pipeline.games.old_world.spec import SPEC

from .conftest import ROOT, drive

SPECIALS = ["special-attack-1", "special-attack-2", "special-attack-3", "special-attack-4"]


@pytest.fixture(scope="module")
def weakness_tables() -> Tables:
    db, findings = SPEC.load(ROOT / "content", ("monster-trail", "monster-trail/weakness"))
    assert findings == []
    return Tables.from_content(OldWorldContent(db))


def started(tables: Tables, players: int = 2, seed: int = 1) -> GameState:
    s = new_game(tables, players, seed, None)
    while s.decision is not None and s.decision.kind in ("place-monster", "bonus-attribute"):
        s.apply(s.decision.actions[0])
    return s


def slot_of(s: GameState, level: int | None = None) -> tuple[Terrain, str]:
    """A terrain whose monster is below level III (the set-aside cards stay aside), or of the given level."""
    for terrain, slot in s.slots.items():
        if slot is not None and (level is None or s.tables.monsters[slot[1]].level == level):
            return terrain, slot[1]
    raise AssertionError("no such monster on the map")


def fighting(s: GameState, monster: str, pool: list[str], seat: int = 0) -> FightState:
    f = FightState(kind="monster", witcher=seat, monster=monster, level=s.tables.monsters[monster].level,
                   decider=(seat - 1) % s.n)
    for card in pool:
        s.fight_deck.remove(card)
    f.life_pool = list(pool)
    s.fight = f
    return f


def total_cards(s: GameState) -> int:
    f = s.fight
    return len(s.fight_deck) + (len(f.life_pool) + len(f.spent) if f is not None else 0)


def test_the_attack_deck_is_16_cards_with_the_4_special_attack_cards(weakness_tables: Tables) -> None:
    """§9.8: "Shuffle the 20 normal Monster Fight cards. Put 4 back in the box unseen. Set another 4 aside
    face-down. Shuffle the remaining 12 with the 4 Special Attack cards into a 16-card deck"."""
    s = new_game(weakness_tables, 2, 1, None)
    assert s.weakness is not None
    assert len(s.fight_deck) == 16 and sorted(c for c in s.fight_deck if c.startswith("special")) == SPECIALS
    assert len(s.weakness.boxed) == 4 and len(s.weakness.aside) == 4
    assert not {*s.weakness.boxed, *s.weakness.aside} & set(s.fight_deck)


def test_a_level_iii_monster_brings_the_4_set_aside_cards(weakness_tables: Tables) -> None:
    """§9.8: "When a level III monster first appears, add the 4 set-aside cards, making 20 cards for the rest of
    the game"."""
    for seed in range(1, 40):
        s = started(weakness_tables, 1, seed)  # solo starts with one monster of each level
        assert s.weakness is not None
        if any(slot is not None and s.tables.monsters[slot[1]].level == 3 for slot in s.slots.values()):
            assert len(s.fight_deck) == 20 and s.weakness.aside == []
            return
    raise AssertionError("no solo seed placed a level III monster")


def test_without_the_mode_the_attack_deck_is_the_20_fight_cards(tables: Tables) -> None:
    s = new_game(tables, 2, 1, None)
    assert s.weakness is None and len(s.fight_deck) == 20


def test_a_special_attack_card_fires_its_special_attack_charge_or_bite(weakness_tables: Tables) -> None:
    """§9.8: "Special Attack card revealed during the monster's attack: the special attack fires, whether Charge
    or Bite was called. Read the matching text on the large card". The Drowner's attack 1: "Take 2 damage"."""
    s = started(weakness_tables)
    p = s.players[0]
    p.shield, p.deck, p.hand = 0, ["a", "b", "c", "d", "e"], []
    f = fighting(s, "drowner", ["special-attack-1"])
    f.monster_turns = 1  # not the first turn: no fight-start specials
    drive(monster_turn(s, p, f))
    assert len(p.deck) == 3 and f.spent == ["special-attack-1"]


def test_the_witchers_damage_revealing_a_special_card_fires_the_passive_then_carries_on(
        weakness_tables: Tables) -> None:
    """§9.8: "Special Attack card revealed by the player's damage: stop discarding, resolve the large card's
    Passive ability, then carry on with the remaining damage". The Drowner's passive: "Take 1 damage"."""
    s = started(weakness_tables)
    p = s.players[0]
    p.shield, p.deck = 0, ["a", "b", "c"]
    normal = [c for c in s.fight_deck if not c.startswith("special")][:2]
    f = fighting(s, "drowner", [normal[0], "special-attack-2", normal[1]])  # top = end of the list
    lost = drive(hit_opponent(s, 0, f, 3))
    assert lost == 3 and f.life_pool == [] and len(p.deck) == 2


def test_entering_a_weakness_token_keeps_it_and_places_a_replacement(weakness_tables: Tables) -> None:
    """§9.8: "entering a location with a Weakness token reveals it and you keep it by your board ... Then place a
    replacement of the same terrain"."""
    s = started(weakness_tables)
    w = s.weakness
    assert w is not None and len(w.placed) == 3  # one per monster terrain after setup
    location, token = next(iter(w.placed.items()))
    terrain = weakness_tables.weakness.tokens[token].terrain if weakness_tables.weakness else None
    p = s.players[0]
    p.location = location
    drive(enter(s, p))
    assert w.tokens_of(0) == [token] and location not in w.placed
    assert [weakness_tables.weakness.tokens[t].terrain for t in w.placed.values()].count(terrain) == 1
    assert len(w.piles[terrain]) == 4  # 6 - 1 held - 1 on the map


def test_no_replacement_once_the_six_of_a_terrain_are_collected(weakness_tables: Tables) -> None:
    """§9.8: "No replacement is placed once all 6 tokens of that terrain have been collected"."""
    s = started(weakness_tables)
    w = s.weakness
    assert w is not None
    p = s.players[0]
    for _ in range(6):
        location = next(loc for loc, t in w.placed.items() if t.startswith("weakness-forest"))
        p.location = location
        drive(enter(s, p))
    assert len(w.tokens_of(0)) == 6 and w.piles[Terrain.FOREST] == []
    assert not any(t.startswith("weakness-forest") for t in w.placed.values())


def hold_weakness(s: GameState, p: PlayerState, terrain: Terrain, number: int) -> None:
    w = s.weakness
    assert w is not None
    token = next(t for t in w.piles[terrain] if s.tables.weakness and s.tables.weakness.tokens[t].number == number)
    w.piles[terrain].remove(token)
    w.tokens_of(p.seat).append(token)


def test_a_held_weakness_token_is_spent_before_the_fight_and_kept(weakness_tables: Tables) -> None:
    """§9.8: "before a fight starts, you may spend any or all of your Weakness tokens for that monster. They are
    not discarded unless the card says so". Paragraph 3 of a level I-II monster: the witcher strikes first."""
    s = started(weakness_tables, 2, 3)
    terrain, monster = slot_of(s)
    p = s.players[0]
    hold_weakness(s, p, terrain, 3)
    p.location = s.tables.tokens[s.slots[terrain][0]].location  # type: ignore[index]
    flow = monster_fight(s, p, monster)
    decision = next(flow)
    assert s.fight is not None and s.fight.monster_turns == 0 and decision.player == p.seat  # the witcher acts
    assert len(s.weakness.tokens_of(0)) == 1  # type: ignore[union-attr]


def test_a_smaller_life_pool_weakness_takes_cards_off_the_pool(weakness_tables: Tables) -> None:
    """Paragraph 1 (designed): the oil of the monster's class makes its Life Pool smaller."""
    s = started(weakness_tables, 2, 3)
    terrain, monster = slot_of(s)
    p = s.players[0]
    hold_weakness(s, p, terrain, 1)
    p.location = s.tables.tokens[s.slots[terrain][0]].location  # type: ignore[index]
    life = s.tables.monsters[monster].life
    smaller = s.tables.weakness.cards[monster].weaknesses[0].amount  # type: ignore[union-attr]
    flow = monster_fight(s, p, monster)
    next(flow)
    assert s.fight is not None and len(s.fight.life_pool) + len(s.fight.spent) == life - smaller
    assert total_cards(s) == 16 or total_cards(s) == 20


def test_a_monster_that_leaves_takes_back_its_terrains_tokens_and_its_successor_gets_one(
        weakness_tables: Tables) -> None:
    """§9.8: "if the monster survives, you keep the tokens. If it is killed or driven away, every player returns
    that monster's tokens and all 6 of that set are reshuffled. After the new monster spawns, place 1 Weakness
    token as in setup". Fights played out by the first choice of each decision, over seeds, until one of each."""
    seen = set()
    for seed in range(1, 60):
        s = started(weakness_tables, 2, seed)
        terrain, monster = slot_of(s)
        w = s.weakness
        assert w is not None
        p, q = s.players
        hold_weakness(s, p, terrain, 2)
        hold_weakness(s, q, terrain, 1)
        p.location = s.tables.tokens[s.slots[terrain][0]].location  # type: ignore[index]
        drive(monster_fight(s, p, monster))
        mine = [t for t in w.tokens_of(0) + w.tokens_of(1) if t.startswith(f"weakness-{terrain.value}")]
        on_map = [t for t in w.placed.values() if t.startswith(f"weakness-{terrain.value}")]
        if s.slots[terrain] is not None and s.slots[terrain][1] == monster:  # type: ignore[index]
            assert len(mine) == 2
            seen.add("survived")
        else:
            assert mine == [] and len(on_map) == 1 and len(w.piles[terrain]) == 5
            seen.add("left")
        if seen == {"survived", "left"}:
            return
    raise AssertionError(f"only {seen} in 60 seeds")
