"""Skellige's map extension (expansion sheet §10.3-§10.6; §19 rules 1, 3, 4, 5): islands 19-21, the harbors,
Harbor tokens and Ships, sea links and the Danger Track. Each rule has a content change that breaks it, reported
at the line that does; the engine sails as §10.6 says."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from pipeline.findings import Finding
from pipeline.games.old_world.content import OldWorldContent
from pipeline.games.old_world.engine import Tables, new_game, skellige
from pipeline.games.old_world.engine.actions import EventIslandAction, Explore, MarketGain, Move, Train, UpgradeTrophy
from pipeline.games.old_world.engine.locations import location_options, take_location_action
from pipeline.games.old_world.engine.turn import move_options, phase_two_options
from pipeline.games.old_world.enums import Attribute
from pipeline.games.old_world.spec import SPEC
from pipeline.rules.simulation import run_simulation
from tests.conftest import line_of

from .edits import checked_edit

CONTENT = Path(__file__).resolve().parents[3] / "content"
PACK = "skellige"
HARBORS = {"kaer-seren", "cidaris", "novigrad", "cintra", "glenmore", "doldeth"}
ISLANDS = {"ard-skellig", "isle-of-mists", "eyna"}


# A sixth Dagon Bonus card, written after the fifth's id line (so the fifth keeps its own fields).
SIXTH_BONUS_CARD = """    name: Sea Salt
    description: "Salt from the deep."
    ability: {timing: phase-1, effects: [{type: gain-gold, amount: 1}]}

  - id: sea-salt
"""
DAGON_TROPHY = "    trophy: {timing: fight-turn, effects: [{type: draw-cards, amount: 1}]}\n"


def changed(tmp_path: Path, file: str, old: str, new: str) -> tuple[Path, list[Finding]]:
    """The shipped content with one file changed (old -> new), loaded with Skellige, and every check."""
    return checked_edit(tmp_path, file, old, new, (PACK,), structure_only=False)


def codes(findings: list[Finding], code: str) -> list[tuple[str, int]]:
    return [(f.code, f.line) for f in findings if f.code == code]


def test_the_extension_adds_islands_19_to_21_with_their_tokens_and_six_harbor_tokens() -> None:
    # §10.1/§10.3 step 2: 3 new Location tokens (21 in all, rule 3); 6 Harbor tokens, 3 with a Ship (rule 4).
    db, findings = SPEC.load(CONTENT, (PACK,))
    assert findings == [] and SPEC.checks(db, False) == []
    content = OldWorldContent(db)
    islands = {loc.id: loc.number for loc in content.locations if loc not in content.continent}
    assert islands == {"ard-skellig": 19, "isle-of-mists": 20, "eyna": 21}
    assert len(content.location_tokens) == 21
    assert Counter(t.terrain.value for t in content.location_tokens) == {"forest": 7, "mountain": 7, "water": 7}
    assert [t.ship for t in content.harbor_tokens].count(True) == 3 and len(content.harbor_tokens) == 6
    assert sum(t.copies for t in content.dagon_trail_tokens) == 5
    # Ard Skellig is Mountain (§10.4, rule 6).
    assert content.location_by_id["ard-skellig"].terrain.value == "mountain"


def test_the_base_game_has_no_islands() -> None:
    db, _ = SPEC.load(CONTENT)
    content = OldWorldContent(db)
    assert content.continent == content.locations and content.harbor_tokens == [] and content.skellige_boards == []


@pytest.mark.parametrize(
    ("file", "old", "new", "code", "shown"),
    [
        # Rule 5: a sea link joins an island and a harbor; Hengfors (2) is no harbor.
        ("packs/skellige/islands.yaml", "connections: [kaer-seren, cidaris, novigrad, cintra, glenmore, doldeth]\n"
         "    position: {x: 80",
         "connections: [kaer-seren, hengfors]\n    position: {x: 80", "OW-SK-SEA-LINK", "[kaer-seren, hengfors]"),
        # Rule 5: never island to island.
        ("packs/skellige/islands.yaml", "connections: [kaer-seren, cidaris, novigrad, cintra, glenmore, doldeth]\n"
         "    position: {x: 210", "connections: [kaer-seren, eyna]\n    position: {x: 210", "OW-SK-SEA-LINK",
         "[kaer-seren, eyna]"),
        # Rule 5: no road from a harbor to an island (harbor to harbor is a road, never a sea link).
        ("map.yaml", "connections: [kaer-seren, hengfors, ban-ard, cidaris, vizima]",
         "connections: [kaer-seren, hengfors, ban-ard, cidaris, vizima, ard-skellig]", "OW-SK-SEA-LINK",
         "vizima, ard-skellig]"),
        # Rule 4: at most one Ship per location: a harbor listed twice gets two tokens, so maybe two Ships.
        ("packs/skellige/skellige-board.yaml", "harbors: [kaer-seren, cidaris, novigrad,",
         "harbors: [kaer-seren, cidaris, cidaris,", "OW-SK-SHIP", "harbors: [kaer-seren, cidaris, cidaris,"),
        # Rule 4: exactly 3 Harbor tokens show a Ship.
        ("packs/skellige/harbor-tokens.yaml", "{id: harbor-4, ship: false}", "{id: harbor-4, ship: true}",
         "OW-SK-SHIP", "  - {id: harbor-1"),
        # Rule 4: the harbors are exactly {1, 5, 6, 9, 12, 13}; Hengfors is 2.
        ("packs/skellige/skellige-board.yaml", "harbors: [kaer-seren, cidaris, novigrad,",
         "harbors: [hengfors, cidaris, novigrad,", "OW-SK-HARBOR", "    harbors:"),
        # Rule 1: the extension is numbered 19-21.
        ("packs/skellige/islands.yaml", "number: 21", "number: 22", "OW-SK-NUMBER", "number: 22"),
        # The Danger Track: every player count has a start spot; only a 5 or 6 reaches the Dagon Location.
        ("packs/skellige/skellige-board.yaml", "      - {players: [4, 5], spot: 1}\n", "", "OW-SK-TRACK", "    starts:"),
        ("packs/skellige/skellige-board.yaml", "      - {safe_from: 5}\n", "", "OW-SK-TRACK", "      - {safe_from: 4}"),
        # Rule 10: exactly 5 Dagon Trail tokens.
        ("packs/skellige/dagon-trail-tokens.yaml", "copies: 5", "copies: 6", "OW-SK-DAGON", "copies: 6"),
        # §10.1: exactly 5 Dagon Bonus cards; a sixth is reported where it is written.
        ("packs/skellige/dagon-bonus-cards.yaml", "  - id: deep-ink\n", "  - id: deep-ink\n" + SIXTH_BONUS_CARD,
         "OW-SK-DAGON-BONUS", "  - id: sea-salt"),
        # §10.7: Dagon has no trophy card; driving it away gives the top Dagon Bonus card.
        ("packs/skellige/monsters.yaml", "    description: >-\n", DAGON_TROPHY + "    description: >-\n",
         "OW-SK-DAGON-CARD", "    trophy:"),
    ],
)
def test_content_that_breaks_the_map_extension_rules(tmp_path: Path, file: str, old: str, new: str, code: str,
                                                      shown: str) -> None:
    path, findings = changed(tmp_path, file, old, new)
    assert (code, line_of(path, shown)) in codes(findings, code)


def test_skellige_without_the_dagon_card_or_with_a_bonus_card_short(tmp_path: Path) -> None:
    # §10.1: the Dagon Monster card and the 5 Dagon Bonus cards come with Skellige; both are reported at the board.
    text = (CONTENT / "old-world/packs/skellige/monsters.yaml").read_text(encoding="utf-8")
    dagon = text[text.index("  - id: dagon"):]
    path, findings = changed(tmp_path, "packs/skellige/monsters.yaml", "monsters:\n" + dagon, "monsters: []\n")
    board = path.parent / "skellige-board.yaml"
    assert ("OW-SK-DAGON-CARD", line_of(board, "  - id: skellige")) in codes(findings, "OW-SK-DAGON-CARD")
    # One card short of five is reported at the last one written.
    text = (CONTENT / "old-world/packs/skellige/dagon-bonus-cards.yaml").read_text(encoding="utf-8")
    path, findings = changed(tmp_path / "four", "packs/skellige/dagon-bonus-cards.yaml", text[text.index("\n  - id: deep-ink"):], "\n")
    assert codes(findings, "OW-SK-DAGON-BONUS") == [("OW-SK-DAGON-BONUS", line_of(path, "  - id: cultist-chart"))]


def test_an_island_number_that_clashes_with_the_continent(tmp_path: Path) -> None:
    # Rule 1: location numbers are unique; Eyna numbered 18 clashes with Stygga.
    path, findings = changed(tmp_path, "packs/skellige/islands.yaml", "number: 21", "number: 18")
    assert ("OW-MAP-NUMBER", line_of(path, "number: 18")) in codes(findings, "OW-MAP-NUMBER")
    assert ("OW-SK-NUMBER", line_of(path, "number: 18")) in codes(findings, "OW-SK-NUMBER")


def _drive(flow, choice: int = 0):  # type: ignore[no-untyped-def]
    """Run an engine flow to its end, answering every decision with option `choice` (or the last one)."""
    try:
        decision = next(flow)
        while True:
            decision = flow.send(decision.actions[min(choice, len(decision.actions) - 1)])
    except StopIteration as stop:
        return stop.value


def _game(players: int, seed: int = 3):  # type: ignore[no-untyped-def]
    db, _ = SPEC.load(CONTENT, (PACK,))
    return new_game(Tables.from_content(OldWorldContent(db)), players, seed)


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_setup_puts_three_ships_on_three_different_harbors(players: int) -> None:
    # §10.3 steps 7-8: the Harbor tokens shuffled onto the harbors; the 3 with a Ship icon get a Ship.
    state = _game(players)
    assert state.seas is not None
    assert len(state.seas.ships) == 3 and state.seas.ships <= HARBORS


def test_sailing_out_needs_a_ship_and_takes_it_to_the_island() -> None:
    # §10.6: continent -> island from a harbor with a Ship, once per turn; the Ship goes with the witcher.
    state = _game(2)
    assert state.seas is not None
    p = state.players[0]
    with_ship = sorted(state.seas.ships)[0]
    p.location = sorted(HARBORS - state.seas.ships)[0]
    p.hand, p.gold = state.tables.starting_ids(p.school)[:2], 1
    assert not {a.destination for a in move_options(state, p) if isinstance(a, Move)} & ISLANDS
    p.location = with_ship
    assert {a.destination for a in move_options(state, p) if isinstance(a, Move)} >= ISLANDS
    _drive(skellige.sail(state, p, "ard-skellig"))
    p.location = "ard-skellig"
    assert "ard-skellig" in state.seas.ships and with_ship not in state.seas.ships
    # Back to the continent: only a harbor without a Ship; the Ship goes along.
    back = {a.destination for a in move_options(state, p) if isinstance(a, Move)}
    assert back == HARBORS - state.seas.ships
    _drive(skellige.sail(state, p, with_ship))
    p.location = with_ship
    # Once per turn out to an island (the pattern island -> continent -> island -> continent at most).
    assert not {a.destination for a in move_options(state, p) if isinstance(a, Move)} & ISLANDS
    skellige.new_turn(state, p)
    assert {a.destination for a in move_options(state, p) if isinstance(a, Move)} >= ISLANDS


def test_an_island_another_witcher_holds_is_blocked() -> None:
    # §10.6: a player who ends their turn on an island blocks it for the others until they leave.
    state = _game(2)
    assert state.seas is not None
    p, q = state.players
    p.location = sorted(state.seas.ships)[0]
    p.hand = state.tables.starting_ids(p.school)[:2]
    q.location = "eyna"
    reachable = {a.destination for a in move_options(state, p) if isinstance(a, Move)}
    assert "eyna" not in reachable and {"ard-skellig", "isle-of-mists"} <= reachable


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_bots_play_whole_games_with_the_extension(players: int) -> None:
    assert SPEC.engine is not None
    db, _ = SPEC.load(CONTENT, (PACK,))
    report = run_simulation(SPEC.engine, "old-world", db, players, 3, 11, "greedy")
    assert report.errors == []


def _arrived(state, island: str):  # type: ignore[no-untyped-def]
    """The first player just sailed to the island (a location action needs the witcher to have moved in)."""
    p = state.players[0]
    p.location = island
    p.moved_into = {island}
    p.actions_used = set()
    return p


def test_ard_skellig_raises_any_attribute_for_free() -> None:
    # §10.4: "Ard Skellig (19): raise any one attribute (Combat, Defense, Alchemy or Specialty) by 1. No price."
    state = _game(2)
    p = _arrived(state, "ard-skellig")
    offered = {a.attribute for a in location_options(state, p) if isinstance(a, Train)}
    assert offered == {"combat", "defense", "alchemy", "specialty"}
    gold, combat = p.gold, p.attributes[Attribute.COMBAT]
    list(take_location_action(state, p, Train("combat")))
    assert p.attributes[Attribute.COMBAT] == combat + 1 and p.gold == gold


def test_isle_of_mists_gains_a_zero_cost_card_or_a_one_cost_card_for_one_gold() -> None:
    # §10.4 Isle of Mists: "take a 0-cost card from the 6-card market into your discard pile; or pay 1 Gold for a
    # 1-cost card": the printed cost, wherever the card lies (the slots' +1/-1 prices are Phase III's).
    state = _game(2)
    p = _arrived(state, "isle-of-mists")
    cards = state.tables.cards
    zero, one, two = (next(c for c in cards if cards[c].cost == cost and state.tables.takes_by_cost(c))
                      for cost in (0, 1, 2))
    state.market = [zero, one, two, two, one, zero]  # slot 0 prices +1, the last slot -1
    p.gold = 1
    offered = [a for a in location_options(state, p) if isinstance(a, MarketGain)]
    assert {a.slot for a in offered} == {0, 1, 4, 5}
    list(take_location_action(state, p, MarketGain(1)))  # a 1-cost card in a +1 slot still costs 1 Gold
    assert p.discard[-1] == one and p.gold == 0
    p.actions_used = set()
    state.market = [zero, one, two, two, one, zero]
    assert {a.slot for a in location_options(state, p) if isinstance(a, MarketGain)} == {0, 5}


def test_eyna_gives_a_level_one_trophy_then_trades_it_a_level_up() -> None:
    # §10.4: with no level-1/2 trophy, a random level-1 Monster's trophy; with one, discard it for a random one
    # a level higher. No trophy-track step, no Fatigue.
    state = _game(2)
    p = _arrived(state, "eyna")
    assert location_options(state, p) == [UpgradeTrophy()]
    track = p.track
    list(take_location_action(state, p, UpgradeTrophy()))
    [first] = [t[8:] for t in p.trophies if t.startswith("monster:")]
    assert state.tables.monsters[first].level == 1 and p.track == track
    p.actions_used = set()
    assert location_options(state, p) == [UpgradeTrophy(first)]
    list(take_location_action(state, p, UpgradeTrophy(first)))
    [second] = [t[8:] for t in p.trophies if t.startswith("monster:")]
    assert state.tables.monsters[second].level == 2 and p.track == track


@pytest.mark.parametrize(("players", "spot"), [(1, 3), (2, 2), (3, 2), (4, 1), (5, 1)])
def test_dagon_starts_on_the_spot_for_the_player_count(players: int, spot: int) -> None:
    # §10.3 step 5: "the Dagon miniature on the Danger Track start spot for the player count (1p / 2-3p / 4-5p)".
    state = _game(players)
    assert state.seas is not None and state.seas.dagon == spot and not skellige.emerged(state)


class _Die:
    """A die that rolls the given results in turn."""

    def __init__(self, *results: int) -> None:
        self.results = list(results)

    def randint(self, low: int, high: int) -> int:
        return self.results.pop(0)


def test_a_safe_roll_moves_dagon_up_and_a_low_roll_is_dangerous() -> None:
    # §10.6 step 3: "An upper-range roll is safe, and Dagon moves up 1 spot. A lower-range roll is dangerous."
    state = _game(2)  # Dagon on spot 2: safe from 3
    assert state.seas is not None
    p = state.players[0]
    state.rng = _Die(2, 3)  # type: ignore[assignment]
    assert skellige.voyage(state, p) == skellige.DANGEROUS and state.seas.dagon == 2
    assert skellige.voyage(state, p) == skellige.SAFE and state.seas.dagon == 3


def test_dagon_emerging_on_a_voyage_drops_the_shield_and_gives_a_dagon_trail() -> None:
    # §10.7: "If a sea roll pushes it there, the voyage still counts as safe. The traveller's Shield drops to 0
    # and they take a Dagon Trail token." "Once Dagon has emerged, every island voyage counts as dangerous."
    state = _game(2)
    assert state.seas is not None
    p = state.players[0]
    p.shield = 3
    state.seas.dagon = 5  # the top die spot: only 5 or 6 is safe (§10.2)
    state.rng = _Die(4, 6)  # type: ignore[assignment]
    assert skellige.voyage(state, p) == skellige.DANGEROUS and p.shield == 3
    assert skellige.voyage(state, p) == skellige.SAFE and skellige.emerged(state)
    assert p.shield == 0 and state.seas.trail_holders == {0} and state.seas.dagon_trails == 4
    state.rng = _Die()  # type: ignore[assignment]  # no roll once Dagon has emerged
    assert skellige.voyage(state, state.players[1]) == skellige.DANGEROUS


# --- The Skellige decks: Exploration cards read on a voyage, the Event deck and its islands -----------------------


def test_the_pack_holds_50_exploration_cards_and_30_events_numbered_in_their_own_sequence() -> None:
    # §10.1: "50 Skellige Exploration cards, 30 Skellige Event cards"; §17 / rule 23: the Skellige deck is its own
    # sequence (the base deck also starts at 1).
    db, _ = SPEC.load(CONTENT, (PACK,))
    content = OldWorldContent(db)
    assert len(content.skellige_exploration) == 50
    assert [e.number for e in content.skellige_events] == list(range(1, 31))
    assert content.events[0].number == 1
    # §10.5: five islands, each revealed by one card, with no number.
    islands = {e.island.name for e in content.skellige_events if e.island is not None}
    assert islands == {"Hen Inis", "Hvandre Hevangi", "Loc Gwen", "Aenye Ard", "Pawen y Crevan"}


@pytest.mark.parametrize(
    ("file", "old", "new", "code", "shown", "occurrence"),
    [
        # Rule 23: the Skellige Events run 1-30 without gaps (the manifest's 30).
        ("packs/skellige/skellige-events.yaml", "  - number: 30\n", "  - number: 31\n", "OW-SK-EVENT-RANGE",
         "  - number: 31", 1),
        # Rule 24: "Read Skellige Event N" resolves in the Skellige deck (there is no Skellige Event 57).
        ("packs/skellige/skellige-exploration.yaml", "{type: enter-skellige-event, event: 1}",
         "{type: enter-skellige-event, event: 57}", "OW-SK-EVENT-REF", "event: 57}", 1),
        # §10.5: an island card reveals an island; a card of another type does not (Loc Gwen is the second island).
        ("packs/skellige/skellige-events.yaml", "    type: island\n    intro: \"A sheltered bay",
         "    type: options\n    intro: \"A sheltered bay", "OW-SK-ISLAND", "    island:", 2),
        # Rule 1: an event island has no number, so it is none of the numbered locations.
        ("packs/skellige/skellige-events.yaml", "id: loc-gwen", "id: eyna", "OW-SK-ISLAND", "id: eyna", 1),
        # Each island is revealed by one card only (5 islands).
        ("packs/skellige/skellige-events.yaml", "id: aenye-ard", "id: loc-gwen", "OW-SK-ISLAND", "id: loc-gwen", 2),
        # A kept card leaves its deck by number, which the base deck shares: Skellige Events are never kept.
        ("packs/skellige/skellige-events.yaml", "    type: short-fight\n    intro: \"Pale hands",
         "    type: equipment\n    intro: \"Pale hands", "OW-SK-EVENT-TYPE", "    type: equipment", 1),
    ],
)
def test_content_that_breaks_the_skellige_decks(tmp_path: Path, file: str, old: str, new: str, code: str,
                                                 shown: str, occurrence: int) -> None:
    path, findings = changed(tmp_path, file, old, new)
    assert (code, line_of(path, shown, occurrence)) in codes(findings, code)


def test_a_skellige_event_nothing_leads_to_is_found(tmp_path: Path) -> None:
    # Every Skellige Event is entered from somewhere: sk-30 no longer leads to event 30.
    path, findings = changed(tmp_path, "packs/skellige/skellige-exploration.yaml",
                             "{type: enter-skellige-event, event: 30}", "{type: gain-gold, amount: 1}")
    events = path.parent / "skellige-events.yaml"
    assert ("OW-SK-EVENT-UNREACHABLE", line_of(events, "  - number: 30")) in codes(findings, "OW-SK-EVENT-UNREACHABLE")


def test_fifty_one_exploration_cards_break_the_count(tmp_path: Path) -> None:
    # §10.1: 50 Skellige Exploration cards (the manifest's count, checked like every component count).
    _, findings = changed(tmp_path, "packs/skellige/skellige-exploration.yaml", "  - id: sk-50\n",
                          "  - id: sk-51\n    title: \"x\"\n    safe: {text: \"x\"}\n    dangerous: {text: \"x\"}\n"
                          "  - id: sk-50\n")
    assert any(f.code == "OW-COUNT" and "skellige exploration" in f.message for f in findings)


def _sailing(state, card: str):  # type: ignore[no-untyped-def]
    """The first player on a harbor with a Ship, the Exploration deck holding `card` on top."""
    assert state.seas is not None
    p = state.players[0]
    p.location = sorted(state.seas.ships)[0]
    state.seas.exploration = [card]
    return p


def test_a_safe_voyage_reads_the_upper_section_and_a_dangerous_one_the_lower() -> None:
    # §10.6 step 4: "the upper section if safe, the lower section if dangerous"; §10.2's example card: safe = eat a
    # cultist offering and flee, then draw 1 card; dangerous = a cultist's dog bites, one choice discards 2 Potions.
    state = _game(2)  # Dagon on spot 2: safe from 3
    p = _sailing(state, "sk-31")
    hand = len(p.hand)
    state.rng = _Die(3)  # type: ignore[assignment]
    _drive(skellige.sail(state, p, "ard-skellig"))
    assert len(p.hand) == hand + 1 and state.seas.exploration_used == ["sk-31"]
    state = _game(2)
    p = _sailing(state, "sk-31")
    p.potions = state.tables.potion_ids()[:3]
    state.rng = _Die(2)  # type: ignore[assignment]
    _drive(skellige.sail(state, p, "ard-skellig"))  # the first choice: the dog smashes 2 Potions
    assert len(p.potions) == 1


def test_a_witcher_who_had_an_exploration_card_read_cannot_explore_in_phase_two() -> None:
    # §10.6: "a player who had a Skellige Exploration card read this turn cannot Explore in Phase II".
    state = _game(2)
    p = _sailing(state, "sk-32")
    assert any(isinstance(a, Explore) for a in phase_two_options(state, p))
    _drive(skellige.sail(state, p, "ard-skellig"))
    p.location = "ard-skellig"
    assert not any(isinstance(a, Explore) for a in phase_two_options(state, p))
    skellige.new_turn(state, p)
    assert any(isinstance(a, Explore) for a in phase_two_options(state, p))


def test_an_exploration_card_that_makes_dagon_emerge_hits_the_traveller_and_an_event_alone_hits_nobody() -> None:
    # §10.7: "If a Skellige Exploration card makes it emerge, the traveller loses all Shields and takes a Dagon Trail
    # token." "If an Event or other effect makes it emerge while nobody is sailing, nobody is affected."
    state = _game(2)
    p = _sailing(state, "sk-07")  # dangerous: the chanting moves Dagon up 1
    assert state.seas is not None
    state.seas.dagon, p.shield = 5, 2
    state.rng = _Die(1)  # type: ignore[assignment]
    _drive(skellige.sail(state, p, "ard-skellig"))
    assert skellige.emerged(state) and p.shield == 0 and state.seas.trail_holders == {0}
    state = _game(2)
    assert state.seas is not None
    p, q = state.players
    state.seas.dagon, p.shield, p.gold = 5, 2, 0
    _drive(skellige.enter_event(state, p, 1))  # "Take the offerings": 3 Gold, Dagon moves up 1
    assert skellige.emerged(state) and p.gold == 3 and p.shield == 2 and state.seas.trail_holders == set()


def test_an_island_card_reveals_its_island_for_everyone_to_sail_to() -> None:
    # §10.5: "When found, the Event card is placed next to the other islands. From then on anyone may sail there
    # from a continent harbor." Loc Gwen: gain 3 Gold.
    state = _game(2)
    assert state.seas is not None
    p, q = state.players
    q.location = sorted(state.seas.ships)[0]
    q.hand = state.tables.starting_ids(q.school)[:2]
    assert "loc-gwen" not in {a.destination for a in move_options(state, q) if isinstance(a, Move)}
    _drive(skellige.enter_event(state, p, 9))
    assert state.seas.revealed == ["loc-gwen"]
    assert "loc-gwen" in {a.destination for a in move_options(state, q) if isinstance(a, Move)}
    q = _arrived(state, "loc-gwen")
    q.gold = 0
    _drive(take_location_action(state, q, EventIslandAction()))
    assert q.gold == 3


def test_hen_inis_gives_a_level_one_trophy_to_a_witcher_with_at_most_one() -> None:
    # §10.5: "if you have 0 or 1 level-1 monster trophies, draw a level-1 Monster token and take its trophy card.
    # No trophy-track step, no Fatigue."
    state = _game(2)
    p = _arrived(state, "hen-inis")
    level_one = [m for m in state.tables.monsters.values() if m.level == 1]
    p.trophies = [f"monster:{level_one[0].id}", f"monster:{level_one[1].id}"]
    assert location_options(state, p) == []
    p.trophies = p.trophies[:1]
    track = p.track
    _drive(take_location_action(state, p, EventIslandAction()))
    gained = state.tables.monsters[p.trophies[-1][8:]]
    assert len(p.trophies) == 2 and gained.level == 1 and p.track == track


def test_aenye_ard_draws_four_potions_and_pawen_y_crevan_one_trail_of_each_kind() -> None:
    # §10.5: Aenye Ard: "draw 4 Potions, then discard down to the limit of 4"; Pawen y Crevan: "gain up to 1 Trail
    # token of each kind".
    state = _game(2)
    p = _arrived(state, "aenye-ard")
    p.potions = state.tables.potion_ids()[:2]
    _drive(take_location_action(state, p, EventIslandAction()))
    assert len(p.potions) == 4
    p = _arrived(state, "pawen-y-crevan")
    p.trail_tokens = []
    _drive(take_location_action(state, p, EventIslandAction()))
    assert sorted(state.tables.token_terrain(t).value for t in p.trail_tokens) == ["forest", "mountain", "water"]


def test_hvandre_hevangi_draws_a_monster_fought_at_once_and_shuffled_back_if_it_is_not_killed() -> None:
    # §10.5: "draw a random Monster token of level I, II or III and take its card. Go straight to Phase II and fight
    # it, with normal outcomes. If you lose, its token is shuffled back into the pool."
    state = _game(2)
    assert state.seas is not None
    p = _arrived(state, "hvandre-hevangi")
    pools = sum(len(stack) for stack in state.monster_stacks.values())
    _drive(take_location_action(state, p, EventIslandAction()))
    monster = skellige.island_monster(state, p)
    assert monster is not None and sum(len(stack) for stack in state.monster_stacks.values()) == pools - 1
    p.hand, p.deck, p.discard = [], [], []  # no cards: knocked out at once, a complete defeat
    gold = p.gold
    _drive(skellige.island_fight(state, p))
    assert skellige.island_monster(state, p) is None
    assert monster in state.monster_stacks[state.tables.monsters[monster].level] and p.gold == gold
    assert p.phase3_target == state.rules.phase3_draw_after_loss
