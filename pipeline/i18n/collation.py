"""Sorting per locale for glossaries and indexes: German DIN 5007 (umlaut rule configurable), English letter by letter.

German variant 2 (`umlauts="expand"`, the phone-book order the German guides use) reads ä, ö, ü
as ae, oe, ue: "Würfel" sorts before "Wunden". Variant 1 (`umlauts="base"`, dictionary order)
reads them as a, o, u. ß is ss in both. Spaces and punctuation are ignored in every locale
(letter-by-letter: "Actions" before "Action Space"); ties fall back to accents, then case.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable
from typing import Literal, TypeVar

Umlauts = Literal["expand", "base"]
T = TypeVar("T")

_EXPAND = {"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "æ": "ae", "œ": "oe"}
_BASE = {"ß": "ss", "æ": "ae", "œ": "oe"}


def _strip_accents(text: str) -> str:
    decomposed = unicodedata.normalize("NFD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _letters(text: str) -> str:
    return "".join(c for c in text if c.isalnum())


def primary_key(text: str, locale: str, umlauts: Umlauts = "expand") -> str:
    """The letters that decide the order: lower case, accents folded per the locale's rule, no spaces."""
    folded = unicodedata.normalize("NFC", text).casefold()
    language = locale.replace("_", "-").split("-")[0].lower()
    if language == "de":
        table = _EXPAND if umlauts == "expand" else _BASE
        folded = "".join(table.get(c, c) for c in folded)
    else:
        folded = "".join(_BASE.get(c, c) for c in folded)
    return _letters(_strip_accents(folded))


def sort_key(text: str, locale: str, umlauts: Umlauts = "expand") -> tuple[str, str, str]:
    """A key for sorted(): letters per the locale's rule, then accents, then case, then the text itself."""
    accents = _letters(unicodedata.normalize("NFC", text).casefold())
    return (primary_key(text, locale, umlauts), accents, _case_key(text))


def _case_key(text: str) -> str:
    # Lower case before upper case when everything else is equal (DIN 5007: "der" before "Der").
    return "".join(c.swapcase() for c in text)


def sorted_for(items: Iterable[T], locale: str, key: Callable[[T], str] = str, umlauts: Umlauts = "expand") -> list[T]:
    """Items sorted for a locale by the text key gives."""
    return sorted(items, key=lambda item: sort_key(key(item), locale, umlauts))
