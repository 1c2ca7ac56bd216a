"""Monster Trail's Advanced Action cards, only chosen kinds (expansion sheet §9.6: "Add all of them, or only chosen
kinds, and always all 4 copies of a chosen kind"): `--mode advanced-actions/<card id>` on every command that plays
or prints the mode."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline.app.project import require_packs
from pipeline.cli import app
from pipeline.games.old_world.content import OldWorldContent
from pipeline.games.old_world.engine import Tables, new_game
from pipeline.games.old_world.spec import SPEC
from tests.conftest import CONTENT

from .test_advanced_actions import advanced_faces, found

runner = CliRunner()
ENDURANCE, EVASION = "advanced-endurance", "advanced-evasion"
CHOSEN = ("advanced-actions/" + ENDURANCE, "advanced-actions/" + EVASION)


def chosen_packs(*modes: str) -> tuple[str, ...]:
    return require_packs([SPEC], CONTENT, ["monster-trail"], modes)


def test_the_action_deck_holds_four_copies_of_each_chosen_kind_and_no_other() -> None:
    """§9.6: only chosen kinds, all 4 copies of each, shuffled into the Action deck before the market is revealed."""
    packs = chosen_packs(*CHOSEN)
    assert packs == ("monster-trail", "monster-trail/advanced-actions", "monster-trail/advanced-actions/" + ENDURANCE,
                     "monster-trail/advanced-actions/" + EVASION)
    db, findings = SPEC.load(CONTENT, packs)
    tables = Tables.from_content(OldWorldContent(db))
    every, _ = SPEC.load(CONTENT, ("monster-trail", "monster-trail/advanced-actions"))
    market = [c.id for c in OldWorldContent(every).market_cards]
    for players in range(1, 6):
        state = new_game(tables, players, players, None)
        deck = Counter(c for c in (*state.action_deck, *state.market) if c is not None)
        assert {c: n for c, n in deck.items() if tables.cards[c].trash_cost} == {ENDURANCE: 4, EVASION: 4}
        assert sum(n for c, n in deck.items() if c in market) == 90  # the base's Action deck is whole
    assert findings == []


def test_a_choice_of_kinds_checks_clean_and_judges_the_box() -> None:
    """Rule 20 (10 kinds × 4) and the component counts judge the box the kinds are chosen from: a choice is no
    broken deck. A mode played whole is unchanged."""
    assert found(CONTENT, chosen_packs(*CHOSEN)) == []
    assert found(CONTENT, chosen_packs("advanced-actions/" + EVASION, "advanced-actions")) == []


def test_only_the_chosen_kinds_print() -> None:
    """`pnp build` with a choice prints what the table plays (each chosen kind's 4 copies); without one, all 40."""
    faces = advanced_faces("en", chosen_packs(*CHOSEN))
    assert {face.id: face.copies for face in faces} == {ENDURANCE: 4, EVASION: 4}
    assert sum(face.copies for face in advanced_faces("en", chosen_packs("advanced-actions"))) == 40


COMMANDS = [["validate"], ["check", "--locale", "en"], ["simulate", "--games", "1"], ["build", "--out", "{tmp}"],
            ["balance", "--games", "1", "--out", "{tmp}"]]


@pytest.mark.parametrize("command", COMMANDS)
def test_an_unknown_kind_is_exit_2_naming_the_nearest(command: list[str], tmp_path: Path) -> None:
    args = [part.replace("{tmp}", str(tmp_path)) for part in command]
    result = runner.invoke(app, [*args, "--content", str(CONTENT), "--game", "old-world", "--pack", "monster-trail",
                                 "--mode", "advanced-actions/evasion"])
    assert result.exit_code == 2, result.output
    assert "mode 'advanced-actions' has no kind 'evasion' (did you mean advanced-evasion?)" in result.output
    assert not any(tmp_path.iterdir())  # nothing was built or played


@pytest.mark.parametrize(("mode", "message"), [
    ("advanced-actions/", "--mode advanced-actions/ chooses no kind: name one or more"),
    ("troll/troll", "mode 'troll' plays all its cards: it offers no kinds to choose"),
])
def test_no_kind_or_a_mode_without_kinds_is_exit_2(mode: str, message: str) -> None:
    result = runner.invoke(app, ["validate", "--content", str(CONTENT), "--game", "old-world", "--pack",
                                 "monster-trail", "--mode", mode])
    assert result.exit_code == 2
    assert message in result.output


def simulate(*modes: str) -> dict[str, object]:
    args = ["simulate", "--content", str(CONTENT), "--game", "old-world", "--pack", "monster-trail",
            *(arg for mode in modes for arg in ("--mode", mode)), "--players", "2", "--games", "3", "--format", "json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    simulation: dict[str, object] = json.loads(result.output)["simulation"]
    return simulation


def test_simulate_plays_the_chosen_kinds() -> None:
    chosen, every = simulate(*CHOSEN), simulate("advanced-actions")
    assert (chosen["completed"], chosen["errors"]) == (3, [])
    cards = [run["coverage"]["action-cards"]["total"] for run in (chosen, every)]  # type: ignore[index]
    assert cards[1] - cards[0] == 8  # the other 8 kinds are not in the game


def test_balance_names_the_choice(tmp_path: Path) -> None:
    args = ["balance", "--content", str(CONTENT), "--game", "old-world", "--pack", "monster-trail", "--mode", CHOSEN[0],
            "--players", "2", "--games", "2", "--out", str(tmp_path)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    figures = json.loads((tmp_path / "balance.json").read_text())
    assert "monster-trail/advanced-actions/" + ENDURANCE in figures["packs"]
    played = {row["card"] for run in figures["variants"][0]["runs"] for row in run["cards"]}
    assert ENDURANCE in played and EVASION not in played
