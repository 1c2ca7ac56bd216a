"""The shared numbered-deck checks, on small hand-made decks."""

from __future__ import annotations

from pipeline.content.database import Source
from pipeline.content.numbered import NumberedDeck, NumberedEntry, Ref, check_numbered_deck
from pipeline.findings import Severity

DECK = NumberedDeck(name="event", code="OW-EVENT", first=1, last=4)


def at(line: int) -> Source:
    return Source("deck.yaml", line, 1)


def entry(number: int, *targets: int) -> NumberedEntry:
    return NumberedEntry(number, at(number * 10), tuple(Ref(t, at(number * 10 + 1)) for t in targets))


def run(entries, entry_refs, deck=DECK):  # type: ignore[no-untyped-def]
    return [(f.code, f.line, f.severity) for f in check_numbered_deck(deck, entries, entry_refs)]


def test_a_sound_deck_has_no_findings() -> None:
    assert run([entry(1, 2), entry(2), entry(3, 4), entry(4)], [Ref(1, at(1)), Ref(3, at(2))]) == []


def test_a_number_used_twice() -> None:
    found = run([entry(1), entry(2), entry(2), entry(3), entry(4)], [Ref(n, at(1)) for n in (1, 2, 3, 4)])
    assert ("OW-EVENT-DUPLICATE", 20, Severity.ERROR) in found


def test_a_gap_in_the_numbers() -> None:
    found = run([entry(1), entry(2), entry(4)], [Ref(n, at(1)) for n in (1, 2, 4)])
    assert found == [("OW-EVENT-GAP", 10, Severity.ERROR)]


def test_a_number_outside_the_range() -> None:
    found = run([entry(n) for n in (1, 2, 3, 4, 9)], [Ref(n, at(1)) for n in (1, 2, 3, 4, 9)])
    assert found == [("OW-EVENT-RANGE", 90, Severity.ERROR)]


def test_a_reference_to_a_missing_number_names_it() -> None:
    findings = check_numbered_deck(
        DECK, [entry(n) for n in (1, 2, 3, 4)], [Ref(n, at(1)) for n in (1, 2, 3, 4)] + [Ref(61, at(7), "quest city-03")]
    )
    assert [(f.code, f.line, f.message) for f in findings] == [
        ("OW-EVENT-REF", 7, "quest city-03 enters event 61, which does not exist")
    ]


def test_an_entry_nothing_leads_to_is_a_warning() -> None:
    found = run([entry(1, 2), entry(2), entry(3), entry(4)], [Ref(1, at(1)), Ref(4, at(1))])
    assert found == [("OW-EVENT-UNREACHABLE", 30, Severity.WARNING)]


def test_a_cycle_is_reported_once_at_the_closing_reference() -> None:
    findings = check_numbered_deck(DECK, [entry(1, 2), entry(2, 3), entry(3, 1), entry(4)], [Ref(1, at(1)), Ref(4, at(1))])
    assert [(f.code, f.line) for f in findings] == [("OW-EVENT-CYCLE", 31)]
    assert "1 → 2 → 3 → 1" in findings[0].message


def test_cycles_are_allowed_when_the_deck_says_so() -> None:
    deck = NumberedDeck(name="event", code="OW-EVENT", first=1, last=4, allow_cycles=True)
    assert run([entry(1, 2), entry(2, 1), entry(3), entry(4)], [Ref(n, at(1)) for n in (1, 3, 4)], deck) == []


def test_a_path_must_end_at_a_terminal_within_its_length() -> None:
    deck = NumberedDeck(name="story card", code="POD-STORY", first=1, last=4, terminals=frozenset({4}), max_path_length=3)
    assert run([entry(1, 2, 3), entry(2, 4), entry(3), entry(4)], [Ref(1, at(1))], deck) == [
        ("POD-STORY-DEAD-END", 30, Severity.ERROR)
    ]
    long_deck = NumberedDeck(name="story card", code="POD-STORY", first=1, last=4, terminals=frozenset({4}), max_path_length=2)
    assert ("POD-STORY-TOO-LONG", 30, Severity.ERROR) in run(
        [entry(1, 2), entry(2, 3), entry(3, 4), entry(4)], [Ref(1, at(1))], long_deck
    )


def test_a_long_chain_does_not_hit_the_recursion_limit() -> None:
    deck = NumberedDeck(name="event", code="OW-EVENT", first=1, last=5000)
    entries = [entry(n, n + 1) for n in range(1, 5000)] + [entry(5000, 1)]
    found = run(entries, [Ref(1, at(1))], deck)
    assert [code for code, _, _ in found] == ["OW-EVENT-CYCLE"]


# --- Groups, stages and previews (story decks: spreads, chapters, printed previews) ------------------

STAGED = NumberedDeck(name="card", code="POD-STORY", first=1, last=6, terminals=frozenset({5, 6}), stages=2, stage_name="chapter")


def staged(number: int, *targets: int, group: str | None = None, stage: int | None = None) -> NumberedEntry:
    return NumberedEntry(number, at(number * 10), tuple(Ref(t, at(number * 10 + 1)) for t in targets), group, stage)


def sound_story() -> list[NumberedEntry]:
    """1 intro → spread {2, 3} (chapter 1) → 4 (chapter 2) → endings 5 / 6."""
    return [
        staged(1, 2),
        staged(2, 4, group="s1", stage=1),
        staged(3, 4, group="s1", stage=1),
        staged(4, 5, 6, stage=2),
        staged(5),
        staged(6),
    ]


def test_a_group_is_entered_together_and_paths_go_on_from_each_member() -> None:
    assert run(sound_story(), [Ref(1, at(1))], STAGED) == []


def test_without_the_group_the_partner_is_unreachable() -> None:
    entries = sound_story()
    entries[2] = staged(3, 4, stage=1)
    assert run(entries, [Ref(1, at(1))], STAGED) == [("POD-STORY-UNREACHABLE", 30, Severity.WARNING)]


def test_a_path_that_skips_a_stage() -> None:
    entries = sound_story()
    entries[0] = staged(1, 2, 4)
    found = check_numbered_deck(STAGED, entries, [Ref(1, at(1))])
    assert [(f.code, f.line) for f in found] == [("POD-STORY-STAGES", 40)]
    assert "chapter 2) before any chapter; expected chapter 1" in found[0].message


def test_a_path_that_ends_before_the_last_stage() -> None:
    entries = sound_story()
    entries[2] = staged(3, 5, group="s1", stage=1)
    found = check_numbered_deck(STAGED, entries, [Ref(1, at(1))])
    assert [(f.code, f.line) for f in found] == [("POD-STORY-STAGES", 50)]
    assert "every path must pass chapters 1–2" in found[0].message


def test_a_path_that_goes_back_a_stage() -> None:
    entries = sound_story()
    entries[3] = staged(4, 5, 6, 3, stage=2)
    codes = {f.code for f in check_numbered_deck(STAGED, entries, [Ref(1, at(1))])}
    assert {"POD-STORY-CYCLE", "POD-STORY-STAGES"} <= codes


def test_a_preview_must_equal_what_its_target_shows() -> None:
    deck = NumberedDeck(name="card", code="POD-STORY", first=1, last=2)
    shown = NumberedEntry(2, at(20), shows=("magic", "combat"))
    right = NumberedEntry(1, at(10), (Ref(2, at(11), "card 1", expects=("magic", "combat")),))
    assert run([right, shown], [Ref(1, at(1))], deck) == []
    wrong = NumberedEntry(1, at(10), (Ref(2, at(11), "card 1", expects=("combat", "magic")),))
    found = check_numbered_deck(deck, [wrong, shown], [Ref(1, at(1))])
    assert [(f.code, f.line, f.message) for f in found] == [
        ("POD-STORY-PREVIEW", 11, "card 1 previews combat, magic, but card 2 shows magic, combat")
    ]
