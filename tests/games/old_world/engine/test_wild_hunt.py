"""Wild Hunt (expansion sheet §11): the cooperative game's setup, rounds, Hounds, quests, Phase IV and the final fight.
Each test quotes the rule it plays."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pipeline.games.old_world.bots import GreedyBot
from pipeline.games.old_world.content import OldWorldContent
from pipeline.games.old_world.engine import GameState, Tables, Termination, fight, new_game, poker
from pipeline.games.old_world.engine import wild_hunt as wh
from pipeline.games.old_world.engine.actions import (
    PASS,
    ChooseAttribute,
    Discard,
    Pass,
    PlayCard,
    PokerWithLocals,
    Reroll,
)
from pipeline.games.old_world.engine.locations import location_options, take_location_action
from pipeline.games.old_world.engine.state import FightState
from pipeline.games.old_world.engine.turn import phase_two, phase_two_options, poker_options
from pipeline.games.old_world.engine.witcher import gain_trophy
from pipeline.games.old_world.enums import AttackType, Attribute, LocationAction, Terrain

from .conftest import ROOT, drive


@pytest.fixture(scope="module")
def tables(spec: Any) -> Tables:
    db, findings = spec.load(ROOT / "content", ("wild-hunt",))
    assert not findings
    return Tables.from_content(OldWorldContent(db))


def start(tables: Tables, players: int = 2, seed: int = 1, **options: Any) -> GameState:
    """A Wild Hunt game at the first Phase I decision (setup choices answered with the first option)."""
    state = new_game(tables, players, seed, options or None)
    while state.decision is not None and state.decision.kind != "phase-1":
        state.apply(state.decision.actions[0])
    return state


def hunt(state: GameState) -> wh.WildHuntState:
    assert state.wild_hunt is not None
    return state.wild_hunt


def monsters(state: GameState) -> dict[Terrain, int]:
    return {t: state.tables.monsters[v[1]].level for t, v in state.slots.items() if v is not None}


@pytest.mark.parametrize(("players", "difficulty", "levels", "shields"), [
    (1, "just-the-story", {Terrain.FOREST: 1}, 5),
    (2, "story-and-sword", {Terrain.FOREST: 1, Terrain.WATER: 2}, 31),
    (3, "death-march", {Terrain.FOREST: 1, Terrain.WATER: 3}, 66),
    (5, "just-the-story", {Terrain.FOREST: 1, Terrain.WATER: 1}, 97),
])
def test_setup_follows_the_difficulty_table(tables: Tables, players: int, difficulty: str, levels: dict[Terrain, int],
                                            shields: int) -> None:
    # §11.3 step 6: "The first goes on a location drawn from the Forest pile. The second (if any) goes on a location
    # drawn from the Water pile"; step 5: Shields "as many as the difficulty gives".
    state = start(tables, players, wild_hunt_difficulty=difficulty)
    assert monsters(state) == levels
    assert hunt(state).shields == shields


@pytest.mark.parametrize(("players", "rounds", "deck"), [(1, 8, 7), (3, 8, 7), (4, 7, 6), (5, 7, 6)])
def test_setup_round_track_exploration_deck_and_starting_hands(tables: Tables, players: int, rounds: int,
                                                               deck: int) -> None:
    state = start(tables, players)
    h = hunt(state)
    # §11.2: "8 (1-3 players) or 7 (4-5 players)" rounds; §11.3 step 3: "a 7- or 6-card deck", Stage I on top.
    assert len(h.rows) == rounds
    stages = [tables.wild_hunt.exploration[c].stage for c in h.exploration] if tables.wild_hunt else []
    assert len(stages) == deck and stages == sorted(stages, reverse=True)  # the top is the end of the list
    # Step 7: the Wild Hunt stands on a Mountain location; step 8: "5 cards and 3 Gold, whatever the seat".
    assert tables.locations[h.location].terrain is Terrain.MOUNTAIN
    assert all(len(p.hand) == 5 and p.gold == 3 for p in state.players)


def test_nobody_suffers_fatigue_and_trophies_never_win(tables: Tables) -> None:
    # §11.2: "Trophies are not a victory condition ... Nobody suffers Fatigue".
    state = start(tables, 2)
    p = state.players[0]
    cards = p.card_count()
    for trophy in ("monster:a", "monster:b", "monster:c", "monster:d"):
        assert drive(gain_trophy(state, p, trophy, from_fight=True)) is False
    assert p.card_count() == cards and state.outcome is None


def test_no_duels_and_no_base_exploration(tables: Tables) -> None:
    # §11.5 Phase II: "There are no witcher-vs-witcher fights"; the base City/Wilds decks are not used.
    state = start(tables, 2)
    a, b = state.players
    b.location = a.location
    kinds = {type(x).__name__ for x in phase_two_options(state, a)}
    assert "Duel" not in kinds and "Explore" not in kinds


def test_a_defeated_monster_costs_shields_equal_to_its_level_and_none_spawns(tables: Tables) -> None:
    # §11.5: "A monster that is defeated or driven away costs the Wild Hunt Shields equal to the monster's level ...
    # No new monster spawns".
    state = start(tables, 2, wild_hunt_difficulty="story-and-sword")
    h = hunt(state)
    before = h.shields
    assert wh.monster_gone(state, Terrain.WATER, 2)
    assert state.slots[Terrain.WATER] is None and h.shields == before - 2


def test_monster_buffs_count_hounds_and_the_hunt_on_or_next_to_it_up_to_20(tables: Tables) -> None:
    # §11.5: "every Hound and the Wild Hunt on the same or a neighbouring location as a monster adds +1 to that
    # monster's life pool, up to a maximum of 20 cards".
    state = start(tables, 2)
    h = hunt(state)
    here = h.location
    near = sorted(tables.neighbours[here])[0]
    far = next(loc for loc in sorted(tables.locations) if loc != here and loc not in tables.neighbours[here]
               and not set(tables.neighbours[loc]) & {here})
    h.hounds = {"hound-1-1": wh.Hound(1, near)}
    assert wh.buffed_life(state, 5, here) == 7  # the Hunt here, a Hound next door
    assert wh.buffed_life(state, 19, here) == 20
    assert wh.buffed_life(state, 5, far) == 5


def test_a_new_hound_appears_next_to_the_hunt_if_one_is_already_there(tables: Tables) -> None:
    # FAQ: "Hounds appear at the Wild Hunt's location, or next to it if one is already there."
    state = start(tables, 2)
    h = hunt(state)
    wh.add_hound(state, 1)
    wh.add_hound(state, 1)
    first, second = (d.location for d in h.hounds.values())
    assert first == h.location and second in tables.neighbours[h.location]
    wh.add_hound(state, 1)  # 2 miniatures per level: no third level I Hound
    assert len(h.hounds) == 2


def test_a_hound_or_the_hunt_blocks_the_location_action(tables: Tables) -> None:
    # §11.5: "the location action is blocked where a Hound or the Wild Hunt stands (FAQ)".
    state = start(tables, 1)
    p = state.players[0]
    p.moved_into.add(p.location)
    assert location_options(state, p)
    hunt(state).hounds = {"hound-1-1": wh.Hound(1, p.location)}
    assert location_options(state, p) == []


def test_with_three_monsters_out_the_hunt_gains_twice_the_level_in_shields(tables: Tables) -> None:
    # §11.5 Phase IV: "If 3 monsters are already out, no 4th is drawn. The Wild Hunt gains Shields equal to
    # 2 x that monster's level".
    state = start(tables, 2)
    h = hunt(state)
    for _ in range(3):
        wh.add_monster(state, 1)
    assert len(monsters(state)) == 3
    before = h.shields
    wh.add_monster(state, 2)
    assert h.shields == before + 4


def test_solo_the_hunt_moves_two_toward_you_and_its_side_a_fires_when_it_reaches_you(tables: Tables) -> None:
    # §11.5: "Solo: no draw; it always moves 2 locations toward you"; "It stops as soon as it enters a location
    # with any player"; "if it entered a location with at least one witcher, its Special Ability (side A) fires".
    state = start(tables, 1)
    h, p = hunt(state), state.players[0]
    distance = tables.road_distances(h.location)
    p.location = next(loc for loc in sorted(tables.locations) if distance.get(loc) == 3)
    assert wh.move_hunt(state) is False
    assert tables.road_distances(p.location)[h.location] == 1
    shield = p.shield = 2
    p.attributes[Attribute.DEFENSE] = 2
    drive(wh.phase_four(state, h.rows[6]))  # round 7: nothing new arrives
    assert h.location == p.location and p.shield == shield - 1  # Nithral's side A: 1 Shield
    assert wh.move_hunt(state) is False  # "If any player is on its location, it stays put."


def test_a_quest_sends_the_first_witcher_to_enter_to_its_event(tables: Tables) -> None:
    # §11.5 Phase II step 3: "Draw a Mountain Location token and put a Quest token there. The first player to
    # enter reads Wild Hunt Event 7."
    state = start(tables, 1)
    h, p = hunt(state), state.players[0]
    h.exploration.append("wh-1-07")
    drive(wh.explore(state, p))
    (where, event), = h.quests.items()
    assert event == 7 and tables.locations[where].terrain is Terrain.MOUNTAIN
    gold, shields = p.gold, h.shields
    p.location = where
    drive(wh.on_enter(state, p))
    assert h.quests == {} and p.gold == gold + 2 and h.shields == shields - 1  # event 7: 2 Gold, the Hunt loses 1


def test_wild_hunt_terror_lowers_an_attribute_per_open_quest(tables: Tables) -> None:
    # §11.6: "every player lowers attributes by 1 level for each Quest token still on the board".
    state = start(tables, 1)
    p = state.players[0]
    p.attributes = dict.fromkeys(p.attributes, 3)
    wh.terror(state, p, 2)
    assert sum(p.attributes.values()) == 4 * 3 - 2


def test_shields_absorb_final_fight_damage_first(tables: Tables) -> None:
    # §11.6: "Shields go first, 1 per damage, then life-pool cards."
    state = start(tables, 1)
    h = hunt(state)
    h.shields = 3
    assert wh.absorb_shields(state, 5) == 2 and h.shields == 0


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_the_table_wins_or_loses_together(tables: Tables, players: int) -> None:
    # §11.2: "All players win, including those knocked out"; "Lose: every witcher is knocked out in the final fight."
    for seed in range(1, 7):
        state = new_game(tables, players, seed)
        bot = GreedyBot(seed)
        while not state.is_terminal():
            state.apply(bot.choose(state, state.legal_actions()))
        outcome = state.outcome
        assert outcome is not None and outcome.winner is None
        assert (outcome.termination, outcome.score) in {(Termination.WILD_HUNT_DEFEATED, wh.TEAM_WON),
                                                        (Termination.WILD_HUNT_PREVAILED, wh.TEAM_LOST)}
        assert max(p.turns for p in state.players) == len(hunt(state).rows)  # it ended in the last round's fight


def test_with_the_weakness_mode_the_final_fight_takes_only_monster_fight_cards(spec: Any) -> None:
    # Designed: Monster Trail's Special Attack cards (§9.8) fire a monster's large card, and the Hunt has none; its
    # life pool (§11.6) is dealt from the Monster Fight cards only. Dealt a Special Attack card, the fight crashed.
    db, findings = spec.load(ROOT / "content", ("wild-hunt", "monster-trail", "monster-trail/weakness"))
    assert not findings
    tables = Tables.from_content(OldWorldContent(db))
    for seed in range(1, 5):
        state = new_game(tables, 1, seed)
        bot = GreedyBot(seed)
        while not state.is_terminal():
            state.apply(bot.choose(state, state.legal_actions()))
        outcome = state.outcome
        assert outcome is not None
        assert outcome.termination in {Termination.WILD_HUNT_DEFEATED, Termination.WILD_HUNT_PREVAILED}


# --- Exchange, Dice Poker, Support and the Charge/Bite token (§11.5) ---------------------------------


def test_dice_poker_only_against_the_locals_with_the_lower_wild_hunt_payout(tables: Tables,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    # §11.5: "Dice poker: only against the locals. Pay 1 Gold, roll 5 dice, reroll once, and compare with the Wild
    # Hunt Help card table: ... four of a kind 4" (the base solo table pays 5).
    state = start(tables, 2)
    a, b = state.players
    tavern = next(loc.id for loc in sorted(tables.locations.values(), key=lambda x: x.id)
                  if loc.action.type is LocationAction.LOCALS_POKER)
    hunt(state).location = next(loc for loc in sorted(tables.locations) if loc != tavern
                                and loc not in tables.neighbours[tavern])
    hunt(state).hounds = {}
    a.location = b.location = tavern
    a.moved_into = {tavern}
    assert poker_options(state, a) == []  # no Dice Poker against another witcher
    assert PokerWithLocals() in location_options(state, a)
    monkeypatch.setattr(poker, "roll", lambda s: [6, 6, 6, 6, 1])
    gold = a.gold
    drive(take_location_action(state, a, PokerWithLocals()), lambda d: Reroll(()))
    assert a.gold == gold - 1 + 4


def test_exchange_gives_gold_potions_bombs_trails_and_quests_to_a_witcher_here(tables: Tables) -> None:
    # §11.5: "witchers on the same location may trade or give away, any number of times: Gold, Potions, Bombs, Trail
    # tokens, and Trail Quests (with their 1 Gold). The 4-Potion and 4-Bomb limits still apply."
    state = start(tables, 3)
    a, b, c = state.players
    b.location = a.location
    c.location = next(loc for loc in sorted(tables.locations) if loc != a.location)
    a.potions, a.trail_tokens = ["swallow"], ["token-x"]
    offered = wh.exchange_options(state, a)
    assert {(x.seat, x.zone, x.item) for x in offered if isinstance(x, wh.HandOver)} == {
        (b.seat, "gold", ""), (b.seat, "potions", "swallow"), (b.seat, "trail_tokens", "token-x")}
    gold = a.gold, b.gold
    wh.hand_over(state, a, wh.HandOver(b.seat, "gold"))
    wh.hand_over(state, a, wh.HandOver(b.seat, "potions", "swallow"))
    assert (a.gold, b.gold) == (gold[0] - 1, gold[1] + 1) and b.potions == ["swallow"] and a.potions == []
    wh.hand_over(state, b, wh.HandOver(a.seat, "potions", "swallow"))  # and back again: any number of times
    assert a.potions == ["swallow"]
    b.potions = ["p"] * state.rules.potion_hold_limit
    assert not any(x.zone == "potions" for x in wh.exchange_options(state, a))  # the receiver's limit


def test_support_shrinks_the_life_pool_the_fighter_draws_as_many_and_takes_one_trophy_each(tables: Tables) -> None:
    # §11.5 Phase II: "The others there may Support, if they hold at least 1 card: they discard any number of cards
    # from their hand. The monster's life pool shrinks by that many, and after the pool is built the fighter draws
    # that many cards. A supporter takes the fighter's Witcher Trophy (at most one trophy from each other player)."
    state = start(tables, 3, wild_hunt_difficulty="story-and-sword")
    fighter, helper, away = state.players
    token, monster = state.slots[Terrain.FOREST] or ("", "")
    here = tables.token_location(token)
    fighter.location = helper.location = here
    away.location = next(loc for loc in sorted(tables.locations) if loc != here)
    fighter.trail_tokens.append(state.token_piles[Terrain.FOREST].pop())  # a trail: the witcher strikes first
    life = wh.buffed_life(state, tables.monsters[monster].life, here)
    flow = fight.monster_fight(state, fighter, monster)
    decision = next(flow)
    given = 0
    while decision.kind == "support":
        assert decision.player == helper.seat  # the witcher elsewhere does not support
        pick = next(a for a in decision.actions if isinstance(a, Discard)) if given < 2 else decision.actions[-1]
        given += isinstance(pick, Discard)
        decision = flow.send(pick)
    assert given == 2 and len(helper.hand) == 5 - 2
    assert state.fight is not None and len(state.fight.life_pool) == life - 2
    assert len(fighter.hand) == 5 + 2
    assert sum(t.startswith("witcher:") for t in helper.trophies) == 1
    state.fight = None
    state.players[0].hand, helper.hand = fighter.hand[:5], ["a", "b"]
    drive(wh.support(state, fighter), lambda d: next(iter(d.actions)))  # supports again: no second trophy
    assert sum(t.startswith("witcher:") for t in helper.trophies) == 1


def test_witchers_sharing_a_location_fight_its_monster_once_a_round(tables: Tables) -> None:
    # §11.5 Phase II: "If several players share a location, they pick one to fight its monster alone." Once that
    # fight is over, won or lost, the others there may not fight the monster this round; next round they may.
    state = start(tables, 2, wild_hunt_difficulty="story-and-sword")
    first, second = state.players
    token, monster = state.slots[Terrain.FOREST] or ("", "")
    first.location = second.location = tables.token_location(token)

    def fights(p: Any) -> list[str]:
        return [a.monster for a in phase_two_options(state, p) if type(a).__name__ == "FightMonster"]

    assert fights(first) == [monster] and fights(second) == [monster]
    # The first witcher fights it in Phase II (the first option: the fight; then every question's first answer).
    drive(phase_two(state, first), lambda d: next((a for a in d.actions if type(a).__name__ == "FightMonster"),
                                                  d.actions[0]))
    assert state.fight is None
    state.slots[Terrain.FOREST] = (token, monster)  # won or lost, the monster is still there for this test
    assert fights(second) == []
    hunt(state).fights_at = set()  # a new round
    assert fights(second) == [monster]


@pytest.mark.parametrize("players", [1, 3])
def test_the_charge_bite_token_decides_the_attack_by_the_games_rng(tables: Tables, players: int) -> None:
    # §11.5 Phase II: "Charge or Bite is decided by flipping the Charge/Bite token after the card is revealed": no
    # player declares it (nor does the solo die), and the flip comes from the game's seeded RNG.
    state = start(tables, players)
    fighter = state.players[0]
    f = FightState(kind="monster", witcher=0, level=1, life_pool=["x"], decider=(0 - 1) % players)
    state.fight = f
    kinds = set()
    for seed in range(20):
        state.rng.seed(seed)
        expected = random.Random(seed).random() < 0.5

        def no_decision(d: Any) -> Any:
            raise AssertionError(f"nobody decides Charge or Bite: {d.kind}")

        kind = drive(fight.declare_attack(state, fighter, f, first=False), no_decision)
        assert kind is (AttackType.CHARGE if expected else AttackType.BITE)
        kinds.add(kind)
    assert kinds == {AttackType.CHARGE, AttackType.BITE}



def test_the_greedy_team_supports_with_the_whole_hand_weakest_card_first(tables: Tables) -> None:
    # A card given in Support takes one card off the pool and gives the fighter one more; Phase III refills the hand.
    state = start(tables, 2)
    fighter, helper = state.players
    helper.location = fighter.location
    bot = GreedyBot(1)
    weakest = min(bot.value(state, c) for c in helper.hand)
    seen: list[str] = []

    def answer(decision: Any) -> Any:
        action = bot._support(state, helper, decision.actions)
        seen.append(action.card)
        return action

    assert drive(wh.support(state, fighter), answer) == 5 and helper.hand == []
    assert bot.value(state, seen[0]) == weakest


def test_the_greedy_team_shares_gold_until_even_and_never_hands_it_back(tables: Tables) -> None:
    state = start(tables, 2)
    a, b = state.players
    b.location = a.location
    a.gold, b.gold = 5, 1
    bot = GreedyBot(1)
    for giver in (a, b, a, b, a):
        offered = [x for x in wh.exchange_options(state, giver) if isinstance(x, wh.HandOver)]
        action = bot._hand_over(state, giver, offered)
        if action is not None:
            wh.hand_over(state, giver, action)
    assert (a.gold, b.gold) == (3, 3)


# --- Hound fights (§11.5 Phase I) --------------------------------------------------------------------


def hound_here(state: GameState, level: int = 1) -> str:
    """Both witchers on one location with a Hound of `level` (the 2-player Hound card: level I has 4 life, draws 1)."""
    here = state.players[0].location
    state.players[1].location = here
    hunt(state).hounds = {f"hound-{level}-1": wh.Hound(level, here)}
    hunt(state).fought = set()
    return f"hound-{level}-1"


def test_a_hound_fight_counts_only_damage_and_shield_and_draws_nothing_after(tables: Tables) -> None:
    # §11.5 Hound fights: "Preparation: the Hound card gives how many cards each fighter draws and how much each
    # fighter's Shield drops. Attack: each fighter plays one combo of at least 1 card. Only damage symbols (to the
    # Hound) and Shield symbols (up to Defense) count." No Potion, Specialty or trophy ability, no fight-turn draw.
    state = start(tables, 2)
    hound = hound_here(state)
    p, q = state.players
    p.hand, p.deck, p.potions = ["heavy-swing", "jab"], ["brace"], list(state.potion_deck[:1])
    q.hand, q.deck = ["wolf-strong-strike"], ["lean-back"]
    hunt(state).hound_tokens[1] = []  # no bonus token left: its draw would blur the count
    shields = hunt(state).shields
    seen: list[Any] = []

    def pick(decision: Any) -> Any:
        seen.append(decision)
        if decision.kind == "join-hound-fight":
            return decision.actions[0]
        plays = [a for a in decision.actions if isinstance(a, PlayCard) and a.card in ("heavy-swing", "jab",
                                                                                         "wolf-strong-strike")]
        return plays[0] if plays else PASS

    drive(wh.PACK.take_action(state, p, wh.FightHound(hound)), pick)  # type: ignore[arg-type]
    turns = [d for d in seen if d.kind == "fight-turn"]
    assert all(isinstance(a, (PlayCard, Pass)) for d in turns for a in d.actions)  # no Potion, no ability
    assert not any(isinstance(a, Pass) for a in turns[0].actions)  # at least 1 card
    # 2 + 1 (heavy swing, jab on its extension) + 2 (strong strike) = 5 against 4 life: the Hound goes, the Hunt
    # loses the excess 1 Shield.
    assert hound not in hunt(state).hounds and shields - hunt(state).shields == 1
    assert sorted(p.hand) == ["brace"] and q.hand == ["lean-back"]  # the preparation's draw only


def test_each_witcher_on_the_hounds_location_chooses_whether_to_fight(tables: Tables) -> None:
    # §11.5: "Any players on the Hound's location may fight it together"; "Total damage < life points: the Hound
    # stays and every fighter discards their whole hand" (only the fighters).
    state = start(tables, 2)
    hound = hound_here(state)
    p, q = state.players
    p.hand, p.deck = ["jab"], ["duck"]
    q.hand, q.deck = ["wolf-strong-strike", "kick"], ["lean-back"]
    seen: list[Any] = []

    def pick(decision: Any) -> Any:
        seen.append(decision)
        return PASS if decision.kind == "join-hound-fight" else next(a for a in decision.actions if a != PASS)

    drive(wh.PACK.take_action(state, p, wh.FightHound(hound)), pick)  # type: ignore[arg-type]
    asked = [d for d in seen if d.kind == "join-hound-fight"]
    assert [d.player for d in asked] == [1]
    assert {type(a).__name__ for a in asked[0].actions} == {"JoinHoundFight", "Pass"}
    assert hound in hunt(state).hounds  # 1 damage against 4 life
    assert p.hand == [] and q.hand == ["wolf-strong-strike", "kick"] and q.deck == ["lean-back"]


def test_hound_bonuses_are_the_players_choice(tables: Tables) -> None:
    # §11.5 Hound-token bonuses: "raise any attribute by 1"; "take a 1-cost market card into your discard pile";
    # "raise your lowest attribute by 1" (a choice among equals).
    state = start(tables, 2)
    p = state.players[0]
    p.attributes = {a: 2 for a in p.attributes}
    p.attributes[Attribute.ALCHEMY] = 5
    seen: list[Any] = []

    def defense(decision: Any) -> Any:
        seen.append(decision)
        return ChooseAttribute("defense")

    drive(wh.hound_bonus(state, p, "any-attribute"), defense)
    assert {a.attribute for a in seen[0].actions} == {"combat", "defense", "specialty"}
    assert p.attributes[Attribute.DEFENSE] == 3
    seen.clear()
    drive(wh.hound_bonus(state, p, "lowest-attribute"), lambda d: seen.append(d) or d.actions[-1])
    assert {a.attribute for a in seen[0].actions} == {"combat", "specialty"}
    cards = state.tables.cards
    one = [c for c in cards if cards[c].cost == 1 and state.tables.takes_by_cost(c)][:2]
    two = next(c for c in cards if cards[c].cost == 2)
    state.market = [two, one[0], two, two, one[1], two]
    seen.clear()
    drive(wh.hound_bonus(state, p, "one-cost-card"), lambda d: seen.append(d) or d.actions[-1])
    assert [a.slot for a in seen[0].actions] == [1, 4]
    assert p.discard[-1] == one[1]
