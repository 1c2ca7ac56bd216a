"""A declared game's checks find everything in one round, each finding at a file and line: a numbered card's text
names the cards it leads to (`names:`), in every locale; a schema error in one kind's file hides no reference,
numbered-deck or count finding of another kind; a deck without cards is found at its declaration."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.app.check import check, validate
from pipeline.app.new import new_game
from pipeline.findings import Finding
from pipeline.games import find_game
from tests.conftest import line_of


@pytest.fixture
def tale(tmp_path: Path) -> Path:
    """The numbered-deck template: five scenes whose texts say `read card N` for each card their `next` lists."""
    root = tmp_path / "content"
    new_game("tale", "numbered-deck", root)
    return root / "tale"


def _found(folder: Path) -> list[Finding]:
    root = folder.parent
    return validate([find_game(folder.name, root)], root).findings


def _checked(folder: Path) -> list[Finding]:
    """What the game's consistency checks find (`check` without its print and translation checks)."""
    spec = find_game(folder.name, folder.parent)
    db, loaded = spec.load(folder.parent)
    return loaded + spec.checks(db, False)


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_the_template_names_its_targets_in_both_locales_and_validates_clean(tale: Path) -> None:
    assert "names:" in (tale / "game.yaml").read_text(encoding="utf-8")
    assert _found(tale) == []


def test_a_text_naming_another_card_than_its_links_is_numbered_names_at_its_line(tale: Path) -> None:
    scenes = tale / "scenes.yaml"
    _edit(scenes, "A tired guard lets you in for a coin. Read card 4.", "A tired guard lets you in for a coin. Read card 9.")
    found = [(f.code, f.file, f.line) for f in _found(tale)]
    assert found == [("NUMBERED-NAMES", scenes.as_posix(), line_of(scenes, "Read card 9."))]


def test_a_text_naming_none_of_its_links_is_found_at_the_links(tale: Path) -> None:
    scenes = tale / "scenes.yaml"
    _edit(scenes, "unseen. Read card 4.", "unseen.")
    found = _found(tale)
    assert [(f.code, f.line) for f in found] == [("NUMBERED-NAMES", line_of(scenes, "next: [4]", occurrence=2))]
    assert "names no number, but the card leads to 4" in found[0].message


def test_a_translation_naming_another_card_is_numbered_names_at_its_msgstr(tale: Path) -> None:
    catalog = tale / "locales" / "de.po"
    _edit(catalog, "Du gelangst ungesehen über die Mauer. Lies Karte 4.", "Du gelangst ungesehen über die Mauer. Lies Karte 9.")
    found = [(f.code, f.file, f.line) for f in _checked(tale)]
    assert found == [("NUMBERED-NAMES", catalog.as_posix(), line_of(catalog, "Lies Karte 9."))]
    assert _found(tale) == []  # validate reads no catalog


def test_a_names_pattern_without_its_number_is_a_declaration_finding(tale: Path) -> None:
    manifest = tale / "game.yaml"
    _edit(manifest, 'de: "Lies Karte {n}"', 'de: "Lies Karte"')
    assert [(f.code, f.line) for f in _found(tale)] == [("DECLARED-NUMBERED", line_of(manifest, "numbered:"))]


ITEM_KIND = "  kinds:\n    item:\n      fields:\n        power: {type: integer}\n"


def test_a_schema_error_in_another_kinds_file_hides_no_numbered_or_count_finding(tale: Path) -> None:
    """Found in one round: the rejected item file, the scene that leads to a card that does not exist (so card 5 is
    never entered), the scene count the manifest states wrong."""
    manifest, scenes, items = tale / "game.yaml", tale / "scenes.yaml", tale / "items.yaml"
    _edit(manifest, "  kinds:\n", ITEM_KIND)
    _edit(manifest, "count: 5", "count: 6")
    items.write_text("kind: item\nitems:\n  - id: sword\n    power: lots\n", encoding="utf-8")
    _edit(scenes, "next: [5]", "next: [7]")
    _edit(scenes, "full of rumours. Read card 5.", "full of rumours. Read card 7.")
    found = {(f.code, f.file, f.line) for f in _found(tale)}
    assert found == {("SCHEMA", items.as_posix(), 4),
                     ("NUMBERED-REF", scenes.as_posix(), line_of(scenes, "next: [7]")),
                     ("NUMBERED-UNREACHABLE", scenes.as_posix(), line_of(scenes, "number: 5")),
                     ("DECLARED-COUNT", manifest.as_posix(), line_of(manifest, "count: 6"))}


def test_a_schema_error_in_the_decks_own_file_leaves_its_deck_unjudged(tale: Path) -> None:
    """The rejected scene would look missing (a gap) and the cards it leads to unreachable: only SCHEMA is found."""
    scenes = tale / "scenes.yaml"
    _edit(scenes, "number: 3", "number: three")
    assert {f.code for f in _found(tale)} == {"SCHEMA"}


def test_a_deck_without_cards_is_a_gap_at_its_declaration(tale: Path) -> None:
    manifest, scenes = tale / "game.yaml", tale / "scenes.yaml"
    _edit(manifest, "      count: 5\n", "")
    scenes.write_text("kind: scene\nitems: []\n", encoding="utf-8")
    gaps = [(f.file, f.line) for f in _found(tale) if f.code == "NUMBERED-GAP"]
    assert gaps == [(manifest.as_posix(), line_of(manifest, "numbered:"))]


def test_a_template_extending_a_name_both_layouts_have_is_one_finding_not_a_flood_of_bindings(tmp_path: Path) -> None:
    """A game whose kind is `card` has its own `card`; its `hero` template writes `extends: card`, meaning the shared
    one. Said at that line with both names to write, and the kind's cards say their template has errors."""
    root = tmp_path / "content"
    new_game("my-game", "cards", root)
    folder = root / "my-game"
    _edit(folder / "game.yaml", "  kinds:\n", "  kinds:\n    hero:\n      print: cards\n      fields:\n        title: {type: text}\n")
    (folder / "heroes.yaml").write_text("kind: hero\nitems:\n  - id: ranger\n    title: Ranger\n", encoding="utf-8")
    layout = folder / "layouts" / "cards.yaml"
    layout.write_text(layout.read_text(encoding="utf-8") + "  hero:\n    extends: card\n    boxes: {}\n", encoding="utf-8")
    report = check([find_game("my-game", root)], root, ["en"], cache_dir=tmp_path / "cache")
    found = [(f.code, f.file, f.line) for f in report.findings if f.code.startswith("LAYOUT")]
    assert found == [("LAYOUT-EXTENDS-AMBIGUOUS", layout.as_posix(), line_of(layout, "  hero:") + 1),
                     ("LAYOUT-MISSING", (folder / "heroes.yaml").as_posix(), 3)]
    assert "has errors" in next(f for f in report.findings if f.code == "LAYOUT-MISSING").message
    layout.write_text(layout.read_text(encoding="utf-8").replace("  hero:\n    extends: card\n",
                                                                 "  hero:\n    extends: shared:card\n"), encoding="utf-8")
    report = check([find_game("my-game", root)], root, ["en"], cache_dir=tmp_path / "cache")
    assert [f for f in report.findings if f.code.startswith("LAYOUT")] == []
