"""Incremental builds: a target is keyed by what it prints in its locale, so an edit rebuilds only what shows it."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline.app import build as build_app
from pipeline.cli import app

from .conftest import REPO

# Every target but tts, which is keyed like cards (it shows the same faces) and costs the most to draw.
TARGETS = ("cards", "tokens", "help", "guides", "boards")


def rebuilt(root: Path, tmp_path: Path) -> set[tuple[str, str]]:
    """Build old-world in every locale; the (locale, target) pairs that were drawn rather than taken from the cache."""
    argv = ["build", "--game", "old-world", "--content", str(root), "--layouts", str(REPO / "layouts"),
            "--out", str(tmp_path / "out"), "--cache-dir", str(tmp_path / "cache"), "--format", "json", "--jobs", "1"]
    result = CliRunner().invoke(app, [*argv, *(arg for target in TARGETS for arg in ("--target", target))])
    assert result.exit_code == 0, result.output
    return {(o["locale"], o["target"]) for o in json.loads(result.stdout)["outputs"] if not o["cached"]}


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) >= 1, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_an_edit_rebuilds_only_the_targets_that_show_it_in_the_locales_it_changes(tmp_path: Path) -> None:
    root = tmp_path / "content"
    shutil.copytree(REPO / "content" / "old-world", root / "old-world")
    catalog = root / "old-world" / "locales" / "de.po"
    assert rebuilt(root, tmp_path) == {(locale, target) for locale in ("en", "de") for target in TARGETS}

    edit(catalog, 'msgctxt "action-card:jab:name"', '# translator: a jab is quick\nmsgctxt "action-card:jab:name"')
    assert rebuilt(root, tmp_path) == set(), "a comment in de.po prints nothing"

    edit(catalog, 'msgstr "Stich"', 'msgstr "Schneller Stich"')
    assert rebuilt(root, tmp_path) == {("de", "cards")}, "a German card name: only the German cards"

    # Jab's damage is printed as rules text in both languages.
    edit(root / "old-world" / "cards" / "market.yaml", "    fight: {damage: 1}", "    fight: {damage: 2}")
    assert rebuilt(root, tmp_path) == {("en", "cards"), ("de", "cards")}


def test_a_card_edit_redraws_only_its_decks_tts_images(tmp_path: Path) -> None:
    root = tmp_path / "content"
    shutil.copytree(REPO / "tests" / "fixtures" / "old-world", root / "old-world")
    argv = ["build", "--game", "old-world", "--content", str(root), "--layouts", str(REPO / "layouts"), "--out",
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


def test_a_no_change_rebuild_takes_the_keys_from_the_plan_memo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    argv = ["build", "--game", "old-world", "--content", str(REPO / "tests" / "fixtures"), "--layouts",
            str(REPO / "layouts"), "--out", str(tmp_path / "out"), "--cache-dir", str(tmp_path / "cache"), "--jobs", "1",
            "--target", "tokens", "--format", "json"]
    assert CliRunner().invoke(app, argv).exit_code == 0

    def must_not_localize(*args: object) -> None:
        raise AssertionError("nothing changed: the keys come from the memo")

    monkeypatch.setattr(build_app, "_locale_keys", must_not_localize)
    result = CliRunner().invoke(app, argv)
    assert result.exit_code == 0, result.output
    assert [o["cached"] for o in json.loads(result.stdout)["outputs"]] == [True]
    monkeypatch.undo()
    memo = tmp_path / "cache" / "plans" / "old-world--en.json"
    memo.write_text("{not json", encoding="utf-8")  # a broken memo is made again, never an error
    result = CliRunner().invoke(app, argv)
    assert result.exit_code == 0 and [o["cached"] for o in json.loads(result.stdout)["outputs"]] == [True]
