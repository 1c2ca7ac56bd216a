"""Tokens in message text: `{name}` placeholders filled at print time, `{icon:name}` icons kept for the renderer,
`{kind:id}` references a game fills from its data, and `[[entry-id]]` links to a guide entry."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable

TOKEN = re.compile(r"\{([a-z_][a-z0-9_]*)(?::([a-z0-9-]+))?\}")
ICON_PREFIX = "icon"
LINK = re.compile(r"\[\[([a-z0-9]+(?:-[a-z0-9]+)*)\]\]")
MARKUP = re.compile(r"\*\*|\*|\{icon:[a-z0-9-]+\}")  # emphasis and icon tokens: what plain text leaves out


def strip_markup(text: str) -> str:
    """Markup without its emphasis and icon tokens (a name to sort, search or show as plain text)."""
    return MARKUP.sub("", text)


def placeholders(text: str) -> Counter[str]:
    """The `{name}` placeholders in text, with how often each occurs."""
    return Counter(m.group(1) for m in TOKEN.finditer(text) if m.group(2) is None)


def icons(text: str) -> Counter[str]:
    """The `{icon:name}` tokens in text, with how often each occurs."""
    return Counter(m.group(2) for m in TOKEN.finditer(text) if m.group(1) == ICON_PREFIX and m.group(2))


def references(text: str) -> Counter[str]:
    """The `{kind:id}` tokens in text that are not icons, with how often each occurs."""
    return Counter(m.group(0) for m in TOKEN.finditer(text) if m.group(2) is not None and m.group(1) != ICON_PREFIX)


def links(text: str) -> set[str]:
    """The ids of the `[[entry-id]]` links in text."""
    return set(LINK.findall(text))


def fill(template: str, value: Callable[[str], str | None],
         reference: Callable[[str, str], str | None] | None = None) -> str:
    """Replace each `{name}` whose value is known, and each `{kind:id}` reference the game resolves;
    icon tokens and unknown names stay as written."""

    def replace(match: re.Match[str]) -> str:
        name, arg = match.group(1), match.group(2)
        if arg is None:
            found = value(name)
        elif reference is not None and name != ICON_PREFIX:
            found = reference(name, arg)
        else:
            return match.group(0)
        return match.group(0) if found is None else found

    return TOKEN.sub(replace, template)


def split_tokens(text: str) -> list[tuple[bool, str]]:
    """Text cut into (is_token, piece) runs, so prose can be changed while tokens stay intact."""
    parts: list[tuple[bool, str]] = []
    last = 0
    for match in TOKEN.finditer(text):
        if match.start() > last:
            parts.append((False, text[last : match.start()]))
        parts.append((True, match.group(0)))
        last = match.end()
    if last < len(text):
        parts.append((False, text[last:]))
    return parts


def prose(text: str) -> str:
    """Text without its tokens: what a font has to draw."""
    return TOKEN.sub("", text)


def words(text: str) -> str:
    """Text without its tokens and links (each left as a space): the words the writer chose."""
    return LINK.sub(" ", TOKEN.sub(" ", text))
