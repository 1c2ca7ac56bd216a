"""Tokens in message text: `{name}` placeholders filled at print time, `{icon:name}` icons kept for the renderer."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable

TOKEN = re.compile(r"\{([a-z_][a-z0-9_]*)(?::([a-z0-9-]+))?\}")
ICON_PREFIX = "icon"


def placeholders(text: str) -> Counter[str]:
    """The `{name}` placeholders in text, with how often each occurs."""
    return Counter(m.group(1) for m in TOKEN.finditer(text) if m.group(2) is None)


def icons(text: str) -> Counter[str]:
    """The `{icon:name}` tokens in text, with how often each occurs."""
    return Counter(m.group(2) for m in TOKEN.finditer(text) if m.group(1) == ICON_PREFIX and m.group(2))


def fill(template: str, value: Callable[[str], str | None]) -> str:
    """Replace each `{name}` whose value is known; icon tokens and unknown names stay as written."""

    def replace(match: re.Match[str]) -> str:
        if match.group(2) is not None:
            return match.group(0)
        found = value(match.group(1))
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
