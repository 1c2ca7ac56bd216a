"""The fact sheets' consistency rules that the content models enforce (enumerations, bounds, list sizes): each
broken on an example tree is a SCHEMA or MODEL error at its line (docs/consistency-rules.md names the rules)."""

from __future__ import annotations

import pytest

from pipeline.findings import Severity
from tests.conftest import Mutate, line_of

# (game, fact-sheet section.rule, file, old text, new text, text on the line the finding points at)
BROKEN = [
    ("old-world", "21.16-colour", "cards/market.yaml", "    color: blue\n", "    color: grey\n", "color: grey"),
    ("old-world", "21.16-terrain", "cards/market.yaml", "    terrain: forest\n", "    terrain: desert\n", "terrain: desert"),
    ("old-world", "21.16-cost", "cards/market.yaml", "    cost: 0\n", "    cost: -1\n", "cost: -1"),
    ("old-world", "21.17", "cards/market.yaml", "- {colors: [red]}", "- {colors: []}", "colors: []"),
    ("old-world", "21.31", "monsters.yaml", "    level: 1\n", "    level: 4\n", "level: 4"),
    ("old-world", "21.35", "monster-fight-cards.yaml", "charge: {type: damage,", "charge: {type: burn,", "type: burn"),
    ("old-world", "21.37", "exploration/city.yaml", "      - label: Ask for water and wait\n",
     "      - label: Shout\n        gold_cost: 0\n        result: {kind: instant, text: Nothing.}\n      - label: Ask for water and wait\n",
     "- label: Knock the guard down"),
    ("old-world", "21.42", "exploration/city.yaml", "quest: {terrain: water, enter_event: 1}", "quest: {terrain: wild, enter_event: 1}",
     "terrain: wild"),
    ("old-world", "21.43", "exploration/city.yaml", "        gold_cost: 0\n", "        gold_cost: -2\n", "gold_cost: -2"),
    ("old-world", "21.48", "game.yaml", "    - {fatigue: 2, reputation: 3}\n", "    - {fatigue: 2, reputation: 4}\n", "reputation: 4"),
    ("path-of-destiny", "18.10", "cards/main.yaml", "    symbol: combat\n", "    symbol: fire\n", "symbol: fire"),
    ("path-of-destiny", "18.11", "cards/main.yaml", "    colors: [red]\n", "    colors: []\n", "colors: []"),
    ("path-of-destiny", "18.14", "cards/main.yaml", "{type: gain-path-symbol, path: left, amount: 2}",
     "{type: gain-path-symbol, path: left, symbol: combat, amount: 2}", "path: left, symbol: combat"),
]


@pytest.mark.parametrize(("game", "rule", "relative", "old", "new", "shown"), BROKEN, ids=[f"{c[0]}-{c[1]}" for c in BROKEN])
def test_a_rule_the_model_enforces(mutated_example: Mutate, game: str, rule: str, relative: str, old: str, new: str, shown: str) -> None:
    path, findings = mutated_example(relative, old, new, game=game)
    hits = [f for f in findings if f.code in ("SCHEMA", "MODEL")]
    assert [(f.severity, f.line) for f in hits] == [(Severity.ERROR, line_of(path, shown))], [f.as_text() for f in findings]
