"""The story-deck checks on a small hand-made story (9 cards, branches that merge), one mistake at a time."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pipeline.findings import Finding, Severity
from pipeline.games import find_game
from tests.conftest import CONTENT, line_of

GAME = "path-of-destiny"

# intro 1 → spread 2/3 (chapter 1) → both to spread 4/5 (chapter 2) → both to spread 6/7 (chapter 3)
# → epilogues 8 and 9. Each card's lines are unique, so one replacement breaks one thing.
TINY = """\
# yaml-language-server: $schema=../../schema/path-of-destiny/story.schema.json
kind: story
story:
  id: tiny
  title: Tiny
  difficulty: 1
  start_order: [letho, triss, ciri, yennefer, geralt, regis, dijkstra, yarpen, dandelion, vesemir]
  overview: "A short story."
  cards:
    - {number: 1, kind: intro, text: "Intro.", next: 2}
    - {number: 2, kind: path, chapter: 1, spread: a, side: left, symbol: combat, text: "Two.", next: 4,
       preview: {left: magic, right: diplomacy}}
    - {number: 3, kind: path, chapter: 1, spread: a, side: right, symbol: magic, text: "Three.", next: 5,
       preview: {left: magic, right: diplomacy}}
    - {number: 4, kind: path, chapter: 2, spread: b, side: left, symbol: magic, text: "Four.", next: 6,
       preview: {left: combat, right: exploration}, path_markers: {left: [{type: gain-vp, amount: 1}], right: [{type: gain-xp, amount: 1}]}}
    - {number: 5, kind: path, chapter: 2, spread: b, side: right, symbol: diplomacy, text: "Five.", next: 7,
       preview: {left: combat, right: exploration}, path_markers: {left: [{type: gain-vp, amount: 2}], right: [{type: gain-xp, amount: 2}]}}
    - {number: 6, kind: path, chapter: 3, spread: c, side: left, symbol: combat, text: "Six.", next: 8,
       path_markers: {left: [{type: gain-vp, amount: 3}], right: [{type: gain-xp, amount: 3}]}}
    - {number: 7, kind: path, chapter: 3, spread: c, side: right, symbol: exploration, text: "Seven.", next: 9,
       path_markers: {left: [{type: gain-vp, amount: 4}], right: [{type: gain-xp, amount: 4}]}}
    - {number: 8, kind: epilogue, text: "Eight.", path_markers: {left: [{type: gain-vp, amount: 5}], right: [{type: gain-xp, amount: 5}]}}
    - {number: 9, kind: epilogue, text: "Nine.", path_markers: {left: [{type: gain-vp, amount: 6}], right: [{type: gain-xp, amount: 6}]}}
"""


def story_findings(tmp_path: Path, old: str = "", new: str = "", extra: str = "") -> tuple[Path, list[Finding]]:
    """Check the shipped content with its stories replaced by TINY (changed once, plus extra lines)."""
    root = tmp_path / "content"
    shutil.copytree(CONTENT / GAME, root / GAME, ignore=shutil.ignore_patterns("stories"))
    path = root / GAME / "stories" / "tiny.yaml"
    path.parent.mkdir()
    assert old in TINY
    path.write_text(TINY.replace(old, new, 1) + extra, encoding="utf-8")
    ruleset = find_game(GAME)
    db, findings = ruleset.load(root)
    findings += ruleset.checks(db)
    # The tiny story is deliberately smaller than the base game's shape (POD-STORY-PROFILE: test_story_profile.py).
    shown = [f for f in findings if f.code != "POD-STORY-PROFILE"]
    return path, [f for f in shown if f.code.startswith("POD-STORY") or f.code.startswith("SCHEMA")]


def test_the_tiny_story_is_sound(tmp_path: Path) -> None:
    assert story_findings(tmp_path)[1] == []


# (text to replace, replacement, expected code, text on the expected line)
BROKEN = [
    ('text: "Two.", next: 4', 'text: "Two.", next: 12', "POD-STORY-REF", "next: 12"),
    ('text: "Three.", next: 5', 'text: "Three.", next: 6', "POD-STORY-STAGES", '"Six."'),
    ('"Six.", next: 8', '"Six.", next: 2', "POD-STORY-CYCLE", '"Six.", next: 2'),
    ('"Seven.", next: 9', '"Seven.", next: 8', "POD-STORY-UNREACHABLE", '"Nine."'),
    ("{number: 9,", "{number: 10,", "POD-STORY-GAP", '"Intro."'),
    ("{number: 9,", "{number: 8,", "POD-STORY-DUPLICATE", '"Nine."'),
    (
        '"Two.", next: 4,\n       preview: {left: magic, right: diplomacy}',
        '"Two.", next: 4,\n       preview: {left: diplomacy, right: magic}',
        "POD-STORY-PREVIEW",
        '"Two."',
    ),
    ('kind: epilogue, text: "Eight."', 'kind: epilogue, next: 9, text: "Eight."', "POD-STORY-CARD", '"Eight."'),
    ('"Six.", next: 8,', '"Six.", next: 8, preview: {left: magic, right: combat},', "POD-STORY-CARD", '"Six."'),
    ("{number: 1, kind: intro", "{number: 1, kind: ending", "POD-STORY-INTRO", "cards:"),
    ("side: right, symbol: magic", "side: right, symbol: combat", "POD-STORY-SPREAD", '"Two."'),
    ("spread: b, side: right", "spread: b, side: left", "POD-STORY-SPREAD", '"Four."'),
    ("{number: 7, kind: path, chapter: 3", "{number: 7, kind: path, chapter: 4", "POD-STORY-CARD", '"Seven."'),
]


@pytest.mark.parametrize(("old", "new", "code", "marker"), BROKEN, ids=[b[2] + ":" + b[0][:20] for b in BROKEN])
def test_a_broken_story_yields_its_finding_at_its_line(tmp_path: Path, old: str, new: str, code: str, marker: str) -> None:
    path, findings = story_findings(tmp_path, old, new)
    matching = [f for f in findings if f.code == code]
    assert matching, [f.as_text() for f in findings]
    assert line_of(path, marker) in {f.line for f in matching}, [f.as_text() for f in matching]


def test_a_chapter_1_branch_straight_to_an_epilogue(tmp_path: Path) -> None:
    _, findings = story_findings(
        tmp_path, '"Three.", next: 5,\n       preview: {left: magic, right: diplomacy}', '"Three.", next: 9,'
    )
    codes = {f.code for f in findings}
    assert "POD-STORY-STAGES" in codes and "POD-STORY-CARD" in codes


def test_a_post_chapter_card_without_path_marker_rewards_is_a_warning(tmp_path: Path) -> None:
    old = ", path_markers: {left: [{type: gain-vp, amount: 1}], right: [{type: gain-xp, amount: 1}]}}"
    path, findings = story_findings(tmp_path, old, "}")
    assert [(f.code, f.severity, f.line) for f in findings] == [("POD-STORY-REWARDS", Severity.WARNING, line_of(path, '"Four."'))]


def parts(tmp_path: Path, extra: str, old: str = "", new: str = "") -> list[tuple[str, int]]:
    path, findings = story_findings(tmp_path, old, new, extra)
    return [(f.code, f.line) for f in findings if f.code == "POD-STORY-PARTS"]


def test_extra_effort_cards_must_be_spread_evenly_over_the_chapters(tmp_path: Path) -> None:
    extra = """\
  extra_effort_cards:
    - {id: e1, chapter: 1, title: One, sequences: [{colors: [red, blue], rewards: [{type: gain-xp, amount: 1}]}]}
    - {id: e2, chapter: 2, title: Two, sequences: [{colors: [red, blue], rewards: [{type: gain-xp, amount: 1}]}]}
    - {id: e3, chapter: 2, title: Three, sequences: [{colors: [red, blue], rewards: [{type: gain-xp, amount: 1}]}]}
"""
    assert [code for code, _ in parts(tmp_path, extra)] == ["POD-STORY-PARTS"]


def test_alliance_markers_replace_the_extra_xp_marker(tmp_path: Path) -> None:
    extra = """\
  alliance_cards:
    - {id: r, faction: renfri, copies: 2, effect: {type: trade-active}}
    - {id: s, faction: stregobor, copies: 2, effect: {type: gain-xp, amount: 1}}
  alliance_markers:
    - {id: m1, factions: [renfri]}
    - {id: m2, factions: [stregobor]}
    - {id: m3, factions: [renfri, stregobor]}
"""
    assert [code for code, _ in parts(tmp_path, extra)] == ["POD-STORY-PARTS"]
    assert parts(tmp_path / "b", extra, "  overview:", "  uses_extra_xp_marker: false\n  overview:") == []


def test_secret_objective_kinds_must_each_be_revealed_by_two_symbols(tmp_path: Path) -> None:
    def objective(i: int, kind: str) -> str:
        return f"    - {{id: o{i}, kind: {kind}, title: T, text: X, requirement: {{symbol: combat}}, scoring: flat, vp: 2}}\n"

    kinds = ["combat", "magic", "combat-diplomacy-exploration", "magic-diplomacy-exploration"]
    sound = "  secret_objectives:\n" + "".join(objective(i, k) for i, k in enumerate(kinds))
    # The tiny story's chapter-3 symbols are combat and exploration: nothing reveals the magic kind.
    assert messages(tmp_path, sound) == ["no chapter-3 symbol reveals the magic objectives"]
    short = "  secret_objectives:\n" + "".join(objective(i, k) for i, k in enumerate(kinds[:3]))
    found = messages(tmp_path / "b", short)
    assert "every objective kind needs the same number of cards" in found
    assert "a chapter-3 main symbol of magic reveals 1 objective kinds, not 2" in found


def messages(tmp_path: Path, extra: str) -> list[str]:
    _, findings = story_findings(tmp_path, extra=extra)
    return [f.message for f in findings if f.code == "POD-STORY-PARTS"]


NINE = '    - {number: 9, kind: epilogue, text: "Nine.", path_markers: {left: [{type: gain-vp, amount: 6}], right: [{type: gain-xp, amount: 6}]}}\n'


def test_an_ending_chain_is_paid_by_its_first_card_with_path_markers(tmp_path: Path) -> None:
    """7 → ending 9 (no rewards) → epilogue 10 (rewards): the epilogue pays, so no warning."""
    chain = '    - {number: 9, kind: ending, text: "Nine.", next: 10}\n' + NINE.replace("number: 9", "number: 10").replace('"Nine."', '"Ten."')
    _, findings = story_findings(tmp_path, NINE, chain)
    assert findings == [], [f.as_text() for f in findings]


def test_path_markers_after_the_paying_card_of_a_chain_are_never_paid(tmp_path: Path) -> None:
    chain = NINE.replace("kind: epilogue", "kind: ending").replace("}}\n", "}, next: 10}\n")
    chain += NINE.replace("number: 9", "number: 10").replace('"Nine."', '"Ten."')
    path, findings = story_findings(tmp_path, NINE, chain)
    assert [(f.code, f.severity, f.line) for f in findings] == [("POD-STORY-REWARDS", Severity.WARNING, line_of(path, '"Ten."'))]
