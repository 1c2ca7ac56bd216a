"""`pnp build --pack`: a pack alone prints its own components, each with the pack's symbol; the base is unchanged."""

from __future__ import annotations

import json

from pypdf import PdfReader
from typer.testing import CliRunner

from pipeline.cli import app
from tests.production.conftest import REPO, Build


def test_one_pack_alone_prints_its_card_and_token_with_its_symbol(build: Build) -> None:
    code, _, out = build("--locale", "de", "--pack", "lost-mount", "--pack-only")
    assert code == 0
    report = json.loads((out / "old-world" / "build-report.json").read_text(encoding="utf-8"))
    cards = {t["target"]: t["cards"] for t in report["targets"]}
    # The fact sheet: 1 Lost Mount card, 1 miniature (a token); and its rules in the guides (no help card).
    assert cards == {"cards": 1, "tokens": 1, "tts": 1, "guides": 0}
    assert report["options"]["packs"] == ["lost-mount"] and report["options"]["pack_only"] is True
    text = "".join(page.extract_text() for page in PdfReader(out / "old-world" / "de" / "cards-1up.pdf").pages)
    assert "Verirrtes Reittier" in text and "LM" in text and "Ziehe sofort 2 Karten" in text


def test_the_monster_pack_alone_prints_its_cards_and_token_with_its_symbol(build: Build) -> None:
    code, _, out = build("--locale", "en", "--pack", "monster-pack", "--pack-only", "--target", "cards", "--target", "tokens")
    assert code == 0
    report = json.loads((out / "old-world" / "build-report.json").read_text(encoding="utf-8"))
    # The fact sheet (§6): 2 Monster cards (Koshchey, Siren), the Kayran's large legendary card, Koshchey's large
    # monster card (for Monster Trail's Weakness mode; it is in this box), 1 Monster token (Koshchey).
    assert {t["target"]: t["cards"] for t in report["targets"]} == {"cards": 4, "tokens": 1}
    text = "".join(page.extract_text() for page in PdfReader(out / "old-world" / "en" / "cards-1up.pdf").pages)
    assert all(name in text for name in ("Koshchey", "Siren", "Kayran", "Large Monster Card", "Special Attacks",
                                         "no trophy-track step"))
    assert text.count("MP") >= 4  # each card's front, and the Kayran's back
    tokens = "".join(page.extract_text() for page in PdfReader(out / "old-world" / "en" / "tokens.pdf").pages)
    assert "Koshchey" in tokens and "MP" in tokens
    # The preflight counts the cards with the packs the report names, the pack's alone after --pack-only (it
    # counted the base game's instead: hundreds of false PREFLIGHT-COUNT errors on every pack build).
    pdfs = [str(p) for p in sorted((out / "old-world" / "en").glob("*.pdf"))]
    checked = CliRunner().invoke(app, ["preflight", *pdfs, "--content", str(REPO / "content"), "--format", "json"])
    assert checked.exit_code == 0, [f["message"] for f in json.loads(checked.stdout)["findings"]][:3]


def test_a_pack_printed_with_the_base_game_passes_the_preflight(build: Build) -> None:
    code, _, out = build("--locale", "en", "--pack", "monster-pack", "--target", "cards")
    assert code == 0
    pdfs = [str(p) for p in sorted((out / "old-world" / "en").glob("*.pdf"))]
    checked = CliRunner().invoke(app, ["preflight", *pdfs, "--content", str(REPO / "content"), "--format", "json"])
    assert checked.exit_code == 0, [f["message"] for f in json.loads(checked.stdout)["findings"]][:3]


def test_pack_only_needs_a_pack() -> None:
    argv = ["build", "--game", "old-world", "--content", str(REPO / "content"), "--pack-only"]
    result = CliRunner().invoke(app, argv)
    assert result.exit_code == 2 and "--pack-only" in result.output


def test_an_unknown_pack_is_a_usage_error() -> None:
    argv = ["build", "--game", "old-world", "--content", str(REPO / "content"), "--pack", "ciry"]
    result = CliRunner().invoke(app, argv)
    assert result.exit_code == 2 and "did you mean ciri?" in result.output
