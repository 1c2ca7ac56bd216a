"""The index, built from the layout (never typed by hand): entry titles and index terms with their pages.

A title points at the page of its heading and every page of its entry that prints it; an index term
at the pages of its entry that print it (else the entry's first page). Terms sort by the locale's
collation; the same term from several entries lists all their pages.
"""

from __future__ import annotations

import re

from pipeline.i18n.collation import sort_key
from pipeline.i18n.tokens import strip_markup
from pipeline.rules.guide import GuideDocument

from .compose import IndexLines
from .paginate import Page, anchor_pages, owner_pages


def _occurs(term: str, text: str) -> bool:
    """Whether term starts a word of text (so "Trail" is found in "Trails"), ignoring case."""
    return re.search(r"(?<!\w)" + re.escape(term.casefold()), text.casefold()) is not None


def build_index(document: GuideDocument, pages: list[Page]) -> IndexLines:
    """(term, pages) for every entry title and index term, sorted for the document's locale."""
    anchors = anchor_pages(pages)
    texts = owner_pages(pages)
    found: dict[str, tuple[str, set[int]]] = {}
    for entry in document.entries():
        home = anchors.get(f"entry:{entry.id}")
        if home is None:
            continue
        by_page = texts.get(entry.id, {})
        title = strip_markup(entry.title)
        for term in dict.fromkeys([title, *(strip_markup(t) for t in entry.index_terms)]):
            hits = {number for number, text in by_page.items() if _occurs(term, text)}
            if term == title or not hits:
                hits.add(home)
            _, numbers = found.setdefault(term.casefold(), (term, set()))
            numbers.update(hits)
    ordered = sorted(found.values(), key=lambda item: sort_key(item[0], document.locale, document.umlauts))
    return tuple((term, tuple(sorted(numbers))) for term, numbers in ordered)
