"""`pnp build --pack adventure-pack --pack-only`: the pack's cards and quest tokens alone, each with its symbol."""

from __future__ import annotations

import json

from pypdf import PdfReader

from tests.build.conftest import Build


def test_the_adventure_pack_alone_prints_its_cards_and_quest_tokens_with_its_symbol(build: Build) -> None:
    code, _, out = build("--locale", "de", "--pack", "adventure-pack", "--pack-only", "--target", "cards",
                         "--target", "tokens")
    assert code == 0
    report = json.loads((out / "old-world" / "build-report.json").read_text(encoding="utf-8"))
    # The written slice: 4 City + 4 Wilds Exploration cards, events 57-64; the fact sheet's 12 Quest tokens.
    assert {t["target"]: t["cards"] for t in report["targets"]} == {"cards": 16, "tokens": 12}
    pages = PdfReader(out / "old-world" / "de" / "cards-1up.pdf").pages
    text = "".join(page.extract_text() for page in pages)
    assert "Das Anschlagbrett" in text and "Das Ghulnest" in text and "Weiter: 57" in text
    fronts = [page.extract_text() for page in pages[::2]]
    assert len(fronts) == 16 and all("AP" in front for front in fronts)
    tokens = PdfReader(out / "old-world" / "de" / "tokens.pdf").pages[0].extract_text()
    assert tokens.count("AP") == 12 and "Quest" in tokens
