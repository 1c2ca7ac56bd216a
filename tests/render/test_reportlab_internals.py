"""reportlab's private parts, read in one place: the serializer's fast paths write exactly reportlab's bytes, only
while a document is written, and an untested reportlab is refused (render/reportlab_internals.py)."""

from __future__ import annotations

import io
from collections.abc import Callable

import pytest
from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas

from pipeline.render import reportlab_internals
from pipeline.render.fonts import font_name, register_fonts

ORIGINAL = reportlab_internals._ORIGINAL
TEXTS = ["", "/Type", "1 0 0 1 0 0 cm", "line\nbreak\ttab\r", "".join(chr(code) for code in range(128)),
         "\x18breve", "caf\u00e9", "\u20ac 5", "\u2018quoted\u2019", "x" * 300]


def outcome(encode: Callable[[str], bytes], text: str) -> bytes | str:
    """The bytes of a text, or the error encoding it raises (PDFDocEncoding has no 0x18-0x1F: accents are there)."""
    try:
        return encode(text)
    except UnicodeEncodeError as exc:
        return f"raises {exc.reason}"


@pytest.mark.parametrize("text", TEXTS, ids=range(len(TEXTS)))
def test_a_text_encodes_as_reportlabs_codec_encodes_it(text: str) -> None:
    expected = outcome(ORIGINAL["pdfdocEnc"], text)
    assert outcome(reportlab_internals.pdfdoc_encode, text) == expected
    assert outcome(lambda t: reportlab_internals.format_value(t, None), text) == expected


def test_every_ascii_character_encodes_alike_one_by_one() -> None:
    outcomes = {code: outcome(reportlab_internals.pdfdoc_encode, chr(code)) for code in range(128)}
    assert outcomes == {code: outcome(ORIGINAL["pdfdocEnc"], chr(code)) for code in range(128)}
    assert [code for code, result in outcomes.items() if isinstance(result, str)] == list(range(0x18, 0x20))


@pytest.mark.parametrize("value", [0, 1, -7, 2**40, 0.5, 1 / 3, -12.25, 1e-7, True, False, b"raw bytes"])
def test_numbers_booleans_and_bytes_format_as_reportlab_formats_them(value: object) -> None:
    assert reportlab_internals.format_value(value, None) == ORIGINAL["format"](value, None)


@pytest.mark.parametrize("name", ["Type", "F1_card_jab", "with space", "a#b", "(paren)", "caf\u00e9"])
def test_names_are_written_as_reportlab_writes_them(name: str) -> None:
    assert reportlab_internals.pdf_name(name) == ORIGINAL["PDFName"](name)
    assert reportlab_internals.pdf_name(name) == ORIGINAL["PDFName"](name)  # the remembered one too


def _document() -> bytes:
    """A page with text in an embedded TTF font, a form drawn twice, an outline and a non-ASCII title."""
    register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(200, 300), invariant=1)
    canvas.setTitle("Pr\u00fcfung \u2013 \u00e9t\u00e9")
    canvas.beginForm("card", 0, 0, 50, 70)
    canvas.setFont(font_name("bold"), 9)
    canvas.drawString(4, 50, "Schneller Stich \u2014 caf\u00e9 \u20ac")
    canvas.circle(25, 25, 10, fill=1)
    canvas.endForm()
    for x in (10, 80):
        canvas.saveState()
        canvas.translate(x, 100)
        canvas.doForm("card")
        canvas.restoreState()
    canvas.bookmarkPage("p1")
    canvas.addOutlineEntry("Karten \u00fcbersicht", "p1", level=0)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def test_a_whole_document_is_byte_for_byte_what_reportlab_writes() -> None:
    expected = _document()
    with reportlab_internals.fast_serializer():
        assert _document() == expected


@pytest.mark.parametrize("content", [b"", b"q 1 0 0 1 0 0 cm Q\n" * 40, bytes(range(256)) * 8, "BT (caf\u00e9) Tj ET"],
                         ids=["empty", "operators", "binary", "text"])
def test_a_stream_filter_remembers_what_reportlabs_filter_writes(content: bytes | str) -> None:
    with reportlab_internals.fast_serializer():
        for cls, remembered in reportlab_internals._FILTERS.items():
            written = cls().encode(content)
            assert written == remembered.encode(cls(), content), cls.__name__
            assert cls().encode(content) is written, "the second time, remembered"


def test_a_remembered_filter_forgets_everything_past_its_limit() -> None:
    remembered = reportlab_internals._Remembered(lambda _, text: text[::-1], limit=10)
    assert remembered(None, b"abcd") == b"dcba" and remembered.size == 8
    remembered(None, b"efgh")  # 8 more bytes: past the limit, the results so far are let go
    assert list(remembered.results) == [b"efgh"] and remembered.size == 8


def test_the_fast_paths_are_in_place_only_while_a_document_is_written() -> None:
    """Importing the renderer changes nothing of reportlab; a block (nested too) puts its functions back after it."""
    import pipeline.render.pdf  # noqa: F401  (it once installed the fast paths when imported)

    assert pdfdoc.format is ORIGINAL["format"] and pdfdoc.PDFName is ORIGINAL["PDFName"]
    with reportlab_internals.fast_serializer():
        with reportlab_internals.fast_serializer():
            assert pdfdoc.format is reportlab_internals.format_value
        assert pdfdoc.format is reportlab_internals.format_value, "the inner block must not put reportlab's back early"
    assert pdfdoc.format is ORIGINAL["format"] and pdfdoc.pdfdocEnc is ORIGINAL["pdfdocEnc"]
    assert all(cls.encode is remembered.encode for cls, remembered in reportlab_internals._FILTERS.items())


@pytest.mark.parametrize("version", ["3.6.13", "5.2.0", "6.0"])
def test_a_reportlab_release_outside_the_bound_is_refused(version: str) -> None:
    with pytest.raises(RuntimeError, match="install 'reportlab>=4.0,<5.2'"):
        reportlab_internals.check_version(version)


def test_the_bound_is_the_one_pyproject_declares() -> None:
    """The guard and pyproject.toml allow the same releases, and the installed one is among them."""
    import tomllib
    from pathlib import Path

    pyproject = tomllib.loads((Path(__file__).resolve().parents[2] / "pyproject.toml").read_text())
    assert "reportlab>=4.0,<5.2" in pyproject["project"]["dependencies"]
    reportlab_internals.check_version()
