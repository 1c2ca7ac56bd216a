"""Adventure Pack (expansion sheet §4; §19 rules 23-24): its Exploration cards join the City and Wilds decks, its
events are numbered from 57 in the base sequence, its quests lead into them, its quest tokens print with its
symbol. Each rule has a content change that breaks it, reported at the line that does."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.findings import Finding
from pipeline.games.old_world.content import OldWorldContent
from pipeline.games.old_world.engine import Tables, new_game
from pipeline.games.old_world.engine.actions import ChooseOption
from pipeline.games.old_world.engine.exploration import explore, on_enter
from pipeline.games.old_world.enums import ExplorationDeck, Terrain
from pipeline.games.old_world.models import Pack
from pipeline.games.old_world.spec import SPEC
from tests.conftest import line_of

from .edits import checked_edit
from .engine.conftest import decisions, drive

CONTENT = Path(__file__).resolve().parents[3] / "content"
PACK = "adventure-pack"


def changed(tmp_path: Path, file: str, old: str, new: str, packs: tuple[str, ...] = (PACK,)) -> tuple[Path, list[Finding]]:
    """The shipped content with one file changed (old -> new), loaded with `packs`, and the structure checks."""
    return checked_edit(tmp_path, file, old, new, packs, structure_only=True)


def manifest_entry(content: OldWorldContent) -> Pack:
    """The Adventure Pack's entry in the manifest: its event numbers and what it adds."""
    assert content.manifest is not None
    [pack] = [p for p in content.manifest.packs if p.id == PACK]
    return pack


def test_its_events_continue_the_base_sequence_from_57() -> None:
    # §4: "Its Event cards are numbered from 57 upward. Add them to the base Event deck in number order."
    db, findings = SPEC.load(CONTENT, (PACK,))
    assert findings == [] and [f for f in SPEC.checks(db, True) if f.severity.value == "error"] == []
    content = OldWorldContent(db)
    pack = manifest_entry(content)
    assert pack.event_numbers is not None and pack.event_numbers[0] == 57
    assert [e.number for e in content.events] == list(range(1, pack.event_numbers[1] + 1))
    base, _ = SPEC.load(CONTENT)
    assert [e.number for e in OldWorldContent(base).events] == list(range(1, 57))


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_its_exploration_cards_are_shuffled_into_the_matching_decks(players: int) -> None:
    # §4: "Shuffle its Exploration cards into the matching Exploration decks (City / Wilds)."
    db, _ = SPEC.load(CONTENT, (PACK,))
    state = new_game(Tables.from_content(OldWorldContent(db)), players, 3)
    assert {f"ap-city-0{i}" for i in range(1, 5)} <= set(state.exploration["city"])
    assert {f"ap-wilds-0{i}" for i in range(1, 5)} <= set(state.exploration["wilds"])
    pack = manifest_entry(OldWorldContent(db))
    assert len(state.exploration["city"]) == 36 + pack.adds["city_exploration"]
    assert len(state.exploration["wilds"]) == 36 + pack.adds["wilds_exploration"]


def test_every_pack_card_carries_one_quest_into_its_own_pack_event() -> None:
    # The designed pack: each Exploration card has one quest, into an Event of the pack that no other card enters.
    db, _ = SPEC.load(CONTENT, (PACK,))
    content = OldWorldContent(db)
    cards = [rec.entity for rec in content.exploration_records if db.pack_of(rec) == PACK]
    events = {rec.entity.number for rec in content.event_records if db.pack_of(rec) == PACK}
    entered = []
    for card in cards:
        [quest] = [option.result.quest for option in card.options if option.result.quest is not None]
        entered.append(quest.enter_event)
    assert sorted(entered) == sorted(events)
    pack = manifest_entry(content)
    assert len(cards) == pack.adds["city_exploration"] + pack.adds["wilds_exploration"]
    assert len(events) == pack.adds["events"]


def test_the_notice_boards_ghoul_hunt_leads_into_event_57() -> None:
    # The source's notice-board card (§4): the ghoul hunt is a quest; entering its location reads event 57.
    db, _ = SPEC.load(CONTENT, (PACK,))
    s = new_game(Tables.from_content(OldWorldContent(db)), 2, 1)
    p = s.players[0]
    s.exploration["city"] = [c for c in s.exploration["city"] if c != "ap-city-01"] + ["ap-city-01"]
    decisions(explore(s, p, ExplorationDeck.CITY), [ChooseOption(0)])
    [quest] = p.quests
    assert quest.event == 57 and quest.token is not None
    assert s.tables.token_terrain(quest.token) is Terrain.FOREST
    p.location = s.tables.token_location(quest.token)
    drive(on_enter(s, p))
    assert p.quests == [] and s.tables.events[57].id in s.used["events"]


def test_the_notice_boards_warehouse_gains_any_one_trail() -> None:
    # The source's sample result: "gain any 1 Trail".
    db, _ = SPEC.load(CONTENT, (PACK,))
    s = new_game(Tables.from_content(OldWorldContent(db)), 2, 1)
    p = s.players[0]
    trails, gold = len(p.trail_tokens), p.gold
    s.exploration["city"] = [c for c in s.exploration["city"] if c != "ap-city-01"] + ["ap-city-01"]
    drive(explore(s, p, ExplorationDeck.CITY), lambda d: ChooseOption(1) if d.kind == "explore-option" else d.actions[0])
    assert len(p.trail_tokens) == trails + 1 and p.gold == gold + 1 and p.quests == []


def test_an_event_numbered_outside_the_packs_range_breaks_rule_23(tmp_path: Path) -> None:
    path, findings = changed(tmp_path, "packs/adventure-pack/events.yaml", "  - number: 64", "  - number: 999")
    shown = line_of(path, "  - number: 999")
    assert ("OW-PACK-EVENTS", shown) in [(f.code, f.line) for f in findings]


def test_a_pack_range_that_overlaps_the_base_breaks_rule_23(tmp_path: Path) -> None:
    path, findings = changed(tmp_path, "game.yaml", "event_numbers: [57, ", "event_numbers: [50, ")
    assert [(f.code, f.line) for f in findings if f.code == "OW-PACK-EVENTS"] == [
        ("OW-PACK-EVENTS", line_of(path, "event_numbers: [50, "))]


def test_a_quest_into_a_missing_event_breaks_rule_24(tmp_path: Path) -> None:
    path, findings = changed(tmp_path, "packs/adventure-pack/exploration.yaml", "enter_event: 64}", "enter_event: 999}")
    events = path.parent / "events.yaml"
    assert [(f.code, Path(f.file).name, f.line) for f in findings if f.code.startswith("OW-EVENT")] == [
        ("OW-EVENT-REF", path.name, line_of(path, "enter_event: 999}")),
        ("OW-EVENT-UNREACHABLE", events.name, line_of(events, "  - number: 64"))]


def test_a_quest_token_count_that_differs_from_the_manifest(tmp_path: Path) -> None:
    path, findings = changed(tmp_path, "packs/adventure-pack/quest-tokens.yaml", "copies: 12", "copies: 11")
    game = path.parents[2] / "game.yaml"
    assert [(f.code, f.line) for f in findings if f.code == "OW-COUNT"] == [("OW-COUNT", line_of(game, "  packs:"))]


def test_with_wild_hunt_it_is_an_incompatible_combination(tmp_path: Path) -> None:
    _, findings = changed(tmp_path, "game.yaml", "    - id: wild-hunt\n", "    - id: wild-hunt\n", (PACK, "wild-hunt"))
    [incompatible] = [f for f in findings if f.code == "OW-PACK-INCOMPATIBLE"]
    assert "adventure-pack" in incompatible.message and "wild-hunt" in incompatible.message
