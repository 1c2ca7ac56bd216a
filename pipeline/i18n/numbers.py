"""The numbers a text states (its digits, and its locale's number words from two up), and whether a
translation states the numbers of its source."""

from __future__ import annotations

import re
from collections import Counter
from decimal import Decimal

from babel.core import Locale, UnknownLocaleError
from babel.numbers import NumberFormatError, parse_decimal

from .tokens import words

# Digits with their group and decimal separators ("1,000", "1.000", "1,5"): Babel reads them per locale.
# A sign or dash before a number is not part of it ("-1", "−1", "1–5", "chapter-3" all name 1, 5, 3).
DIGITS = re.compile(r"(?<!\w)\d+(?:[.,]\d+)*")
# Number words a translation may use for a digit of its source. "one"/"ein" are left out: German
# "ein" is mostly the indefinite article, so it cannot be told from the number 1.
NUMBER_WORDS: dict[str, dict[str, int]] = {
    "en": {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10},
    "de": {"zwei": 2, "drei": 3, "vier": 4, "fünf": 5, "sechs": 6, "sieben": 7, "acht": 8, "neun": 9, "zehn": 10},
}
# Words that may stand for a digit of the other text but do not count as a number by themselves
# ("one" is also a pronoun): "one card" → "1 Karte", "Kosten 0" ← "zero-cost".
STAND_IN_WORDS: dict[str, dict[str, int]] = {"en": {"zero": 0, "one": 1}, "de": {"null": 0, "eins": 1}}

Number = int | Decimal


def numbers(text: str, locale: str) -> Counter[Number]:
    """Every number written in the words of a text (tokens and links left out), with how often."""
    return numerals(text, locale) + number_words(text, locale)


def numerals(text: str, locale: str) -> Counter[Number]:
    """The numbers a text writes in digits, read with the locale's separators."""
    found: Counter[Number] = Counter()
    separators = _separators(locale)
    for written in DIGITS.findall(words(text)):
        try:
            found[_plain(parse_decimal(written, locale=separators, strict=True))] += 1
        except NumberFormatError:  # "2,3" in English: two numbers, not a malformed one
            found.update(int(part) for part in re.findall(r"\d+", written))
    return found


def number_words(text: str, locale: str, stand_ins: bool = False) -> Counter[Number]:
    """The numbers a text spells out; with stand_ins, also the words that may replace a digit ("one")."""
    known = dict(NUMBER_WORDS.get(_language(locale), {}))
    if stand_ins:
        known.update(STAND_IN_WORDS.get(_language(locale), {}))
    return Counter(known[word] for word in re.findall(r"\w+", words(text).casefold()) if word in known)


def numbers_match(source: str, source_locale: str, text: str, locale: str) -> bool:
    """Whether a translation states the numbers its source writes in digits.

    A digit missing on one side may be spelled out on the other ("2 leads" → "zwei Hinweise", "one
    card" → "1 Karte"). A number word without a digit opposite it is prose, not a rule value, and is
    not compared: "Three of a Kind" is „Drilling“, "the two halves" „die beiden Hälften“.
    """
    want, got = numerals(source, source_locale), numerals(text, locale)
    return _covered(want - got, number_words(text, locale, stand_ins=True)) and _covered(
        got - want, number_words(source, source_locale, stand_ins=True)
    )


def _covered(digits: Counter[Number], spelled: Counter[Number]) -> bool:
    return not digits - spelled


def _plain(value: Decimal) -> Number:
    """1000 rather than Decimal("1.000") or 1E+3: numbers compare and print as written."""
    return int(value) if value == value.to_integral_value() else value.normalize()


def _separators(locale: str) -> Locale:
    """The locale whose group and decimal separators a text uses (its language's; English for a language
    Babel does not know)."""
    try:
        return Locale.parse(_language(locale))
    except (UnknownLocaleError, ValueError):
        return Locale.parse("en")


def _language(locale: str) -> str:
    return locale.replace("_", "-").split("-")[0]
