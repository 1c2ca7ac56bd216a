"""Each Adventure Game finding, from one mistake in the small example tree (tests/fixtures/adventure-game/):
its code, at the line where the mistake is written, and nothing else."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import pipeline
from pipeline.findings import Severity
from tests.conftest import CONTENT, FIXTURES, Mutate, line_of

GAME = "adventure-game"

# (file, text to replace, replacement, expected code, text on the expected line)
MISTAKES = [
    ("game.yaml", "glossary_entries: 3", "glossary_entries: 4", "AG-COUNT", "glossary_entries: 4"),
    ("rules/regions.yaml", "adjacent: [gray, purple]}", "adjacent: [gray]}", "AG-MAP", "id: purple"),
    ("rules/tokens.yaml", "    color: red\n", "    color: silver\n", "AG-TOKEN", "color: silver"),
    ("rules/dice.yaml", "group: battle, count: 3", "group: battle, hero: geralt, count: 3", "AG-DICE", "name: Battle Die"),
    ("rules/actions.yaml", "hero: geralt\n    woundable: true", "hero: geralt\n    woundable: false  # brew", "AG-FACT", "# brew"),
    ("rules/actions.yaml", "    name: Travel\n", "    name: Travel\n    hero: geralt  # travel\n", "AG-HERO", "# travel"),
    ("rules/quests.yaml", "own location.\"}\n",
     "own location.\"}\n  - {id: bonus, name: Bonus Quest, per_card_min: 2, per_card_max: 1, at_location: false, summary: \"Done anywhere.\"}\n",
     "AG-QUEST", "id: bonus"),
    ("game.yaml", "actions_per_turn: 2", "actions_per_turn: 3", "AG-FACT", "actions_per_turn: 3"),
    ("rules/heroes.yaml", "companion_cards: 4", "companion_cards: 3", "AG-FACT", "companion_cards: 3"),
    ("rules/routes.yaml", "sea: true, gold_cost: 2", "sea: true, gold_cost: 1", "AG-FACT", "gold_cost: 1"),
    ("game.yaml", "{quest_cards_to_end: epic_quest_cards_to_end}", "{quest_cards_to_end: epic_cards}", "AG-RULE-REF",
     "epic_cards"),
    ("game.yaml", "    actions_per_turn: 2\n", "    actions_per_turn: 2\n    armor_spaces: 2  # a fact\n", "AG-DUPLICATE-ID",
     "# a fact"),
    ("glossary/turn.yaml", "up to {actions_per_turn} actions", "up to {actions_per_round} actions", "AG-GUIDE-PLACEHOLDER",
     "actions_per_round"),
    ("glossary/turn.yaml", "{location:novigrad}", "{location:novigrod}", "AG-GUIDE-REF", "novigrod"),
    ("glossary/turn.yaml", "{action:travel} action", "{move:travel} action", "AG-GUIDE-REF", "{move:travel}"),
    ("glossary/turn.yaml", "{route_gold_cost:novigrad-duen-canell}", "{route_cost:novigrad-duen-canell}", "AG-GUIDE-REF",
     "route_cost"),
    ("glossary/turn.yaml", "{route_gold_cost:novigrad-duen-canell}", "{route:novigrad-duen-canell}", "AG-GUIDE-REF",
     "{route:novigrad-duen-canell}"),
    ("rules/actions.yaml", "every faceup {trait:potion} card", "every faceup {trait:potions} card", "AG-GUIDE-REF",
     "{trait:potions}"),
    ("glossary/turn.yaml", "(see [[dice]])", "(see [[die]])", "AG-GUIDE-LINK", "[[die]]"),
    ("glossary/turn.yaml", "related: [actions, battles]", "related: [actions, battle]", "AG-GUIDE-LINK", "battle]"),
    ("glossary/turn.yaml", "related: [actions, battles]", "related: [actions, actions]", "AG-GUIDE-DUPLICATE",
     "related: [actions, actions]"),
    ("glossary/turn.yaml", "up to {actions_per_turn} actions", "up to 2 actions", "AG-GUIDE-LITERAL", "up to 2 actions"),
    ("glossary/turn.yaml", "up to {actions_per_turn} actions", "up to two actions", "AG-GUIDE-LITERAL", "up to two actions"),
    ("rules/operations.yaml", "Swap leads and gold", "Swap 3 leads and gold", "AG-GUIDE-LITERAL", "Swap 3 leads"),
    ("rules/procedures.yaml", "Roll the battle dice.", "Roll 3 battle dice.", "AG-GUIDE-LITERAL", "Roll 3 battle dice."),
    ("glossary/turn.yaml", "source: actions", "source: action", "AG-GUIDE-TABLE", "source: action"),
    ("sections.yaml", "source: battle-steps", "source: battles-steps", "AG-GUIDE-TABLE", "battles-steps"),
    ("sections.yaml", "    title: Quick Reference\n", "    title: Quick Reference\n    glossary: true  # again\n",
     "AG-GUIDE-SECTIONS", "# again"),
    ("sections.yaml", "        source: battle-steps\n", "        source: battle-steps\n    entries:\n      - id: golden-rules  # clash\n"
     "        title: The Rules\n        blocks: [{id: look-up, kind: paragraph, text: Look topics up.}]\n",
     "AG-GUIDE-CLASH", "# clash"),
    ("glossary/turn.yaml", "{id: turn, text: Turn}", "{id: turn, text: Round}", "AG-GUIDE-INDEX", "text: Round"),
    ("rules/locations.yaml", "region: gray}", "region: grey}", "REF-UNKNOWN", "region: grey"),
]


@pytest.mark.parametrize(("relative", "old", "new", "code", "shown"), MISTAKES, ids=[f"{m[3]}:{m[2]}" for m in MISTAKES])
def test_each_mistake_is_one_finding_at_its_line(
    mutated_example: Mutate, relative: str, old: str, new: str, code: str, shown: str
) -> None:
    path, findings = mutated_example(relative, old, new, game=GAME)

    assert [f.code for f in findings] == [code], [f.as_text() for f in findings]
    [found] = findings
    assert found.file.endswith(relative)
    assert found.line == line_of(path, shown)
    assert found.severity is (Severity.WARNING if code == "AG-GUIDE-INDEX" else Severity.ERROR)


def test_an_entry_id_used_twice_is_reported_once_at_its_line(mutated_example: Mutate) -> None:
    path, findings = mutated_example("glossary/turn.yaml", "  - id: battles\n", "  - id: dice\n", game=GAME)
    second = line_of(path, "id: dice", occurrence=2)

    assert [f.code for f in findings if f.line == second] == ["CONTENT-DUPLICATE-ID"]  # not AG-GUIDE-DUPLICATE too


def test_every_finding_code_of_the_game_has_a_mistake() -> None:
    """The game's codes: those its manifest names, the defaults of its counts and facts (which name none), the rule
    keys' and the shared guide checks' under its prefix."""
    written = set(re.findall(r"code: (AG-[A-Z-]*[A-Z])", (CONTENT / GAME / "game.yaml").read_text(encoding="utf-8")))
    rules = Path(pipeline.__file__).parent / "rules"
    keys = {f"AG-{name}" for name in re.findall(r'f"\{code\}-([A-Z-]+)"', (rules / "declared_guide.py").read_text(encoding="utf-8"))}
    shared = (rules / "guide_checks.py").read_text(encoding="utf-8")
    guide = {f"AG-GUIDE-{name}" for name in re.findall(r"<prefix>-GUIDE-([A-Z]+)", shared)}
    written |= {"AG-COUNT", "AG-FACT"} | keys

    assert {"AG-COUNT", "AG-RULE-REF", "AG-GUIDE-INDEX"} <= written | guide
    assert written | guide <= {code for *_, code, _ in MISTAKES}


def test_the_example_tree_declares_the_game_as_the_shipped_manifest_does() -> None:
    """The tree's manifest is an excerpt of the data but a copy of the declaration: it checks what the shipped game checks."""
    def declaration(root: Path) -> str:
        text = (root / GAME / "game.yaml").read_text(encoding="utf-8")
        return text[text.index("  # --- The declaration"):]

    assert declaration(FIXTURES) == declaration(CONTENT)
