"""The story graph's advice (reference §16.4 W1, W2, W4): each is a warning at the line that departs from it."""

from __future__ import annotations

import shutil
from pathlib import Path

from pipeline.findings import Finding, Severity
from pipeline.games import find_game
from tests.conftest import CONTENT, Mutate, line_of

from .test_story_graph import GAME, TINY

STORY = "stories/kestrel-watch.yaml"


def advice(findings: list[Finding], code: str) -> list[tuple[str, Severity, int]]:
    return [(f.file.rsplit("/", 1)[-1], f.severity, f.line) for f in findings if f.code == code]


def test_a_story_smaller_than_the_base_game_shape(tmp_path: Path) -> None:
    # W1: the tiny story has one spread per chapter and two epilogues, the base game 1/2/4 and 8.
    root = tmp_path / "content"
    shutil.copytree(CONTENT / GAME, root / GAME, ignore=shutil.ignore_patterns("stories"))
    path = root / GAME / "stories" / "tiny.yaml"
    path.parent.mkdir()
    path.write_text(TINY, encoding="utf-8")
    ruleset = find_game(GAME)
    db, findings = ruleset.load(root)
    found = advice(findings + ruleset.checks(db), "POD-STORY-PROFILE")
    assert found == [("tiny.yaml", Severity.WARNING, line_of(path, "id: tiny"))]


def test_a_spread_whose_right_card_comes_first(mutated_example: Mutate) -> None:
    # W2: the left card of spread ch2-ford becomes 5 and the right card 4.
    mutated_example(STORY, "    - number: 4\n", "    - number: 0\n", game=GAME)
    mutated_example(STORY, "    - number: 5\n", "    - number: 4\n", game=GAME)
    path, findings = mutated_example(STORY, "    - number: 0\n", "    - number: 5\n", game=GAME)
    right = line_of(path, "    - number: 4")
    assert advice(findings, "POD-STORY-ORDER") == [("kestrel-watch.yaml", Severity.WARNING, right)]
    assert [f for f in findings if f.severity is Severity.ERROR] == []


def test_a_spread_that_repeats_the_pair_before_it(mutated_example: Mutate) -> None:
    # W4: spread ch3-fog shows diplomacy left and magic right, as spread ch2-ford before it does.
    fog = "spread: ch3-fog\n      side: "
    mutated_example(STORY, fog + "left\n      symbol: magic\n", fog + "left\n      symbol: diplomacy\n", game=GAME)
    mutated_example(STORY, fog + "right\n      symbol: diplomacy\n", fog + "right\n      symbol: magic\n", game=GAME)
    path, findings = mutated_example(STORY, "preview: {left: magic, right: diplomacy}", "preview: {left: diplomacy, right: magic}",
                                     game=GAME)
    assert advice(findings, "POD-STORY-VARIETY") == [("kestrel-watch.yaml", Severity.WARNING, line_of(path, "next: 10"))]
    assert [f for f in findings if f.severity is Severity.ERROR] == []


def test_a_spread_whose_two_cards_lead_to_one_card(mutated_example: Mutate) -> None:
    # E11: card 5, the right card of spread ch2-ford, leads where its left card 4 leads.
    path, findings = mutated_example(STORY, "      next: 10\n", "      next: 8  # merged\n", game=GAME)
    merges = advice(findings, "POD-STORY-MERGE")
    assert merges == [("kestrel-watch.yaml", Severity.WARNING, line_of(path, "# merged"))]
