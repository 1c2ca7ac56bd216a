"""Skellige's Dagon (expansion sheet §10.2, §10.7): sailing to the Dagon Location once it has emerged, its Special
Ability, and the fight's outcomes with the Dagon Bonus cards. The fight itself is `fight_rounds`; these scenarios
fix its result (knocked out or not, life cards left) to test what §10.7 says follows."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from pipeline.games.old_world.content import OldWorldContent
from pipeline.games.old_world.engine import Tables, fight, new_game, skellige
from pipeline.games.old_world.engine.abilities import owned_abilities
from pipeline.games.old_world.engine.actions import PASS, FightDagon, SailBackFromDagon, SailToDagon
from pipeline.games.old_world.engine.execute import Ctx, run_effects
from pipeline.games.old_world.engine.state import FightState, Flow, GameState, PlayerState
from pipeline.games.old_world.engine.turn import phase_one, phase_two
from pipeline.games.old_world.enums import Terrain
from pipeline.games.old_world.spec import SPEC

CONTENT = Path(__file__).resolve().parents[3] / "content"
BONUS_CARDS = 5
ORIGINAL_ROUNDS = fight.fight_rounds


def _game(players: int = 2, seed: int = 3, packs: tuple[str, ...] = ("skellige",)) -> GameState:
    db, _ = SPEC.load(CONTENT, packs)
    return new_game(Tables.from_content(OldWorldContent(db)), players, seed)


def _drive(flow: Flow, choose: Callable[[tuple[object, ...]], object] | None = None) -> object:
    """Run a flow to its end, answering each decision with `choose(options)` (default: the first option)."""
    try:
        decision = next(flow)
        while True:
            options = decision.actions
            decision = flow.send(choose(options) if choose else options[0])
    except StopIteration as stop:
        return stop.value


def _emerge(state: GameState) -> None:
    board = state.tables.skellige
    assert state.seas is not None and board is not None
    state.seas.dagon = len(board.danger_track) + 1


def _at_harbor_with_ship(state: GameState) -> PlayerState:
    assert state.seas is not None
    p = state.players[0]
    p.location = sorted(state.seas.ships)[0]
    return p


def _sailed_to_dagon(state: GameState) -> PlayerState:
    """Dagon has emerged and the first witcher sailed to the Dagon Location from a harbor with a Ship."""
    assert state.seas is not None
    _emerge(state)
    p = _at_harbor_with_ship(state)
    skellige.sail_to_dagon(state, p)
    return p


def _fixed_fight(knocked_out: bool, left: int) -> Callable[[GameState, PlayerState, FightState, Terrain | None], Flow]:
    """A fight whose witcher is knocked out or not, with `left` cards of Dagon's Life Pool unspent."""

    def rounds(s: GameState, p: PlayerState, f: FightState, terrain: Terrain | None) -> Flow:
        s.fight = f
        f.life_pool = [s.fight_deck.pop() for _ in range(left)]
        return knocked_out
        yield  # a flow, like the real one

    return rounds


def test_the_dagon_location_opens_once_dagon_has_emerged_from_a_continent_harbor_with_a_ship() -> None:
    # §10.7: "it can only be entered once Dagon has emerged, and only from a continent harbor by Ship (never from an
    # island)".
    state = _game()
    assert state.seas is not None
    p = _at_harbor_with_ship(state)
    assert skellige.dagon_options(state, p) == []
    _emerge(state)
    assert skellige.dagon_options(state, p) == [SailToDagon()]
    p.location = sorted({"kaer-seren", "cidaris", "novigrad", "cintra", "glenmore", "doldeth"} - state.seas.ships)[0]
    assert skellige.dagon_options(state, p) == []
    state.seas.ships.add("ard-skellig")
    p.location = "ard-skellig"
    assert skellige.dagon_options(state, p) == []


def test_sailing_to_dagon_reads_no_exploration_card_and_phase_two_is_its_fight(monkeypatch: pytest.MonkeyPatch) -> None:
    # §10.7: "sail to the Dagon Location. No Skellige Exploration card is read (FAQ). Go to Phase II and fight it."
    state = _game()
    assert state.seas is not None
    _emerge(state)
    p = _at_harbor_with_ship(state)
    harbor, deck = p.location, list(state.seas.exploration)
    _drive(phase_one(state, p), lambda options: next(a for a in options if isinstance(a, SailToDagon)))
    assert skellige.at_dagon(state, p) and state.seas.exploration == deck and p.seat not in state.seas.explored
    fought: list[str | None] = []

    def rounds(s: GameState, q: PlayerState, f: FightState, terrain: Terrain | None) -> Flow:
        fought.append(f.monster)
        return (yield from _fixed_fight(False, 0)(s, q, f, terrain))

    monkeypatch.setattr(fight, "fight_rounds", rounds)
    _drive(phase_two(state, p))
    assert fought == ["dagon"] and p.location == harbor and not skellige.at_dagon(state, p)


def test_after_the_fight_the_witcher_stays_on_the_dagon_location_and_can_only_sail_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # §10.7 Dagon Location: "Several Ships, and so several players, may be there. If Dagon is driven back down the
    # track, nobody may enter until it emerges again, and players there can only sail back to the continent."
    state = _game()
    p = _sailed_to_dagon(state)
    harbor = p.location
    monkeypatch.setattr(fight, "fight_rounds", _fixed_fight(False, 0))  # Dagon driven away
    _drive(skellige.dagon_fight(state, p))
    assert skellige.on_dagon(state, p) and not skellige.emerged(state)
    # The next turn: the voyage back is the one Phase I option (no road move, location action or Dice Poker).
    skellige.new_turn(state, p)
    p.moved_into, p.actions_used = set(), set()
    seen: list[tuple[object, ...]] = []

    def back(options: tuple[object, ...]) -> object:
        seen.append(options)
        return options[0]

    _drive(phase_one(state, p), back)
    assert seen[0] == (SailBackFromDagon(), PASS)
    assert not skellige.on_dagon(state, p) and p.location == harbor and harbor in p.moved_into
    assert skellige.dagon_options(state, p) == []  # no second voyage out this turn


def test_a_witcher_who_stays_may_fight_dagon_again_and_nothing_else(monkeypatch: pytest.MonkeyPatch) -> None:
    # §10.7: on the Dagon Location, Phase II is the fight with Dagon (while it is up), never the map's options.
    state = _game()
    p = _sailed_to_dagon(state)
    monkeypatch.setattr(fight, "fight_rounds", _fixed_fight(True, 2))  # a complete defeat: Dagon stays up
    _drive(skellige.dagon_fight(state, p))
    skellige.new_turn(state, p)
    seen: list[tuple[object, ...]] = []

    def stay(options: tuple[object, ...]) -> object:
        seen.append(options)
        return PASS

    _drive(phase_one(state, p), stay)
    _drive(phase_two(state, p), stay)
    assert seen == [(SailBackFromDagon(), PASS), (FightDagon(), PASS)]
    assert skellige.on_dagon(state, p)


@pytest.mark.parametrize(("holds", "first"), [(True, "witcher"), (False, "dagon")])
def test_a_dagon_trail_token_lets_its_holder_strike_first(monkeypatch: pytest.MonkeyPatch, holds: bool,
                                                          first: str) -> None:
    # §10.7 Dagon Trail tokens, base §6.8: "a trail token lets you take the first fight turn against that monster".
    state = _game()
    assert state.seas is not None
    _emerge(state)
    p = _at_harbor_with_ship(state)
    if holds:
        skellige.take_dagon_trail(state.seas, p)
    turns: list[str] = []

    def witcher_turn(s: GameState, seat: int) -> Flow:
        turns.append("witcher")
        s.fight.life_pool.clear()  # type: ignore[union-attr]
        yield from ()

    def monster_turn(s: GameState, q: PlayerState, f: FightState) -> Flow:
        turns.append("dagon")
        q.hand, q.deck = [], []  # knocked out
        yield from ()

    monkeypatch.setattr(fight, "witcher_turn", witcher_turn)
    monkeypatch.setattr(fight, "monster_turn", monster_turn)
    skellige.sail_to_dagon(state, p)
    _drive(skellige.dagon_fight(state, p))
    assert turns[0] == first


def test_driving_dagon_away_returns_the_dagon_trail_tokens(monkeypatch: pytest.MonkeyPatch) -> None:
    # Designed by analogy with base §10.9 (a monster that leaves takes its Trail tokens with it); §10.7 is silent.
    state = _game()
    assert state.seas is not None
    _emerge(state)
    p = _at_harbor_with_ship(state)
    skellige.take_dagon_trail(state.seas, p)
    supply = state.seas.dagon_trails
    skellige.sail_to_dagon(state, p)
    monkeypatch.setattr(fight, "fight_rounds", _fixed_fight(False, 0))
    _drive(skellige.dagon_fight(state, p))
    assert state.seas.trail_holders == set() and state.seas.dagon_trails == supply + 1


@pytest.mark.parametrize(("knocked_out", "left"), [(False, 0), (True, 1), (True, 0)])
def test_winning_or_losing_with_0_to_1_life_cards_left_drives_dagon_away(
    monkeypatch: pytest.MonkeyPatch, knocked_out: bool, left: int
) -> None:
    # §10.7: "Driven Away if the player wins, or loses while Dagon has 0-1 life cards left. Dagon goes back to its
    # start spot for the player count. The player gets: 2 Gold; any 0-cost card from the market; the top Dagon Bonus
    # card, kept with their trophies. There is no trophy-track step and no Fatigue."
    state = _game()
    assert state.seas is not None
    _emerge(state)
    p = _at_harbor_with_ship(state)
    skellige.sail_to_dagon(state, p)
    gold, track, cards = p.gold, p.track, len(p.deck) + len(p.discard) + len(p.hand)
    top = state.seas.bonus[-1]
    monkeypatch.setattr(fight, "fight_rounds", _fixed_fight(knocked_out, left))
    _drive(skellige.dagon_fight(state, p))
    assert p.gold == gold + 2 and p.track == track
    assert len(p.deck) + len(p.discard) + len(p.hand) == cards + 1  # the 0-cost market card
    assert p.trophies == [f"dagon-bonus:{top}"] and len(state.seas.bonus) == BONUS_CARDS - 1
    assert state.seas.dagon == state.seas.start and not skellige.emerged(state)
    assert state.seas.trail_holders == set()


def test_a_complete_defeat_leaves_dagon_up_and_gives_a_dagon_trail_token(monkeypatch: pytest.MonkeyPatch) -> None:
    # §10.7: "Complete defeat (the player is out of cards and Dagon has 2+ cards): Dagon stays. The player gets the
    # Dagon Trail token (if they have none) and any 0-cost market card, and draws 1 fewer card in Phase III."
    state = _game()
    assert state.seas is not None
    _emerge(state)
    p = _at_harbor_with_ship(state)
    skellige.sail_to_dagon(state, p)
    gold, cards = p.gold, len(p.deck) + len(p.discard) + len(p.hand)
    monkeypatch.setattr(fight, "fight_rounds", _fixed_fight(True, 2))
    _drive(skellige.dagon_fight(state, p))
    assert skellige.emerged(state) and state.seas.trail_holders == {p.seat}
    assert p.gold == gold and p.trophies == [] and len(state.seas.bonus) == BONUS_CARDS
    assert len(p.deck) + len(p.discard) + len(p.hand) == cards + 1
    assert p.phase3_target == state.rules.phase3_draw_after_loss
    # A second complete defeat gives no second token: one each.
    trails = state.seas.dagon_trails
    skellige.sail_to_dagon(state, p)
    _drive(skellige.dagon_fight(state, p))
    assert state.seas.dagon_trails == trails


def test_dagons_special_ability_discards_a_random_card_and_lowers_the_shield_per_trophy_card() -> None:
    # §10.2: "before Dagon's first attack, the player discards 1 random hand card and lowers their Shield by 1 for
    # each Trophy card they own." A Dagon Bonus card is kept with the trophies but is no Trophy card.
    state = _game()
    p = state.players[0]
    p.trophies = ["monster:drowner", "attribute:combat-1", "dagon-bonus:kraken-hide"]
    p.shield = 3
    hand = len(p.hand)
    special = state.tables.monsters["dagon"].special
    _drive(run_effects(state, Ctx(p.seat, hostile=True), special.effects))
    assert len(p.hand) == hand - 1 and p.shield == 1


def test_a_dagon_bonus_card_works_like_a_trophy() -> None:
    # §10.7: the Bonus card is "kept with their trophies": its ability is the witcher's from then on.
    state = _game()
    p = state.players[0]
    p.trophies = ["dagon-bonus:kraken-hide"]
    views = {view.key: view for view in owned_abilities(state, p)}
    assert views["dagon-bonus:kraken-hide"].effects == state.tables.dagon_bonus["kraken-hide"].ability.effects


def test_the_siren_waits_on_the_dagon_location_until_dagon_emerges_and_returns_when_it_leaves(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # §6 (Monster Pack): "While the Siren is there, players may sail to the Dagon Location before Dagon emerges".
    # "If Dagon emerges while the Siren is still there, move the Siren off the board. It comes back to the Dagon
    # Location when Dagon leaves."
    state = _game(packs=("skellige", "monster-pack"))
    assert state.seas is not None
    p = _at_harbor_with_ship(state)
    assert skellige.siren_waits(state) and skellige.dagon_options(state, p) == [SailToDagon()]
    _emerge(state)
    assert not skellige.siren_waits(state)
    fought: list[str | None] = []

    def rounds(s: GameState, q: PlayerState, f: FightState, terrain: Terrain | None) -> Flow:
        fought.append(f.monster)
        return (yield from _fixed_fight(False, 0)(s, q, f, terrain))

    monkeypatch.setattr(fight, "fight_rounds", rounds)
    skellige.sail_to_dagon(state, p)
    _drive(skellige.dagon_fight(state, p))  # Dagon is driven away: it leaves, and the Siren is back
    assert fought == ["dagon"] and skellige.siren_waits(state)
    skellige.new_turn(state, p)
    skellige.sail_to_dagon(state, p)
    _drive(skellige.dagon_fight(state, p))
    assert fought == ["dagon", "siren"]


def test_beating_the_siren_gives_2_gold_and_her_trophy_with_no_track_step_and_she_never_returns(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # §6: "Killing it gives 2 Gold and its Trophy card, but no trophy-track step and no Fatigue. Once it is defeated
    # or driven away it is removed for good; it never respawns." "Nobody can ever get a Siren Trail token".
    state = _game(packs=("skellige", "monster-pack"))
    assert state.seas is not None
    p = _at_harbor_with_ship(state)
    gold, track, tokens = p.gold, p.track, list(p.trail_tokens)
    monkeypatch.setattr(fight, "fight_rounds", _fixed_fight(False, 0))
    skellige.sail_to_dagon(state, p)
    _drive(skellige.dagon_fight(state, p))
    assert p.gold == gold + 2 and p.trophies == ["monster:siren"] and p.track == track
    assert not skellige.siren_waits(state) and skellige.dagon_options(state, p) == []
    # A complete defeat leaves her there, and gives no trail token.
    state = _game(packs=("skellige", "monster-pack"))
    p = _at_harbor_with_ship(state)
    monkeypatch.setattr(fight, "fight_rounds", _fixed_fight(True, 2))
    skellige.sail_to_dagon(state, p)
    _drive(skellige.dagon_fight(state, p))
    assert skellige.siren_waits(state) and p.trail_tokens == tokens and p.trophies == []


def test_after_a_complete_defeat_the_siren_may_be_fought_again_with_a_fresh_life_pool(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # §6: the Siren fights "like a normal monster", and is removed only "once it is defeated or driven away"; the base
    # rules' Complete Defeat (§10.8): "The monster stays and is fully healed for the next fight (fresh Life Pool)".
    # Nothing forbids the same witcher a rematch on a later turn, so the bot's sailing again is legal.
    state = _game(packs=("skellige", "monster-pack"))
    p = _at_harbor_with_ship(state)
    monkeypatch.setattr(fight, "fight_rounds", _fixed_fight(True, 2))
    skellige.sail_to_dagon(state, p)
    _drive(skellige.dagon_fight(state, p))
    assert skellige.dagon_options(state, p) == []  # one voyage out a turn
    skellige.new_turn(state, p)
    # The witcher stayed on the Dagon Location (§10.7): the rematch is their Phase II there.
    assert skellige.siren_waits(state) and skellige.on_dagon(state, p)
    dealt: list[int] = []
    deal = fight.deal_life_pool

    def counted(s: GameState, f: FightState, amount: int) -> None:
        dealt.append(amount)
        deal(s, f, amount)

    monkeypatch.setattr(fight, "fight_rounds", ORIGINAL_ROUNDS)
    monkeypatch.setattr(fight, "deal_life_pool", counted)
    _drive(phase_two(state, p), lambda options: FightDagon() if FightDagon() in options else options[0])
    assert dealt == [state.tables.monsters[skellige.SIREN].life]
