"""Each translation check: a catalog that breaks it yields its finding, on the right line."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.findings import Finding, Severity, error, warning
from pipeline.i18n.catalogs import catalog_path, template_path
from pipeline.i18n.checks import fold_draft_missing, locale_findings
from pipeline.i18n.terms import TermRule, used_alone
from tests.conftest import line_of
from tests.i18n.conftest import TERMS, Edit, source_strings, translate


def findings_of(game_dir: Path, code: str, locales: tuple[str, ...] = ("de",)) -> list[Finding]:
    return [f for f in locale_findings(source_strings(game_dir), game_dir, locales, terms=TERMS) if f.code == code]


def test_complete_catalog_has_no_findings(game_dir: Path) -> None:
    assert locale_findings(source_strings(game_dir), game_dir, ["de"], terms=TERMS) == []


def test_empty_msgstr_is_missing_at_its_line(game_dir: Path, edit_po: Edit) -> None:
    po = edit_po('msgstr "Trophäe"', 'msgstr ""')
    [found] = findings_of(game_dir, "I18N-MISSING")
    assert (found.file.endswith("de.po"), found.line) == (True, line_of(po, 'msgctxt "label:trophy"') + 2)
    assert found.severity.value == "warning"


def test_string_absent_from_catalog_points_at_the_yaml(game_dir: Path, edit_po: Edit) -> None:
    edit_po('msgctxt "label:trophy"', 'msgctxt "label:gone"')
    missing = findings_of(game_dir, "I18N-MISSING")
    assert [(Path(f.file).name, f.line) for f in missing] == [("texts.yaml", line_of(game_dir / "texts.yaml", '"Trophy"'))]
    [obsolete] = findings_of(game_dir, "I18N-OBSOLETE")
    assert "label:gone" in obsolete.message


def test_fuzzy_entry(game_dir: Path, edit_po: Edit) -> None:
    po = edit_po('msgctxt "story:intro"', '#, fuzzy\nmsgctxt "story:intro"')
    [found] = findings_of(game_dir, "I18N-FUZZY")
    assert found.line == line_of(po, 'msgctxt "story:intro"') + 1


def test_translation_of_older_english_is_stale(game_dir: Path) -> None:
    strings = source_strings(game_dir, {"story:intro": "The bell tolls at midnight."})
    found = [f for f in locale_findings(strings, game_dir, ["de"]) if f.code == "I18N-STALE"]
    assert len(found) == 1 and "story:intro" in found[0].message
    assert any(f.code == "I18N-POT-STALE" for f in locale_findings(strings, game_dir, ["de"]))


def test_obsolete_entries_are_reported(game_dir: Path) -> None:
    path = catalog_path(game_dir, "de")
    path.write_text(path.read_text(encoding="utf-8") + '\n#~ msgctxt "old:thing"\n#~ msgid "Old"\n#~ msgstr "Alt"\n', "utf-8")
    [found] = findings_of(game_dir, "I18N-OBSOLETE")
    assert found.line == line_of(path, '#~ msgid "Old"')


def test_placeholder_differs(game_dir: Path, edit_po: Edit) -> None:
    po = edit_po("Erhöhe deinen Schild um {amount}", "Erhöhe deinen Schild um {menge}")
    [found] = findings_of(game_dir, "I18N-PLACEHOLDER")
    assert found.severity.value == "error"
    assert "missing {amount}" in found.message and "{menge}" in found.message
    assert found.line == line_of(po, "Erhöhe deinen Schild")


def test_icon_token_dropped_in_one_plural_form(game_dir: Path, edit_po: Edit) -> None:
    po = edit_po("Ziehe {amount} Karten {icon:draw}.", "Ziehe {amount} Karten.")
    [found] = findings_of(game_dir, "I18N-ICON")
    assert found.line == line_of(po, "msgstr[1]") and "{icon:draw}" in found.message


def test_empty_plural_form(game_dir: Path, edit_po: Edit) -> None:
    po = edit_po('msgstr[1] "Ziehe {amount} Karten {icon:draw}."', 'msgstr[1] ""')
    [found] = findings_of(game_dir, "I18N-PLURAL-FORMS")
    assert found.line == line_of(po, "msgstr[1]") and "form 1" in found.message


def test_plural_forms_header_must_match_cldr(game_dir: Path, edit_po: Edit) -> None:
    po = edit_po("nplurals=2; plural=(n != 1);", "nplurals=1; plural=0;")
    found = findings_of(game_dir, "I18N-PLURAL-FORMS")
    assert any(f.line == line_of(po, "Plural-Forms") and "needs 2" in f.message for f in found)


def test_terminology(game_dir: Path, edit_po: Edit) -> None:
    po = edit_po("Erhöhe deinen Schild um", "Erhöhe deine Abwehr um")
    [found] = findings_of(game_dir, "I18N-TERM")
    assert found.line == line_of(po, "Erhöhe deine Abwehr") and "Schild" in found.message
    assert found.severity.value == "error"  # the print would name a thing by a word no other component uses


def test_german_typography(game_dir: Path) -> None:
    translate(game_dir, {"story:intro": 'Die "Glocke" läutet, z. B. in der Dämmerung...'})
    typography = ["I18N-TYPO-ELLIPSIS", "I18N-TYPO-NBSP", "I18N-TYPO-QUOTES"]
    # Each prints wrong: an error in a release locale, a warning in a draft one.
    for release, severity in ((["de"], Severity.ERROR), ([], Severity.WARNING)):
        findings = locale_findings(source_strings(game_dir), game_dir, ["de"], terms=TERMS, release=release)
        assert sorted((f.code, f.severity) for f in findings) == [(code, severity) for code in typography]
    translate(game_dir, {"story:intro": "Die „Glocke“ läutet, z.\u00a0B. in der Dämmerung …"})
    assert locale_findings(source_strings(game_dir), game_dir, ["de"], terms=TERMS) == []


def test_a_quote_closing_after_an_icon_token_is_german(game_dir: Path) -> None:
    translate(game_dir, {"story:intro": "„Läute {icon:gold}“ heißt es in der Dämmerung."})
    assert findings_of(game_dir, "I18N-TYPO-QUOTES") == []


def test_glyph_missing_from_the_font(game_dir: Path) -> None:
    translate(game_dir, {"story:intro": "Die Glocke läutet → Dämmerung."})
    [found] = findings_of(game_dir, "I18N-GLYPH")
    assert "U+2192" in found.message and found.severity.value == "error"


def test_source_locale_checks_english_glyphs_only(game_dir: Path) -> None:
    assert locale_findings(source_strings(game_dir), game_dir, ["en"]) == []
    strings = source_strings(game_dir, {"label:trophy": "Trophy ✓"})
    glyphs = [f for f in locale_findings(strings, game_dir, ["en"]) if f.code == "I18N-GLYPH"]
    assert [(Path(f.file).name, f.line) for f in glyphs] == [("texts.yaml", line_of(game_dir / "texts.yaml", '"Trophy"'))]


def test_missing_catalog_and_broken_catalog(game_dir: Path) -> None:
    [found] = findings_of(game_dir, "I18N-CATALOG", ("fr",))
    assert found.file.endswith("fr.po")
    path = catalog_path(game_dir, "de")
    path.write_text(path.read_text(encoding="utf-8") + "\nmsgid_bogus oops\n", encoding="utf-8")
    [broken] = findings_of(game_dir, "I18N-PO-SYNTAX")
    assert broken.line == line_of(path, "msgid_bogus")


# (what a translator's hand edit leaves in de.po, the text on the line the finding must name, what it says)
MALFORMED = [
    ('msgstr "Trophäe"\n', 'msgstr[7] "Trophäe"\n', 'msgstr[7] "Trophäe"', "without msgid_plural"),
    ('msgstr[1] "Ziehe {amount} Karten {icon:draw}."\n',
     'msgstr[1] "Ziehe {amount} Karten {icon:draw}."\nmsgstr[2] "Ziehe {amount} Karten {icon:draw}."\n',
     "msgstr[2]", "the locale has 2 plural forms"),
    ('msgstr "Trophäe"\n', 'msgstr "Trophäe"\nmsgstr "Pokal"\n', 'msgstr "Pokal"', "a second msgstr"),
    ('msgctxt "story:intro"', 'msgctxt "label:trophy"', 'msgctxt "label:trophy"', "(the first is at line "),
    ('msgctxt "story:intro"\nmsgid "The bell tolls at dusk."', 'msgctxt "label:trophy"\nmsgid "Trophy"',
     'msgctxt "label:trophy"', "a second entry with msgctxt 'label:trophy'"),
]


@pytest.mark.parametrize(("old", "new", "at", "reason"), MALFORMED)
def test_a_malformed_entry_is_one_syntax_error_at_its_line(game_dir: Path, edit_po: Edit, old: str, new: str, at: str,
                                                           reason: str) -> None:
    path = edit_po(old, new)
    found = locale_findings(source_strings(game_dir), game_dir, ["de"], terms=TERMS)
    [broken] = [f for f in found if f.severity is Severity.ERROR]
    assert broken.code == "I18N-PO-SYNTAX" and reason in broken.message
    assert (broken.file, broken.line) == (str(path), line_of(path, at, occurrence=2 if at.startswith("msgctxt") else 1))


def test_a_byte_order_mark_is_accepted(game_dir: Path) -> None:
    path = catalog_path(game_dir, "de")
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert locale_findings(source_strings(game_dir), game_dir, ["de"], terms=TERMS) == []


def test_stale_template(game_dir: Path) -> None:
    assert findings_of(game_dir, "I18N-POT-STALE") == []
    template_path(game_dir).unlink()
    assert len(findings_of(game_dir, "I18N-POT-STALE")) == 1


def test_a_term_inside_a_longer_term_is_the_longer_terms() -> None:
    trail = TermRule("trail", ("Trail", "Trails"), ("Spur",))
    title = TermRule("monster-trail", ("Monster Trail",), ("Monsterjagd",))
    assert not used_alone(trail, "Play Monster Trail with the base game.", [trail, title])
    assert used_alone(trail, "Monster Trail gives you a Trail token.", [trail, title])
    assert used_alone(trail, "Monster Trail gives you a Trail token.", [trail])


def test_folding_counts_a_drafts_missing_strings_per_catalog_and_keeps_release_errors_and_lone_ones() -> None:
    findings = [
        warning("I18N-MISSING", "card:a:title has no fr translation", "fr.po", 20),
        warning("I18N-MISSING", "card:b:title has no fr translation", "fr.po", 25),
        warning("I18N-TYPO-QUOTES", "card:a:title: quotes", "fr.po", 22),
        warning("I18N-MISSING", "card:c:title is not in the fr catalog", "cards.yaml", 3),
        warning("I18N-MISSING", "card:d:title is not in the fr catalog", "cards.yaml", 9),
        warning("I18N-MISSING", "card:a:title has no it translation", "it.po", 20),  # alone: stays
        error("I18N-MISSING", "card:a:title has no de translation", "de.po", 20),  # a release locale's
        error("I18N-MISSING", "card:b:title has no de translation", "de.po", 25),
    ]
    folded = fold_draft_missing(findings)
    assert [(f.file, f.line, f.message) for f in folded if f.severity.value == "warning"] == [
        ("fr.po", 20, "2 strings have no fr translation yet (fr is a draft locale)"),
        ("fr.po", 22, "card:a:title: quotes"),
        ("cards.yaml", 3, "2 strings are not in the fr catalog yet (fr is a draft locale)"),
        ("it.po", 20, "card:a:title has no it translation"),
    ]
    assert folded[-2:] == findings[-2:]
