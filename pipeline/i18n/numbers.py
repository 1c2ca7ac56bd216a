"""The numbers a text states: its digits, and its locale's number words from two up."""

from __future__ import annotations

import re
from collections import Counter

from .tokens import words

DIGITS = re.compile(r"(?<![\w-])\d+(?!\w)")
# Number words a translation may use for a digit of its source. "one"/"ein" are left out: German
# "ein" is mostly the indefinite article, so it cannot be told from the number 1.
NUMBER_WORDS: dict[str, dict[str, int]] = {
    "en": {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10},
    "de": {"zwei": 2, "drei": 3, "vier": 4, "fünf": 5, "sechs": 6, "sieben": 7, "acht": 8, "neun": 9, "zehn": 10},
}


def numbers(text: str, locale: str) -> Counter[int]:
    """Every number written in the words of a text (tokens and links left out), with how often."""
    visible = words(text)
    found: Counter[int] = Counter(int(d) for d in DIGITS.findall(visible))
    known = NUMBER_WORDS.get(locale.replace("_", "-").split("-")[0], {})
    for word in re.findall(r"\w+", visible.casefold()):
        if word in known:
            found[known[word]] += 1
    return found
