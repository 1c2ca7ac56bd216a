"""Packs (expansion sheet §2, §19 rules 30-31): the manifest's declarations, the selected combination, and
what a selection shows of the content. Each check has a manifest that breaks it, at the line that does."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from pipeline.findings import Finding, Severity
from pipeline.games.old_world.content import OldWorldContent
from pipeline.games.old_world.engine import Tables, new_game
from pipeline.games.old_world.engine.locations import location_options
from pipeline.games.old_world.spec import SPEC
from tests.conftest import line_of

CONTENT = Path(__file__).resolve().parents[3] / "content"
ALL_PACKS = ["base", "lost-mount", "adventure-pack", "ciri", "monster-pack", "legendary-hunt", "mages", "monster-trail",
             "skellige", "wild-hunt"]

Load = Callable[..., tuple[Path, list[Finding]]]


@pytest.fixture
def load(tmp_path: Path) -> Load:
    """The shipped Old World content with game.yaml changed (old -> new), loaded with `packs`: the findings of
    loading and of `validate`'s checks."""

    def run(old: str = "", new: str = "", packs: tuple[str, ...] = ()) -> tuple[Path, list[Finding]]:
        root = tmp_path / "content"
        if not root.exists():
            shutil.copytree(CONTENT / "old-world", root / "old-world")
        path = root / "old-world" / "game.yaml"
        if old:
            text = path.read_text(encoding="utf-8")
            assert old in text, old
            path.write_text(text.replace(old, new, 1), encoding="utf-8")
        db, findings = SPEC.load(root, packs)
        return path, findings + SPEC.checks(db, True)

    return run


def errors(findings: list[Finding], prefix: str = "OW-PACK") -> list[tuple[str, int]]:
    return [(f.code, f.line) for f in findings if f.code.startswith(prefix) and f.severity is Severity.ERROR]


def test_the_manifest_declares_all_nine_expansions_after_the_base() -> None:
    db, findings = SPEC.load(CONTENT)
    assert findings == []
    assert SPEC.info(db).packs == ALL_PACKS


def test_the_shipped_packs_are_sound(load: Load) -> None:
    assert errors(load()[1]) == []
    for pack in ("lost-mount", "ciri", "monster-pack", "mages"):
        assert errors(load(packs=(pack,))[1], "OW-") == []


def test_without_packs_the_database_shows_the_base_only(load: Load) -> None:
    root = CONTENT
    base_db, _ = SPEC.load(root)
    mount_db, _ = SPEC.load(root, ("lost-mount",))
    assert OldWorldContent(base_db).lost_mount_cards == []
    assert [c.id for c in OldWorldContent(mount_db).lost_mount_cards] == ["lost-mount"]
    # Every pack's entities are loaded either way: references, texts and catalogs cover them.
    assert "lost-mount" in base_db.collections["lost-mount-cards"]
    assert SPEC.info(base_db).counts == {k: v for k, v in SPEC.info(mount_db).counts.items() if k != "lost_mount_cards"}
    assert SPEC.info(mount_db).counts["lost_mount_cards"] == 1
    # What the simulation counts as content to cover (SIM-UNUSED) is what the selection shows.
    assert "koshchey" in base_db.collections["monsters"] and "koshchey" not in base_db.shown_keys("monsters")
    assert "koshchey" in SPEC.load(root, ("monster-pack",))[0].shown_keys("monsters")


def test_lost_mount_with_wild_hunt_names_both_packs_and_the_rule(load: Load) -> None:
    path, findings = load(packs=("lost-mount", "wild-hunt"))
    [incompatible] = [f for f in findings if f.code == "OW-PACK-INCOMPATIBLE"]
    assert "lost-mount" in incompatible.message and "wild-hunt" in incompatible.message and "rule 30" in incompatible.message
    assert incompatible.line == line_of(path, "- id: lost-mount")


def test_a_pack_needs_the_packs_it_requires(load: Load) -> None:
    path, findings = load("      rules: [lost-mount]\n", "      rules: [lost-mount]\n      requires: [ciri]\n", packs=("lost-mount",))
    assert errors(findings) == [("OW-PACK-REQUIRES", line_of(path, "- id: lost-mount"))]


def test_the_lost_mount_rule_is_on_only_when_its_pack_switches_it_on(load: Load, tmp_path: Path) -> None:
    load("      rules: [lost-mount]\n", "")
    db, _ = SPEC.load(tmp_path / "content", ("lost-mount",))
    assert OldWorldContent(db).lost_mount_cards and Tables.from_content(OldWorldContent(db)).lost_mount is None
    db, _ = SPEC.load(CONTENT, ("lost-mount",))
    assert Tables.from_content(OldWorldContent(db)).lost_mount is not None


def test_a_declared_pack_cannot_be_selected(load: Load) -> None:
    path, _ = load("      symbol: WH\n", "      symbol: WH\n      status: declared\n")  # every shipped pack is playable
    shutil.rmtree(path.parent / "packs" / "wild-hunt")
    path, findings = load(packs=("wild-hunt",))
    assert errors(findings) == [("OW-PACK-DECLARED", line_of(path, "- id: wild-hunt"))]


@pytest.mark.parametrize(
    ("old", "new", "code", "shown"),
    [
        # Rule 30: Lost Mount never with Wild Hunt (Wild Hunt's own lists also rule it out: they let it in first).
        ("      rules: [lost-mount]\n      incompatible_with: [wild-hunt]\n", "      rules: [lost-mount]\n",
         "OW-PACK-RULE-30", "- id: lost-mount"),
        # Rule 30: Wild Hunt only with Mages, Monster Trail and Skellige.
        ("      combines_only_with: [mages, monster-trail, skellige]\n      incompatible_with: [lost-mount, adventure-pack]\n",
         "      combines_only_with: [mages, monster-trail, skellige, ciri]\n      incompatible_with: [lost-mount, adventure-pack]\n",
         "OW-PACK-RULE-30", "- id: wild-hunt"),
        # Rule 30: Ciri never makes a sixth player.
        ("      # A new character never makes a sixth player (rule 30).\n      player_min: 1\n      player_max: 5\n",
         "      player_min: 1\n      player_max: 6  # six\n", "OW-PACK-RULE-30", "player_max: 6  # six"),
        # Rule 31: each Monster Pack monster tied to its partner.
        ("partners: {kayran: legendary-hunt, koshchey: mages, siren: skellige}",
         "partners: {kayran: legendary-hunt, koshchey: mages, siren: mages}", "OW-PACK-RULE-31", "partners: {kayran"),
        ("print: [lost-mount-tokens]}\n      adds: {lost_mount_cards: 1}",
         "print: [lost-mount-tokens]}\n      adds: {lost_mount_card: 1}", "OW-PACK-REF", "adds: {lost_mount_card"),
        ("      incompatible_with: [wild-hunt]\n    - id: ciri", "      incompatible_with: [wild-hunnt]\n    - id: ciri",
         "OW-PACK-REF", "[wild-hunnt]"),
        ("    - id: skellige\n", "    - id: lost-mount\n", "OW-PACK-ID", "    - id: lost-mount"),
        ("    - id: base\n", "    - id: core\n", "OW-PACK-BASE", "    - id: core"),
        # Rule 23: an expansion's events follow the base deck's 1-56.
        ("event_numbers: [57, ", "event_numbers: [50, ", "OW-PACK-EVENTS", "event_numbers: [50, "),
        # The matrix contradicts itself: Mages lists Wild Hunt as a partner, Wild Hunt rules Mages out.
        ("incompatible_with: [lost-mount, adventure-pack]", "incompatible_with: [lost-mount, adventure-pack, mages]",
         "OW-PACK-MATRIX", "adventure-pack, mages]"),
    ],
)
def test_a_manifest_that_breaks_a_pack_rule(load: Load, old: str, new: str, code: str, shown: str) -> None:
    if code == "OW-PACK-RULE-30" and "lost-mount" in shown:
        load("combines_only_with: [mages, monster-trail, skellige]\n      incompatible_with: [lost-mount, adventure-pack]",
             "combines_only_with: [mages, monster-trail, skellige, lost-mount]\n      incompatible_with: [adventure-pack]")
    path, findings = load(old, new)
    occurrence = 2 if code == "OW-PACK-ID" else 1
    assert (code, line_of(path, shown, occurrence)) in errors(findings)


def test_a_pack_folder_the_manifest_does_not_declare(tmp_path: Path) -> None:
    root = tmp_path / "content"
    shutil.copytree(CONTENT / "old-world", root / "old-world")
    (root / "old-world" / "packs" / "lost-mount").rename(root / "old-world" / "packs" / "lost-mnt")
    db, findings = SPEC.load(root)
    [unknown] = [f for f in SPEC.checks(db, True) if f.code == "OW-PACK-UNKNOWN"]
    assert "packs/lost-mnt/" in unknown.file and "lost-mount" in unknown.hint  # at the folder's first file


def test_a_selected_pack_whose_count_differs(load: Load) -> None:
    path, findings = load("adds: {lost_mount_cards: 1}", "adds: {lost_mount_cards: 2}", packs=("lost-mount",))
    assert [(f.code, f.line) for f in findings if f.code == "OW-COUNT"] == [("OW-COUNT", line_of(path, "  packs:"))]


def pack_findings(tmp_path: Path, pack: str, file: str, old: str, new: str, structure_only: bool = False) -> tuple[Path, list[Finding]]:
    """The shipped content with one pack file changed, loaded with that pack selected, and its checks."""
    root = tmp_path / "content"
    shutil.copytree(CONTENT / "old-world", root / "old-world")
    path = root / "old-world" / "packs" / pack / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    db, findings = SPEC.load(root, (pack,))
    return path, findings + SPEC.checks(db, structure_only)


@pytest.mark.parametrize(
    ("old", "new", "code", "shown"),
    [
        ("results: [4, 5], draw: 1", "results: [4, 5], draw: 2", "OW-LOST-MOUNT-FACT", "    rolls:"),
        ("results: [6, 6]", "results: [5, 6]", "OW-LOST-MOUNT-ROLLS", "results: [5, 6]"),
        ("results: [6, 6]", "results: [5, 5]", "OW-LOST-MOUNT-ROLLS", "results: [5, 5]"),
        ("placement_choices: 2", "placement_choices: 3", "OW-LOST-MOUNT-FACT", "placement_choices: 3"),
    ],
)
def test_a_lost_mount_card_that_breaks_the_rulebook(tmp_path: Path, old: str, new: str, code: str, shown: str) -> None:
    path, findings = pack_findings(tmp_path, "lost-mount", "lost-mount.yaml", old, new)
    assert (code, line_of(path, shown)) in [(f.code, f.line) for f in findings]


def test_the_shipped_lost_mount_card_holds_the_rulebook() -> None:
    db, findings = SPEC.load(CONTENT, ("lost-mount",))
    assert [f for f in findings + SPEC.checks(db, False) if f.code.startswith("OW-LOST-MOUNT")] == []


def test_the_monster_pack_adds_koshchey_to_the_level_3_pile() -> None:
    db, findings = SPEC.load(CONTENT, ("monster-pack",))
    assert findings == []
    state = new_game(Tables.from_content(OldWorldContent(db)), 2, 1)
    on_board = [monster for slot in state.slots.values() if slot for _, monster in [slot]]
    assert "koshchey" in state.monster_stacks[3] + on_board
    base, _ = SPEC.load(CONTENT)
    assert "koshchey" not in Tables.from_content(OldWorldContent(base)).monsters


@pytest.mark.parametrize(
    ("old", "new", "shown"),
    [("    home: kaer-morhen\n", "    home: ban-ard\n", "home: ban-ard"),
     ("shares_school: wolf", "shares_school: ciri", "shares_school: ciri")],
)
def test_ciri_starts_at_the_wolf_school_she_shares(tmp_path: Path, old: str, new: str, shown: str) -> None:
    path, findings = pack_findings(tmp_path, "ciri", "ciri.yaml", old, new, structure_only=True)
    assert [(f.code, f.line) for f in findings if f.code == "OW-SCHOOL-SHARE"] == [("OW-SCHOOL-SHARE", line_of(path, shown))]


def test_ciri_trains_her_specialty_at_the_wolf_school_and_plays_beside_a_wolf() -> None:
    db, findings = SPEC.load(CONTENT, ("ciri",))
    assert findings == []
    state = new_game(Tables.from_content(OldWorldContent(db)), 2, 1, {"schools": ["wolf", "ciri"]})
    wolf, ciri = state.players
    assert ciri.location == wolf.location == "kaer-morhen"
    ciri.moved_into.add("kaer-morhen")
    ciri.gold = 10
    assert "Train('specialty')" in {str(a) for a in location_options(state, ciri)}


@pytest.mark.parametrize(
    ("file", "old", "new", "code", "shown"),
    [
        # Rule 19: a Mage card's colour is its branch (blue = Water).
        ("mage-cards.yaml", "    branch: water\n", "    branch: fire\n", "OW-MAGE-BRANCH", "branch: fire"),
        # Rule 19: a boost costs at least 1 Energy.
        ("mage-cards.yaml", "boost: {energy: 1, damage: 1}", "boost: {energy: 0, damage: 1}", "OW-MAGE-BOOST", "energy: 0"),
        # Rule 19: Specialty names are unique.
        ("mages.yaml", "name: Levitation", "name: Thunder", "OW-SPECIALTY-NAME", "name: Thunder"),
        # Rule 19: five Mages.
        ("mages.yaml", "    character: mage\n    specialty:\n      name: Polymorph",
         "    character: witcher\n    home: kaer-morhen\n    specialty:\n      name: Polymorph", "OW-MAGE-COUNT", "- id: alzur"),
        # §8.1: a Mage's starting deck holds Mage cards (a spell branch).
        ("starting-mages.yaml", "    school: alzur\n    color: blue\n    branch: water\n", "    school: alzur\n    color: blue\n",
         "OW-MAGE-DECK", "school: alzur"),
    ],
)
def test_mages_content_that_breaks_a_rule(tmp_path: Path, file: str, old: str, new: str, code: str, shown: str) -> None:
    path, findings = pack_findings(tmp_path, "mages", file, old, new)
    occurrence = 2 if code == "OW-SPECIALTY-NAME" else 1  # the second Thunder is the duplicate
    assert (code, line_of(path, shown, occurrence)) in [(f.code, f.line) for f in findings]


def test_a_mage_with_a_home_is_refused_at_its_line(tmp_path: Path) -> None:
    """§8.3, rule 18: a Mage has no school of their own; they claim one no witcher uses at setup."""
    path, findings = pack_findings(tmp_path, "mages", "mages.yaml", "    character: mage\n", "    character: mage\n    home: ban-ard\n",
                                   structure_only=True)
    assert [f.line for f in findings if f.severity is Severity.ERROR] == [line_of(path, "- id: alzur")]
    assert "a Mage has no home" in findings[0].message


def test_the_shipped_mages_hold_the_rules() -> None:
    db, findings = SPEC.load(CONTENT, ("mages",))
    assert [f for f in findings + SPEC.checks(db, False) if f.code.startswith("OW-MAGE") or f.code == "OW-SPECIALTY-NAME"] == []
