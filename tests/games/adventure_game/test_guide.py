"""The guide document per locale: numbers from the rule data, German from the catalog, sorted by DIN 5007-2."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.games import find_game
from pipeline.i18n.tokens import LINK, TOKEN
from pipeline.rules.guide import GuideDocument
from tests.conftest import CONTENT

from .conftest import Copy

GAME = "adventure-game"


def _guide(root: Path, locale: str) -> GuideDocument:
    game = find_game(GAME, root)
    assert game.guide is not None
    db, _ = game.load(root)
    return game.guide.reference(db, game.localizer(db, locale))


def _texts(guide: GuideDocument) -> list[str]:
    texts = []
    for section in guide.sections:
        for block in section.intro + tuple(b for e in section.entries for b in e.blocks):
            texts.extend([block.text, *block.items, *(cell for row in block.rows for cell in row)])
    return [t for t in texts if t]


@pytest.mark.parametrize("locale", ["en", "de"])
def test_the_guide_has_its_sections_and_every_number_filled(content_root: Path, locale: str) -> None:
    guide = _guide(content_root, locale)
    assert [s.id for s in guide.sections] == [
        "using-this-document",
        "golden-rules",
        "glossary",
        "epic-adventuring",
        "quick-reference",
    ]
    assert len(guide.entries()) == 40
    assert len(guide.quick_reference) == 11
    for text in _texts(guide):
        # Only icons are left for the renderer; rule numbers and rule data names are filled in.
        assert all(match.group(1) == "icon" for match in TOKEN.finditer(text)), text
    ids = {entry.id for entry in guide.entries()}
    linked = {link for text in _texts(guide) for link in LINK.findall(text)}
    assert linked and linked <= ids  # links stay as [[entry-id]] of a real entry


def test_english_prints_the_rule_numbers_of_the_manifest(content_root: Path) -> None:
    guide = _guide(content_root, "en")
    entries = {entry.id: entry for entry in guide.entries()}
    assert entries["actions"].blocks[0].text.startswith("On your turn you take up to 2 actions")
    movement = entries["movement"].blocks[1].items[1]
    assert "costs 2 gold" in movement and "costs 1 gold" in movement
    epic = next(s for s in guide.sections if s.id == "epic-adventuring")
    assert "completed 5 quest cards" in epic.intro[1].text  # the epic variant's rule, not the base game's 3
    actions = entries["actions"].blocks[2]
    assert actions.order == "alphabetical"
    assert "**Brew** (Geralt only): Put 1 common marker on every faceup **POTION** development card you have." in actions.items


def test_rule_data_prints_as_lists_references_and_quick_reference_rows(content_root: Path) -> None:
    guide = _guide(content_root, "en")
    entries = {entry.id: entry for entry in guide.entries()}
    battles = entries["battles"].blocks[1]
    assert battles.kind == "numbered" and battles.items[0] == "Apply “at the start of battle” effects."  # battle-steps
    faces = entries["dice"].blocks[2]
    assert any(item.startswith("**") and "{icon:" in item for item in faces.items)  # a die face and its results
    traits = entries["traits"].blocks
    assert any("**NILFGAARD**" in block.text for block in traits)  # {trait:nilfgaard} in bold
    assert [row.icon for row in guide.quick_reference][:3] == ["foul-fate", "wound-minor", "wound-severe"]
    assert "proof" not in [row.icon for row in guide.quick_reference]  # only tokens marked for it


def test_german_comes_from_the_catalog_with_the_official_terms(content_root: Path) -> None:
    guide = _guide(content_root, "de")
    assert guide.title == "Referenzhandbuch"
    assert guide.labels.related == "Verwandte Themen:"
    entries = {entry.id: entry for entry in guide.entries()}
    assert entries["operations"].title == "Freie Aktionen"
    assert entries["adjacent"].title == "Nachbarorte/-regionen"
    brew = "**Alchemie** (nur für Geralt): Lege 1 allgemeinen Marker auf jede deiner offenen **TRANK**-Trainingskarten."
    assert brew in entries["actions"].blocks[2].items
    assert entries["actions"].blocks[0].text.startswith("In deinem Zug führst du bis zu 2 Aktionen aus")


def test_a_missing_translation_prints_english(copy: Copy) -> None:
    copy.edit_po("guide:glossary:wounds:title", lambda message: setattr(message, "string", ""))
    titles = {entry.id: entry.title for entry in _guide(copy.root, "de").entries()}
    assert titles["wounds"] == "Wounds"
    assert titles["dice"] == "Würfel"


def test_the_german_glossary_sorts_by_din_5007_2(content_root: Path) -> None:
    from pipeline.i18n import collation

    guide = _guide(content_root, "de")
    assert guide.umlauts == "expand"  # from guide.yaml: umlauts expand
    titles = collation.sorted_for([e.title for e in guide.entries()], "de", umlauts=guide.umlauts)
    assert titles.index("Würfel") < titles.index("Wunden")  # ü read as ue
    assert titles[0] == "Ablauf eines Spielzugs"
    assert titles[-1] == "Yarpen"
    english = collation.sorted_for([e.title for e in _guide(content_root, "en").entries()], "en")
    assert english.index("Actions") < english.index("Action Space")  # letter by letter


def test_the_localizer_reads_the_german_catalog_and_knows_the_source_locale(content_root: Path) -> None:
    game = find_game(GAME, CONTENT)
    db, _ = game.load(content_root)
    assert game.localizer(db, "en").is_source
    german = game.localizer(db, "de")
    assert not german.is_source
    assert german.text("guide:title", "Rules Reference Guide") == "Referenzhandbuch"
    assert german.text("guide:glossary:gone:title", "Gone") == "Gone" and german.fallback_contexts() == ["guide:glossary:gone:title"]


@pytest.mark.parametrize("locale", ["en", "de"])
def test_no_two_parts_of_the_guide_share_a_title(content_root: Path, locale: str) -> None:
    """Issue 42: the rules section of dice, operations and battle was titled like the quick-reference page."""
    guide = _guide(content_root, locale)
    titles = [section.title for section in guide.sections] + [guide.labels.quick_reference]
    assert len(titles) == len(set(titles)), titles
