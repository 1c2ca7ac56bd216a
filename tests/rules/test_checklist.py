"""Component lists held against the print (pipeline/rules/checklist.py) and the checklist page each build writes
(pipeline/production/checklist.py)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from pipeline.app.build import build
from pipeline.app.check import component_list_findings
from pipeline.findings import Finding, Severity
from pipeline.games import find_game
from pipeline.production.targets import BuildOptions
from pipeline.render.checklist import pages_text
from tests.conftest import CONTENT, FIXTURES, REPO, copy_old_world, edit, line_of

BASE_LIST = "        - {item: potion-cards, count: 28, kind: card, print: [potions]}\n"


def list_findings(root: Path, game: str = "old-world", packs: tuple[str, ...] = ()) -> list[Finding]:
    """What `pnp check` says of the component lists of a game (the base and `packs`) under `root`."""
    spec = find_game(game, root)
    assert spec.printing is not None
    db, _ = spec.load(root, packs)
    localizer = spec.localizer(db, "en")
    boards = spec.printing.boards(db, localizer) if spec.printing.boards is not None else None
    return component_list_findings(spec, db, spec.printing.components(db, localizer), boards)


@pytest.mark.parametrize("packs", [(), ("lost-mount",), ("adventure-pack",), ("ciri",), ("monster-pack",),
                                   ("legendary-hunt",), ("monster-trail",), ("skellige",), ("wild-hunt",), ("mages",),
                                   ("monster-trail", "monster-trail/troll")])
def test_the_shipped_old_world_lists_match_its_print(packs: tuple[str, ...]) -> None:
    assert list_findings(CONTENT, packs=packs) == []


def test_a_listed_component_with_no_printed_face_fails_check(tmp_path: Path) -> None:
    root = copy_old_world(tmp_path)
    manifest = root / "old-world" / "game.yaml"
    edit(manifest, BASE_LIST, BASE_LIST + "        - {item: tarot-cards, count: 3, kind: card}\n"
                                          "        - {item: dice-tray, count: 1, kind: board, print: [dice-tray]}\n")
    findings = list_findings(root)
    assert [(f.code, f.severity, f.line) for f in findings] == [
        ("COMPONENT-NOT-PRINTED", Severity.ERROR, line_of(manifest, "tarot-cards")),
        ("COMPONENT-NOT-PRINTED", Severity.ERROR, line_of(manifest, "dice-tray")),
    ]
    assert "'dice-tray'" in findings[1].message and findings[0].file == manifest.as_posix()


def test_a_component_printed_in_another_number_fails_check(tmp_path: Path) -> None:
    root = copy_old_world(tmp_path)
    manifest = root / "old-world" / "game.yaml"
    edit(manifest, BASE_LIST, BASE_LIST.replace("count: 28", "count: 30"))
    findings = list_findings(root)
    assert [(f.code, f.severity, f.line) for f in findings] == [
        ("COMPONENT-COUNT", Severity.ERROR, line_of(manifest, "item: potion-cards"))]
    assert "print(s) 28" in findings[0].message


def test_a_printed_deck_no_list_names_is_a_warning(tmp_path: Path) -> None:
    root = copy_old_world(tmp_path)
    manifest = root / "old-world" / "game.yaml"
    edit(manifest, BASE_LIST, "")
    findings = list_findings(root)
    assert [(f.code, f.severity) for f in findings] == [("COMPONENT-UNLISTED", Severity.WARNING)]
    assert "'potions'" in findings[0].message


def test_a_pack_is_held_to_what_its_own_folder_prints(tmp_path: Path) -> None:
    """Ciri's 4 Witcher Trophies share the base deck: her list counts hers, not the deck's 24."""
    root = copy_old_world(tmp_path)
    manifest = root / "old-world" / "game.yaml"
    edit(manifest, "        - {item: witcher-trophy-cards, count: 4, kind: card, print: [witcher-trophies]}\n",
         "        - {item: witcher-trophy-cards, count: 24, kind: card, print: [witcher-trophies]}\n")
    findings = list_findings(root, packs=("ciri",))
    assert [(f.code, f.line) for f in findings] == [("COMPONENT-COUNT", line_of(manifest, "count: 24"))]


def test_a_mode_not_played_leaves_its_components_off_the_list() -> None:
    spec = find_game("old-world", CONTENT)
    assert spec.printing is not None and spec.printing.listed is not None
    db, _ = spec.load(CONTENT, ("monster-trail", "monster-trail/troll"))
    listed = {entry.component.item for entry in spec.printing.listed(db) if entry.pack == "monster-trail"}
    assert listed == {"troll-miniature", "troll-monster-card", "troll-token"}


def test_pages_are_ranges_over_duplex_backs() -> None:
    assert pages_text([1, 3, 5, 9, 10, 15]) == "1-5, 9-10, 15"


def test_the_checklist_lists_every_component_with_its_count(tmp_path: Path) -> None:
    root = tmp_path / "content"
    shutil.copytree(FIXTURES / "old-world", root / "old-world")
    manifest = root / "old-world" / "game.yaml"
    edit(manifest, "      player_max: 2\n", "      player_max: 2\n      components:\n"
         "        - {item: location-tokens, count: 18, kind: token, print: [location-tokens]}\n"
         "        - {item: monster-tokens, count: 9, kind: token, print: [monster-tokens]}\n"
         "        - {item: markers, count: 80, kind: token, print: [markers]}\n"
         "        - {item: witcher-miniatures, count: 5, kind: miniature}\n"
         "        - {item: poker-dice, count: 10, kind: die}\n")
    out = tmp_path / "out"
    result = build([find_game("old-world", root)], BuildOptions(out, root, REPO / "pipeline" / "layouts", tmp_path / "cache"),
                   targets=["tokens"])
    assert [path for c in result.report.extra["checklists"] for path in c["files"]] == ["old-world/en/checklist.pdf"]
    assert all(r.target != "checklist" for r in result.records)  # listed apart from the targets
    text = " ".join(PdfReader(out / "old-world" / "en" / "checklist.pdf").pages[0].extract_text().split())
    assert "Location Token 18 tokens.pdf, p. 1" in text
    assert "Monster Token 9 tokens.pdf, p." in text
    assert "Miniatures (not printed) 5" in text and "Dice (not printed) 10" in text
    # The decks the list does not name are a warning in the build too (COMPONENT-UNLISTED), not a missing row.
    assert {f.code for f in result.report.findings} >= {"COMPONENT-UNLISTED"}


def test_the_shipped_path_of_destiny_list_matches_its_print() -> None:
    """Its list names the 5 Automa boards, which print with the character boards."""
    assert list_findings(CONTENT, "path-of-destiny") == []


def test_a_declared_game_lists_its_components_in_its_manifest(tmp_path: Path) -> None:
    from pipeline.app.new import new_game

    root = tmp_path / "content"
    new_game("my-game", "cards", root)
    manifest = root / "my-game" / "game.yaml"
    edit(manifest, "  kinds:\n", "  component_list:\n"
                                "    - {item: cards, count: 4, kind: card, print: [card]}\n"
                                "    - {item: tarot, count: 2, kind: card}\n"
                                "    - {item: meeples, count: 4, kind: wooden}\n  kinds:\n")
    findings = list_findings(root, "my-game")
    assert [(f.code, f.line) for f in findings] == [("COMPONENT-NOT-PRINTED", line_of(manifest, "item: tarot"))]
