"""Each rule of the Adventure Game content has its own finding, at the line where the mistake is written."""

from __future__ import annotations

from babel.messages.catalog import Message

from pipeline.findings import Severity
from tests.conftest import codes, line_of

from .conftest import Copy

# --- Cross-locale drift -------------------------------------------------------------------------


def test_a_changed_number_in_the_german_text_drifts_at_its_po_line(copy: Copy) -> None:
    # The real case of the two official guides (reference §20 D1): "1 + 1 per card" against "1 per card".
    context = "entry:traits:body:3"

    def official_german(message: Message) -> None:
        message.string = "Auf einer Karte steht: Du erhältst 1 blauen Hinweis für jede {trait:nilfgaard}-Karte in deinem Besitz."

    copy.edit_po(context, official_german)
    findings = copy.findings()
    drift = [f for f in findings if f.code == "AG-DRIFT"]
    assert len(drift) == 1
    assert drift[0].file.endswith("locales/de.po")
    assert drift[0].line == copy.msgstr_line(context)
    assert "numbers [1, 1] in the source, [1] in the translation" in drift[0].message


def test_a_rule_number_written_out_in_german_drifts(copy: Copy) -> None:
    context = "entry:actions:body:1"

    def literal(message: Message) -> None:
        message.string = str(message.string).replace("{actions_per_turn}", "3")

    copy.edit_po(context, literal)
    drift = [f for f in copy.findings() if f.code == "AG-DRIFT"]
    assert [f.line for f in drift] == [copy.msgstr_line(context)]
    assert "{actions_per_turn}" in drift[0].message and "[3] in the translation" in drift[0].message


def test_a_german_number_word_counts_as_its_digit(copy: Copy) -> None:
    def spelled(message: Message) -> None:
        message.string = str(message.string).replace("2 Hinweise", "zwei Hinweise")

    copy.edit_po("entry:spending:body:3", spelled)
    assert "AG-DRIFT" not in codes(copy.findings())

    def wrong(message: Message) -> None:
        message.string = str(message.string).replace("zwei Hinweise", "drei Hinweise")

    copy.edit_po("entry:spending:body:3", wrong)
    assert "AG-DRIFT" in codes(copy.findings())


def test_a_dropped_link_drifts(copy: Copy) -> None:
    def unlinked(message: Message) -> None:
        message.string = str(message.string).replace("(siehe [[foul-fate]])", "(siehe „Unglück“)")

    copy.edit_po("entry:actions:body:2", unlinked)
    assert "AG-DRIFT" in codes(copy.findings())


# --- Every entry in every locale ----------------------------------------------------------------


def test_a_missing_german_entry_points_at_the_english_entry(copy: Copy) -> None:
    def untranslated(message: Message) -> None:
        message.string = ""

    copy.edit_po("entry:wounds:title", untranslated)
    findings = copy.findings()
    path = copy.root / "adventure-game" / "glossary" / "battle.yaml"
    missing = [f for f in findings if f.code == "AG-LOCALE-MISSING"]
    assert [(f.file.endswith("glossary/battle.yaml"), f.line) for f in missing] == [(True, line_of(path, "title: Wounds"))]
    assert "entry:wounds:title" in missing[0].message


def test_a_fuzzy_translation_is_stale(copy: Copy) -> None:
    copy.edit_po("entry:dice:title", lambda message: message.flags.add("fuzzy"))
    assert "AG-LOCALE-FUZZY" in codes(copy.findings())


def test_a_missing_catalog_is_one_finding(copy: Copy) -> None:
    copy.po.unlink()
    assert codes(copy.findings()) == ["AG-LOCALE-CATALOG"]


# --- References ---------------------------------------------------------------------------------

# (file, text to replace, replacement, expected code, text on the expected line)
BROKEN = [
    (
        "glossary/battle.yaml",
        "related: [dice, quest-cards, wounds]",
        "related: [dice, quest-card, wounds]",
        "AG-RELATED",
        "quest-card,",
    ),
    (
        "glossary/battle.yaml",
        "related: [dice, quest-cards, wounds]",
        "related: [dice, yarpen, wounds]",
        "AG-RELATED",
        "yarpen, wounds",
    ),
    (
        "glossary/battle.yaml",
        "related: [dice, quest-cards, wounds]",
        "related: [dice, wounds, wounds]",
        "AG-DUPLICATE-ID",
        "wounds, wounds",
    ),
    ("glossary/turn.yaml", "(see [[foul-fate]])", "(see [[bad-luck]])", "AG-UNDEFINED-TERM", "[[bad-luck]]"),
    (
        "glossary/turn.yaml",
        "up to {actions_per_turn} actions",
        "up to {actions_per_round} actions",
        "AG-RULE-REF",
        "actions_per_round",
    ),
    (
        "glossary/board.yaml",
        "{location:brokilon}, {location:jaruga}",
        "{location:brokilon}, {location:jarugo}",
        "AG-REF",
        "jarugo",
    ),
    (
        "glossary/board.yaml",
        "{route_gold_cost:novigrad-duen-canell}",
        "{route_cost:novigrad-duen-canell}",
        "AG-REF",
        "route_cost",
    ),
    ("glossary/board.yaml", "with the {action:travel} action", "with the {action:fly} action", "AG-REF", "{action:fly}"),
    ("glossary/board.yaml", "with the {action:travel} action", "with the {move:travel} action", "AG-REF", "{move:travel}"),
    ("rules/heroes.yaml", "action: command", "action: commands", "AG-REF", "action: commands"),
    ("rules/routes.yaml", "between: [novigrad, duen-canell]", "between: [novigrad, duen-canel]", "AG-REF", "duen-canel]"),
    (
        "rules/regions.yaml",
        "{id: gray, name: Gray Region, color: gray, adjacent: [purple, red]}",
        "{id: gray, name: Gray Region, color: gray, adjacent: [purple, red, blue]}",
        "AG-MAP",
        "id: gray",
    ),
    ("game.yaml", "glossary_entries: 40", "glossary_entries: 41", "AG-COUNT", "glossary_entries: 41"),
    (
        "game.yaml",
        "replaces: {quest_cards_to_end: epic_quest_cards_to_end}",
        "replaces: {quest_cards_to_end: epic_cards}",
        "AG-RULE-REF",
        "epic_cards",
    ),
    ("terms.yaml", "{id: lead, source:", "{id: leads, source:", "AG-DUPLICATE-ID", "{id: leads"),
]


def new_index(relative: str, new: str) -> int:
    return next(i for i, case in enumerate(BROKEN) if case[0] == relative and case[2] == new)


def test_each_broken_reference_has_its_finding_at_its_line(copy: Copy) -> None:
    for relative, old, new, code, shown in BROKEN:
        case = Copy(copy.root.parent / f"case-{new_index(relative, new)}")
        path = case.replace(relative, old, new)
        findings = case.findings()
        hits = [f for f in findings if f.code == code]
        assert hits, f"{code} not raised for {new!r}: {[f.as_text() for f in findings]}"
        assert any(f.line == line_of(path, shown) for f in hits), [f.as_text() for f in hits]
        assert all(f.severity is Severity.ERROR for f in hits)


def test_a_duplicate_entry_id_is_reported(copy: Copy) -> None:
    copy.replace("glossary/turn.yaml", "  - id: tabletalk\n", "  - id: supply\n")
    assert "CONTENT-DUPLICATE-ID" in codes(copy.findings())


# --- Numbers come from the rule data --------------------------------------------------------------


def test_a_rule_number_written_in_the_english_is_a_finding(copy: Copy) -> None:
    path = copy.replace("glossary/turn.yaml", "up to {actions_per_turn} actions", "up to 2 actions")
    findings = copy.findings()
    assert (path.as_posix().endswith("turn.yaml"), line_of(path, "up to 2 actions")) in [
        (f.file.endswith("turn.yaml"), f.line) for f in findings if f.code == "AG-LITERAL-NUMBER"
    ]
    assert "AG-DRIFT" in codes(findings)  # the German still prints the rule number


def test_numbers_in_examples_are_allowed_but_must_agree(copy: Copy) -> None:
    copy.replace("glossary/battle.yaml", "You have 79 VP and score 3", "You have 78 VP and score 4")
    found = codes(copy.findings())
    assert "AG-LITERAL-NUMBER" not in found
    assert "AG-DRIFT" in found


# --- Terms and typography ------------------------------------------------------------------------


def test_an_unofficial_german_term_is_a_finding(copy: Copy) -> None:
    context = "entry:action-space:body:2:3"

    def unofficial(message: Message) -> None:
        message.string = "Auf Aktionsfeldern dürfen nur Aktionsplättchen und Verletzungsplättchen liegen."

    copy.edit_po(context, unofficial)
    terms = [f for f in copy.findings() if f.code == "AG-TERM"]
    assert terms and all(f.line == copy.msgstr_line(context) for f in terms)
    assert any("Marker" in f.hint for f in terms)


def test_german_typography(copy: Copy) -> None:
    cases = {
        "section:golden-rules:body:1:3": ("„Nicht dürfen“", '"Nicht dürfen"'),
        "entry:component-limitations:body:1": ("z.\u00a0B.", "z. B."),
        "entry:development-cards:body:1": ("z.\u00a0B.", "z.B."),
        "entry:drawing:body:2:1": ("„Ziehe X zusätzliche Karten“", "„Ziehe X zusätzliche Karten”"),
    }
    for context, (old, new) in cases.items():

        def change(message: Message, old: str = old, new: str = new) -> None:
            assert old in str(message.string)
            message.string = str(message.string).replace(old, new)

        copy.edit_po(context, change)
    findings = [f for f in copy.findings() if f.code == "AG-TYPOGRAPHY"]
    assert sorted({f.line for f in findings}) == sorted(copy.msgstr_line(c) for c in cases)
