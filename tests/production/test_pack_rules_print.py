"""A pack's rules text in print: its guide section and help card print with `--pack` (marked with the pack's
symbol), never without it, and `--pack-only` prints the pack's rules alone under the pack's name."""

from __future__ import annotations

import json
from pathlib import Path

from pypdf import PdfReader

from tests.production.conftest import A4_BUILD, Build


def pdf_text(path: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(path).pages)


@A4_BUILD
def test_the_guide_prints_the_mages_section_with_the_pack_and_not_without(build: Build, a4_build: Path) -> None:
    code, _, out = build("--locale", "en", "--pack", "mages", "--target", "guides", "--target", "help")
    assert code == 0
    guide = pdf_text(out / "old-world" / "en" / "reference-guide.pdf")
    assert "Mages [MA]" in guide and "Energy and Wisdom" in guide and "Solo Play" in guide
    assert "Mages [MA]" in pdf_text(out / "old-world" / "en" / "player-aid.pdf")
    assert "Playing a Mage" in pdf_text(out / "old-world" / "en" / "help-cards.pdf")
    base = pdf_text(a4_build / "reference-guide.pdf")
    assert "Mages [MA]" not in base and "Energy and Wisdom" not in base
    assert "Playing a Mage" not in pdf_text(a4_build / "help-cards.pdf")


def test_pack_only_prints_the_packs_rules_alone_under_its_name(build: Build) -> None:
    code, _, out = build("--locale", "de", "--pack", "mages", "--pack-only", "--target", "guides", "--target", "help")
    assert code == 0
    folder = out / "old-world" / "de"
    guide = pdf_text(folder / "reference-guide.pdf")
    assert "Zauberinnen & Magier – Regeln" in guide and "Energie und Weisheit" in guide
    assert "Solo-Jagd" not in guide and "Würfelpoker" not in guide  # no base rules
    assert "Zauberinnen & Magier – Spielhilfe" in pdf_text(folder / "player-aid.pdf")
    report = json.loads((out / "old-world" / "build-report.json").read_text(encoding="utf-8"))
    assert {t["target"]: t["cards"] for t in report["targets"]}["help"] == 5  # one Mage help card per Mage player
    help_cards = pdf_text(folder / "help-cards.pdf")
    assert "Als Magier spielen" in help_cards and "MA" in help_cards and "Kampfausgang" not in help_cards


def test_pack_only_prints_no_help_cards_for_a_pack_without_one(build: Build) -> None:
    code, _, out = build("--locale", "en", "--pack", "lost-mount", "--pack-only", "--target", "guides", "--target", "help")
    assert code == 0
    report = json.loads((out / "old-world" / "build-report.json").read_text(encoding="utf-8"))
    assert [t["target"] for t in report["targets"]] == ["guides"]
    assert "Lost Mount [LM]" in pdf_text(out / "old-world" / "en" / "reference-guide.pdf")
