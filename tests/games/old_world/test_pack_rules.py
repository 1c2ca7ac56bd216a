"""A pack's rules text (packs/<id>/guide.yaml, help-cards.yaml): shown when the pack is selected, marked with its
symbol, checked like the base guide's, and allowed in a pack whose components are not written yet."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from pipeline.findings import Finding
from pipeline.games.old_world.guide import guide_document, pack_documents, player_aid_document
from pipeline.games.old_world.spec import SPEC
from tests.conftest import CONTENT, Mutate, codes, line_of
from tests.games.old_world.edits import checked_edit

PART_ONE = {"lost-mount": "LM", "adventure-pack": "AP", "ciri": "CI", "monster-pack": "MP", "legendary-hunt": "LH",
            "mages": "MA"}
MAGES_GUIDE = "packs/mages/guide.yaml"


def titles(packs: tuple[str, ...], aid: bool = False) -> list[str]:
    db, _ = SPEC.load(CONTENT, packs)
    document = player_aid_document(db, "en") if aid else guide_document(db, "en")
    return [section.title for section in document.sections]


def guide_codes(findings: list[Finding]) -> list[str]:
    return [f.code for f in findings if f.code.startswith("OW-GUIDE") or f.code.startswith("OW-PACK")]


def test_the_base_guide_shows_no_pack_rules() -> None:
    assert not [title for title in titles(()) + titles((), aid=True) if "[" in title]


@pytest.mark.parametrize("pack", sorted(PART_ONE))
def test_each_part_one_pack_has_a_marked_section_in_guide_and_aid(pack: str) -> None:
    marked = [title for title in titles((pack,)) if title.endswith(f"[{PART_ONE[pack]}]")]
    assert len(marked) == 1, titles((pack,))
    assert marked == [t for t in titles((pack,), aid=True) if t.endswith(f"[{PART_ONE[pack]}]")]
    assert titles((pack,))[-1] == "Glossary"  # pack sections come before the glossary


def test_legendary_hunt_rules_print_with_the_pack() -> None:
    db, findings = SPEC.load(CONTENT, ("legendary-hunt",))
    checked = findings + SPEC.checks(db, False)
    assert guide_codes(checked) == []
    text = "\n".join(block.text + " ".join(block.items) for entry in guide_document(db, "en").entries()
                     for block in entry.blocks)
    assert "Destruction token" in text and "main location" in text and "Movement pool" in text


def test_pack_only_documents_hold_the_selected_packs_alone() -> None:
    db, _ = SPEC.load(CONTENT, ("ciri", "mages"))
    documents = dict(pack_documents(db, "en"))
    guide = documents["reference-guide"]
    assert guide.title == "Ciri + Mages – Rules" and documents["player-aid"].title == "Ciri + Mages – Player Aid"
    assert [section.title for section in guide.sections] == ["Setting Up with Several Expansions", "Ciri [CI]", "Mages [MA]"]
    assert guide.quick_reference == ()
    # The base rules are not printed: a link to one names it without a page, and related topics stay inside.
    printed = {entry.id for entry in guide.entries()}
    texts = [text for entry in guide.entries() for block in entry.blocks for text in (block.text, *block.items)]
    assert not [link for text in texts for link in re.findall(r"\[\[([a-z0-9-]+)\]\]", text) if link not in printed]
    assert any("*Extension*" in text for text in texts)  # Elder Blood's link to the base glossary
    assert all(set(entry.related) <= printed for entry in guide.entries())
    german = dict(pack_documents(db, "de", SPEC.localizer(db, "de").text))["reference-guide"]
    assert german.title == "Ciri + Zauberinnen & Magier – Regeln"
    assert [section.title for section in german.sections][1:] == ["Ciri [CI]", "Zauberinnen & Magier [MA]"]


def test_a_pack_without_rules_text_has_no_pack_only_documents(tmp_path: Path) -> None:
    _, findings = checked_edit(tmp_path, "packs/ciri/guide.yaml", "kind: guide-sections\nsections:",
                               "kind: guide-sections\nsections: []\nunused:", ("ciri",), True)
    db, _ = SPEC.load(tmp_path / "content", ("ciri",))
    assert pack_documents(db, "en") == []


def test_a_pack_help_card_prints_the_packs_symbol_and_the_base_cards_do_not() -> None:
    db, _ = SPEC.load(CONTENT, ("ciri",))
    components = SPEC.printing.components(db, SPEC.localizer(db, "en")) if SPEC.printing else None
    assert components is not None
    faces = {face.id: face for deck in components.help_decks() for face in deck.faces}
    assert faces["ciri-help"].kind == "pack-help-card" and faces["ciri-help"].fields["symbol"] == "CI"
    assert {faces[card].kind for card in ("action-help", "fight-help", "solo-help")} == {"help-card"}


def test_a_malformed_pack_guide_file_is_a_finding_at_its_line(mutated: Mutate) -> None:
    path, findings = mutated(MAGES_GUIDE, "      - id: protection\n        title: Protection",
                             "      - id: protection\n        titel: Protection")
    unknown = [f for f in findings if f.code == "SCHEMA" and "'titel'" in f.message]
    assert len(unknown) == 1 and unknown[0].file.endswith(MAGES_GUIDE)
    assert unknown[0].line == line_of(path, "titel: Protection")


def test_a_rules_number_written_in_a_pack_guide_is_a_finding_at_its_line(tmp_path: Path) -> None:
    path, findings = checked_edit(tmp_path, MAGES_GUIDE, "Raising Wisdom raises Energy by one.",
                                  "Raising Wisdom raises Energy by 1.", ("mages",), False)
    literal = [f for f in findings if f.code == "OW-GUIDE-LITERAL"]
    assert len(literal) == 1 and literal[0].file.endswith(MAGES_GUIDE)
    assert literal[0].line == line_of(path, "raises Energy by 1.")


def test_pack_rules_text_of_an_undeclared_pack_is_a_finding(tmp_path: Path) -> None:
    root = tmp_path / "content"
    _, _ = checked_edit(tmp_path, MAGES_GUIDE, "id: mages-rules", "id: mages-rules", (), True)
    folder = root / "old-world" / "packs" / "witchers-of-the-north"
    folder.mkdir()
    mages = (root / "old-world" / MAGES_GUIDE).read_text(encoding="utf-8")
    (folder / "guide.yaml").write_text(re.sub(r"(?<![a-z])id: ", "id: north-", mages), encoding="utf-8")  # ids unique
    db, findings = SPEC.load(root, ())
    unknown = [f for f in findings + SPEC.checks(db, False) if f.code == "OW-PACK-UNKNOWN"]
    assert len(unknown) == 1 and "witchers-of-the-north" in unknown[0].message and unknown[0].line == 1


def test_components_in_a_declared_pack_stay_a_finding(tmp_path: Path) -> None:
    root = tmp_path / "content"
    _, _ = checked_edit(tmp_path, MAGES_GUIDE, "id: mages-rules", "id: mages-rules", (), True)
    manifest = root / "old-world" / "game.yaml"  # every shipped pack is playable: Wild Hunt is declared here
    manifest.write_text(manifest.read_text(encoding="utf-8").replace("      symbol: WH\n", "      symbol: WH\n      status: declared\n"),
                        encoding="utf-8")
    target = root / "old-world" / "packs" / "wild-hunt" / "help-cards.yaml"
    shutil.rmtree(target.parent)
    target.parent.mkdir()
    target.write_text((root / "old-world" / "packs" / "ciri" / "help-cards.yaml").read_text(encoding="utf-8")
                      .replace("ciri-help", "hunt-help"), encoding="utf-8")
    db, findings = SPEC.load(root, ())
    assert "OW-PACK-STATUS" not in codes(findings + SPEC.checks(db, False))  # rules text: allowed
    tokens = root / "old-world" / "packs" / "wild-hunt" / "quest-tokens.yaml"
    tokens.write_text((root / "old-world" / "packs" / "adventure-pack" / "quest-tokens.yaml").read_text(encoding="utf-8")
                      .replace("ap-quest-token", "hunt-token"), encoding="utf-8")
    db, findings = SPEC.load(root, ())
    assert "OW-PACK-STATUS" in codes(findings + SPEC.checks(db, False))


def test_the_setup_order_prints_with_two_packs_and_only_their_steps() -> None:
    assert "Setting Up with Several Expansions" not in titles(("mages",))
    # A mode and a chosen kind of one pack are no second pack (`--pack monster-trail --mode advanced-actions/ID`).
    one_pack = ("monster-trail", "monster-trail/advanced-actions", "monster-trail/advanced-actions/advanced-evasion")
    assert "Setting Up with Several Expansions" not in titles(one_pack)
    db, _ = SPEC.load(CONTENT, ("ciri", "lost-mount"))
    section = next(s for s in guide_document(db, "en").sections if s.id == "expansions-setup")
    steps = [item for entry in section.entries for block in entry.blocks for item in block.items]
    assert "Ciri starts at the School of the Wolf." in steps and "The last player places the Lost Mount." in steps
    assert not [step for step in steps if "Mages" in step or "legendary" in step]
    assert steps[-1] == "Everyone draws cards and takes Gold by seat."
    aid = next(s for s in player_aid_document(db, "en").sections if s.id == "expansions-setup")
    assert len([i for e in aid.entries for b in e.blocks for i in b.items]) == len(steps)


def test_a_setup_step_naming_an_undeclared_pack_is_a_finding_at_its_line(mutated: Mutate) -> None:
    path, findings = mutated("guide/05-expansions.yaml", "{id: ciri-school, pack: ciri,", "{id: ciri-school, pack: cirri,")
    found = [f for f in findings if f.code == "OW-GUIDE-PACK"]
    assert len(found) == 1 and "'cirri'" in found[0].message and "did you mean 'ciri'?" in found[0].hint
    assert found[0].line == line_of(path, "pack: cirri,")


def test_a_packs_glossary_entry_joins_the_glossary_marked_only_with_its_pack(tmp_path: Path) -> None:
    _, _ = checked_edit(tmp_path, MAGES_GUIDE, "id: mages-rules", "id: mages-rules", (), True)
    root = tmp_path / "content"
    (root / "old-world" / "packs" / "mages" / "glossary.yaml").write_text(
        "kind: glossary\nentries:\n  - id: energy-term\n    title: Energy\n    blocks:\n"
        "      - {id: what, kind: paragraph, text: A Mage's Shield.}\n", encoding="utf-8")
    with_mages, _ = SPEC.load(root, ("mages",))
    glossary = guide_document(with_mages, "en").sections[-1]
    assert "Energy [MA]" in [entry.title for entry in glossary.entries]
    assert [s.title for s in dict(pack_documents(with_mages, "en"))["reference-guide"].sections] == ["Mages [MA]", "Glossary"]
    base, _ = SPEC.load(root, ())
    assert "Energy [MA]" not in [entry.title for entry in guide_document(base, "en").sections[-1].entries]
