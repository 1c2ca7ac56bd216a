"""Glyph coverage: every character a string prints must be in each font of the family that prints it.

The family is the one rendering uses (`render/fonts.py`: the game's `fonts:` from its layouts, set with
`use_family`), read through the same module, so the check and the print never disagree.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

from pipeline.findings import Finding, error
from pipeline.font_files import STYLES, coverage, current_family

from .tokens import prose

# Layout characters that are not drawn as glyphs.
NOT_DRAWN = frozenset("\n\r\t")


def missing_glyphs(text: str) -> list[str]:
    """The characters of text (tokens excluded) that one style of the family in effect cannot draw, in order, once each."""
    drawable = _drawable(tuple(current_family().file(style) for style in STYLES))
    return [char for char in dict.fromkeys(prose(text)) if char not in NOT_DRAWN and ord(char) not in drawable]


@lru_cache(maxsize=16)
def _drawable(files: tuple[Path, ...]) -> frozenset[int]:
    """The code points every one of the files draws: a build checks some 74,000 characters, one set lookup each
    (four cached cmap lookups each took a tenth of the old-world cards build's CPU time)."""
    return frozenset.intersection(*(coverage(file) for file in files))


def _all_drawable(texts: Iterable[str]) -> bool:
    """Whether the family in effect draws every character of every text, tokens included (taking a token away only
    takes characters away): one set for a whole catalog, where the text-by-text look (`missing_glyphs`) took most
    of a German build job's glyph preflight."""
    drawable = _drawable(tuple(current_family().file(style) for style in STYLES))
    return all(ord(char) in drawable for char in set().union(*texts) - NOT_DRAWN)


def describe(char: str) -> str:
    return f"U+{ord(char):04X} {unicodedata.name(char, 'unnamed')} ({char!r})"


def glyph_findings(texts: Iterable[tuple[str, str, int, str]]) -> list[Finding]:
    """Findings for (text, file, line, context) whose characters the family in effect cannot draw."""
    texts = list(texts)
    if _all_drawable(text for text, _, _, _ in texts):
        return []
    fonts = ", ".join(dict.fromkeys(current_family().file(style).name for style in STYLES))
    findings = []
    for text, file, line, context in texts:
        for char in missing_glyphs(text):
            findings.append(
                error(
                    "I18N-GLYPH",
                    f"{describe(char)} in {context} is not in the font ({fonts})",
                    file,
                    line,
                    1,
                    hint="use a character the font has (e.g. U+00A0 instead of U+202F), or change the font",
                )
            )
    return findings
