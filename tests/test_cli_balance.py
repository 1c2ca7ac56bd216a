"""`pnp balance`: seeded games over player counts and bots, written as report.html, report.pdf, balance.json and CSV."""

from __future__ import annotations

import csv
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from pipeline.cli import app
from pipeline.render.balance_report import team_steps
from pipeline.rules.balance import wilson
from tests.conftest import CONTENT

runner = CliRunner()


def balance(out: Path, *args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["balance", "--out", str(out), "--content", str(CONTENT), *args])
    return result.exit_code, result.output


def embedded(reader: PdfReader) -> bool:
    """Every font of every page carries its font file."""
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            described = font["/DescendantFonts"][0].get_object() if font["/Subtype"] == "/Type0" else font
            if "/FontFile2" not in described["/FontDescriptor"].get_object():
                return False
    return True


def test_balance_writes_the_report_json_and_csv(tmp_path: Path) -> None:
    out = tmp_path / "report"
    code, output = balance(out, "-g", "old-world", "--players", "2-3", "--games", "6", "--seed", "5")
    assert code == 0, output
    assert f"report: {out / 'report.html'}" in output
    figures = json.loads((out / "balance.json").read_text(encoding="utf-8"))
    assert (figures["game"], figures["players"], figures["bots"], figures["games"], figures["seed"]) == ("old-world", [2, 3], ["greedy"], 6, 5)
    [variant] = figures["variants"]
    assert variant["label"] == "as shipped"
    counts = variant["runs"][0]["counts"]
    assert [c["players"] for c in counts] == [2, 3]
    for count in counts:
        # Every completed game seats `players` schools: plays add up to players x completed games.
        assert sum(row["plays"] for row in count["factions"]) == count["players"] * count["completed"]
        assert [row["label"] for row in count["seats"]] == [f"seat {i + 1}" for i in range(count["players"])]
        assert all(row["fair"] == round(1 / count["players"], 4) for row in count["seats"])
    never = [row for row in variant["runs"][0]["cards"] if row["never_used"]]
    assert never and all(row["where"].rsplit(":", 1)[0].endswith(".yaml") for row in never)
    # A pack that was not played has no card rows (its cards are not "never used": they were not in the game).
    assert not [row for row in variant["runs"][0]["cards"] if row["card"].startswith("ciri-")]
    with (out / "factions.csv").open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert {r["players"] for r in rows} == {"2", "3"} and all(r["verdict"] for r in rows)
    html = (out / "report.html").read_text(encoding="utf-8")
    assert html.count("src='data:image/png;base64,") >= 3 and "Bonferroni" in html
    reader = PdfReader(out / "report.pdf")
    assert len(reader.pages) >= 3 and embedded(reader)


def test_path_of_destiny_solo_reports_the_automa_level(tmp_path: Path) -> None:
    code, output = balance(tmp_path, "-g", "path-of-destiny", "--players", "1", "--games", "4")
    assert code == 0, output
    figures = json.loads((tmp_path / "balance.json").read_text(encoding="utf-8"))
    labels = [row["label"] for row in figures["variants"][0]["runs"][0]["counts"][0]["factions"]]
    assert any(label.startswith("automa:") for label in labels)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-g", "old-world", "--players", "2-9"], "supports"),
        (["-g", "old-world", "--players", "two"], "a range (2-5)"),
        (["-g", "old-world", "--bot", "clever"], "no bot 'clever'"),
        (["-g", "adventure-game"], "no rules engine"),
    ],
)
def test_bad_options_are_usage_errors(tmp_path: Path, args: list[str], message: str) -> None:
    code, output = balance(tmp_path, *args, "--games", "1")
    assert code == 2 and message in output, output
    assert not (tmp_path / "balance.json").exists()


def test_a_sweep_compares_variants_side_by_side(tmp_path: Path) -> None:
    code, output = balance(tmp_path, "-g", "old-world", "--players", "2", "--games", "4", "--set", "phase3_hand_cap=3,5")
    assert code == 0, output
    figures = json.loads((tmp_path / "balance.json").read_text(encoding="utf-8"))
    assert [v["label"] for v in figures["variants"]] == ["phase3_hand_cap=3", "phase3_hand_cap=5"]
    assert figures["settings"] == [{"key": "phase3_hand_cap", "values": ["3", "5"]}]
    html = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert "<h2>Variants side by side</h2>" in html and "<th>phase3_hand_cap=5</th>" in html


def test_an_unknown_key_is_a_usage_error_with_a_suggestion(tmp_path: Path) -> None:
    code, output = balance(tmp_path, "-g", "old-world", "--games", "1", "--set", "hand_limt=6,7")
    assert code == 2 and "nearest: hand_limit" in output, output


def test_a_nested_key_with_an_unknown_part_is_a_usage_error_naming_it(tmp_path: Path) -> None:
    code, output = balance(tmp_path, "-g", "old-world", "--games", "1", "--pack", "mages",
                           "--set", "packs.mages.mages.gekhira.specialty.levls.1.1.amount=2")
    assert code == 2 and "no 'levls' in packs.mages.mages.gekhira.specialty; nearest: levels" in output, output
    assert not (tmp_path / "balance.json").exists()


def test_a_pack_is_played_and_named_in_the_report(tmp_path: Path) -> None:
    code, output = balance(tmp_path, "-g", "old-world", "--players", "2", "--games", "6", "--pack", "ciri")
    assert code == 0, output
    assert "balance old-world (base game + ciri)" in output
    figures = json.loads((tmp_path / "balance.json").read_text(encoding="utf-8"))
    assert figures["packs"] == ["ciri"]
    factions = figures["variants"][0]["runs"][0]["counts"][0]["factions"]
    # The Ciri pack's school takes a seat in some of the games: its row is there.
    assert "ciri" in [row["label"] for row in factions]
    assert any(row["card"].startswith("ciri-") for row in figures["variants"][0]["runs"][0]["cards"])
    assert "packs played: base game + ciri" in (tmp_path / "report.html").read_text(encoding="utf-8")


@pytest.mark.parametrize(("packs", "code", "message"), [
    (["lost-mont"], 2, "unknown pack 'lost-mont' (did you mean lost-mount?)"),
    (["lost-mount", "wild-hunt"], 1, "OW-PACK-INCOMPATIBLE: lost-mount cannot be played with wild-hunt"),
])
def test_a_pack_selection_is_checked_as_by_simulate(tmp_path: Path, packs: list[str], code: int, message: str) -> None:
    args = [arg for pack in packs for arg in ("--pack", pack)]
    result, output = balance(tmp_path, "-g", "old-world", "--players", "2", "--games", "1", *args)
    assert result == code and message in output, output
    assert not (tmp_path / "balance.json").exists()


WILD_HUNT_LEVEL = "packs.wild-hunt.wild-hunt.wild-hunt.difficulty"
WILD_HUNT_LEVELS = ["just-the-story", "story-and-sword", "blood-and-broken-bones", "death-march"]


def test_the_wild_hunt_plays_every_difficulty_and_the_report_shows_the_team_steps(tmp_path: Path) -> None:
    # Issue 17: "the balance lab shows difficulty levels that step": every level by default, easiest first.
    code, output = balance(tmp_path, "-g", "old-world", "--players", "1", "--games", "2", "--pack", "wild-hunt")
    assert code == 0, output
    figures = json.loads((tmp_path / "balance.json").read_text(encoding="utf-8"))
    assert [v["settings"] for v in figures["variants"]] == [{WILD_HUNT_LEVEL: level} for level in WILD_HUNT_LEVELS]
    assert figures["settings"] == [{"key": WILD_HUNT_LEVEL, "values": WILD_HUNT_LEVELS}]
    with (tmp_path / "team.csv").open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert [r["variant"] for r in rows] == [f"wild-hunt.difficulty={level}" for level in WILD_HUNT_LEVELS]  # readable
    assert rows[0]["step"] == "" and all(r["step"] in STEPS for r in rows[1:]) and {r["plays"] for r in rows} == {"2"}
    html = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert "<h2>The team</h2>" in html and html.count("death-march") >= 2
    text = "".join(page.extract_text() for page in PdfReader(tmp_path / "report.pdf").pages)
    assert "Team win rate by variant" in text and "bot greedy, 1 player(s)" in text


def test_a_difficulty_set_on_the_command_line_replaces_the_sweep(tmp_path: Path) -> None:
    code, output = balance(tmp_path, "-g", "old-world", "--players", "1", "--games", "1", "--pack", "wild-hunt",
                           "--set", f"{WILD_HUNT_LEVEL}=death-march")
    assert code == 0, output
    figures = json.loads((tmp_path / "balance.json").read_text(encoding="utf-8"))
    assert [v["settings"] for v in figures["variants"]] == [{WILD_HUNT_LEVEL: "death-march"}]


STEPS = {"steps below", "lower within noise", "not lower"}


def team_figures(*teams: tuple[int, int]) -> dict[str, Any]:
    """Report figures of one bot and player count, a variant per (wins, plays) with its Wilson interval."""

    def variant(i: int, wins: int, plays: int) -> dict[str, Any]:
        low, high = wilson(wins, plays, 0.95)
        team = {"wins": wins, "plays": plays, "rate": wins / plays, "ci95": [low, high]}
        return {"label": f"level {i}", "runs": [{"bot": "greedy", "counts": [{"players": 2, "team": team}]}]}

    return {"bots": ["greedy"], "players": [2], "variants": [variant(i, w, p) for i, (w, p) in enumerate(teams)]}


def test_each_level_is_judged_against_the_one_before() -> None:
    [row] = team_steps(team_figures((600, 1000), (400, 1000), (380, 1000), (390, 1000)))
    assert [c["step"] for c in row["cells"]] == ["", "steps below", "lower within noise", "not lower"]
    assert team_steps({"bots": ["greedy"], "players": [2], "variants": [
        {"label": "as shipped", "runs": [{"bot": "greedy", "counts": [{"players": 2}]}]}]}) == []


def test_balance_without_matplotlib_says_how_to_install_it_before_it_plays(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """matplotlib is the `balance` extra: without it the command is a usage error naming the extra, no traceback."""
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # what an install without the extra finds
    code, output = balance(tmp_path / "report", "-g", "old-world", "--players", "2", "--games", "1")
    assert code == 2
    assert "pip install 'pnp-pipeline[balance]'" in output and "Traceback" not in output
    assert not (tmp_path / "report").exists(), "nothing is played or written"
