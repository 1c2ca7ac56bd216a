"""Monster Trail's Advanced Action cards mode (expansion sheet §9.6, FAQ L6061): scenarios quoting the rules, played
with the shipped pack's `advanced-actions` mode."""

from __future__ import annotations

import pytest

from pipeline.games.old_world.bots import GreedyBot
from pipeline.games.old_world.content import OldWorldContent
from pipeline.games.old_world.effects import GainAnyMarketCard, GainMarketCard
from pipeline.games.old_world.engine import GameState, Tables, new_game
from pipeline.games.old_world.engine.actions import PASS, Buy, Exchange, Move, TakeMarket, Trash
from pipeline.games.old_world.engine.advanced_actions import TrashBuy, Travel
from pipeline.games.old_world.engine.execute import Ctx, run_effects
from pipeline.games.old_world.engine.locations import location_options
from pipeline.games.old_world.engine.state import FightState
from pipeline.games.old_world.engine.turn import buy_options, phase_one, phase_three
from pipeline.games.old_world.engine.witcher import discard_random, gain_zero_cost, take_damage
from pipeline.games.old_world.enums import Attribute
from pipeline.games.old_world.spec import SPEC
from pipeline.rules.simulation import run_simulation

from .conftest import ROOT, decisions, drive

ADVANCED = ("monster-trail", "monster-trail/advanced-actions")
RETALIATION, EVASION, ENDURANCE = "advanced-retaliation", "advanced-evasion", "advanced-endurance"


@pytest.fixture(scope="module")
def advanced_tables() -> Tables:
    db, findings = SPEC.load(ROOT / "content", ADVANCED)
    assert findings == []
    return Tables.from_content(OldWorldContent(db))


@pytest.fixture
def s(advanced_tables: Tables) -> GameState:
    state = new_game(advanced_tables, 2, 1, None)
    while state.decision is not None and state.decision.kind in ("place-monster", "bonus-attribute"):
        state.apply(state.decision.actions[0])
    return state


def offer(s: GameState, slot: int, card: str) -> None:
    """Put `card` on the market in `slot` (the card it replaces goes back under the Action deck)."""
    replaced = s.market[slot]
    if card in s.action_deck:
        s.action_deck.remove(card)
    if replaced is not None:
        s.action_deck.insert(0, replaced)
    s.market[slot] = card


def test_the_cards_are_shuffled_into_the_action_deck_before_the_market_is_revealed(advanced_tables: Tables) -> None:
    """§9.6: "Shuffle them into the main Action deck before the market is revealed"; the setup's 0-cost slots
    take printed-0-cost cards, never a card whose price is a trash."""
    for seed in range(1, 21):
        state = new_game(advanced_tables, 2, seed, None)
        cards = [c for c in (*state.action_deck, *state.market) if c is not None]
        assert sum(advanced_tables.cards[c].trash_cost for c in cards) == 40
        assert not any(advanced_tables.cards[c].trash_cost for c in state.market[-3:] if c is not None)


def test_buying_costs_one_trashed_hand_card_and_no_slot_modifier_applies(s: GameState) -> None:
    """§9.6: "to buy the card you trash 1 card from your hand. The board's +1/−1 slot modifiers do not apply, and
    the trash is the whole price"; slot 0 adds +1 to a printed cost."""
    p = s.players[0]
    offer(s, 0, RETALIATION)
    p.hand = ["wolf-riposte"]
    options = buy_options(s, p)
    assert TrashBuy(0, "wolf-riposte") in options and not any(isinstance(a, Buy) and a.slot == 0 for a in options)
    drive(phase_three(s, p), lambda d: TrashBuy(0, "wolf-riposte") if d.kind == "buy" else d.actions[-1])
    assert RETALIATION in p.hand and s.trash[-1] == "wolf-riposte" and "wolf-riposte" not in p.discard


def test_the_vengerberg_exchange_never_takes_one(s: GameState) -> None:
    """§9.6: "Such a card can not be taken with the Vengerberg location action"."""
    p = s.players[0]
    offer(s, 5, EVASION)
    p.location, p.moved_into, p.hand = "vengerberg", {"vengerberg"}, ["wolf-riposte"]
    exchanges = [a for a in location_options(s, p) if isinstance(a, Exchange)]
    assert exchanges and all(a.slot != 5 for a in exchanges)


@pytest.mark.parametrize("max_cost", [0, 1, 2])
def test_no_take_a_cost_card_effect_takes_one(s: GameState, max_cost: int) -> None:
    """§9.6: "or by any 'take a 0-, 1- or 2-cost card' effect"; its printed cost of 0 never counts."""
    p = s.players[0]
    kinds = [EVASION, RETALIATION, ENDURANCE, "advanced-quick-step", "advanced-parry-and-thrust", "advanced-deep-breath"]
    for slot, card in enumerate(kinds):
        offer(s, slot, card)
    drive(run_effects(s, Ctx(0), [GainMarketCard(type="gain-market-card", max_cost=max_cost)]))
    gained = [c for c in (*p.hand, *p.discard) if s.tables.cards[c].trash_cost]
    assert gained == []  # none on the market fits: the cards revealed from the deck are not Advanced either


def test_an_effect_that_takes_any_card_may_take_one_without_the_trash(s: GameState) -> None:
    """§9.6, FAQ L6061: "An effect that lets you take any card from the pool may take it, and then you do not
    trash"."""
    p = s.players[0]
    offer(s, 0, RETALIATION)
    hand = list(p.hand)
    seen = decisions(run_effects(s, Ctx(0), [GainAnyMarketCard(type="gain-any-market-card")]), [TakeMarket(0)])
    assert TakeMarket(0) in seen[0].actions and p.hand == [*hand, RETALIATION] and s.trash == []


def test_the_zero_cost_penalty_never_gives_one(s: GameState) -> None:
    p = s.players[0]
    offer(s, 5, ENDURANCE)
    before = len(p.discard)
    drive(gain_zero_cost(s, p))
    assert len(p.discard) == before + 1 and not s.tables.cards[p.discard[-1]].trash_cost


def test_a_traveling_ability_is_used_in_phase_one(s: GameState) -> None:
    """§9.6: "Traveling ability, used in Phase I. Example: Endurance, which has no fight ability" (Endurance's
    designed travel: draw 2 cards); one traveling ability a turn (designed)."""
    p = s.players[0]
    p.hand = [ENDURANCE, "advanced-deep-breath"]
    deck = len(p.deck)
    seen = decisions(phase_one(s, p), [Travel(ENDURANCE), PASS])
    assert Travel(ENDURANCE) in seen[0].actions and not any(isinstance(a, Travel) for a in seen[1].actions)
    assert p.discard[-1] == ENDURANCE and len(p.hand) == 3 and len(p.deck) == deck - 2
    assert not any(isinstance(a, Move) and ENDURANCE in a.pay for a in seen[1].actions)


def fight(s: GameState) -> FightState:
    f = FightState(kind="monster", witcher=0, monster="drowner")
    f.life_pool, s.fight_deck = s.fight_deck[:8], s.fight_deck[8:]
    s.fight = f
    return f


def test_evasion_fires_when_damage_discards_it_from_the_deck(s: GameState) -> None:
    """§9.6: "Passive ability, which triggers when the card is discarded because of damage, from the deck"; the FAQ
    names Evasion (designed: raise your Shield by 2, which stops the rest of this damage)."""
    p = s.players[0]
    p.attributes[Attribute.DEFENSE], p.shield = 3, 0
    p.deck.append(EVASION)
    fight(s)
    lost = drive(take_damage(s, p, 3))
    assert lost == 1 and p.discard[-1] == EVASION and p.shield == 0


def test_retaliation_fires_when_damage_discards_it_from_the_hand(s: GameState) -> None:
    """§9.6: "... from the deck or from the hand"; the FAQ names Retaliation (designed: 2 damage to your opponent,
    dealt at once)."""
    p = s.players[0]
    p.shield, p.deck, p.hand = 0, [], [RETALIATION]
    f = fight(s)
    life = len(f.life_pool)
    drive(take_damage(s, p, 1), lambda d: Trash(RETALIATION, "hand"))
    assert p.discard[-1] == RETALIATION and len(f.life_pool) == life - 2 and f.attack_damage == 0


def test_a_random_discard_is_not_damage(s: GameState) -> None:
    """§9.6: the passive fires only when the card is discarded "because of damage"."""
    p = s.players[0]
    p.attributes[Attribute.DEFENSE], p.shield, p.hand = 3, 0, [EVASION]
    fight(s)
    discard_random(s, p, 1)
    assert p.discard[-1] == EVASION and p.shield == 0


def test_the_greedy_bot_buys_and_travels_with_them() -> None:
    db, _ = SPEC.load(ROOT / "content", ADVANCED)
    assert SPEC.engine is not None
    bought = travelled = 0
    for seed in range(1, 4):
        state = SPEC.engine.new_game(SPEC.engine.tables(db), 2, seed, None)
        assert isinstance(state, GameState)
        bot = GreedyBot(seed)
        while state.outcome is None and state.decision is not None:
            state.apply(bot.choose(state, state.decision.actions))
        bought += sum(isinstance(a, TrashBuy) for a in state.log)
        travelled += sum(isinstance(a, Travel) for a in state.log)
    assert bought > 0 and travelled > 0
    result = run_simulation(SPEC.engine, SPEC.id, db, 3, 5, 1, "greedy", check_invariants=True)
    assert result.completed == 5


def test_a_retaliation_during_a_special_attack_passive_leaves_the_damage_loop_sound() -> None:
    """With the Weakness mode too: the witcher's damage reveals a Special Attack card, its Passive ability hits the
    witcher, damage discards Retaliation, which hits the same Life Pool before the first hit is done (3 players,
    seed 4 popped an empty pool)."""
    db, _ = SPEC.load(ROOT / "content", ("monster-trail",))
    assert SPEC.engine is not None
    result = run_simulation(SPEC.engine, SPEC.id, db, 3, 1, 4, "greedy", check_invariants=True)
    assert result.completed == 1
