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
from pipeline.games.old_world.engine.actions import MarketGain, Move, Train, UpgradeTrophy
from pipeline.games.old_world.engine.locations import location_options, take_location_action
from pipeline.games.old_world.engine.turn import move_options
from pipeline.games.old_world.enums import Attribute
from pipeline.games.old_world.spec import SPEC
from pipeline.rules.simulation import run_simulation
from tests.conftest import line_of

from .edits import checked_edit

CONTENT = Path(__file__).resolve().parents[3] / "content"
PACK = "skellige"
HARBORS = {"kaer-seren", "cidaris", "novigrad", "cintra", "glenmore", "doldeth"}
ISLANDS = {"ard-skellig", "isle-of-mists", "eyna"}


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
    ],
)
def test_content_that_breaks_the_map_extension_rules(tmp_path: Path, file: str, old: str, new: str, code: str,
                                                      shown: str) -> None:
    path, findings = changed(tmp_path, file, old, new)
    assert (code, line_of(path, shown)) in codes(findings, code)


def test_an_island_number_that_clashes_with_the_continent(tmp_path: Path) -> None:
    # Rule 1: location numbers are unique; Eyna numbered 18 clashes with Stygga.
    path, findings = changed(tmp_path, "packs/skellige/islands.yaml", "number: 21", "number: 18")
    assert ("OW-MAP-NUMBER", line_of(path, "number: 18")) in codes(findings, "OW-MAP-NUMBER")
    assert ("OW-SK-NUMBER", line_of(path, "number: 18")) in codes(findings, "OW-SK-NUMBER")


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
    skellige.sail(state, p, "ard-skellig")
    p.location = "ard-skellig"
    assert "ard-skellig" in state.seas.ships and with_ship not in state.seas.ships
    # Back to the continent: only a harbor without a Ship; the Ship goes along.
    back = {a.destination for a in move_options(state, p) if isinstance(a, Move)}
    assert back == HARBORS - state.seas.ships
    skellige.sail(state, p, with_ship)
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
    # §10.4: "take a 0-cost card from the 6-card market into your discard pile; or pay 1 Gold for a 1-cost card."
    state = _game(2)
    p = _arrived(state, "isle-of-mists")
    p.gold = 1
    offered = [a for a in location_options(state, p) if isinstance(a, MarketGain)]
    assert offered and all(state.slot_cost(a.slot) in (0, 1) for a in offered)
    assert {a.slot for a in offered} == {i for i in range(len(state.market)) if state.slot_cost(i) <= 1}
    one = next((a for a in offered if state.slot_cost(a.slot) == 1), offered[0])
    card, cost = state.market[one.slot], state.slot_cost(one.slot)
    list(take_location_action(state, p, one))
    assert p.discard[-1] == card and p.gold == 1 - cost
    p.gold, p.actions_used = 0, set()
    assert all(state.slot_cost(a.slot) == 0 for a in location_options(state, p) if isinstance(a, MarketGain))


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
