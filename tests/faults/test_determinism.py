"""Outputs that depend on nothing but their inputs: SOURCE_DATE_EPOCH in every PDF's dates (and in the build's key, so
a cached PDF of another date is not served), and no two decks writing the same TTS image."""

from __future__ import annotations

import fcntl
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from pipeline.cli import app
from tests.conftest import line_of

runner = CliRunner()


def dates(out: Path) -> set[str]:
    return {str(PdfReader(pdf).metadata["/CreationDate"]) for pdf in sorted(out.rglob("*.pdf"))}


def test_source_date_epoch_dates_every_pdf_even_after_a_build_without_it(root: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    out, cache = root.parent / "out", root.parent / "cache"
    argv = ["build", "--content", str(root), "--out", str(out), "--cache-dir", str(cache), "--target", "cards",
            "--locale", "en"]
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    assert runner.invoke(app, argv).exit_code == 0
    assert dates(out) == {"D:20000101000000+00'00'"}  # reportlab's invariant date
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    result = runner.invoke(app, argv)
    assert result.exit_code == 0 and "0 up to date" in result.output, result.output
    assert dates(out) == {"D:20231114221320+00'00'"}


@pytest.mark.parametrize("name", ["card-back", "card-backs", "card-2"])
def test_a_deck_named_like_another_decks_tts_file_is_a_finding(root: Path, name: str) -> None:
    manifest = root / "my-game" / "game.yaml"
    text = manifest.read_text(encoding="utf-8")
    manifest.write_text(text.replace("back: card-back", "back: plain-back") +
                        f"    {name}:\n      name: More\n      print: cards\n      back: plain-back\n"
                        "      fields:\n        title: {type: translatable}\n", encoding="utf-8")
    result = runner.invoke(app, ["validate", "--content", str(root)])
    assert result.exit_code == 1
    assert f"game.yaml:{line_of(manifest, f'    {name}:')}" in result.output and "DECLARED-DECK-NAME" in result.output


def test_a_build_waits_for_another_build_writing_the_same_output_folder(root: Path) -> None:
    """Two builds with other options into one folder ran interleaved: a report could say A4 over Letter PDFs. The
    second now waits for the first's lock (held here as a build holds it) before it judges and writes anything."""
    out = root.parent / "out"
    out.mkdir()
    command = [sys.executable, "-c", "from pipeline.cli import main; main()", "build", "--content", str(root),
               "--out", str(out), "--cache-dir", str(root.parent / "cache"), "--target", "cards", "--locale", "en",
               "--paper", "letter"]
    handle = os.open(out, os.O_RDONLY)
    fcntl.flock(handle, fcntl.LOCK_EX)
    try:
        waiting = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        time.sleep(12)  # long enough to plan the cards game and write its first PDF
        assert waiting.poll() is None and not list(out.rglob("*.pdf"))
    finally:
        os.close(handle)
    output, _ = waiting.communicate(timeout=300)
    assert waiting.returncode == 0, output
    report = json.loads((out / "my-game" / "build-report.json").read_text(encoding="utf-8"))
    assert report["options"]["paper"] == "letter"
