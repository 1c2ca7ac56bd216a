"""Old World's reference guide and player aid: built from the guide content, numbers from the manifest,
literal rules numbers reported where they are written."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from pipeline.content.database import Database
from pipeline.content.texts import content_fields
from pipeline.findings import Finding
from pipeline.games import find_game
from pipeline.games.old_world.guide import guide_document, guide_strings, pack_documents, player_aid_document
from pipeline.render.guide import render_guide, render_player_aid
from pipeline.rules.guide import GuideDocument
from tests.conftest import CONTENT, Mutate, codes, line_of

GLOSSARY = "guide/glossary.yaml"


def load(root: Path = CONTENT) -> Database:
    db, findings = find_game("old-world").load(root)
    assert not [f for f in findings if f.severity == "error"]
    return db


def document_text(document: GuideDocument) -> str:
    parts = [document.title]
    for section in document.sections:
        parts.append(section.title)
        for block in [*section.intro, *(b for e in section.entries for b in e.blocks)]:
            parts += [block.text, *block.items, *(cell for row in block.rows for cell in row)]
    return "\n".join(parts)


def guide_findings(findings: list[Finding]) -> list[Finding]:
    return [f for f in findings if f.code.startswith("OW-GUIDE")]


def test_shipped_guide_is_complete() -> None:
    document = guide_document(load(), "en")
    ids = [section.id for section in document.sections]
    assert ids[:3] == ["game-end", "key-terms", "setup"] and ids[-1] == "glossary"
    assert {"turn", "fights", "combos", "monsters", "duels", "dice-poker", "exploration", "trophies", "solo"} <= set(ids)
    glossary = document.sections[-1]
    assert glossary.sort_entries and len(glossary.entries) >= 25
    titles = {entry.title for entry in glossary.entries}
    assert {"Combo", "Extension", "Trail", "Quest", "Fatigue", "Shield", "Life Pool", "Trash", "Wild", "Charge", "Bite",
            "Once per Fight", "Meditate", "Drive Away"} <= titles
    known = {entry.id for entry in document.entries()}
    assert all(set(entry.related) <= known for entry in document.entries())
    assert not re.search(r"\{[a-z_]+\}", document_text(document)), "every placeholder is filled"


def test_shipped_guide_has_no_findings() -> None:
    db = load()
    assert guide_findings(find_game("old-world").checks(db)) == []


def test_numbers_come_from_the_manifest(tmp_path: Path) -> None:
    root = tmp_path / "content"
    shutil.copytree(CONTENT / "old-world", root / "old-world")
    before = document_text(guide_document(load(root), "en"))
    assert "never hold more than 7 cards" in before
    manifest = root / "old-world" / "game.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace("hand_limit: 7", "hand_limit: 9"), encoding="utf-8")
    db = load(root)
    after = document_text(guide_document(db, "en"))
    assert "never hold more than 9 cards" in after and "never hold more than 7 cards" not in after
    (tmp_path / "guide.pdf").write_bytes(render_guide(guide_document(db, "en")).data)
    printed = "\n".join(page.extract_text() for page in PdfReader(tmp_path / "guide.pdf").pages)
    assert "Hand Limit" in printed and re.search(r"more than 9\s+cards", printed)


@pytest.mark.parametrize(
    ("relative", "old", "new", "written"),
    [
        (GLOSSARY, "more than {hand_limit} cards, in a fight", "more than 7 cards, in a fight", "more than 7 cards"),
        ("guide/02-turn.yaml", "keep at most {phase3_hand_cap}.", "keep at most 3.", "keep at most 3."),
        ("guide/03-fights.yaml", "text: What you get}", "text: What you get (2 Gold)}", "What you get (2 Gold)}"),
    ],
)
def test_literal_rules_number_is_a_finding_at_its_line(mutated: Mutate, relative: str, old: str, new: str, written: str) -> None:
    path, findings = mutated(relative, old, new)
    found = [f for f in findings if f.code == "OW-GUIDE-LITERAL"]
    assert len(found) == 1
    line = line_of(path, written)
    assert Path(found[0].file).name == path.name and found[0].line == line
    text = path.read_text(encoding="utf-8").splitlines()[line - 1]
    assert text[found[0].column - 1].isdigit()


def test_number_without_a_constant_is_fine(mutated: Mutate) -> None:
    _, findings = mutated(GLOSSARY, "more than {hand_limit} cards, in a fight", "more than {hand_limit} cards (not 6), in a fight")
    assert guide_findings(findings) == []


def test_placeholder_naming_no_constant_is_a_finding(mutated: Mutate) -> None:
    path, findings = mutated(GLOSSARY, "more than {hand_limit} cards", "more than {hand_limt} cards")
    found = [f for f in findings if f.code == "OW-GUIDE-PLACEHOLDER"]
    assert len(found) == 1 and found[0].line == line_of(path, "{hand_limt}")


def test_broken_link_and_related_are_findings(mutated: Mutate) -> None:
    path, findings = mutated(GLOSSARY, "[[extension]] of the card beneath", "[[extensions]] of the card beneath")
    assert codes(guide_findings(findings)) == ["OW-GUIDE-LINK"]
    assert guide_findings(findings)[0].line == line_of(path, "[[extensions]]")
    path, findings = mutated(GLOSSARY, "related: [extension, once-per-fight]", "related: [extension, once-per-fite]")
    assert "OW-GUIDE-LINK" in codes(findings)


def test_index_term_missing_from_its_entry_is_a_warning(mutated: Mutate) -> None:
    path, findings = mutated(GLOSSARY, "{id: chain, text: chain}", "{id: chain, text: chainmail}")
    found = [f for f in findings if f.code == "OW-GUIDE-INDEX"]
    assert len(found) == 1 and found[0].line == line_of(path, "text: chainmail")


def test_translation_comes_first_then_the_numbers() -> None:
    db = load()
    german = {"guide:glossary:hand-limit:title": "Handkartenlimit",
              "guide:glossary:hand-limit:blocks:never-hold-more-than:text": "Du hältst nie mehr als {hand_limit} Karten auf der Hand."}
    seen: set[str] = set()

    def text(context: str, source: str) -> str:
        seen.add(context)
        return german.get(context, source)

    document = guide_document(db, "de", text)
    player_aid_document(db, "de", text)
    with_pack, _ = find_game("old-world").load(CONTENT, ("mages",))
    pack_documents(with_pack, "de", text)  # the titles of a pack's rules printed alone
    assert document.locale == "de"
    entry = next(e for e in document.entries() if e.id == "hand-limit")
    assert entry.title == "Handkartenlimit" and entry.blocks[0].text == "Du hältst nie mehr als 7 Karten auf der Hand."
    # Every string the guide prints is extracted here, or (names of locations and solo tiers) with the content.
    extracted = {s.context for s in guide_strings(db)}
    content = {f.context for f in content_fields(db)}
    assert extracted <= seen
    assert seen - extracted - content == set()
    assert {c for c in seen & content} >= {"location:novigrad:name", "game:solo-tiers:greenhorn:title"}


def test_strings_have_unique_contexts_and_positions() -> None:
    strings = [s for s in find_game("old-world").strings(load()) if s.context.startswith("guide:")]
    contexts = [s.context for s in strings]
    assert len(contexts) == len(set(contexts)) > 300
    assert all(s.path is not None and s.line > 0 for s in strings if not s.context.startswith(("guide:table:", "guide:poker:", "guide:pack-only:")))
    hand = next(s for s in strings if s.context == "guide:glossary:hand-limit:blocks:never-hold-more-than:text")
    assert "{hand_limit}" in hand.source and hand.path is not None
    assert hand.line == line_of(hand.path, "You never hold more than {hand_limit} cards") - 1  # the `>-` line


def test_player_aid_summarises_the_game(tmp_path: Path) -> None:
    db = load()
    aid = player_aid_document(db, "en")
    assert [s.id for s in aid.sections] == ["game-end", "key-terms", "setup", "turn", "locations", "fights", "monsters",
                                            "duels", "trophies"]
    result = render_player_aid(aid)
    (tmp_path / "player-aid.pdf").write_bytes(result.data)
    assert 1 <= result.pages <= 4
    text = "\n".join(page.extract_text() for page in PdfReader(tmp_path / "player-aid.pdf").pages)
    assert "Hand limit 7" in text and "Kaer Seren" in text and "(p." not in text


def test_the_game_description_builds_both_documents() -> None:
    db = load()
    game = find_game("old-world")
    assert game.guide is not None and game.guide.player_aid is not None
    localizer = game.localizer(db, "en")
    guide = game.guide.reference(db, localizer)
    aid = game.guide.player_aid(db, localizer)
    result = render_guide(guide, "letter")
    assert result.entries == len(guide.entries()) and result.pages > 8
    assert aid.title != guide.title
