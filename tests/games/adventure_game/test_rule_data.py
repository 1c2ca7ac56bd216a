"""The consistency rules of the rule data (reference §22): each broken rule is an error at the line that breaks it."""

from __future__ import annotations

import pytest

from pipeline.findings import Severity
from tests.conftest import Mutate, line_of

GAME = "adventure-game"

# (rule of §22, file, old text, new text, finding code, text on the line the finding points at)
BROKEN = [
    # Shape of the rule data (checks/rule_data.py)
    (7, "rules/routes.yaml", "between: [duen-canell, cintra]", "between: [cintra, cintra]", "AG-MAP", "[cintra, cintra]"),
    (
        7,
        "rules/routes.yaml",
        "gold_cost: 1}\n",
        "gold_cost: 1}\n  - {id: cintra-back, between: [cintra, duen-canell], sea: true, gold_cost: 1}\n",
        "AG-MAP",
        "cintra-back",
    ),
    (9, "rules/routes.yaml", "cintra], sea: true, gold_cost: 1", "cintra], gold_cost: 1", "AG-MAP", "cintra], gold_cost: 1"),
    (11, "rules/tokens.yaml", "icon: lead-purple\n    color: purple", "icon: lead-purple\n    color: silver", "AG-TOKEN", "color: silver"),
    (11, "rules/tokens.yaml", "icon: lead-blue\n    color: blue", "icon: lead-blue\n    color: red  # twice", "AG-TOKEN", "# twice"),
    (18, "rules/tokens.yaml", "    color: bronze\n", "", "AG-TOKEN", "id: monster-bronze"),
    (13, "rules/dice.yaml", "group: battle, count: 3", "group: battle, hero: geralt, count: 3", "AG-DICE", "name: Battle Die"),
    (13, "rules/dice.yaml", "count: 3, blank_faces: 1", "count: 3, blank_faces: 2", "AG-DICE", "name: Battle Die"),
    (13, "rules/dice.yaml", "hero: triss, count: 1}", "hero: triss, count: 1, blank_faces: 1}", "AG-DICE", "triss-die"),
    (13, "rules/dice.yaml", "group: hero, hero: triss, count: 1", "group: hero, count: 1", "AG-DICE", "triss-die"),
    (13, "rules/dice.yaml", "hero: dandelion, count: 1", "hero: triss, count: 1", "AG-DICE", "dandelion-die"),
    (14, "rules/dice-faces.yaml", "results: {sword: 2}", "results: {sword: 1}", "AG-DICE", "id: double-sword"),
    (15, "rules/heroes.yaml", "action: sing", "action: travel", "AG-HERO", "action: travel"),
    (15, "rules/actions.yaml", "hero: dandelion", "hero: triss  # sing", "AG-HERO", "# sing"),
    (15, "rules/actions.yaml", "hero: geralt\n    woundable: true", "hero: geralt\n    woundable: false  # brew", "AG-FACT", "# brew"),
    (19, "rules/quests.yaml", "per_card_min: 1\n    per_card_max: 1", "per_card_min: 2\n    per_card_max: 1", "AG-QUEST",
     "per_card_max: 1"),
    # What the published game states (checks/facts.py)
    (13, "rules/heroes.yaml", "heroes:\n", "heroes:\n  - {id: ciri, name: Ciri, title: Witcher, action: sing}\n", "AG-FACT", "id: ciri"),
    (13, "game.yaml", "heroes: 4", "heroes: 3", "AG-FACT", "heroes: 3"),  # a hero left out with its count
    (13, "rules/dice.yaml", "hero: geralt, count: 3", "hero: geralt, count: 2", "AG-FACT", "geralt-die"),
    (17, "rules/heroes.yaml", "companion_cards: 4", "companion_cards: 3", "AG-FACT", "companion_cards: 3"),
    (15, "rules/actions.yaml", "woundable: false", "woundable: true  # rest", "AG-FACT", "# rest"),
    (19, "rules/quests.yaml", "per_card_max: 1\n    at_location: true\n    summary: \"Done by",
     "per_card_max: 1\n    at_location: false  # support\n    summary: \"Done by", "AG-FACT", "# support"),
    (20, "rules/traits.yaml", "name: NILFGAARD, cards: investigation", "name: NILFGAARD, cards: development", "AG-FACT", "NILFGAARD"),
    (20, "rules/traits.yaml", "name: POTION, cards: development", "name: POTION, cards: investigation", "AG-FACT", "POTION"),
    (15, "rules/actions.yaml", "name: Travel\n    woundable: true", "name: Travel\n    woundable: false", "AG-FACT",
     "woundable: false"),
    (11, "rules/locations.yaml", "{id: jaruga, name: Jaruga, leads: false}", "{id: jaruga, name: Jaruga}", "AG-FACT", "id: jaruga"),
    (12, "rules/locations.yaml", "{id: novigrad, name: Novigrad}", "{id: novigrad, name: Novigrad, heals: true}", "AG-FACT",
     "id: novigrad"),
    (9, "rules/routes.yaml", "sea: true, gold_cost: 2", "sea: true, gold_cost: 3", "AG-FACT", "gold_cost: 3"),
    (9, "rules/routes.yaml", "  - {id: duen-canell-cintra, between: [duen-canell, cintra], sea: true, gold_cost: 1}\n", "", "AG-FACT",
     "id: novigrad-duen-canell"),
    (8, "rules/regions.yaml", "adjacent: [red, yellow]", "adjacent: [red, yellow, gray]", "AG-FACT", "[red, yellow, gray]"),
    (8, "rules/regions.yaml", "adjacent: [purple, red]}\n  - {id: purple, name: Purple Region, color: purple, adjacent: [gray, green, red]}",
     "adjacent: [red]}\n  - {id: purple, name: Purple Region, color: purple, adjacent: [green, red]}", "AG-FACT", "id: gray"),
    (16, "rules/actions.yaml", "faceup {trait:potion} development", "faceup {trait:spell} development", "AG-FACT", "{trait:spell}"),
    (23, "game.yaml", "support_vp_owner: 3", "support_vp_owner: 4", "AG-FACT", "support_vp_owner: 4"),
    (24, "rules/procedures.yaml", "      - {id: operations-after, text: \"Perform any number of operations.\"}\n", "", "AG-FACT",
     "steps:"),
    (26, "rules/procedures.yaml",
     "    steps:\n      - {id: most-quest-cards, text: \"The tied player with the most completed quest cards wins.\"}\n",
     "    steps:  # no quest cards first\n", "AG-FACT", "# no quest cards first"),
    (5, "glossary/turn.yaml", "up to {actions_per_turn} actions", "up to {actions_per_turn} actions (see page 12)", "AG-GUIDE-LITERAL",
     "(see page 12)"),
]


@pytest.mark.parametrize(("rule", "relative", "old", "new", "code", "shown"), BROKEN, ids=[f"rule-{c[0]}-{c[4]}-{i}" for i, c in enumerate(BROKEN)])
def test_a_broken_rule_is_an_error_at_its_line(
    mutated: Mutate, rule: int, relative: str, old: str, new: str, code: str, shown: str
) -> None:
    path, findings = mutated(relative, old, new, game=GAME)
    hits = [f for f in findings if f.code == code]
    assert hits, f"rule {rule}: {code} not raised: {[f.as_text() for f in findings]}"
    assert line_of(path, shown) in [f.line for f in hits if f.file.endswith(relative)], [f.as_text() for f in hits]
    assert all(f.severity is Severity.ERROR for f in hits)
