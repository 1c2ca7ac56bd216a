"""`pnp build --pack adventure-pack --pack-only`: the pack's cards and quest tokens alone, each with its symbol."""

from __future__ import annotations

import json

from pypdf import PdfReader

from pipeline.games.old_world.content import OldWorldContent
from pipeline.games.old_world.spec import SPEC
from tests.production.conftest import REPO, Build


def pack_adds() -> dict[str, int]:
    """What the manifest says the Adventure Pack adds to the component counts."""
    manifest = OldWorldContent(SPEC.load(REPO / "content")[0]).manifest
    assert manifest is not None
    [pack] = [p for p in manifest.packs if p.id == "adventure-pack"]
    return dict(pack.adds)


def test_the_adventure_pack_alone_prints_its_cards_and_quest_tokens_with_its_symbol(build: Build) -> None:
    code, _, out = build("--locale", "de", "--pack", "adventure-pack", "--pack-only", "--target", "cards",
                         "--target", "tokens")
    assert code == 0
    report = json.loads((out / "old-world" / "build-report.json").read_text(encoding="utf-8"))
    # Its Exploration cards and events, as many as the manifest says it adds; the fact sheet's 12 Quest tokens.
    adds = pack_adds()
    cards = sum(adds[name] for name in ("city_exploration", "wilds_exploration", "events"))
    assert {t["target"]: t["cards"] for t in report["targets"]} == {"cards": cards, "tokens": 12}
    pages = PdfReader(out / "old-world" / "de" / "cards-1up.pdf").pages
    text = "".join(page.extract_text() for page in pages)
    assert "Das Anschlagbrett" in text and "Das Ghulnest" in text and "Weiter: 57" in text
    fronts = [page.extract_text() for page in pages[::2]]
    assert len(fronts) == cards and all("AP" in front for front in fronts)
    tokens = PdfReader(out / "old-world" / "de" / "tokens.pdf").pages[0].extract_text()
    assert tokens.count("AP") == 12 and "Quest" in tokens
