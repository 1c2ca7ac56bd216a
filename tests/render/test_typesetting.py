"""Typesetting a typesetter would accept: where words break, what never parts, what never hyphenates."""

import pytest

from pipeline.render.hyphenation import dictionary
from pipeline.render.richtext import (
    NBSP,
    TextStyle,
    break_lines,
    break_points,
    fit_text,
    parse,
    split_word,
)


def _heads_and_tails(text: str, locale: str) -> list[tuple[str, str]]:
    """Every way split_word may break the word, from the widest head down."""
    word = parse(text).paragraphs[0][0]
    found = []
    for room in (x / 4 for x in range(80, 0, -1)):
        split = split_word(word, room, locale)
        if split is not None:
            found.append((split[0][0].text, split[1][0].text))
    return sorted(set(found))


# Words the shipped cards printed wrongly ("happene-d.", "road-s;", "Monster-s:", "runenverzier-t,").
@pytest.mark.parametrize(("text", "locale"), [
    ("happened.", "en"), ("roads;", "en"), ("prepared,", "en"), ("(wounded)", "en"),
    ("Monsters:", "de"), ("runenverziert,", "de"), ("Trophäe.", "de"), ("Hexer!", "de"), ("Phase.", "de"),
])
def test_no_break_before_the_last_three_letters_or_the_punctuation(text: str, locale: str) -> None:
    for head, tail in _heads_and_tails(text, locale):
        letters_after = sum(ch.isalpha() for ch in tail)
        letters_before = sum(ch.isalpha() for ch in head[:-1])
        assert letters_after >= 3 and letters_before >= 2, (head, tail)


@pytest.mark.parametrize(("text", "locale", "head", "tail"), [
    ("Spuren-Quest", "de", "Spuren-", "Quest"),
    ("Attributs-Trophäe", "de", "Attributs-", "Trophäe"),
    ("zero-cost", "en", "zero-", "cost"),
])
def test_a_words_own_hyphen_is_a_break_and_is_not_doubled(text: str, locale: str, head: str, tail: str) -> None:
    splits = _heads_and_tails(text, locale)
    assert (head, tail) in splits
    assert not any("--" in h for h, _ in splits)
    word = parse(text).paragraphs[0][0]
    split = split_word(word, 200.0, locale)  # the widest head: the word's own hyphen, with nothing added
    assert split is not None and not split[0][0].soft


def test_break_points_keep_two_letters_before_and_three_after_in_german() -> None:
    german = dictionary("de")
    assert german is not None
    for text in ("runenverziert,", "Endriagen-Krieger", "Attributs-Trophäe", "Ungeheuer."):
        core = text.strip(",.")
        for position, _ in break_points(text, german):
            part_start = core.rfind("-", 0, position - 1) + 1
            part_end = core.find("-", position)
            part_end = len(core) if part_end < 0 else part_end
            assert position - part_start >= 2 and part_end - position >= 3, (text, position)


def test_hyphenation_head_is_soft_and_plain_text_tells_it_apart() -> None:
    word = parse("Donaudampfschifffahrtsgesellschaft").paragraphs[0][0]
    split = split_word(word, 8.0, "de")
    assert split is not None
    head = split[0][0]
    assert head.soft and head.text.endswith("-") and head.plain().endswith("\u00ad")


def test_titles_and_labels_shrink_instead_of_hyphenating() -> None:
    title = TextStyle(min_size=4, max_size=11)  # a box for two lines at the largest size
    fitted = fit_text("Endriagenkrieger Attributstrophäe", 60, 2 * 1.18 * 11, title, "de")
    words = [frag.text for lines in fitted.paragraphs for line in lines for word in line.words for frag in word]
    assert words == ["Endriagenkrieger", "Attributstrophäe"] and fitted.size < 11
    narrow = fit_text("Extra-Erfahrungsmarker", 50, 2 * 1.18 * 11, title, "de")  # its own hyphen still breaks
    lines = [[frag.text for word in line.words for frag in word] for line in narrow.paragraphs[0]]
    assert lines == [["Extra-"], ["Erfahrungsmarker"]]
    assert not title.hyphenates(2.9 * 1.18 * 11) and title.hyphenates(3 * 1.18 * 11)
    assert TextStyle(6, 11, hyphenate=True).hyphenates(1.0)
    assert not TextStyle(6, 11, hyphenate=False).hyphenates(1000.0)


def test_body_text_still_hyphenates() -> None:
    body = TextStyle(min_size=6, max_size=6)
    fitted = fit_text("Die Donaudampfschifffahrtsgesellschaft fährt", 60, 200, body, "de")
    heads = [word[-1] for lines in fitted.paragraphs for line in lines for word in line.words[-1:]]
    assert any(frag.soft for frag in heads)


@pytest.mark.parametrize("markup", ["Erhöhe dein Schild um 2 {icon:shield}.", "Gain +1 {icon:gold} now."])
def test_a_number_and_its_icon_stay_together(markup: str) -> None:
    paragraph = parse(markup).paragraphs[0]
    glued = next(word for word in paragraph if any(frag.icon for frag in word))
    assert glued[1].text == NBSP and glued[0].text[-1].isdigit()
    for width in (x / 2 for x in range(8, 40)):
        for line in break_lines(paragraph, width, "de"):
            assert not line.words[0][0].icon  # no line starts with the icon alone


def test_a_lone_icon_without_a_number_is_its_own_word() -> None:
    paragraph = parse("Discard {icon:card} cards").paragraphs[0]
    assert [len(word) for word in paragraph] == [1, 1, 1]


@pytest.mark.parametrize("markup", ["Then draw {icon:draw}.", "Gewinne eine Spur {icon:trail}, dann ziehe."])
def test_an_icon_never_starts_a_line_with_only_its_punctuation(markup: str) -> None:
    """Issue 42: "{icon}." wrapped alone onto a new line; it stays with the word before it."""
    paragraph = parse(markup).paragraphs[0]
    glued = next(word for word in paragraph if any(frag.icon for frag in word))
    assert any(frag.text == NBSP for frag in glued) and not glued[0].icon
    for width in (x / 2 for x in range(8, 40)):
        for line in break_lines(paragraph, width, "de"):
            assert not line.words[0][0].icon


def test_a_word_with_a_glued_icon_still_hyphenates_and_keeps_the_icon_in_its_tail() -> None:
    paragraph = parse("Ziehe eine Aktionskarte {icon:draw}.").paragraphs[0]
    lines = break_lines(paragraph, 6.5, "de")
    heads = [line.words[-1] for line in lines[:-1]]
    assert any(word[-1].soft for word in heads)
    assert lines[-1].words[-1][-2].icon == "draw" and not lines[-1].words[0][0].icon
