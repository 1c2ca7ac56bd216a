"""Incremental builds: a target is keyed by what it prints in its locale, so an edit rebuilds only what shows it."""

from __future__ import annotations

import json
import os
import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline.cli import app
from pipeline.games import LISTINGS
from pipeline.production.targets import Databases
from tests.conftest import PROCESSES

from .conftest import REPO

# Every target but tts, which is keyed like cards (it shows the same faces) and costs the most to draw.
TARGETS = ("cards", "tokens", "help", "guides", "boards")


def rebuilt(root: Path, tmp_path: Path) -> dict[tuple[str, str], list[str] | None]:
    """Build old-world in every locale; the (locale, target) pairs that were drawn rather than taken from the cache,
    each with the faces it drew (cards: `redrawn`; None for the targets that keep no drawings)."""
    argv = ["build", "--game", "old-world", "--content", str(root), "--layouts", str(REPO / "pipeline" / "layouts"),
            "--out", str(tmp_path / "out"), "--cache-dir", str(tmp_path / "cache"), "--format", "json", "--jobs", "1"]
    result = CliRunner().invoke(app, [*argv, *(arg for target in TARGETS for arg in ("--target", target))])
    assert result.exit_code == 0, result.output
    return {(o["locale"], o["target"]): o.get("redrawn") for o in json.loads(result.stdout)["outputs"] if not o["cached"]}


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) >= 1, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_an_edit_rebuilds_only_the_targets_that_show_it_in_the_locales_it_changes(tmp_path: Path) -> None:
    root = tmp_path / "content"
    shutil.copytree(REPO / "content" / "old-world", root / "old-world")
    catalog = root / "old-world" / "locales" / "de.po"
    assert rebuilt(root, tmp_path).keys() == {(locale, target) for locale in ("en", "de") for target in TARGETS}

    edit(catalog, 'msgctxt "action-card:jab:name"', '# translator: a jab is quick\nmsgctxt "action-card:jab:name"')
    assert rebuilt(root, tmp_path) == {}, "a comment in de.po prints nothing"

    edit(catalog, 'msgstr "Stich"', 'msgstr "Schneller Stich"')
    assert rebuilt(root, tmp_path) == {("de", "cards"): ["market/jab"]}, \
        "a German card name: only the German cards, and of them only that card's face is drawn"

    # Jab's damage is printed as rules text in both languages.
    edit(root / "old-world" / "cards" / "market.yaml", "    fight: {damage: 1}", "    fight: {damage: 2}")
    assert rebuilt(root, tmp_path) == {("en", "cards"): ["market/jab"], ("de", "cards"): ["market/jab"]}


def test_a_card_edit_redraws_only_its_decks_tts_images(tmp_path: Path) -> None:
    root = tmp_path / "content"
    shutil.copytree(REPO / "tests" / "fixtures" / "old-world", root / "old-world")
    argv = ["build", "--game", "old-world", "--content", str(root), "--layouts", str(REPO / "pipeline" / "layouts"), "--out",
            str(tmp_path / "out"), "--cache-dir", str(tmp_path / "cache"), "--jobs", "1", "--target", "tts"]
    assert CliRunner().invoke(app, argv).exit_code == 0
    folder = tmp_path / "out" / "old-world" / "en" / "tts"
    before = {path.name: (path.stat().st_mtime_ns, path.read_bytes()) for path in folder.iterdir()}
    edit(root / "old-world" / "cards" / "market.yaml", "    fight: {damage: 1}", "    fight: {damage: 2}")
    result = CliRunner().invoke(app, argv)
    assert result.exit_code == 0, result.output
    after = {path.name: (path.stat().st_mtime_ns, path.read_bytes()) for path in folder.iterdir()}
    assert after.keys() == before.keys()
    redrawn = {name for name in after if after[name][0] != before[name][0]}
    assert redrawn == {name for name in after if name.startswith("market")}, "only the edited card's deck"
    assert after["market.png"][1] != before["market.png"][1]


def test_a_no_change_rebuild_takes_the_plan_from_the_memo_without_loading_the_game(tmp_path: Path,
                                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    root = tmp_path / "content"
    shutil.copytree(REPO / "tests" / "fixtures" / "old-world", root / "old-world")
    argv = ["build", "--game", "old-world", "--content", str(root), "--layouts",
            str(REPO / "pipeline" / "layouts"), "--out", str(tmp_path / "out"), "--cache-dir", str(tmp_path / "cache"), "--jobs", "1",
            "--target", "tokens", "--format", "json"]
    assert CliRunner().invoke(app, argv).exit_code == 0

    def must_not_load(*args: object) -> None:
        raise AssertionError("nothing changed: the plan comes from the memo, the game is neither loaded nor checked")

    def must_not_import() -> None:
        raise AssertionError("nothing changed: the build needs none of the game's modules")

    monkeypatch.setattr(Databases, "load", must_not_load)
    monkeypatch.setitem(LISTINGS, "old-world", replace(LISTINGS["old-world"], describe=must_not_import))
    result = CliRunner().invoke(app, argv)
    assert result.exit_code == 0, result.output
    assert [o["cached"] for o in json.loads(result.stdout)["outputs"]] == [True]
    monkeypatch.undo()
    memo = tmp_path / "cache" / "plans" / "old-world.json"
    memo.write_text("{not json", encoding="utf-8")  # a broken memo is made again, never an error
    result = CliRunner().invoke(app, argv)
    assert result.exit_code == 0 and [o["cached"] for o in json.loads(result.stdout)["outputs"]] == [True]

    # An edit of the game's files misses the memo: the game is loaded, and the target it changed is built.
    edit(root / "old-world" / "cards" / "market.yaml", "    fight: {damage: 1}", "    fight: {damage: 2}")
    loaded: list[str] = []
    load = Databases.load
    monkeypatch.setattr(Databases, "load", lambda self, spec, *args: loaded.append(spec.id) or load(self, spec, *args))
    result = CliRunner().invoke(app, [*argv[:-4], "--target", "cards", "--format", "json"])
    assert result.exit_code == 0, result.output
    assert loaded and [o["cached"] for o in json.loads(result.stdout)["outputs"]] == [False]


def test_a_game_the_checks_refuse_is_checked_again_in_every_build(tmp_path: Path) -> None:
    root = tmp_path / "content"
    shutil.copytree(REPO / "tests" / "fixtures" / "old-world", root / "old-world")
    edit(root / "old-world" / "cards" / "market.yaml", "    fight: {damage: 1}", "    fight: {damage: -1}")
    argv = ["build", "--game", "old-world", "--content", str(root), "--layouts", str(REPO / "pipeline" / "layouts"), "--out",
            str(tmp_path / "out"), "--cache-dir", str(tmp_path / "cache"), "--jobs", "1", "--target", "tokens",
            "--format", "json"]
    for _ in range(2):  # no memo is kept for it: the second build reports the same errors
        result = CliRunner().invoke(app, argv)
        assert result.exit_code == 1 and any(f["severity"] == "error" for f in json.loads(result.stdout)["findings"])
    assert not (tmp_path / "cache" / "plans" / "old-world.json").exists()


def test_a_card_edit_draws_that_card_and_prints_what_a_cold_build_prints(tmp_path: Path) -> None:
    root = tmp_path / "content"
    shutil.copytree(REPO / "tests" / "fixtures" / "old-world", root / "old-world")

    def cards(name: str) -> tuple[list[str], Path]:
        """The cards target built into `name`'s own output and cache: the faces it drew, and its output folder."""
        out = tmp_path / name / "out"
        argv = ["build", "--game", "old-world", "--content", str(root), "--layouts", str(REPO / "pipeline" / "layouts"), "--out",
                str(out), "--cache-dir", str(tmp_path / name / "cache"), "--format", "json", "--jobs", "1",
                "--target", "cards"]
        result = CliRunner().invoke(app, argv)
        assert result.exit_code == 0, result.output
        (output,) = json.loads(result.stdout)["outputs"]
        return output["redrawn"], out / "old-world" / "en"

    drawn, _ = cards("kept")
    assert "market/jab" in drawn and len(drawn) > 10, "a first build draws every face"
    edit(root / "old-world" / "cards" / "market.yaml", "    fight: {damage: 1}", "    fight: {damage: 2}")
    drawn, kept = cards("kept")
    assert drawn == ["market/jab"], "the other faces are copied from the drawings the first build kept"
    _, cold = cards("cold")
    for name in ("cards.pdf", "cards-1up.pdf"):
        assert (kept / name).read_bytes() == (cold / name).read_bytes(), f"{name}: copied faces print as drawn ones"
    # The drawings are one file per job and charset; a damaged one is drawn again, never an error.
    (forms,) = (tmp_path / "kept" / "cache" / "forms").glob("*.jsonl")
    forms.write_text("{not json", encoding="utf-8")
    edit(root / "old-world" / "cards" / "market.yaml", "    fight: {damage: 2}", "    fight: {damage: 1}")
    drawn, _ = cards("kept")
    assert "market/jab" in drawn and len(drawn) > 10
    edit(root / "old-world" / "cards" / "market.yaml", "    fight: {damage: 1}", "    fight: {damage: 2}")
    assert cards("kept")[0] == ["market/jab"], "the file was written again with every face's drawing"
    # A line per face: a damaged line costs its face alone a drawing.
    lines = forms.read_bytes().splitlines(keepends=True)
    other = next(index for index, line in enumerate(lines) if b"Jab" not in line and b"null" not in line[:80])
    forms.write_bytes(b"".join(lines[:other] + [b'["half a line\n'] + lines[other + 1:]))
    edit(root / "old-world" / "cards" / "market.yaml", "    fight: {damage: 2}", "    fight: {damage: 1}")
    drawn, kept = cards("kept")
    assert len(drawn) == 2 and "market/jab" in drawn
    _, cold = cards("cold")
    assert (kept / "cards.pdf").read_bytes() == (cold / "cards.pdf").read_bytes()


def test_a_rebuild_measures_only_the_faces_it_must_and_a_face_with_a_finding_every_time(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import pipeline.render.faces as faces_module
    import pipeline.render.sheets as sheets_module

    root = tmp_path / "content"
    shutil.copytree(REPO / "tests" / "fixtures" / "old-world", root / "old-world")
    measured: list[str] = []
    for module in (sheets_module, faces_module):  # prepare() measures; a kept face measures itself if drawn anew
        measure = module.prepare_face
        monkeypatch.setattr(module, "prepare_face", lambda face, *rest, measure=measure: measured.append(
            f"{face.deck}/{face.id}") or measure(face, *rest))

    def cards(*targets: str) -> tuple[int, list[str]]:
        """The targets built again (default: cards and tts, whose images of the edited deck copy the cards'
        drawings): the exit code and the FIT-OVERFLOW findings (card ids)."""
        measured.clear()
        argv = ["build", "--game", "old-world", "--locale", "en", "--content", str(root), "--layouts", str(REPO / "pipeline" / "layouts"),
                "--out", str(tmp_path / "out"), "--cache-dir", str(tmp_path / "cache"), "--format", "json", "--jobs", "1",
                *(arg for target in targets or ("cards", "tts") for arg in ("--target", target))]
        result = CliRunner().invoke(app, argv)
        findings = json.loads(result.stdout)["findings"]
        return result.exit_code, sorted(f["message"].split("'")[1] for f in findings if f["code"] == "FIT-OVERFLOW")

    market = root / "old-world" / "cards" / "market.yaml"
    edit(market, "    name: Push\n", f"    name: Push{' and push' * 40}\n")  # far too long for the name box
    assert cards() == (1, ["push"])
    every_face = len(measured)
    edit(market, "    fight: {damage: 1}", "    fight: {damage: 2}")  # Jab's text
    assert cards() == (1, ["push"]), "the face that overflowed is measured again, so its finding is not lost"
    assert sorted(set(measured)) == ["market/jab", "market/push"] and every_face > 10
    edit(market, "    fight: {damage: 2}", "    fight: {damage: 3}")
    assert cards("tts") == (1, ["push"]), "tts alone takes the faces the cards target kept"
    assert sorted(set(measured)) == ["market/jab", "market/push"]


def test_a_card_edit_leaves_the_calibration_sheet_and_a_new_back_offset_draws_it(tmp_path: Path,
                                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    import pipeline.render.calibration as calibration_module

    root = tmp_path / "content"
    shutil.copytree(REPO / "tests" / "fixtures" / "old-world", root / "old-world")
    drawn: list[tuple[float, float]] = []
    draw = calibration_module.calibration_pdf
    monkeypatch.setattr(calibration_module, "calibration_pdf",
                        lambda paper, offset, *rest: drawn.append(offset) or draw(paper, offset, *rest))
    out = tmp_path / "out" / "old-world" / "en"

    def build(*extra: str) -> list[str]:
        drawn.clear()
        argv = ["build", "--game", "old-world", "--locale", "en", "--content", str(root), "--layouts", str(REPO / "pipeline" / "layouts"),
                "--out", str(tmp_path / "out"), "--cache-dir", str(tmp_path / "cache"), "--format", "json", "--jobs", "1",
                "--target", "cards", *extra]
        result = CliRunner().invoke(app, argv)
        assert result.exit_code == 0, result.output
        (output,) = json.loads(result.stdout)["outputs"]
        return output["files"]

    files = build()
    assert drawn == [(0.0, 0.0)] and files[-1].endswith("calibration.pdf")
    first = (out / "calibration.pdf").read_bytes()
    edit(root / "old-world" / "cards" / "market.yaml", "    fight: {damage: 1}", "    fight: {damage: 2}")
    assert build() == files and drawn == [], "a card edit redraws the cards, not the calibration sheet"
    assert (out / "calibration.pdf").read_bytes() == first
    build("--back-offset", "1.5")
    assert drawn == [(1.5, 0.0)] and (out / "calibration.pdf").read_bytes() != first
    (out / "calibration.pdf").write_bytes(b"damaged")
    edit(root / "old-world" / "cards" / "market.yaml", "    fight: {damage: 2}", "    fight: {damage: 1}")
    build("--back-offset", "1.5")
    assert drawn == [(1.5, 0.0)], "a file that no longer holds what was written is drawn again"


def test_a_layouts_edit_replaces_the_kept_drawings_instead_of_adding_to_them(tmp_path: Path) -> None:
    root, layouts = tmp_path / "content", tmp_path / "layouts"
    shutil.copytree(REPO / "tests" / "fixtures" / "old-world", root / "old-world")
    shutil.copytree(REPO / "pipeline" / "layouts", layouts)
    forms = tmp_path / "cache" / "forms"

    def build(*extra: str) -> list[str]:
        argv = ["build", "--game", "old-world", "--locale", "en", "--content", str(root), "--layouts", str(layouts),
                "--out", str(tmp_path / "out"), "--cache-dir", str(tmp_path / "cache"), "--jobs", "1", "--target", "cards",
                *extra]
        assert CliRunner().invoke(app, argv).exit_code == 0
        return sorted(path.name for path in forms.glob("*.jsonl"))

    (first,) = build()
    base = layouts / "base.yaml"
    base.write_text(base.read_text(encoding="utf-8") + "\n# a comment: the layouts' digest changes\n", encoding="utf-8")
    (second,) = build()
    assert second != first, "the drawings are kept under the new layouts, and the old file is gone"
    assert len(build("--paper", "letter")) == 2, "other options keep their own drawings"


@PROCESSES
def test_a_rebuilds_jobs_key_their_kept_drawings_by_the_digests_the_plan_made(tmp_path: Path,
                                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """The plan hashes every face (the targets' keys); a job forked after it (`--jobs 2`) finds those digests
    (`Databases.face_digests`) instead of hashing every face again for its kept drawings."""
    import pipeline.production.inputs as inputs

    root = tmp_path / "content"
    shutil.copytree(REPO / "tests" / "fixtures" / "old-world", root / "old-world")
    hashed_in = tmp_path / "hashed-in"
    printed_digest = inputs.printed_digest

    def recorded(face: object, where: Path) -> str:
        with hashed_in.open("a") as record:
            record.write(f"{os.getpid()}\n")
        return printed_digest(face, where)  # type: ignore[arg-type]

    monkeypatch.setattr(inputs, "printed_digest", recorded)
    argv = ["build", "--game", "old-world", "--locale", "en", "--content", str(root), "--layouts", str(REPO / "pipeline" / "layouts"),
            "--out", str(tmp_path / "out"), "--cache-dir", str(tmp_path / "cache"), "--format", "json", "--jobs", "2",
            "--target", "cards", "--target", "tts"]
    assert CliRunner().invoke(app, argv).exit_code == 0
    edit(root / "old-world" / "cards" / "market.yaml", "    fight: {damage: 2}", "    fight: {damage: 1}")
    hashed_in.unlink()
    result = CliRunner().invoke(app, argv)
    assert result.exit_code == 0 and [o["cached"] for o in json.loads(result.stdout)["outputs"]] == [False, False]
    pids = hashed_in.read_text().split()
    assert len(pids) > 10 and set(pids) == {str(os.getpid())}, "every face hashed once, by the plan"
