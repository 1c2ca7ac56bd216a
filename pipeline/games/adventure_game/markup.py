"""The inline markup of Adventure Game text, in both locales, and what it is worth to the checks.

- `{rule_key}`: a rules number from the manifest (`{actions_per_turn}` -> 2); never a literal digit.
- `{kind:id}`: a thing of the rule data, printed as its localized name (`{action:travel}` -> Reisen).
- `{kind_field:id}`: a number of the rule data (`{route_gold_cost:novigrad-duen-canell}` -> 2).
- `{icon:name}`: an in-text icon, kept for the renderer.
- `[[id]]`: a glossary entry (kept as a link for the renderer) or a term (printed as its name).
- `[[id|shown words]]`: a mention of an entry or term, printed as the words (German inflects them).

A translation must keep every `{...}` token and every number of its source, and name the same
entries and terms: that is the cross-locale drift check.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

# The same grammar as pipeline.i18n.tokens (`{name}` and `{name:arg}`), so the generic i18n checks agree.
TOKEN = re.compile(r"\{([a-z][a-z0-9_]*)(?::([a-z0-9-]+))?\}")
LINK = re.compile(r"\[\[([a-z0-9]+(?:-[a-z0-9]+)*)(?:\|([^\]|]+))?\]\]")
DIGITS = re.compile(r"(?<![\w-])\d+(?![\w])")
ICON = "icon"
# Placeholders of the layout's own phrases, filled by the guide itself (not rule numbers).
TEMPLATE_PLACEHOLDERS: dict[str, frozenset[str]] = {"guide:only-for": frozenset({"hero"})}

# Number words a translation may use for a digit of its source (article-like "one"/"ein" left out:
# German "ein" is mostly the indefinite article, so it cannot be told from the number 1).
NUMBER_WORDS: dict[str, dict[str, int]] = {
    "en": {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10},
    "de": {
        "zwei": 2,
        "drei": 3,
        "vier": 4,
        "fünf": 5,
        "sechs": 6,
        "sieben": 7,
        "acht": 8,
        "neun": 9,
        "zehn": 10,
    },
}


@dataclass(frozen=True)
class Token:
    """One `{...}` token: a rule key, a data reference, a data number or an icon."""

    raw: str
    name: str  # rule key, data kind, `kind_field`, or "icon"
    id: str | None  # data id or icon name

    @property
    def kind(self) -> str:
        """The data kind of `{kind:id}` and `{kind_field:id}` (data kinds have no underscore)."""
        return self.name.split("_", 1)[0]

    @property
    def field(self) -> str | None:
        """The number field of `{kind_field:id}`, else None."""
        return self.name.split("_", 1)[1] if self.id is not None and "_" in self.name else None

    @property
    def is_rule(self) -> bool:
        return self.id is None

    @property
    def is_icon(self) -> bool:
        return self.name == ICON


@dataclass(frozen=True)
class Link:
    """One `[[id]]` or `[[id|words]]`."""

    raw: str
    id: str
    words: str | None


def tokens(text: str) -> list[Token]:
    return [Token(m.group(0), m.group(1), m.group(2)) for m in TOKEN.finditer(text)]


def links(text: str) -> list[Link]:
    return [Link(m.group(0), m.group(1), m.group(2)) for m in LINK.finditer(text)]


def prose(text: str) -> str:
    """The text with its markup taken out (link words kept): what the reader sees between tokens."""
    text = LINK.sub(lambda m: m.group(2) or " ", text)
    return TOKEN.sub(" ", text)


def numbers(text: str, locale: str) -> Counter[int]:
    """Every number written in the prose: digits, and the locale's number words from two up."""
    visible = prose(text)
    found: Counter[int] = Counter(int(d) for d in DIGITS.findall(visible))
    words = NUMBER_WORDS.get(locale.split("-")[0], {})
    for word in re.findall(r"\w+", visible.casefold()):
        if word in words:
            found[words[word]] += 1
    return found


def token_counts(text: str) -> Counter[str]:
    """The `{...}` tokens of a text with how often each occurs."""
    return Counter(t.raw for t in tokens(text))


def link_ids(text: str) -> set[str]:
    """The entries and terms a text names (a translation may name one more or less often, not another)."""
    return {link.id for link in links(text)}


@dataclass(frozen=True)
class Drift:
    """How a translation differs from its source in numbers, tokens and named entries/terms."""

    numbers: tuple[Counter[int], Counter[int]]
    tokens: tuple[Counter[str], Counter[str]]
    links: tuple[set[str], set[str]]

    def describe(self) -> str:
        parts = []
        for label, (source, target) in (("numbers", self.numbers), ("tokens", self.tokens)):
            if source != target:
                parts.append(f"{label} {_show(source)} in the source, {_show(target)} in the translation")
        source_links, target_links = self.links
        if source_links != target_links:
            parts.append(
                f"names {', '.join(sorted(source_links)) or 'nothing'} in the source, "
                f"{', '.join(sorted(target_links)) or 'nothing'} in the translation"
            )
        return "; ".join(parts)


def _show(counter: Counter[int] | Counter[str]) -> str:
    items = sorted(counter.elements(), key=str)
    return "[" + ", ".join(str(item) for item in items) + "]"


def drift(source: str, translation: str, source_locale: str, locale: str) -> Drift | None:
    """The differences of a translation from its source, or None when numbers, tokens and names agree."""
    found = Drift(
        (numbers(source, source_locale), numbers(translation, locale)),
        (token_counts(source), token_counts(translation)),
        (link_ids(source), link_ids(translation)),
    )
    same = found.numbers[0] == found.numbers[1] and found.tokens[0] == found.tokens[1] and found.links[0] == found.links[1]
    return None if same else found
