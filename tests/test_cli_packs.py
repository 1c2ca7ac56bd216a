"""`--pack` on validate, check and simulate: an unknown id is a usage error, an incompatible combination a finding."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline.cli import app
from tests.conftest import CONTENT

runner = CliRunner()


@pytest.mark.parametrize("command", [["validate"], ["check"], ["simulate", "--games", "1"]])
def test_an_unknown_pack_is_exit_2_with_a_suggestion(command: list[str]) -> None:
    result = runner.invoke(app, [*command, "--content", str(CONTENT), "--game", "old-world", "--pack", "lost-mont"])
    assert result.exit_code == 2
    assert "unknown pack 'lost-mont' (did you mean lost-mount?)" in result.output


@pytest.mark.parametrize("command", [["validate"], ["simulate", "--games", "1"]])
def test_an_incompatible_combination_is_exit_1_naming_both_packs(command: list[str]) -> None:
    args = [*command, "--content", str(CONTENT), "--game", "old-world", "--pack", "lost-mount", "--pack", "wild-hunt"]
    result = runner.invoke(app, args)
    assert result.exit_code == 1
    assert "OW-PACK-INCOMPATIBLE: lost-mount cannot be played with wild-hunt" in result.output


def test_simulate_plays_the_lost_mount_at_every_player_count() -> None:
    for players in range(1, 6):
        args = ["simulate", "--content", str(CONTENT), "--game", "old-world", "--pack", "lost-mount",
                "--players", str(players), "--games", "5", "--format", "json"]
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.output
        simulation = json.loads(result.output)["simulation"]
        assert (simulation["completed"], simulation["errors"]) == (5, [])


def test_check_keeps_a_selection_apart_from_the_base_in_its_cache(tmp_path: Path) -> None:
    base = ["check", "--content", str(CONTENT), "--game", "old-world", "--locale", "en", "--cache-dir", str(tmp_path)]
    first = runner.invoke(app, [*base, "--pack", "monster-pack"])
    second = runner.invoke(app, base)
    assert first.exit_code == second.exit_code == 0, first.output + second.output
    assert "30 monsters" in first.output and "28 monsters" in second.output  # Koshchey and the Siren


@pytest.mark.parametrize("command", [["validate"], ["check"], ["simulate", "--games", "1"]])
def test_an_unknown_mode_is_exit_2_naming_the_nearest(command: list[str]) -> None:
    args = [*command, "--content", str(CONTENT), "--game", "old-world", "--pack", "monster-trail", "--mode", "trol"]
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert "unknown mode 'trol' (did you mean troll?)" in result.output


@pytest.mark.parametrize(("packs", "message"), [
    ([], "--mode troll selects a mode of a pack: name the pack with --pack"),
    (["--pack", "mages"], "mode 'troll' belongs to pack monster-trail: add --pack monster-trail"),
])
def test_a_mode_without_its_pack_is_exit_2(packs: list[str], message: str) -> None:
    result = runner.invoke(app, ["validate", "--content", str(CONTENT), "--game", "old-world", *packs, "--mode", "troll"])
    assert result.exit_code == 2
    assert message in result.output


def test_simulate_plays_a_monster_trail_mode_alone() -> None:
    args = ["simulate", "--content", str(CONTENT), "--game", "old-world", "--pack", "monster-trail", "--mode", "troll",
            "--players", "3", "--games", "3", "--format", "json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    simulation = json.loads(result.output)["simulation"]
    assert (simulation["completed"], simulation["errors"]) == (3, [])
