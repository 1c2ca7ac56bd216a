"""Mages (expansion sheet §8.3-§8.5): scenarios quoting the rules, played with the shipped Mages pack."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from pipeline.games.old_world.content import OldWorldContent
from pipeline.games.old_world.engine import GameState, Tables, new_game
from pipeline.games.old_world.engine.abilities import is_available, owned_abilities
from pipeline.games.old_world.engine.actions import PASS, UseAbility
from pipeline.games.old_world.engine.combo import resolve_combo, use_ability, witcher_turn
from pipeline.games.old_world.engine.fight import end_fight
from pipeline.games.old_world.engine.locations import location_options, take_location_action
from pipeline.games.old_world.engine.mages import Boost, ClaimSchool, discard_twin, own_pool
from pipeline.games.old_world.engine.state import ComboCard, FightState, PlayerState
from pipeline.games.old_world.engine.witcher import raise_attribute, set_shield, take_damage
from pipeline.games.old_world.enums import Attribute
from pipeline.games.old_world.spec import SPEC

from .conftest import ROOT, decisions, drive


@pytest.fixture(scope="module")
def mage_tables() -> Tables:
    db, findings = SPEC.load(ROOT / "content", ("mages",))
    assert findings == []
    return Tables.from_content(OldWorldContent(db))


@pytest.fixture
def mage_game(mage_tables: Tables) -> Callable[..., GameState]:
    def make(schools: list[str], seed: int = 1) -> GameState:
        """A game with these characters in seat order, each Mage claiming the first school offered."""
        state = new_game(mage_tables, len(schools), seed, {"schools": schools})
        while state.decision is not None and state.decision.kind in ("claim-school", "place-monster", "bonus-attribute"):
            state.apply(state.decision.actions[0])
        return state

    return make


def monster_fight(s: GameState, seat: int = 0) -> FightState:
    f = FightState(kind="monster", witcher=seat, monster="drowner", level=1)
    f.life_pool, s.fight_deck = s.fight_deck[:8], s.fight_deck[8:]
    s.fight = f
    return f


def test_a_mage_claims_a_school_no_witcher_uses_and_starts_there(mage_tables: Tables) -> None:
    """§8.3: "the Mages claim schools (last-turn Mage first, then counter-clockwise). They may only take a
    school not used by a Witcher in this game"."""
    s = new_game(mage_tables, 3, 1, {"schools": ["ardea", "wolf", "othar"]})
    first = s.decision
    assert first is not None and (first.kind, first.player) == ("claim-school", 2)
    assert ClaimSchool("wolf") not in first.actions and ClaimSchool("cat") in first.actions
    s.apply(ClaimSchool("cat"))
    second = s.decision
    assert second is not None and (second.kind, second.player) == ("claim-school", 0)
    assert {str(a) for a in second.actions} == {"ClaimSchool('bear')", "ClaimSchool('griffin')", "ClaimSchool('viper')"}
    s.apply(ClaimSchool("viper"))
    ardea, _, othar = s.players
    assert (othar.claimed, othar.location) == ("cat", mage_tables.schools["cat"].home)
    assert (ardea.claimed, ardea.location) == ("viper", mage_tables.schools["viper"].home)


def test_a_mage_trains_the_specialty_at_the_claimed_school(mage_game: Callable[..., GameState]) -> None:
    """§8.4: "Mages pay Gold to train their Specialty at their claimed School location"."""
    s = mage_game(["alzur", "wolf"])
    alzur = s.players[0]
    alzur.moved_into.add(alzur.location)
    alzur.gold = 10
    assert "Train('specialty')" in {str(a) for a in location_options(s, alzur)}


def test_every_player_a_mage_plays_with_the_mage_deck_alone(mage_game: Callable[..., GameState]) -> None:
    """§8.3 All Mages: "Remove the base Action cards. The Mage Action deck takes its place"."""
    s = mage_game(["alzur", "ardea"])
    cards = s.tables.cards
    assert s.other_pool is None
    assert all(cards[c].branch is not None for c in [*s.action_deck, *(m for m in s.market if m)])
    assert len(s.market) == 6


def test_a_mixed_game_has_a_market_of_six_for_each_pool(mage_game: Callable[..., GameState]) -> None:
    """§8.3 Some Mages: "use both decks, each with its own 6-card market" (rule 22: both always hold 6)."""
    s = mage_game(["cat", "gekhira"])
    pool = s.other_pool
    assert pool is not None and len(pool.market) == len(s.market) == 6
    cards = s.tables.cards
    assert all(cards[c].branch is None for c in s.market if c) and all(cards[c].branch is not None for c in pool.market if c)


def test_a_card_gained_in_phase_three_discards_the_same_slot_of_the_other_pool(mage_game: Callable[..., GameState]) -> None:
    """§8.4: "a Witcher takes the rightmost Witcher card, so the rightmost Mage card is discarded"; both slide and refill."""
    s = mage_game(["cat", "gekhira"])
    pool = s.other_pool
    assert pool is not None
    rightmost, rest = pool.market[-1], pool.market[:-1]
    discard_twin(s, 5)
    assert pool.discard == [rightmost] and pool.market[1:] == rest and len(pool.market) == 6


def test_each_player_gains_from_their_own_pool(mage_game: Callable[..., GameState]) -> None:
    """§8.4: "Each player gains cards only from their own pool"; a Witcher cannot take Mage cards."""
    s = mage_game(["cat", "gekhira"])
    cat, gekhira = s.players
    cards = s.tables.cards
    witcher_market = list(s.market)
    with own_pool(s, gekhira):
        assert all(cards[c].branch is not None for c in s.market if c)
        with own_pool(s, cat):  # a witcher losing a duel in the Mage's turn gains from the witchers' pool
            assert s.market == witcher_market
        assert s.market != witcher_market
    with own_pool(s, cat):
        assert s.market == witcher_market
    assert s.market == witcher_market


def test_damage_never_takes_a_mages_energy(mage_game: Callable[..., GameState]) -> None:
    """§8.4: "Mages do not lose Energy when damaged ... each damage discards from the top of the deck"."""
    s = mage_game(["othar", "cat"])
    othar = s.players[0]
    monster_fight(s)
    othar.shield, othar.deck = 2, ["mage-spark"] * 5
    lost = drive(take_damage(s, othar, 3))
    assert (othar.shield, lost, len(othar.deck)) == (2, 3, 2)


@pytest.mark.parametrize(("protection", "hits", "taken"), [(2, [4], [2]), (3, [2, 4], [0, 3])])
def test_protection_cuts_the_opponents_next_turn(mage_game: Callable[..., GameState], protection: int, hits: list[int],
                                                 taken: list[int]) -> None:
    """§8.4: "2 Protection against a 4-damage hit means 2 damage taken. 3 Protection against a 2-damage potion
    plus a 4-damage combo means 0, then 3 damage taken"."""
    s = mage_game(["othar", "cat"])
    othar = s.players[0]
    f = monster_fight(s)
    othar.deck = ["mage-spark"] * 10
    f.protection[0] = protection
    assert [drive(take_damage(s, othar, hit)) for hit in hits] == taken


def test_unused_protection_is_lost_when_the_mages_next_turn_begins(mage_game: Callable[..., GameState]) -> None:
    """§8.4: Protection "is lost at the end of that turn, even if unused"."""
    s = mage_game(["othar", "cat"])
    othar = s.players[0]
    f = monster_fight(s)
    othar.hand, othar.deck = [], ["mage-spark"] * 6
    f.protection[0] = 2
    f.turns_taken[0] = 1  # not the first turn: Teleportation does not fire again
    drive(witcher_turn(s, 0), lambda d: PASS if PASS in d.actions else d.actions[0])
    assert 0 not in f.protection


def test_energy_may_exceed_wisdom_in_a_fight_and_refills_to_wisdom_after(mage_game: Callable[..., GameState]) -> None:
    """§8.4: Energy "may exceed Wisdom during a fight"; "after a fight it refills up to Wisdom"."""
    s = mage_game(["ardea", "cat"])
    ardea = s.players[0]
    monster_fight(s)
    set_shield(s, ardea, 4)
    assert ardea.shield == 4 > ardea.attributes[Attribute.DEFENSE]
    drive(end_fight(s, [0]))
    assert ardea.shield == ardea.attributes[Attribute.DEFENSE]
    set_shield(s, ardea, 4)  # outside a fight Wisdom caps it, as Defense caps a Shield
    assert ardea.shield == ardea.attributes[Attribute.DEFENSE]


def test_every_fighters_energy_is_back_to_wisdom_before_an_after_fight_ability_asks(
        mage_game: Callable[..., GameState]) -> None:
    """§8.4: Energy "may exceed Wisdom during a fight"; "after a fight it refills up to Wisdom" (base sheet: "After
    any fight: [...] Shield up to Defense"). In a fight of several (a Wild Hunt Hound), the first fighter's Basilisk
    trophy draws a Potion past the hold limit after it: while that player chooses one to discard the fight is over,
    so the Mage's Energy must already be back within Wisdom (issue 17)."""
    s = mage_game(["wolf", "ardea"])
    wolf, ardea = s.players
    wolf.trophies.append("monster:basilisk")
    wolf.potions = s.potion_deck[-s.rules.potion_hold_limit:]
    del s.potion_deck[-s.rules.potion_hold_limit:]
    s.fight = FightState(kind="hound", witcher=0, level=1)
    set_shield(s, ardea, ardea.attributes[Attribute.DEFENSE] + 2)
    flow = end_fight(s, [0, 1])
    asked = next(flow)
    assert (asked.kind, asked.player) == ("discard-potion", 0) and s.fight is None
    assert ardea.shield == ardea.attributes[Attribute.DEFENSE]


def test_raising_wisdom_raises_energy(mage_game: Callable[..., GameState]) -> None:
    """§8.4: "Raising Wisdom raises Energy by 1"."""
    s = mage_game(["ardea", "cat"])
    ardea = s.players[0]
    before = ardea.shield
    drive(raise_attribute(s, ardea, Attribute.DEFENSE))
    assert ardea.shield == before + 1


def test_raising_wisdom_to_5_raises_energy_too(mage_game: Callable[..., GameState]) -> None:
    """§8.4: "Raising Wisdom raises Energy by 1": the Mages booklet has no level-5 exception, unlike a witcher's
    Shield (base §6.4, "exception: level 5")."""
    s = mage_game(["ardea", "cat"])
    ardea, cat = s.players
    for p in (ardea, cat):
        p.attributes[Attribute.DEFENSE] = 4
        p.shield = 4
        drive(raise_attribute(s, p, Attribute.DEFENSE))
    assert (ardea.attributes[Attribute.DEFENSE], ardea.shield) == (5, 5)
    assert (cat.attributes[Attribute.DEFENSE], cat.shield) == (5, 4)  # the witcher's exception stays


def test_vizima_trashes_from_either_market_in_any_combination(mage_game: Callable[..., GameState]) -> None:
    """§8.4 mixed game: "Effects that discard market cards (for example the Vizima location action) may take from
    either pool, in any combination"."""
    s = mage_game(["cat", "gekhira"])
    cat = s.players[0]
    pool = s.other_pool
    assert pool is not None
    cat.location, cat.moved_into, cat.actions_used = "vizima", {"vizima"}, set()
    with own_pool(s, cat):
        offered = {(a.own, a.other) for a in location_options(s, cat)}  # type: ignore[attr-defined]
        assert {((), ()), ((0,), ()), ((), (5,)), ((1, 4), ()), ((), (0, 3)), ((2,), (2,))} <= offered
        assert all(len(own) + len(other) <= 2 for own, other in offered)
        witchers, mages = list(s.market), list(pool.market)
        action = next(a for a in location_options(s, cat) if (a.own, a.other) == ((1,), (4,)))  # type: ignore[attr-defined]
        gold = cat.gold
        drive(take_location_action(s, cat, action))
    assert sorted(s.trash) == sorted([witchers[1], mages[4]])
    assert s.market[2:] == witchers[2:] and pool.market[5:] == mages[5:] and pool.market[2:5] == mages[1:4]
    assert cat.gold == gold + (1 if gold == 0 else 0)


def combo(s: GameState, p: PlayerState, cards: list[str]) -> FightState:
    f = monster_fight(s, p.seat)
    f.combo = [ComboCard(card, -1) for card in cards]
    f.combo_owner = p.seat
    return f


def test_a_mage_resolves_the_combo_card_by_card_left_to_right(mage_game: Callable[..., GameState]) -> None:
    """§8.4: "a Mage resolves the combo card by card, left to right, not by effect type": Tempest's extra
    draws count the Energy Gust has already given when Gust lies left of it, and not when it lies right."""
    draws = []
    for order in (["mage-gust", "mage-tempest"], ["mage-tempest", "mage-gust"]):
        s = mage_game(["ardea", "cat"])
        ardea = s.players[0]
        ardea.shield = 0
        f = combo(s, ardea, order)
        drive(resolve_combo(s, ardea, f))
        draws.append(f.draw_mod)
    assert draws == [1, 0]


def test_a_boost_costs_its_energy_and_adds_its_effect(mage_game: Callable[..., GameState]) -> None:
    """§8.5: "After the basic ability resolves, and before the next card in the combo, you may pay the Energy
    to trigger the boost": Ice Lance deals 2, and 1 more for 1 Energy."""
    s = mage_game(["ardea", "cat"])
    ardea = s.players[0]
    ardea.shield = 1
    f = combo(s, ardea, ["mage-ice-lance"])
    life = len(f.life_pool)
    seen = decisions(resolve_combo(s, ardea, f), [Boost("mage-ice-lance")])
    assert [(d.kind, d.actions) for d in seen] == [("boost", (Boost("mage-ice-lance"), PASS))]
    assert (ardea.shield, life - len(f.life_pool)) == (0, 3)


def test_no_boost_is_offered_without_the_energy(mage_game: Callable[..., GameState]) -> None:
    s = mage_game(["ardea", "cat"])
    ardea = s.players[0]
    ardea.shield = 0
    f = combo(s, ardea, ["mage-ice-lance"])
    assert decisions(resolve_combo(s, ardea, f), []) == []


def test_thunder_costs_one_energy(mage_game: Callable[..., GameState]) -> None:
    """§8.2 Alzur, Thunder: "pay 1 Energy and roll a die"; without Energy it cannot be used."""
    s = mage_game(["alzur", "cat"])
    alzur = s.players[0]
    monster_fight(s)
    [specialty] = [v for v in owned_abilities(s, alzur) if v.key == "specialty"]
    alzur.shield = 0
    assert not is_available(s, alzur, specialty)
    alzur.shield = 1
    assert is_available(s, alzur, specialty)
    drive(use_ability(s, alzur, specialty), lambda d: d.actions[-1])
    assert alzur.shield == 0


def test_necromancy_discards_a_hand_card_to_deal_damage(mage_game: Callable[..., GameState]) -> None:
    """§8.2 Gekhira, Necromancy: "discard any 1 hand card to deal damage"."""
    s = mage_game(["gekhira", "cat"])
    gekhira = s.players[0]
    f = monster_fight(s)
    gekhira.hand = ["gekhira-grave-chill", "gekhira-bone-spike"]
    fight_turn = witcher_turn(s, 0)
    decision = next(fight_turn)
    assert UseAbility("specialty") in decision.actions
    seen = fight_turn.send(UseAbility("specialty"))
    assert seen.kind == "specialty-discard"
    fight_turn.send(seen.actions[0])
    level_1 = s.tables.schools["gekhira"].specialty.levels[0][0]
    assert len(gekhira.hand) == 1 and f.attack_damage == level_1.amount == 3  # the designed level-1 value


@pytest.mark.parametrize("seed", range(1, 41))
def test_thunder_deals_the_tier_its_modified_roll_reaches(mage_tables: Tables, seed: int) -> None:
    """§8.2 Thunder's tiers: 0-1 no damage, 2-3 one, 4-5 two, 6-8 three; the modifier is the level minus 1
    (designed); the bot takes the best tier."""
    s = new_game(mage_tables, 2, seed, {"schools": ["alzur", "cat"]})
    while s.decision is not None and s.decision.kind in ("claim-school", "place-monster", "bonus-attribute"):
        s.apply(s.decision.actions[0])
    alzur = s.players[0]
    alzur.attributes[Attribute.SPECIALTY] = 3
    f = monster_fight(s)
    alzur.shield = 1
    [specialty] = [v for v in owned_abilities(s, alzur) if v.key == "specialty"]
    roll = s.rng.getstate()
    drive(use_ability(s, alzur, specialty), lambda d: d.actions[-1])
    s.rng.setstate(roll)
    result = s.rng.randint(1, 6) + 2
    assert f.attack_damage == (0 if result < 2 else 1 if result < 4 else 2 if result < 6 else 3)
