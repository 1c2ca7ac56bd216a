"""`--pack` on validate, check and simulate: an unknown id is a usage error, an incompatible combination a finding."""

from __future__ import annotations

import json

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
