"""Caches heal themselves: an entry that is not a regular file (a FIFO would block its reader forever) or that holds
JSON of another shape is a miss, made again; never a hang or a crash."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest
from PIL import Image
from typer.testing import CliRunner

from pipeline.cli import app
from pipeline.render.art import prepared_art
from pipeline.render.units import Box

runner = CliRunner()


def test_an_art_cache_entry_that_is_a_fifo_is_replaced_not_opened(tmp_path: Path) -> None:
    image = tmp_path / "art.png"
    Image.new("RGB", (20, 30), "red").save(image)
    cache = tmp_path / "cache"
    box = Box(0, 0, 10, 15)
    target = prepared_art(image, box, cache)
    for entry in (target, target.with_suffix(".sha256")):
        entry.unlink()
        os.mkfifo(entry)
    result: list[Path] = []
    worker = threading.Thread(target=lambda: result.append(prepared_art(image, box, cache)), daemon=True)
    worker.start()
    worker.join(timeout=30)
    if worker.is_alive():  # unblock the old reader so the test process can end
        for entry in (target, target.with_suffix(".sha256")):
            os.close(os.open(entry, os.O_WRONLY | os.O_NONBLOCK)) if entry.exists() else None
        pytest.fail("preparing art hung on a FIFO in the cache")
    assert result == [target] and target.is_file() and Image.open(target).size == (118, 177)


def test_check_and_build_treat_cache_json_of_another_shape_as_a_miss(root: Path) -> None:
    cache, out = root.parent / "cache", root.parent / "out"
    common = ["--content", str(root), "--cache-dir", str(cache)]
    assert runner.invoke(app, ["check", *common, "-j", "1"]).exit_code == 0
    assert runner.invoke(app, ["build", *common, "--out", str(out), "--target", "cards"]).exit_code == 0
    for shape in ([], "text", 3, {"key": ["wrong"], "findings": {}, "stats": []}):
        for entry in cache.rglob("*.json*"):
            entry.write_text(json.dumps(shape), encoding="utf-8")
        checked = runner.invoke(app, ["check", *common, "-j", "1"])
        assert checked.exit_code == 0, (shape, checked.output)
        built = runner.invoke(app, ["build", *common, "--out", str(out), "--target", "cards"])
        assert built.exit_code == 0, (shape, built.output)
