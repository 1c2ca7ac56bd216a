"""`pnp build`: deterministic bytes, a cache that skips unchanged targets, atomic writes, a JSON report."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from pipeline.atomic import write_atomic
from pipeline.production import runner, targets

from .conftest import REPO, Build


def test_same_input_builds_identical_bytes(build: Build, tmp_path: Path) -> None:
    build("--locale", "en", "--target", "cards", "--target", "tokens", out="first")
    (tmp_path / "cache").rename(tmp_path / "cache-first")
    build("--locale", "en", "--target", "cards", "--target", "tokens", out="second")
    for name in ("cards.pdf", "cards-1up.pdf", "tokens.pdf"):
        first = (tmp_path / "first" / "old-world" / "en" / name).read_bytes()
        assert first == (tmp_path / "second" / "old-world" / "en" / name).read_bytes(), name


def test_unchanged_targets_are_not_rebuilt(build: Build, monkeypatch: pytest.MonkeyPatch) -> None:
    code, first, out = build("--locale", "en", "--target", "tokens")
    assert code == 0 and [o["cached"] for o in first["outputs"]] == [False]

    def must_not_load(job: targets.Job, databases: targets.Databases) -> None:
        raise AssertionError("a cache hit must not load content")

    monkeypatch.setattr(runner, "load_context", must_not_load)  # what runner.run_job loads a job with
    code, second, _ = build("--locale", "en", "--target", "tokens")
    assert code == 0 and [o["cached"] for o in second["outputs"]] == [True]
    assert second["outputs"][0]["files"] == first["outputs"][0]["files"]
    monkeypatch.undo()
    (out / "old-world" / "en" / "tokens.pdf").write_bytes(b"tampered")
    code, third, _ = build("--locale", "en", "--target", "tokens")
    assert [o["cached"] for o in third["outputs"]] == [False]


def test_option_change_rebuilds(build: Build) -> None:
    build("--locale", "en", "--target", "tokens")
    _, again, _ = build("--locale", "en", "--target", "tokens", "--paper", "letter")
    assert [o["cached"] for o in again["outputs"]] == [False]


def test_build_report_lists_files_pages_cards_and_seconds(build: Build) -> None:
    code, output, out = build("--locale", "en", "--target", "cards")
    report = json.loads((out / "old-world" / "build-report.json").read_text(encoding="utf-8"))
    assert code == 0 and output["ok"] and report["ok"]
    (target,) = report["targets"]
    assert target["target"] == "cards" and target["cards"] == 383 and target["seconds"] > 0
    assert {Path(f["path"]).name for f in target["files"]} == {"cards.pdf", "cards-1up.pdf", "calibration.pdf"}
    assert all(f["pages"] > 0 and f["bytes"] > 0 for f in target["files"])


def test_unknown_game_is_a_usage_error() -> None:
    from typer.testing import CliRunner

    from pipeline.cli import app

    result = CliRunner().invoke(app, ["build", "--game", "no-such-game"])
    assert result.exit_code == 2 and "unknown game" in result.output


def test_atomic_write_leaves_no_partial_file_when_the_writer_raises(tmp_path: Path) -> None:
    target = tmp_path / "out" / "cards.pdf"
    write_atomic(target, b"old complete file")

    def broken() -> bytes:
        raise RuntimeError("killed mid-render")

    with pytest.raises(RuntimeError):
        write_atomic(target, broken)
    assert target.read_bytes() == b"old complete file"
    assert [p.name for p in target.parent.iterdir()] == ["cards.pdf"]


def test_a_profile_added_to_the_layouts_can_be_chosen_as_paper(build: Build, tmp_path: Path) -> None:
    """`--paper` takes any print profile of the layouts' profiles.yaml, not only the shipped a4 and letter."""
    layouts = tmp_path / "layouts"
    shutil.copytree(REPO / "pipeline" / "layouts", layouts)
    profiles = layouts / "profiles.yaml"
    a4 = profiles.read_text(encoding="utf-8").split("  a4:\n", 1)[1].split("  letter:\n", 1)[0]
    profiles.write_text(profiles.read_text(encoding="utf-8") + "  a5:\n" + a4.replace("{width: 210mm, height: 297mm}",
                                                                                      "{width: 148mm, height: 210mm}"))
    code, _, out = build("--locale", "en", "--target", "tokens", "--paper", "a5", "--layouts", str(layouts))
    assert code == 0
    page = PdfReader(out / "old-world" / "en" / "tokens.pdf").pages[0]
    assert (round(float(page.mediabox.width)), round(float(page.mediabox.height))) == (420, 595)  # A5 in points
    code, report, _ = build("--locale", "en", "--target", "tokens", "--paper", "a3", "--layouts", str(layouts))
    assert code == 1 and "no print profile 'a3' (known: a4, a5, letter)" in json.dumps(report)
