"""Outputs that depend on nothing but their inputs: SOURCE_DATE_EPOCH in every PDF's dates (and in the build's key, so
a cached PDF of another date is not served), and no two decks writing the same TTS image."""

from __future__ import annotations

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
