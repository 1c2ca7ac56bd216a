"""Rich text: markup, inline icons, fitting with the real metrics, hyphenation per locale."""

from pipeline.render.richtext import TextStyle, break_lines, fit_text, parse, split_word

STYLE = TextStyle(min_size=6, max_size=12)


def test_markup_gives_styled_words_and_icons() -> None:
    parsed = parse("Deal **2 damage** {icon:damage} and *draw*.\nNext")
    first, second = parsed.paragraphs
    styles = [frag.style for word in first for frag in word]
    assert styles == ["regular", "bold", "bold", "regular", "regular", "italic", "regular"]
    assert any(frag.icon == "damage" for word in first for frag in word)
    assert second == [(second[0][0],)] and second[0][0].text == "Next"
    assert parse("{icon:nonsense}").unknown_icons == ("nonsense",)


def test_box_font_is_the_base_style() -> None:
    parsed = parse("Name *and more*", "bold")
    assert [frag.style for word in parsed.paragraphs[0] for frag in word] == ["bold", "bold-italic", "bold-italic"]


def test_short_text_keeps_the_maximum_size() -> None:
    fitted = fit_text("Jab", 100, 30, STYLE, "en")
    assert fitted.fits and fitted.size == 12


def test_long_text_shrinks_but_fits() -> None:
    text = "The thing came out of the reeds with weed still hanging from its jaws. " * 3
    fitted = fit_text(text, 150, 60, STYLE, "en")
    assert fitted.fits and 6 <= fitted.size < 12
    assert fitted.text_height() <= 60


def test_text_that_cannot_fit_says_by_how_much() -> None:
    fitted = fit_text("word " * 400, 100, 20, STYLE, "en")
    assert not fitted.fits and fitted.size == 6 and fitted.overflow_mm > 10


def test_german_compound_words_are_hyphenated() -> None:
    word = parse("Donaudampfschifffahrtsgesellschaft").paragraphs[0][0]
    head, tail = split_word(word, 8.0, "de")  # type: ignore[misc]
    assert head[0].text.endswith("-") and (head[0].text[:-1] + tail[0].text) == "Donaudampfschifffahrtsgesellschaft"
    lines = break_lines(parse("Die Donaudampfschifffahrtsgesellschaft").paragraphs[0], 12.0, "de")
    assert len(lines) >= 2 and all(line.width <= 12.0 for line in lines)


def test_unknown_locale_does_not_hyphenate() -> None:
    word = parse("Donaudampfschifffahrtsgesellschaft").paragraphs[0][0]
    assert split_word(word, 8.0, "xx") is None
