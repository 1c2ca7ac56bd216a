"""The shipped Adventure Game text and its German catalog: each translation rule has its own finding, at the line
where the mistake is written, once (the game's own findings: test_example_tree.py)."""

from __future__ import annotations

from collections import Counter

from babel.messages.catalog import Message

from tests.conftest import codes, line_of

from .conftest import Copy

# --- Cross-locale drift -------------------------------------------------------------------------


def test_a_changed_number_in_the_german_text_drifts_at_its_po_line(copy: Copy) -> None:
    # The real case of the two official guides (reference §20 D1): "1 + 1 per card" against "1 per card".
    context = "guide:glossary:traits:blocks:example-card-reads-receive:text"

    def official_german(message: Message) -> None:
        message.string = "Auf einer Karte steht: Du erhältst 1 blauen Hinweis für jede {trait:nilfgaard}-Karte in deinem Besitz."

    copy.edit_po(context, official_german)
    findings = copy.findings()
    drift = [f for f in findings if f.code == "I18N-DRIFT"]
    assert len(drift) == 1
    assert drift[0].file.endswith("locales/de.po")
    assert drift[0].line == copy.msgstr_line(context)
    assert "numbers [1, 1] in the English, [1] in the translation" in drift[0].message


def test_a_rule_number_written_out_in_german_is_one_placeholder_finding(copy: Copy) -> None:
    context = "guide:glossary:actions:blocks:turn-take-up-actions:text"

    def literal(message: Message) -> None:
        message.string = str(message.string).replace("{actions_per_turn}", "3")

    copy.edit_po(context, literal)
    at_line = [f for f in copy.findings() if f.file.endswith("de.po") and f.line == copy.msgstr_line(context)]
    assert [f.code for f in at_line] == ["I18N-PLACEHOLDER"]  # not also a drift of the number 3
    assert "missing {actions_per_turn}" in at_line[0].message


def test_a_german_number_word_counts_as_its_digit(copy: Copy) -> None:
    def spelled(message: Message) -> None:
        message.string = str(message.string).replace("2 Hinweise", "zwei Hinweise")

    copy.edit_po("guide:glossary:spending:blocks:example-setback-tells-spend:text", spelled)
    assert "I18N-DRIFT" not in codes(copy.findings())

    def wrong(message: Message) -> None:
        message.string = str(message.string).replace("zwei Hinweise", "drei Hinweise")

    copy.edit_po("guide:glossary:spending:blocks:example-setback-tells-spend:text", wrong)
    assert "I18N-DRIFT" in codes(copy.findings())


def test_a_dropped_link_drifts(copy: Copy) -> None:
    def unlinked(message: Message) -> None:
        message.string = str(message.string).replace("(siehe [[foul-fate]])", "(siehe „Unglück“)")

    copy.edit_po("guide:glossary:actions:blocks:hero-sheet-shows-which:text", unlinked)
    [drift] = [f for f in copy.findings() if f.code == "I18N-DRIFT"]
    assert "links [foul-fate] in the English, [] in the translation" in drift.message


def test_a_dropped_data_reference_drifts(copy: Copy) -> None:
    context = "guide:glossary:wounds:blocks:list-wound-go-onto:items:every-woundable-space-wounded:text"

    def unnamed(message: Message) -> None:
        assert "{action:rest}" in str(message.string)
        message.string = str(message.string).replace("{action:rest}", "Rasten")

    copy.edit_po(context, unnamed)
    [drift] = [f for f in copy.findings() if f.code == "I18N-DRIFT"]
    assert drift.line == copy.msgstr_line(context)
    assert "references [{action:rest}] in the English, [] in the translation" in drift.message


# --- Every entry in every locale ----------------------------------------------------------------


def test_an_entry_gone_from_the_catalog_points_at_the_english_entry(copy: Copy) -> None:
    text = copy.po.read_text(encoding="utf-8")
    copy.po.write_text(text.replace('msgctxt "guide:glossary:wounds:title"', 'msgctxt "guide:glossary:wound:title"'), "utf-8")
    findings = copy.findings()
    path = copy.root / "adventure-game" / "glossary" / "battle.yaml"
    missing = [f for f in findings if f.code == "I18N-MISSING"]
    assert [(f.file.endswith("glossary/battle.yaml"), f.line) for f in missing] == [(True, line_of(path, "title: Wounds"))]
    assert "guide:glossary:wounds:title" in missing[0].message


def test_a_fuzzy_translation_is_stale(copy: Copy) -> None:
    copy.edit_po("guide:glossary:dice:title", lambda message: message.flags.add("fuzzy"))
    assert "I18N-FUZZY" in codes(copy.findings())


def test_a_missing_catalog_is_one_finding(copy: Copy) -> None:
    copy.po.unlink()
    assert codes(copy.findings()) == ["I18N-CATALOG"]


def test_each_broken_german_entry_is_one_finding_at_its_line(copy: Copy) -> None:
    # An obsolete entry, an untranslated one and a drifted number: each one finding, with its code and line.
    copy.edit_po("guide:glossary:dice:title", lambda message: setattr(message, "string", ""))
    drifted = "guide:glossary:victory-points:blocks:example-have-79-vp:text"
    copy.edit_po(drifted, lambda message: setattr(message, "string", str(message.string).replace("erhältst 3", "erhältst 4")))
    obsolete = '#~ msgctxt "guide:glossary:gone:title"\n#~ msgid "Gone"\n#~ msgstr "Fort"\n'
    copy.po.write_text(copy.po.read_text(encoding="utf-8") + "\n" + obsolete, "utf-8")
    findings = copy.findings()
    at_po = sorted((f.line, f.code) for f in findings if f.file.endswith("de.po"))
    assert at_po == sorted([
        (copy.msgstr_line("guide:glossary:dice:title"), "I18N-MISSING"),
        (copy.msgstr_line(drifted), "I18N-DRIFT"),
        (line_of(copy.po, '#~ msgid "Gone"'), "I18N-OBSOLETE"),
    ])
    assert [f.code for f in findings if not f.file.endswith("de.po")] == []
    assert max(Counter((f.file, f.line) for f in findings).values()) == 1


# --- Numbers come from the rule data --------------------------------------------------------------


def test_a_rule_number_written_in_the_english_is_a_finding(copy: Copy) -> None:
    path = copy.replace("glossary/turn.yaml", "up to {actions_per_turn} actions", "up to 2 actions")
    findings = copy.findings()
    assert (path.as_posix().endswith("turn.yaml"), line_of(path, "up to 2 actions")) in [
        (f.file.endswith("turn.yaml"), f.line) for f in findings if f.code == "AG-GUIDE-LITERAL"
    ]
    assert "I18N-STALE" in codes(findings)  # the German translates the English as it was


def test_numbers_in_examples_are_allowed_but_must_agree(copy: Copy) -> None:
    copy.replace("glossary/battle.yaml", "You have 79 VP and score 3", "You have 78 VP and score 4")
    assert "AG-GUIDE-LITERAL" not in codes(copy.findings())
    german = Copy(copy.root.parent / "german")
    german.edit_po("guide:glossary:victory-points:blocks:example-have-79-vp:text", lambda m: setattr(m, "string", str(m.string).replace("79", "77")))
    assert "I18N-DRIFT" in codes(german.findings())


# --- Terms and typography ------------------------------------------------------------------------


def test_an_unofficial_german_term_is_a_finding(copy: Copy) -> None:
    context = "guide:glossary:action-space:blocks:list-wound-goes-onto:items:nothing-but-action-tokens:text"

    def unofficial(message: Message) -> None:
        message.string = "Auf Aktionsfeldern dürfen nur Aktionsplättchen und Verletzungsplättchen liegen."

    copy.edit_po(context, unofficial)
    terms = [f for f in copy.findings() if f.code == "I18N-TERM"]
    assert terms and all(f.line == copy.msgstr_line(context) for f in terms)
    assert any("'Marker'" in f.message for f in terms)


def test_german_typography(copy: Copy) -> None:
    cases = {
        "guide:golden-rules:intro:steps-where-guide-learn:items:cannot-absolute-no-effect:text": ("„Nicht dürfen“", '"Nicht dürfen"'),
        "guide:glossary:component-limitations:blocks:tokens-markers-not-limited:text": ("z.\u00a0B.", "z. B."),
        "guide:glossary:development-cards:blocks:every-hero-has-development:text": ("z.\u00a0B.", "z.B."),
        "guide:glossary:drawing:blocks:list-draw-x-additional:items:draw-x-additional-cards:text": ("„Ziehe X zusätzliche Karten“", "„Ziehe X zusätzliche Karten”"),
    }
    for context, (old, new) in cases.items():

        def change(message: Message, old: str = old, new: str = new) -> None:
            assert old in str(message.string)
            message.string = str(message.string).replace(old, new)

        copy.edit_po(context, change)
    findings = [f for f in copy.findings() if f.code.startswith("I18N-TYPO")]
    assert sorted(f.line for f in findings) == sorted(copy.msgstr_line(c) for c in cases)  # one finding each
