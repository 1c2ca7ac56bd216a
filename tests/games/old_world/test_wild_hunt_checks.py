"""Wild Hunt's content checks (expansion sheet §19 rules 12 and 23-28), each broken once, and its compatibility
(rule 30): a combination the matrix forbids is a finding, exit 1; simulate reports the table's results."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline.cli import app
from pipeline.findings import Finding
from pipeline.games.old_world.spec import SPEC
from tests.conftest import CONTENT, line_of

from .edits import checked_edit

PACK = "wild-hunt"
BOX = "packs/wild-hunt/wild-hunt.yaml"
MEMBERS = "packs/wild-hunt/members.yaml"
EXPLORATION = "packs/wild-hunt/exploration.yaml"


def lines(findings: list[Finding], prefix: str = "OW-WILD-HUNT") -> set[tuple[str, int | None]]:
    return {(f.code, f.line) for f in findings if f.code.startswith(prefix) or f.code == "SCHEMA"}


def test_the_shipped_wild_hunt_passes(tmp_path: Path) -> None:
    _, findings = checked_edit(tmp_path, BOX, "kind: wild-hunt", "kind: wild-hunt", (PACK,), structure_only=False)
    assert [f for f in findings if f.severity.value in ("error", "warning")] == []


@pytest.mark.parametrize(
    ("file", "old", "new", "code", "shown"),
    [
        # Rule 26: 4 Special Attack cards per member ...
        (MEMBERS, "      - id: winter-wind\n        name: Winter Wind\n        damage: 2\n        effects: [{type: lower-shield, "
         "amount: 1}]\n        passive: \"Gust: the Wild Hunt gains 1 Shield.\"\n        passive_shields: 1\n", "",
         "OW-WILD-HUNT-COUNT", ("    attacks:", 1)),
        # ... and the campaign order 1-4.
        (MEMBERS, "    order: 4", "    order: 3", "OW-WILD-HUNT-COUNT", ("    order: 1", 1)),
        # Rule 26: Hound card sides for 1, 2, 3 and 4/5 players.
        (BOX, "      - players: [3]\n        levels:", "      - players: [2]\n        levels:", "OW-WILD-HUNT-HOUND",
         ("    hound_cards:", 1)),
        # Rule 27: Shields rise with the level at every player count ...
        (BOX, "{players: 2, monsters: [1, 2], shields: 31}", "{players: 2, monsters: [1, 2], shields: 28}",
         "OW-WILD-HUNT-DIFFICULTY", ("    difficulties:", 1)),
        # ... solo starts with one monster ...
        (BOX, "{players: 1, monsters: [1], shields: 5}", "{players: 1, monsters: [1, 1], shields: 5}",
         "OW-WILD-HUNT-DIFFICULTY", ("monsters: [1, 1], shields: 5}", 1)),
        # ... and the Shield tokens make every value.
        (BOX, "{players: 1, monsters: [3], shields: 11}", "{players: 1, monsters: [3], shields: 187}",
         "OW-WILD-HUNT-SHIELDS", ("shields: 187}", 1)),
        # Rule 28: 8 rounds for 1-3 players ...
        (BOX, "          - {stage: 2}\n          - {}\n      - players: [4, 5]", "          - {}\n      - players: [4, 5]",
         "OW-WILD-HUNT-TRACK", ("        rows:", 5)),
        # ... Stage I before Stage II ...
        (BOX, "          - {stage: 1, hound: 1}\n          - {stage: 1, monster: 1}",
         "          - {stage: 2, hound: 1}\n          - {stage: 1, monster: 1}", "OW-WILD-HUNT-TRACK", ("        rows:", 5)),
        # ... the last round adds nothing: the final fight.
        (BOX, "          - {}\n      - players: [4, 5]", "          - {monster: 1}\n      - players: [4, 5]",
         "OW-WILD-HUNT-TRACK", ("        rows:", 5)),
        # Rule 12: the monster buffs stop at 20 cards.
        (BOX, "life_pool_cap: 20", "life_pool_cap: 21", "OW-WILD-HUNT-TRACK", ("life_pool_cap: 21", 1)),
        # Rule 25: a 7-card deck for 1-3 players, 6 for 4-5.
        (BOX, "stage_two_cards: 3", "stage_two_cards: 4", "OW-WILD-HUNT-EXPLORATION", ("stage_one_cards:", 1)),
        # Rule 25: 20 Stage I cards and 15 Stage II.
        (EXPLORATION, "  - id: wh-1-20\n    stage: 1", "  - id: wh-1-20\n    stage: 2", "OW-WILD-HUNT-EXPLORATION",
         ("  - id: wh-1-01", 1)),
        # Rule 24: a quest's event exists in the Wild Hunt deck.
        (EXPLORATION, "quest_event: 35", "quest_event: 36", "OW-WILD-HUNT-QUEST", ("quest_event: 36", 1)),
        # The table's choice names a level of the table.
        (BOX, "difficulty: story-and-sword", "difficulty: normal", "OW-WILD-HUNT-CHOICE", ("difficulty: normal", 1)),
    ],
)
def test_content_that_breaks_the_wild_hunt_rules(tmp_path: Path, file: str, old: str, new: str, code: str,
                                                 shown: tuple[str, int]) -> None:
    path, findings = checked_edit(tmp_path, file, old, new, (PACK,), structure_only=False)
    assert lines(findings) == {(code, line_of(path, *shown))}


@pytest.mark.parametrize("other", ["legendary-hunt", "lost-mount", "adventure-pack", "ciri"])
def test_a_combination_the_matrix_forbids_exits_1_with_its_finding(other: str) -> None:
    args = ["validate", "--content", str(CONTENT), "--game", "old-world", "--pack", PACK, "--pack", other]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 1
    assert "OW-PACK-INCOMPATIBLE" in result.output and PACK in result.output and other in result.output


def test_simulate_reports_the_tables_results() -> None:
    args = ["simulate", "--content", str(CONTENT), "--game", "old-world", "--pack", PACK, "--players", "2",
            "--games", "3", "--fast", "--format", "json"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    simulation = json.loads(result.output)["simulation"]
    assert sum(simulation["team_results"].values()) == simulation["completed"] == 3
    assert simulation["wins_by_seat"] == {}


def test_every_wild_hunt_component_prints_with_the_pack_symbol_in_english_and_german() -> None:
    # §11.1: 4 Wild Hunt cards (A/B), 16 Special Attack cards, 2 Hound cards, the Round Tracking board, 35 + 35
    # cards; 6 Hound tokens, 20 Shield tokens, 12 Quest tokens.
    db, _ = SPEC.load(CONTENT, (PACK,))
    assert SPEC.printing is not None
    for locale in ("en", "de"):
        components = SPEC.printing.components(db, SPEC.localizer(db, locale))
        decks = {deck.id: deck for deck in components.decks}
        counts = {name: sum(face.copies for face in decks[name].faces) for name in (
            "wild-hunt-cards", "wild-hunt-attacks", "hound-cards", "round-track", "wild-hunt-exploration",
            "wild-hunt-events", "hound-tokens", "wild-hunt-shields")}
        assert counts == {"wild-hunt-cards": 4, "wild-hunt-attacks": 16, "hound-cards": 2, "round-track": 1,
                          "wild-hunt-exploration": 35, "wild-hunt-events": 35, "hound-tokens": 6,
                          "wild-hunt-shields": 20}
        assert all(face.fields["symbol"] == "WH" for name in counts for face in decks[name].faces)
        nithral = next(face for face in decks["wild-hunt-cards"].faces if face.id == "nithral")
        back = components.back_of(nithral)
        assert back is not None and back.fields["title"] == "Nithral"
        assert ("Herald of Frost" if locale == "en" else "Herold des Frosts") in back.fields["body"]


def test_the_difficulty_table_help_card_charge_bite_token_and_numbered_event_backs_print() -> None:
    """Issue 42: what the guide and player aid point to prints (the difficulty table: Shields and starting monsters per
    level), the Wild Hunt Help card, the Charge/Bite token (Charge on one side, Bite on the other), and every Event's
    back carries its number (the deck is kept in order)."""
    db, _ = SPEC.load(CONTENT, (PACK,))
    assert SPEC.printing is not None
    for locale, bite in (("en", "Bite"), ("de", "Beißangriff")):
        components = SPEC.printing.components(db, SPEC.localizer(db, locale))
        decks = {deck.id: deck for deck in components.decks}
        sides = [side for face in decks["wild-hunt-difficulty"].faces for side in (face, components.back_of(face))]
        bodies = [side.fields["body"] for side in sides if side is not None]
        assert len(bodies) == 4 and "**1**" in bodies[0] and " 5 " in bodies[0] and "120" in bodies[3]
        assert len(decks["wild-hunt-help"].faces) == 1
        token = decks["charge-bite-token"].faces[0]
        back = components.back_of(token)
        assert back is not None and back.fields["label"] == bite and token.fields["label"] != bite
        numbers = [components.back_of(face).fields["stage"] for face in decks["wild-hunt-events"].faces]  # type: ignore[union-attr]
        assert numbers == [str(n) for n in range(1, 36)]


def test_hound_cards_print_no_signed_zero_and_mage_boards_print_the_energy_icon() -> None:
    """Issue 42: a Hound level that costs no Shield printed "−0"; the Mages' Energy track printed the Shield icon."""
    db, _ = SPEC.load(CONTENT, (PACK, "mages"))
    assert SPEC.printing is not None and SPEC.printing.boards is not None
    for locale in ("en", "de"):
        localizer = SPEC.localizer(db, locale)
        components = SPEC.printing.components(db, localizer)
        hounds = next(deck for deck in components.decks if deck.id == "hound-cards")
        bodies = [side.fields["body"] for face in hounds.faces for side in (face, components.back_of(face)) if side]
        assert bodies and not any("−0" in body or "-0" in body for body in bodies)
        assert all(body.count("{icon:shield}") == 2 for body in bodies)  # levels II and III cost a Shield
        boards = SPEC.printing.boards(db, localizer)
        icons = {board.id: next(area.icon for area in board.areas if area.id == "shield") for board in boards.player_boards}
        assert icons["player-board-alzur"] == "energy" and icons["player-board-wolf"] == "shield"
