"""How guide text breaks across columns and pages, read from the paginated model: no orphans or widows,
no heading left at a column's foot, short tables kept together, long tables with their header repeated,
and links that find their entry when a section shares its id."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from pipeline.render.guide import layout_guide
from pipeline.render.guide.paginate import Page, Placed
from pipeline.render.guide.rows import TableRow
from pipeline.rules.guide import Block, Entry, GuideDocument, Section

PARAGRAPH = re.compile(r"^(p\d+)x")
# Words per paragraph, cycled: one to about eight lines in a guide column, more in a player aid's.
WORDS = [4, 18, 30, 45, 60, 75, 95, 120, 150]


def paragraph(number: int, words: int) -> Block:
    """A paragraph whose every word names it (`p7x`), so each line tells which paragraph it belongs to."""
    return Block("paragraph", " ".join([f"p{number}x"] * words))


def flowing_document(entries: int = 40, words: list[int] = WORDS) -> GuideDocument:
    count = iter(range(10_000))
    made = tuple(
        Entry(f"topic-{e}", f"Topic {e}", tuple(paragraph(next(count), words[(e + k) % len(words)]) for k in range(1 + e % 3)))
        for e in range(entries)
    )
    return GuideDocument("fixture", "en", "Flow", (Section("rules", "Rules", (), made),))


def columns(pages: list[Page]) -> Iterator[list[Placed]]:
    """The rows of each column in reading order (a column is a page and a left edge)."""
    for page in pages:
        by_x: dict[float, list[Placed]] = {}
        for placed in page.placed:
            by_x.setdefault(round(placed.x, 3), []).append(placed)
        yield from by_x.values()


def paragraph_of(placed: Placed) -> str | None:
    found = PARAGRAPH.match(placed.row.text)
    return found.group(1) if found else None


def is_heading(placed: Placed) -> bool:
    return any(a.startswith(("entry:", "section:")) for a in placed.row.anchors)


LAYOUTS = [("guide", "a4"), ("guide", "letter"), ("aid", "a4"), ("aid", "letter")]


@pytest.mark.parametrize(("kind", "paper"), LAYOUTS)
def test_a_paragraph_breaks_with_two_lines_on_each_side(kind: str, paper: str) -> None:
    pages, _, _ = layout_guide(flowing_document(), paper, kind)  # type: ignore[arg-type]
    cols = [c for c in columns(pages) if any(paragraph_of(p) for p in c)]
    breaks = 0
    for before, after in zip(cols, cols[1:], strict=False):
        last, first = paragraph_of(before[-1]), paragraph_of(after[0])
        if last is None or last != first:
            continue
        breaks += 1
        assert sum(paragraph_of(p) == last for p in before) >= 2, f"orphan of {last} at a column's foot"
        assert sum(paragraph_of(p) == last for p in after) >= 2, f"widow of {last} at a column's head"
    assert breaks, "no paragraph was broken: the document proves nothing"


@pytest.mark.parametrize(("kind", "paper"), LAYOUTS)
def test_short_paragraphs_move_whole(kind: str, paper: str) -> None:
    pages, _, _ = layout_guide(flowing_document(60, [18, 30, 12, 24]), paper, kind)  # type: ignore[arg-type]
    lines: dict[str, int] = {}
    spread: dict[str, set[int]] = {}
    for c, column in enumerate(columns(pages)):
        for placed in column:
            name = paragraph_of(placed)
            if name:
                lines[name] = lines.get(name, 0) + 1
                spread.setdefault(name, set()).add(c)
    assert {name for name, n in lines.items() if n in (2, 3)}, "no two- or three-line paragraph"
    assert [name for name, n in lines.items() if n <= 3 and len(spread[name]) > 1] == []


@pytest.mark.parametrize(("kind", "paper"), LAYOUTS)
def test_a_heading_keeps_two_lines_of_what_follows(kind: str, paper: str) -> None:
    # Short entries (one- and two-line paragraphs) put headings near every column foot.
    pages, _, _ = layout_guide(flowing_document(90, [4, 4, 30, 4, 18]), paper, kind)  # type: ignore[arg-type]
    body = [placed.row.owner for page in pages for placed in page.placed if not is_heading(placed)]
    for column in columns(pages):
        for i, placed in enumerate(column):
            if is_heading(placed):
                wanted = min(2, body.count(placed.row.owner))  # an entry of one line keeps that line
                assert len(column) - i - 1 >= wanted, f"{placed.row.text!r} is followed by {len(column) - i - 1} row(s)"


def table_document(lead_words: int, rows: int) -> GuideDocument:
    table = Block("table", rows=(("Roll", "Result"), *((f"r{i}", f"result {i}") for i in range(rows))))
    entries = (Entry("lead", "Lead", (paragraph(0, lead_words),)), Entry("table", "Table", (paragraph(1, 4), table)))
    return GuideDocument("fixture", "en", "Tables", (Section("rules", "Rules", (), entries),))


def table_columns(pages: list[Page]) -> list[list[TableRow]]:
    return [rows for column in columns(pages) if (rows := [p.row for p in column if isinstance(p.row, TableRow)])]


@pytest.mark.parametrize("lead_words", range(500, 1300, 40))
@pytest.mark.parametrize("kind", ["guide", "aid"])
def test_a_table_that_fits_a_column_is_kept_together(kind: str, lead_words: int) -> None:
    pages, _, _ = layout_guide(table_document(lead_words, 12), "a4", kind)  # type: ignore[arg-type]
    assert len(table_columns(pages)) == 1


@pytest.mark.parametrize("kind", ["guide", "aid"])
@pytest.mark.parametrize("lead_words", [0, 700])
def test_a_split_table_repeats_its_header_row_on_each_continuation(kind: str, lead_words: int) -> None:
    pages, _, _ = layout_guide(table_document(lead_words, 150), "a4", kind)  # type: ignore[arg-type]
    parts = table_columns(pages)
    header = parts[0][0]
    assert len(parts) >= 3
    for part in parts:
        assert part[0] is header
        assert part[1] is not header and part.count(header) == 1
    data = [row.text for part in parts for row in part[1:]]
    assert data == [f"r{i} result {i}" for i in range(150)]


def test_a_link_finds_its_entry_when_a_section_has_the_same_id() -> None:
    filler = tuple(paragraph(n, 150) for n in range(30))
    sections = (
        Section("combat", "Combat", (Block("paragraph", "Read [[combat]] first."), *filler), ()),
        Section("glossary", "Glossary", (), (Entry("combat", "Combat", (paragraph(99, 20),)),), sort_entries=True),
    )
    document = GuideDocument("fixture", "en", "Clash", sections)
    pages, refs, _ = layout_guide(document)
    entry_page = refs.anchors["entry:combat"]
    assert refs.anchors["section:combat"] < entry_page
    linking = next(p for p in pages for placed in p.placed if placed.row.text.startswith("Read Combat"))
    assert f"Read Combat (p.\u00a0{entry_page}) first." in linking.text().replace(" (p. ", " (p.\u00a0")
