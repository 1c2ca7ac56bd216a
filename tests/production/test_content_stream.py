"""The preflight's content-stream reader (production/content_stream.py) reads every stream as pypdf's parser does:
what reportlab writes on its own, anything else through pypdf."""

from __future__ import annotations

from typing import Any

import pypdf.generic
import pytest
from pypdf.generic import ContentStream

from pipeline.production import content_stream
from pipeline.production.content_stream import operations
from pipeline.render.fonts import font_name
from pipeline.render.pdf import Document


def _plain(value: Any) -> Any:
    """An operand as plain data: pypdf's numbers as float, its strings as their bytes in the stream."""
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if hasattr(value, "original_bytes"):
        return bytes(value.original_bytes)
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, bytes):
        return bytes(value)
    return str(value)


def _pypdf(data: bytes) -> list[tuple[Any, bytes]]:
    stream = ContentStream(None, None)
    stream.set_data(data)
    return [(_plain(operands), operator) for operands, operator in stream.operations]


def _ours(data: bytes) -> list[tuple[Any, bytes]]:
    return [(_plain(operands), operator) for operands, operator in operations(data)]


def _drawn_page() -> bytes:
    """A page as reportlab writes it: paths, a dash array, a clip, text with parentheses, a backslash and
    characters outside ASCII (subset codes that reportlab escapes), a form placed by name."""
    doc = Document("t", (200, 200))
    c = doc.canvas
    c.setDash([3, 1.5], 0.5)
    c.setLineWidth(0.75)
    c.rect(10, 10, 50, 20, stroke=1, fill=1)
    path = c.beginPath()
    path.rect(5, 5, 190, 190)
    c.clipPath(path, stroke=0, fill=0)
    c.setFont(font_name("bold"), 9)
    c.drawString(12, 40, "Gold (2) \\ back-slash: Größe – “quoted” ±½")
    c.beginForm("Card")
    c.circle(5, 5, 4)
    c.endForm()
    c.translate(-20.5, .25)
    c.doForm("Card")
    doc.end_page()
    doc.finish()
    return doc.drawn().pages[0].content


def test_a_drawn_page_reads_as_pypdf_reads_it_without_pypdf(monkeypatch: pytest.MonkeyPatch) -> None:
    data = _drawn_page()
    expected = _pypdf(data)
    assert any(op == b"Tj" for _, op in expected) and any(op == b"d" for _, op in expected)
    monkeypatch.setattr(pypdf.generic, "ContentStream", None)  # a fallback to pypdf would fail here
    assert _ours(data) == expected


@pytest.mark.parametrize("data", [
    b"1 0 0 1 -.5 +3 cm 2. w [ ] 0 d [1 [2 3]] 0 d % a comment\n/F1 12 Tf (a\\(b\\)c\\\\ \\101\\12\\n) Tj",
    b"BT [(A) -250 (B)] TJ (x\\\ny) ' ET",
])
def test_numbers_arrays_comments_and_escapes(data: bytes) -> None:
    assert _ours(data) == _pypdf(data)


@pytest.mark.parametrize("data", [
    b"/OC /MC0 BDC 0 0 m 1 1 l S EMC /Span << /MCID 0 >> BDC EMC",  # a dictionary operand
    b"BT /F1 9 Tf <00410042> Tj ET",  # a hex string
    b"q BI /W 1 /H 1 /CS /G /BPC 8 ID \x80 EI Q",  # an inline image
    b"/GS#20a gs (nested (parens)) Tj",  # an escaped name, unescaped parentheses
    b"true false null 1 0 0 RG",
])
def test_what_reportlab_does_not_write_is_read_by_pypdf(data: bytes) -> None:
    with pytest.raises(content_stream._Unsupported):
        content_stream._read(data)
    assert _ours(data) == _pypdf(data)
