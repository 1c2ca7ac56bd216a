"""Each broken rule yields its own finding at the line where the mistake is written (the small example
tree tests/fixtures/path-of-destiny/, copied, with one deliberate change)."""

from __future__ import annotations

import pytest

from pipeline.findings import Severity
from tests.conftest import Mutate, line_of

GAME = "path-of-destiny"

# (file, text to replace, replacement, expected code, text on the expected line)
BROKEN = [
    # Printed text against the rules it states: an ability's effect, a side quest's tier, an Automa ability's effect.
    ("characters.yaml", "effects: [{type: gain-vp, amount: 4}]", "effects: [{type: gain-vp, amount: 5}]",
     "POD-TEXT-NUMBERS", "gain 4 VP"),
    ("characters.yaml", "{at_least: 3, vp: 5}", "{at_least: 3, vp: 6}", "POD-TEXT-NUMBERS", "2 for 3 VP, 3 for 5 VP"),
    ("automa.yaml", "it gains 1 XP.\", effects: [{type: gain-xp, amount: 1}]", "it gains 1 XP.\", effects: [{type: gain-xp, amount: 2}]",
     "POD-TEXT-NUMBERS", "it gains 1 XP"),
    ("game.yaml", "action_cards: 44", "action_cards: 45", "POD-COUNT", "action_cards: 45"),
    ("game.yaml", "lost_symbol_markers: 30", "lost_symbol_markers: 31", "POD-COUNT", "lost_symbol_markers: 31"),
    ("cards/starting.yaml", "owner: geralt", "owner: geraltt", "REF-UNKNOWN", "owner: geraltt"),
    ("automa.yaml", "character: geralt", "character: eskel", "REF-UNKNOWN", "character: eskel"),
    ("characters.yaml", "  - id: geralt\n", "  - id: gerald\n", "POD-CHARACTER-LINE", "id: gerald"),
    ("characters.yaml", "        unlock_xp: 10", "        unlock_xp: 4", "POD-CHARACTER", "unlock_xp: 4"),
    ("characters.yaml", "        unlock_xp: 15", "        unlock_xp: 25", "POD-CHARACTER", "unlock_xp: 25"),
    ("characters.yaml", "      symbol: combat\n", "      symbol: combat\n      color: red\n", "POD-SIDE-QUEST", "side_quest:"),
    ("cards/main.yaml", "colors: [red]", "colors: [red, red]", "POD-CARD-COLORS", "colors: [red, red]"),
    (
        "game.yaml",
        "{players: 3, supply_rows: 4, extra_xp_row: 4}",
        "{players: 3, supply_rows: 4, extra_xp_row: 3}",
        "POD-SETUP",
        "players: 3",
    ),
    (
        "game.yaml",
        "{players: 5, supply_rows: 5, extra_xp_row: 5}",
        "{players: 4, supply_rows: 5, extra_xp_row: 5}",
        "POD-SETUP",
        "setup:",
    ),
    ("game.yaml", "kept_after_chapter: [1, 2]", "kept_after_chapter: [1]", "POD-SETUP", "kept_after_chapter"),
    ("game.yaml", "objective_ranked_vp: [5, 3, 1]", "objective_ranked_vp: [5, 5, 1]", "POD-SETUP", "objective_ranked_vp"),
    ("automa.yaml", "start_xp: 8, second_ability_from_start: true", "start_xp: 8", "POD-AUTOMA", "death-march"),
    ("automa.yaml", "symbols: [combat, exploration]", "symbols: [combat, combat]", "POD-AUTOMA", "symbols: [combat, combat]"),
    # Fate markers I, II, III and the left and right path markers, each exactly once.
    ("tokens.yaml", "numeral: 3, count: 1", "numeral: 2, count: 1", "POD-COUNT", "fate-marker-iii"),
    ("tokens.yaml", "side: right, count: 1", "side: left, count: 1", "POD-COUNT", "right-path-marker"),
    # The five difficulty levels start the Automa on 0, 2, 4, 6, 8 XP.
    ("automa.yaml", "start_xp: 6}", "start_xp: 7}", "POD-AUTOMA", "levels:"),
    # A harder level never gives the Automa fewer chapter symbols (the designed step of the levels).
    ("automa.yaml", "start_xp: 2}", "start_xp: 2, chapter_symbols: 1}", "POD-AUTOMA", "id: the-sword-and-the-story"),
    # 4 supply rows for 1-3 players, 5 for 4-5; after chapter 1 keep 1 card, after chapter 2 keep 2.
    (
        "game.yaml",
        "{players: 3, supply_rows: 4, extra_xp_row: 4}",
        "{players: 3, supply_rows: 5, extra_xp_row: 5}",
        "POD-SETUP",
        "players: 3",
    ),
    ("game.yaml", "kept_after_chapter: [1, 2]", "kept_after_chapter: [2, 2]", "POD-SETUP", "kept_after_chapter"),
    # Solo objectives replace the combat and magic ones: 3 of each.
    ("stories/ravens-of-greyholt.yaml", "kind: magic\n      solo: true", "kind: combat\n      solo: true",
     "POD-STORY-PARTS", "secret_objectives:"),
    # Alliance cards gain 1 XP or 1 symbol.
    ("stories/kestrel-watch.yaml", "copies: 4, effect: {type: gain-xp, amount: 1}}", "copies: 4, effect: {type: gain-xp, amount: 2}}",
     "POD-STORY-PARTS", "dunmere-pay"),
    ("stories/kestrel-watch.yaml", "effect: {type: gain-path-symbol, path: left, amount: 1}}",
     "effect: {type: gain-path-symbol, path: left, amount: 2}}", "POD-STORY-PARTS", "dunmere-orders"),
    # Path of Destiny generates no tables: a table `source` (a plain slug in the shared guide model) is refused.
    ("guide/01-rules.yaml", "            kind: paragraph\n", "            kind: table\n            source: locations\n",
     "POD-GUIDE-TABLE", "source: locations"),
]


@pytest.mark.parametrize(("relative", "old", "new", "code", "marker"), BROKEN, ids=[f"{b[3]}:{b[0]}:{b[1][:16]}" for b in BROKEN])
def test_a_broken_content_file_yields_its_finding_at_its_line(
    mutated_example: Mutate, relative: str, old: str, new: str, code: str, marker: str
) -> None:
    path, findings = mutated_example(relative, old, new, game=GAME)
    matching = [f for f in findings if f.code == code]
    assert matching, f"no {code} in {[f.as_text() for f in findings]}"
    assert line_of(path, marker) in {f.line for f in matching}, [f.as_text() for f in matching]
    assert all(f.file.endswith(relative) for f in matching)


def test_a_story_count_is_reported_at_the_story(mutated_example: Mutate) -> None:
    path, findings = mutated_example("game.yaml", "extra_effort_cards: 12}", "extra_effort_cards: 11}", game=GAME)
    assert [(f.code, f.file.split("/")[-1]) for f in findings if f.severity is Severity.ERROR] == [
        ("POD-COUNT", "drowned-bells.yaml")
    ]


def test_a_missing_story_is_a_count_finding(mutated_example: Mutate) -> None:
    path, findings = mutated_example("game.yaml", "- {id: drowned-bells,", "- {id: drowned-bell,", game=GAME)
    messages = [f.message for f in findings if f.code == "POD-COUNT"]
    assert any("lists story drowned-bell, but no story file" in m for m in messages)
    assert any("story drowned-bells is not in the manifest" in m for m in messages)


def test_a_character_short_of_a_starting_card(mutated_example: Mutate) -> None:
    path, findings = mutated_example("cards/starting.yaml", "owner: geralt", "owner: ciri", game=GAME)
    found = {(f.code, f.file.split("/")[-1]) for f in findings}
    assert {("POD-START-CARDS", "characters.yaml")} <= found


def test_a_start_order_that_names_a_character_twice(mutated_example: Mutate) -> None:
    path, findings = mutated_example(
        "stories/drowned-bells.yaml", "start_order: [letho, triss,", "start_order: [letho, letho,", game=GAME
    )
    matching = [f for f in findings if f.code == "POD-START-ORDER"]
    assert [f.line for f in matching] == [line_of(path, "start_order:")]
    assert "letho twice" in matching[0].message and "triss missing" in matching[0].message


def test_glossary_warnings_on_action_cards(mutated_example: Mutate) -> None:
    path, findings = mutated_example("cards/main.yaml", "effect: {type: gain-xp, amount: 3}", "effect: {type: gain-xp-scaled}", game=GAME)
    assert [(f.code, f.severity, f.line) for f in findings] == [
        ("POD-CARD-EFFECT", Severity.WARNING, line_of(path, "gain-xp-scaled"))
    ]
    path, findings = mutated_example("cards/main.yaml", "color: green, count: 1}", "color: green, count: 3}", game=GAME)
    assert ("POD-CARD-COUNT", Severity.WARNING) in {(f.code, f.severity) for f in findings}


def test_the_lesser_evil_flags_swapped_path_marker_rewards(mutated_example: Mutate) -> None:
    """Card 4 follows the left path's win: the left holder must pay and the right holder gain."""
    old = "left: [{type: lose-symbol, amount: 1}]\n        right: [{type: gain-xp, amount: 2}]"
    new = "left: [{type: gain-xp, amount: 2}]\n        right: [{type: lose-symbol, amount: 1}]"
    path, findings = mutated_example("stories/kestrel-watch.yaml", old, new, game=GAME)
    matching = [f for f in findings if f.code == "POD-LESSER-EVIL"]
    assert [f.line for f in matching] == [line_of(path, "Talk the refugees") + 1], [f.as_text() for f in matching]
    assert "story card 4" in matching[0].message and "swapped" in matching[0].message


def test_the_lesser_evil_flags_an_epilogue_that_rewards_the_main_holder(mutated_example: Mutate) -> None:
    """Epilogue 16 follows card 8 (left path): rewarding both holders leaves the main holder unpunished."""
    old = "left: [{type: lose-vp, amount: 2}]\n        right: [{type: gain-vp, amount: 3}]"
    new = "left: [{type: gain-vp, amount: 1}]\n        right: [{type: gain-vp, amount: 3}]"
    path, findings = mutated_example("stories/kestrel-watch.yaml", old, new, game=GAME)
    matching = [f for f in findings if f.code == "POD-LESSER-EVIL"]
    assert len(matching) == 1 and "story card 16" in matching[0].message and "swapped" not in matching[0].message


# Each of the shared guide checks, on Path of Destiny's guide: (file, text to replace, replacement,
# expected code, text on the expected line, its occurrence in the changed file).
GUIDE_BROKEN = [
    ("guide/glossary.yaml", "up to {xp_track_max},", "up to {xp_track_top},", "POD-GUIDE-PLACEHOLDER", "{xp_track_top}", 1),
    ("guide/01-rules.yaml", "draw {cards_per_pair}.", "draw {card:two}.", "POD-GUIDE-REF", "{card:two}", 1),
    ("guide/01-rules.yaml", "[[supply]], slide", "[[suply]], slide", "POD-GUIDE-LINK", "[[suply]]", 1),
    ("guide/glossary.yaml", "related: [fate-marker-step, main-symbol]", "related: [fate-marker, main-symbol]",
     "POD-GUIDE-LINK", "related: [fate-marker, main-symbol]", 1),
    ("guide/glossary.yaml", "    related: [supply]\n", "    related: [suply]\n", "POD-GUIDE-LINK", "related: [suply]", 1),
    # The shipped guide's own mistakes: a rules number written out, an entry id of a rules section reused.
    ("guide/glossary.yaml", "Three markers, I, II", "3 markers, I, II", "POD-GUIDE-LITERAL", "3 markers", 1),
    ("guide/glossary.yaml", "  - id: symbol-token\n", "  - id: setup\n", "POD-GUIDE-DUPLICATE", "- id: setup", 1),
    ("guide/glossary.yaml", "  - id: symbol-token\n", "  - id: round\n", "POD-GUIDE-CLASH", "- id: round", 1),
    ("guide/glossary.yaml", "related: [main-symbol, story-card]", "related: [main-symbol, main-symbol]",
     "POD-GUIDE-DUPLICATE", "related: [main-symbol, main-symbol]", 1),
    ("guide/01-rules.yaml", "    title: A Round\n", "    title: A Round\n    glossary: true\n", "POD-GUIDE-SECTIONS",
     "glossary: true", 2),
    ("guide/glossary.yaml", "text: Golden cube}", "text: Silver cube}", "POD-GUIDE-INDEX", "Silver cube", 1),
    # The help cards are printed text held to the same rules: a placeholder naming no constant would print raw,
    # a number written in a line (digits or a word) would not follow the rules value it states.
    ("guide/help-cards.yaml", "also gives {extra_xp_marker_xp} XP", "also gives {extra_xp} XP", "POD-GUIDE-PLACEHOLDER",
     "{extra_xp}", 1),
    ("guide/help-cards.yaml", "Choose {cards_played_per_round} cards", "Choose 3 cards", "POD-GUIDE-LITERAL",
     "Choose 3 cards", 1),
    ("guide/help-cards.yaml", "Choose {cards_played_per_round} cards", "Choose two cards", "POD-GUIDE-LITERAL",
     "Choose two cards", 1),
]


@pytest.mark.parametrize(("relative", "old", "new", "code", "marker", "occurrence"), GUIDE_BROKEN,
                         ids=[f"{b[3]}:{b[2][:24]}" for b in GUIDE_BROKEN])
def test_a_broken_guide_yields_only_its_finding_at_its_line(
    mutated_example: Mutate, relative: str, old: str, new: str, code: str, marker: str, occurrence: int
) -> None:
    if code == "POD-GUIDE-SECTIONS":  # a second section holding the glossary: the first holds it too
        mutated_example(relative, "    title: The Game in Brief\n", "    title: The Game in Brief\n    glossary: true\n", game=GAME)
    path, findings = mutated_example(relative, old, new, game=GAME)
    assert [(f.code, f.file.split("/")[-1], f.line) for f in findings] == [
        (code, path.name, line_of(path, marker, occurrence))
    ]
