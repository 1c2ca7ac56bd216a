"""A pseudo-locale to test fit before translators start: accented, about 40% longer, tokens untouched."""

from __future__ import annotations

import math

from babel.messages.catalog import Catalog

from . import PSEUDO_LOCALE
from .catalogs import new_catalog
from .tokens import split_tokens

GROWTH = 1.4
# Latin-1 look-alikes only: every one is in the Vera fonts that print the cards.
_ACCENTS = str.maketrans("AaCcEeIiNnOoUuYy", "ÅåÇçÉéÎîÑñÖöÛüÝý")
_VOWELS = set("AEIOUaeiouÅåÉéÎîÖöÛüÝý")


def pseudo_text(text: str) -> str:
    """Text with accented letters and doubled vowels (about 40% longer); `{...}` tokens and markup kept."""
    prose_length = sum(len(piece) for is_token, piece in split_tokens(text) if not is_token)
    budget = max(0, math.ceil(prose_length * GROWTH) - prose_length - 2)
    out: list[str] = []
    for is_token, piece in split_tokens(text):
        if is_token:
            out.append(piece)
            continue
        for char in piece.translate(_ACCENTS):
            out.append(char)
            if budget > 0 and char in _VOWELS:
                out.append(char)
                budget -= 1
    padding = "~" * budget
    return f"[{''.join(out)}{padding}]"


def pseudo_catalog(template: Catalog, project: str, locale: str = PSEUDO_LOCALE) -> Catalog:
    """Every template message with its pseudo-translation."""
    catalog = new_catalog(project, locale)
    for message in template:
        if not message.id:
            continue
        if isinstance(message.id, (tuple, list)):
            forms = [pseudo_text(message.id[0])] + [pseudo_text(message.id[1])] * (catalog.num_plurals - 1)
            string: str | tuple[str, ...] = tuple(forms)
        else:
            string = pseudo_text(message.id)
        catalog.add(message.id, string, locations=message.locations, context=message.context)
    return catalog
