"""Monster Trail's modes (expansion sheet §9, §19): the manifest's modes, what a mode selection shows, and a
manifest or mode content that breaks a rule, at the line that does."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from pipeline.content.database import mode_entry
from pipeline.findings import Finding, Severity
from pipeline.games.old_world.content import OldWorldContent
from pipeline.games.old_world.spec import SPEC
from tests.conftest import copy_old_world, edit, line_of

CONTENT = Path(__file__).resolve().parents[3] / "content"
PACK = "monster-trail"
MODES = ["manticore", "mutagens", "troll", "bombs", "advanced-actions", "unique-actions", "weakness"]


def selection(*modes: str) -> tuple[str, ...]:
    return (PACK, *(mode_entry(PACK, mode) for mode in modes))


def findings_of(root: Path, packs: tuple[str, ...]) -> list[Finding]:
    db, findings = SPEC.load(root, packs)
    return findings + SPEC.checks(db, True)


def errors(findings: list[Finding]) -> list[tuple[str, int]]:
    return [(f.code, f.line) for f in findings if f.code.startswith("OW-") and f.severity is Severity.ERROR]


def test_the_manifest_declares_the_seven_modes_of_section_9() -> None:
    db, _ = SPEC.load(CONTENT)
    assert SPEC.info(db).modes == {PACK: MODES}


@pytest.mark.parametrize("modes", [(), ("manticore",), ("troll",), ("mutagens",), ("manticore", "troll")])
def test_each_playable_mode_is_sound_alone_and_together(modes: tuple[str, ...]) -> None:
    assert errors(findings_of(CONTENT, selection(*modes))) == []


def test_a_mode_shows_its_own_content_only() -> None:
    def shown(*modes: str) -> tuple[int, int, bool]:
        db, _ = SPEC.load(CONTENT, selection(*modes))
        content = OldWorldContent(db)
        return len(content.schools), len(content.monsters), "manticore-trophy-1" in db.shown_keys("witcher-trophies")

    assert shown("troll") == (5, 29, False)
    assert shown("manticore") == (6, 28, True)
    assert shown() == (6, 29, True)  # the pack alone plays every playable mode


def test_a_declared_mode_cannot_be_selected(tmp_path: Path) -> None:
    root = copy_old_world(tmp_path)
    path = root / "old-world" / "game.yaml"
    # Every mode is playable now: declare one (its content not written yet) to select it.
    edit(path, "          adds: {monsters: 1, monster_tokens: 1}\n", "          status: declared\n")
    shutil.rmtree(root / "old-world" / "packs" / PACK / "troll")
    assert errors(findings_of(root, selection("troll"))) == [("OW-PACK-DECLARED", line_of(path, "- id: troll"))]


def test_a_mode_needs_the_modes_it_requires(tmp_path: Path) -> None:
    root = copy_old_world(tmp_path)
    path = root / "old-world" / "game.yaml"
    edit(path, "          name: Troll Monster\n", "          name: Troll Monster\n          requires: [manticore]\n")
    assert errors(findings_of(root, selection("troll"))) == [("OW-PACK-REQUIRES", line_of(path, "- id: troll"))]
    assert errors(findings_of(root, selection("troll", "manticore"))) == []


@pytest.mark.parametrize(
    ("old", "new", "shown", "occurrence"),
    [
        ("          name: Troll Monster\n", "          name: Troll Monster\n          requires: [trol]\n", "requires: [trol]", 1),
        ("          name: Troll Monster\n", "          name: Troll Monster\n          requires: [troll]\n", "requires: [troll]", 1),
        ("adds: {monsters: 1, monster_tokens: 1}", "adds: {monster: 1, monster_tokens: 1}", "adds: {monster: 1", 1),
        ("        - id: bombs\n", "        - id: troll\n", "- id: troll", 2),
    ],
)
def test_a_mode_declaration_that_breaks_a_rule(tmp_path: Path, old: str, new: str, shown: str, occurrence: int) -> None:
    root = copy_old_world(tmp_path)
    path = root / "old-world" / "game.yaml"
    edit(path, old, new)
    found = errors(findings_of(root, ()))
    assert any(line == line_of(path, shown, occurrence) and code in ("OW-PACK-REF", "OW-PACK-ID") for code, line in found), found


def test_content_outside_a_mode_folder_is_reported_at_its_file(tmp_path: Path) -> None:
    root = copy_old_world(tmp_path)
    folder = root / "old-world" / "packs" / PACK
    (folder / "troll").rename(folder / "trolls")
    [unknown] = [f for f in findings_of(root, ()) if f.code == "OW-PACK-UNKNOWN"]
    # The folder's first file (sorted: guide.yaml, the mode's rules text) carries the finding.
    assert unknown.file.endswith("packs/monster-trail/trolls/guide.yaml") and "troll" in unknown.hint


def test_content_of_a_declared_mode_is_reported_at_its_file(tmp_path: Path) -> None:
    root = copy_old_world(tmp_path)
    edit(root / "old-world" / "game.yaml", "          # Its Monster card and token", "          status: declared\n"
         "          # Its Monster card and token")
    edit(root / "old-world" / "game.yaml", "          adds: {monsters: 1, monster_tokens: 1}\n", "")
    [status] = [f for f in findings_of(root, ()) if f.code == "OW-PACK-STATUS"]
    assert status.file.endswith("packs/monster-trail/troll/guide.yaml") and "troll" in status.message


def test_a_mode_whose_count_differs(tmp_path: Path) -> None:
    root = copy_old_world(tmp_path)
    path = root / "old-world" / "game.yaml"
    edit(path, "adds: {schools: 1, starting_cards: 10, witcher_trophies: 4}\n        - id: mutagens",
         "adds: {schools: 1, starting_cards: 10, witcher_trophies: 3}\n        - id: mutagens")
    assert errors(findings_of(root, selection("manticore"))) == [("OW-COUNT", line_of(path, "witcher_trophies: 3}"))]


def test_a_potion_cost_names_every_specialty_level(tmp_path: Path) -> None:
    root = copy_old_world(tmp_path)
    path = root / "old-world" / "packs" / PACK / "manticore" / "manticore.yaml"
    edit(path, "potions: [2, 1, 1, 1, 1]", "potions: [2, 1]")
    db, findings = SPEC.load(root, selection("manticore"))
    assert any(f.line == line_of(path, "potions: [2, 1]") for f in findings if f.severity is Severity.ERROR), findings


def test_the_manticore_home_must_be_a_site_that_names_its_school(tmp_path: Path) -> None:
    """§9.2, rule 18: the Manticore witcher's own school location is location 0, whose action names it."""
    root = copy_old_world(tmp_path)
    edit(root / "old-world" / "map.yaml", "action: {type: special, school: manticore}", "action: {type: special}")
    path = root / "old-world" / "packs" / PACK / "manticore" / "manticore.yaml"
    db, findings = SPEC.load(root, selection("manticore"))
    found = [(f.code, f.line) for f in SPEC.checks(db, False)]
    assert ("OW-SCHOOL-HOME", line_of(path, "home: loc-muinne")) in found


@pytest.mark.parametrize(
    ("file", "old", "new", "code", "shown"),
    [
        # Rule 21 / §9.3: a Mutagen's ability is a fight ability used once per fight.
        ("mutagens/mutagens.yaml", "{timing: fight-turn, limit: once-per-fight, effects: [{type: deal-damage, amount: 1}]}",
         "{timing: fight-turn, effects: [{type: deal-damage, amount: 1}]}", "OW-MUTAGEN-ABILITY",
         "{timing: fight-turn, effects: [{type: deal-damage, amount: 1}]}"),
        ("mutagens/mutagens.yaml", "{timing: fight-start, limit: once-per-fight, effects: [{type: raise-shield, amount: 1}]}",
         "{timing: phase-1, limit: once-per-fight, effects: [{type: raise-shield, amount: 1}]}", "OW-MUTAGEN-ABILITY",
         "{timing: phase-1"),
        # §9.2: Potion Tolerance discards 2 potions at level 1, then 1.
        ("manticore/manticore.yaml", "potions: [2, 1, 1, 1, 1]", "potions: [1, 1, 1, 1, 1]", "OW-SPECIALTY-COST",
         "potions: [1, 1, 1, 1, 1]"),
    ],
)
def test_mode_content_that_breaks_a_rule(tmp_path: Path, file: str, old: str, new: str, code: str, shown: str) -> None:
    root = copy_old_world(tmp_path)
    path = root / "old-world" / "packs" / PACK / file
    edit(path, old, new)
    db, findings = SPEC.load(root, selection(file.split("/")[0]))
    assert (code, line_of(path, shown)) in [(f.code, f.line) for f in findings + SPEC.checks(db, False)]


def test_the_mutagen_mode_adds_fifteen_mutagens() -> None:
    db, findings = SPEC.load(CONTENT, selection("mutagens"))
    assert findings == [] and len(OldWorldContent(db).mutagens) == 15
    assert OldWorldContent(SPEC.load(CONTENT, selection("troll"))[0]).mutagens == []


def test_the_board_prints_location_0_as_the_manticore_school_with_its_mode() -> None:
    """§9.2: location 0 is the Manticore's school; its player board prints Potion Tolerance's potion cost."""
    def boards(*modes: str) -> Any:
        db, _ = SPEC.load(CONTENT, selection(*modes) if modes else ())
        assert SPEC.printing is not None and SPEC.printing.boards is not None
        return SPEC.printing.boards(db, SPEC.localizer(db, "en"))

    base = boards()
    assert base.board is not None
    [zero] = [loc for loc in base.board.locations if loc.number == 0]
    assert zero.site is None
    with_mode = boards("manticore")
    assert with_mode.board is not None
    [zero] = [loc for loc in with_mode.board.locations if loc.number == 0]
    assert zero.site is not None and zero.site.name == "School of the Manticore"
    [manticore] = [b for b in with_mode.player_boards if b.id == "player-board-manticore"]
    [specialty] = [area for area in manticore.areas if area.id == "specialty"]
    assert "Discard 2 Potions" in specialty.spots[0].text and "Discard 1 Potion" in specialty.spots[1].text
