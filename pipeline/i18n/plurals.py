"""Plural forms per locale from CLDR (via Babel): how many forms a catalog needs and which one a number takes."""

from __future__ import annotations

import gettext
from collections.abc import Callable
from functools import lru_cache

from babel.core import Locale, UnknownLocaleError
from babel.messages.plurals import get_plural


@lru_cache(maxsize=32)
def _rule(locale: str) -> tuple[int, str]:
    try:
        rule = get_plural(Locale.parse(locale.replace("-", "_")))
    except (UnknownLocaleError, ValueError):
        rule = get_plural("en")
    return rule.num_plurals, rule.plural_expr


def plural_count(locale: str) -> int:
    """How many plural forms the locale's messages need (German 2, Polish 3...)."""
    return _rule(locale)[0]


def plural_expression(locale: str) -> str:
    """The gettext plural expression of the locale, e.g. `(n != 1)`."""
    return _rule(locale)[1]


@lru_cache(maxsize=32)
def _chooser(locale: str) -> Callable[[int], int]:
    chooser: Callable[[int], int] = gettext.c2py(plural_expression(locale))
    return chooser


def plural_index(locale: str, n: int) -> int:
    """Which plural form (msgstr[i]) the number n takes in the locale."""
    return int(_chooser(locale)(abs(n)))
