"""Rich text: `**bold**`, `*italic*`, inline `{icon:name}` tokens and newlines as paragraph breaks.

Measuring is apart from drawing: `fit_text()` breaks lines with the real font metrics and per-locale
hyphenation (pyphen), shrinking from the box's maximum size down to its minimum; the `Fitted` result
draws itself, and says by how much it overflows when even the minimum size is too big.

Typesetting rules a typesetter expects: hyphenate only between letters, at least two before the break and
three after it and never between a word and its punctuation; a word's own hyphen is a break point and
is not doubled; boxes with room for fewer than three lines (titles, labels) shrink instead of
hyphenating; a number and the icon after it (with the icon's punctuation) never part.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

import pyphen
from reportlab.pdfgen.canvas import Canvas

from pipeline.icon_files import is_icon

from . import hyphenation
from .fonts import ascent_descent, font_name, style_of, text_width
from .icons import draw_icon, rgb
from .units import MM_PER_PT

ICON_EM = 1.15  # an inline icon's advance, in ems
HYPHEN = "-"
SIZE_STEP = 0.25  # pt
NBSP = "\u00a0"
SOFT_BREAK = "\u00ad"  # in plain text, where hyphenation broke a word (the printed hyphen is not the word's)
NO_HYPHENATION = "zz"  # a locale pyphen has no patterns for: lines break between words only
HYPHENATED_LINES = 3  # a box hyphenates when it holds at least this many lines at its maximum size
_TOKEN = re.compile(r"\*\*|\*|\{icon:([a-z0-9-]+)\}|\n|[^*{\n]+|[*{]")


@dataclass(frozen=True, slots=True)
class Frag:
    """A piece of a word: text in one style, or one icon."""

    text: str
    style: str
    icon: str = ""
    soft: bool = False  # the head of a hyphenated word: its last character is the added hyphen

    def plain(self) -> str:
        """The text as plain text: a hyphenation break is SOFT_BREAK, so joining lines can tell it from a real hyphen."""
        return self.text[:-1] + SOFT_BREAK if self.soft else self.text

    def width(self) -> float:
        return ICON_EM if self.icon else text_width(self.text.replace("\u00a0", " "), self.style)


Word = tuple[Frag, ...]
Paragraph = list[Word]


@dataclass(frozen=True)
class Parsed:
    paragraphs: list[Paragraph]
    unknown_icons: tuple[str, ...]


@lru_cache(maxsize=20_000)
def parse(markup: str, base: str = "regular") -> Parsed:
    """Markup to paragraphs of words (each word a tuple of styled fragments); base is the box's font."""
    bold, italic = "bold" in base, "italic" in base
    paragraphs: list[Paragraph] = [[]]
    word: list[Frag] = []
    unknown: list[str] = []

    def end_word() -> None:
        if word:
            paragraphs[-1].append(tuple(word))
            word.clear()

    for match in _TOKEN.finditer(markup):
        token = match.group(0)
        if token == "**":
            bold = not bold
        elif token == "*":
            italic = not italic
        elif token == "\n":
            end_word()
            paragraphs.append([])
        elif match.group(1):
            name = match.group(1)
            if not is_icon(name):
                unknown.append(name)
            word.append(Frag("", "regular", name))
        else:
            style = style_of(bold, italic)
            parts = token.split(" ")
            for i, part in enumerate(parts):
                if i:
                    end_word()
                if part:
                    word.append(Frag(part, style))
    end_word()
    return Parsed([_glue_numbers_to_icons(p) for p in paragraphs if p], tuple(unknown))


_NUMBER = re.compile(r"[+\-\u2212]?\d+([.,]\d+)?[x\u00d7]?")


_PUNCTUATION = re.compile(r"[.,;:!?)\]»“”\"'…]+")


def _glue_numbers_to_icons(paragraph: Paragraph) -> Paragraph:
    """"2 {icon:shield}." is one unbreakable word: a line never starts with the icon a number counts; nor with an
    icon that only its punctuation follows ("… draw {icon:draw}."), which would stand alone on its line."""
    glued: Paragraph = []
    for word in paragraph:
        previous = glued[-1] if glued else None
        counted = previous and len(previous) == 1 and not previous[0].icon and _NUMBER.fullmatch(previous[0].text)
        punctuated = len(word) > 1 and all(not frag.icon and _PUNCTUATION.fullmatch(frag.text) for frag in word[1:])
        if word[0].icon and previous and (counted or punctuated):
            glued[-1] = (*previous, Frag(NBSP, previous[-1].style if not previous[-1].icon else "regular"), *word)
        else:
            glued.append(word)
    return glued


def word_width(word: Word) -> float:
    return sum(frag.width() for frag in word)


def break_points(text: str, dictionary: pyphen.Pyphen | None) -> list[tuple[int, bool]]:
    """Where a word may break, ascending, each with whether the break adds a hyphen.

    Punctuation around the word stays with its letters (no "happene-d."); a hyphen already in the word
    is a break after it with nothing added (no "Spuren--Quest"), also where nothing is hyphenated (no
    dictionary: titles, labels); pyphen's own breaks fall within each hyphen-separated part.
    """
    start = next((i for i, ch in enumerate(text) if ch.isalnum()), len(text))
    end = next((i + 1 for i in range(len(text) - 1, -1, -1) if text[i].isalnum()), start)
    points: list[tuple[int, bool]] = []
    part_start = start
    for i in range(start, end + 1):
        if i < end and text[i] != HYPHEN:
            continue
        part = text[part_start:i]
        if dictionary is not None and part.isalpha():
            points.extend((part_start + p, True) for p in dictionary.positions(part))
        if i < end and i - start >= 2 and end - i - 1 >= 2:
            points.append((i + 1, False))
        part_start = i + 1
    return points


def split_word(word: Word, room: float, locale: str) -> tuple[Word, Word] | None:
    """Hyphenate a one-style word so its first part (plus a hyphen) fits in room (at 1 pt); None if it can't.
    A word an icon is glued to (`Karte\u00a0{icon:draw}.`) hyphenates in its text; the icon stays with the tail."""
    glued = len(word) > 1 and word[1].text == NBSP
    if (len(word) != 1 and not glued) or word[0].icon or len(word[0].text) < 4:
        return None
    frag, rest = word[0], word[1:]
    dictionary = hyphenation.dictionary(locale)
    # A word's own hyphen first (the break a reader expects in a compound), then pyphen's, widest first.
    points = sorted(break_points(frag.text, dictionary), key=lambda point: (not point[1], point[0]), reverse=True)
    for position, adds_hyphen in points:
        head = frag.text[:position] + (HYPHEN if adds_hyphen else "")
        if text_width(head, frag.style) <= room:
            return (Frag(head, frag.style, soft=adds_hyphen),), (Frag(frag.text[position:], frag.style), *rest)
    return None


@dataclass
class Line:
    words: list[Word] = field(default_factory=list)
    width: float = 0.0  # at 1 pt


def break_lines(paragraph: Paragraph, width: float, locale: str) -> list[Line]:
    """Greedy line breaking at 1 pt for a line width in ems, hyphenating the word that would overflow."""
    lines = [Line()]
    queue = list(paragraph)
    while queue:
        word = queue.pop(0)
        line = lines[-1]
        space = text_width(" ", word[0].style) if line.words else 0.0
        needed = word_width(word)
        if line.width + space + needed <= width or (not line.words and needed <= width):
            line.words.append(word)
            line.width += space + needed
            continue
        split = split_word(word, width - line.width - space, locale)
        if split is not None:
            head, tail = split
            line.words.append(head)
            line.width += space + word_width(head)
            queue.insert(0, tail)
            lines.append(Line())
        elif line.words:
            queue.insert(0, word)
            lines.append(Line())
        else:  # a single word wider than the line: it overflows
            line.words.append(word)
            line.width = needed
            lines.append(Line())
    return [line for line in lines if line.words]


@dataclass(frozen=True)
class TextStyle:
    """How a box sets its text: sizes in points, leading and paragraph gap in ems."""

    min_size: float
    max_size: float
    leading: float = 1.18
    paragraph_gap: float = 0.35
    align: str = "left"  # left | center | right
    valign: str = "top"  # top | middle | bottom
    color: str = "#222222"
    font: str = "regular"  # the box's base style; markup toggles bold and italic from it
    hyphenate: bool | None = None  # None: only boxes holding HYPHENATED_LINES lines at the maximum size

    def hyphenates(self, height: float) -> bool:
        """Whether a box of this height (pt) hyphenates: titles and labels shrink instead."""
        if self.hyphenate is not None:
            return self.hyphenate
        return height >= HYPHENATED_LINES * self.leading * self.max_size


@dataclass
class Fitted:
    """Text set in a box: the size chosen, its lines, and how far it overflows (mm; 0 when it fits)."""

    size: float
    paragraphs: list[list[Line]]
    style: TextStyle
    width: float  # box width, pt
    height: float  # box height, pt
    overflow_mm: float = 0.0
    unknown_icons: tuple[str, ...] = ()

    @property
    def fits(self) -> bool:
        return self.overflow_mm <= 0.0

    def text_height(self) -> float:
        return _height(self.paragraphs, self.size, self.style)

    def block(self) -> tuple[float, float, float, float] | None:
        """Where the set lines lie in the box (pt from its top-left: left, top, right, bottom), as `draw` sets
        them: the lines' widths and their height less the half leading above the first and below the last."""
        lines = [line for paragraph in self.paragraphs for line in paragraph if line.words]
        if not lines:
            return None
        size, style = self.size, self.style
        extra = self.height - self.text_height()
        shift = extra / 2 if style.valign == "middle" else extra if style.valign == "bottom" else 0.0
        half_leading = (style.leading - 1.0) * size / 2
        left = min(_indent(line, self.width, size, style.align) for line in lines)
        right = max(_indent(line, self.width, size, style.align) + line.width * size for line in lines)
        return left, shift + half_leading, right, shift + self.text_height() - half_leading

    def draw(self, c: Canvas, x: float, top: float) -> None:
        """Draw with the box's top-left corner at (x, top) in points."""
        size, style = self.size, self.style
        ascent, _ = ascent_descent("regular")
        extra = self.height - self.text_height()
        shift = extra / 2 if style.valign == "middle" else extra if style.valign == "bottom" else 0.0
        baseline = top - shift - ascent * size - (style.leading - 1.0) * size / 2
        c.setFillColor(rgb(style.color))
        for lines in self.paragraphs:
            for line in lines:
                _draw_line(c, line, x + _indent(line, self.width, size, style.align), baseline, size, style.color)
                baseline -= style.leading * size
            baseline -= style.paragraph_gap * size


def _indent(line: Line, width: float, size: float, align: str) -> float:
    free = width - line.width * size
    return free / 2 if align == "center" else free if align == "right" else 0.0


def _draw_line(c: Canvas, line: Line, x: float, baseline: float, size: float, color: str) -> None:
    """Draw a line, one drawString per run of same-style text (spaces included), icons between runs."""
    run: list[str] = []
    run_style, run_x = "", x

    def flush() -> None:
        if run:
            c.setFont(font_name(run_style), size)
            c.drawString(run_x, baseline, "".join(run).replace("\u00a0", " "))
            run.clear()

    for i, word in enumerate(line.words):
        for j, frag in enumerate(word):
            space = " " if i and j == 0 else ""
            if frag.icon:
                flush()
                x += text_width(space, word[0].style) * size if space else 0.0
                if is_icon(frag.icon):  # an unknown one is left blank: the caller reported `unknown_icons`
                    draw_icon(c, frag.icon, x + 0.05 * size, baseline - 0.16 * size, size * (ICON_EM - 0.1))
                c.setFillColor(rgb(color))
                x += frag.width() * size
                continue
            if frag.style != run_style or not run:
                flush()
                run_style, run_x = frag.style, x + (text_width(space, frag.style) * size if space else 0.0)
                x = run_x
            else:
                run.append(space)
                x += text_width(space, frag.style) * size
            run.append(frag.text)
            x += frag.width() * size
    flush()


def _height(paragraphs: list[list[Line]], size: float, style: TextStyle) -> float:
    count = sum(len(lines) for lines in paragraphs)
    if not count:
        return 0.0
    gaps = max(0, len(paragraphs) - 1)
    return (count * style.leading + gaps * style.paragraph_gap) * size


def _set(parsed: Parsed, size: float, width: float, locale: str) -> list[list[Line]]:
    return [break_lines(paragraph, width / size, locale) for paragraph in parsed.paragraphs]


def _overflow(paragraphs: list[list[Line]], size: float, width: float, height: float, style: TextStyle) -> float:
    """How much (pt) the set text exceeds the box: the larger of the height and width excess."""
    too_tall = _height(paragraphs, size, style) - height
    widest = max((line.width * size for lines in paragraphs for line in lines), default=0.0)
    return max(too_tall, widest - width, 0.0)


def fit_text(markup: str, width: float, height: float, style: TextStyle, locale: str) -> Fitted:
    """Set markup in a width x height (pt) box at the largest size from max down to min that fits."""
    parsed = parse(markup, style.font)
    locale = locale if style.hyphenates(height) else NO_HYPHENATION
    steps = max(0, round((style.max_size - style.min_size) / SIZE_STEP))

    def size_at(step: int) -> float:
        return style.max_size - step * SIZE_STEP

    def attempt(step: int) -> tuple[list[list[Line]], float]:
        size = size_at(step)
        lines = _set(parsed, size, width, locale)
        return lines, _overflow(lines, size, width, height, style)

    lines, excess = attempt(0)
    if excess <= 0 or steps == 0:
        return _result(parsed, size_at(0), lines, style, width, height, excess)
    last_lines, last_excess = attempt(steps)
    if last_excess > 0:
        return _result(parsed, size_at(steps), last_lines, style, width, height, last_excess)
    # Binary search for the smallest step (largest size) that fits; step `steps` fits, step 0 does not.
    low, high, best = 0, steps, last_lines
    while high - low > 1:
        middle = (low + high) // 2
        candidate, excess = attempt(middle)
        if excess <= 0:
            high, best = middle, candidate
        else:
            low = middle
    return _result(parsed, size_at(high), best, style, width, height, 0.0)


def _result(parsed: Parsed, size: float, lines: list[list[Line]], style: TextStyle, width: float, height: float,
            excess: float) -> Fitted:
    return Fitted(size, lines, style, width, height, round(max(excess, 0.0) * MM_PER_PT, 2), parsed.unknown_icons)
