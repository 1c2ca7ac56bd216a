"""`pnp build --deck/--card`: sheets of only the chosen faces; an unknown id is a usage error."""

from __future__ import annotations

import json
from pathlib import Path

import pypdf
from typer.testing import CliRunner

from pipeline.cli import app

from .conftest import REPO

FIXTURES = REPO / "tests" / "fixtures"
POTIONS = {"potion-swallow", "potion-thunderbolt", "potion-blizzard", "potion-tawny-owl"}


def run(tmp_path: Path, *args: str) -> tuple[int, str]:
    argv = ["build", "--game", "old-world", "--content", str(FIXTURES), "--layouts", str(REPO / "pipeline" / "layouts"),
            "--out", str(tmp_path / "out"), "--cache-dir", str(tmp_path / "cache"), "--jobs", "1", *args]
    result = CliRunner().invoke(app, argv)
    return result.exit_code, result.output


def test_a_selection_prints_only_the_chosen_cards(tmp_path: Path) -> None:
    code, output = run(tmp_path, "--card", "jab", "--deck", "potions", "--format", "json")
    assert code == 0, output
    folder = tmp_path / "out" / "old-world" / "en"
    report = json.loads((tmp_path / "out" / "old-world" / "build-report.json").read_text(encoding="utf-8"))
    assert [t["target"] for t in report["targets"]] == ["cards"], "no token, guide or board shows a chosen face"
    # The duplex calibration sheet is a file of the cards target that places no card.
    sheets = [entry for entry in report["targets"][0]["files"] if not entry["path"].endswith("calibration.pdf")]
    assert len(sheets) == 2
    for entry in sheets:
        placed = {(p["deck"], p["card"]) for p in entry["positions"]}
        assert placed == {("market", "jab")} | {("potions", potion) for potion in POTIONS}, entry["path"]
    for name in ("cards.pdf", "cards-1up.pdf"):
        text = "\n".join(page.extract_text() for page in pypdf.PdfReader(folder / name).pages)
        assert "Jab" in text and "Swallow" in text and "Thunderbolt" in text, name
        assert "Push" not in text and "Duck" not in text, f"{name} holds a card that was not chosen"


def test_an_unknown_id_is_a_usage_error_with_the_closest_id(tmp_path: Path) -> None:
    code, output = run(tmp_path, "--card", "jabb", "--deck", "potionz")
    assert code == 2
    assert "unknown card 'jabb' (did you mean jab?)" in output
    assert "unknown deck 'potionz' (did you mean potions?)" in output
    assert not (tmp_path / "out").exists()


def test_a_selection_builds_no_guide(tmp_path: Path) -> None:
    code, output = run(tmp_path, "--card", "jab", "--target", "guides")
    assert code == 2 and "guides cannot be built" in output
