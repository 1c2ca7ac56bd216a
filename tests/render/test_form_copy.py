"""A face drawn for one document is copied into the next only where that writes the same bytes as drawing it."""

from dataclasses import replace
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from pipeline.production.forms import BASE_CHARSET
from pipeline.render.faces import PreparedFace, RenderContext, prepare_face
from pipeline.render.imposition import one_up
from pipeline.render.layouts import load_layouts
from pipeline.render.pdf import Document
from pipeline.rules.components import Face
from tests.render.test_reference_image import FACE

REPO = Path(__file__).resolve().parents[2]


def _prepare(face: Face, tmp_path: Path) -> PreparedFace:
    layouts, _ = load_layouts(REPO / "pipeline" / "layouts")
    template = layouts.template_for("old-world", face.kind)
    assert template is not None
    prepared, problems = prepare_face(face, template, RenderContext("old-world", "en", tmp_path, tmp_path))
    assert problems == []
    return prepared


def _fresh(faces: list[PreparedFace]) -> bytes:
    """The document drawn from copies that were never drawn before."""
    return one_up([(replace(face, drawn=None), None) for face in faces], 3.0, "none", "copy").data


def _count_draws(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    drawn: list[str] = []
    draw = PreparedFace.draw
    monkeypatch.setattr(PreparedFace, "draw", lambda self, c: (drawn.append(self.face.id), draw(self, c))[1])
    return drawn


def test_the_next_document_copies_a_drawn_face(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    face = _prepare(FACE, tmp_path)
    expected = _fresh([face])
    drawn = _count_draws(monkeypatch)
    one_up([(face, None)], 3.0, "none", "copy")
    second = one_up([(face, None)], 3.0, "none", "copy").data
    assert drawn == [FACE.id]
    assert second == expected


def test_a_face_whose_text_encodes_otherwise_is_drawn_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Letters beyond ASCII take the font subset's next free code, in the order a document first draws them.
    accented = _prepare(replace(FACE, fields={**FACE.fields, "name": "Déjà Vu"}), tmp_path)
    other = _prepare(replace(FACE, id="umlaut-strike", fields={**FACE.fields, "name": "Über Strike"}), tmp_path)
    one_up([(accented, None)], 3.0, "none", "copy")  # "é" gets the first free code there
    expected = _fresh([other, accented])  # "Ü" takes it here
    drawn = _count_draws(monkeypatch)
    second = one_up([(other, None), (accented, None)], 3.0, "none", "copy").data
    assert drawn == ["umlaut-strike", FACE.id]
    assert second == expected


def _pixels(pdf: bytes) -> list[bytes]:
    document = pdfium.PdfDocument(pdf)
    return [page.render(scale=1.5).to_pil().tobytes() for page in document]


def test_a_document_that_starts_from_a_charset_prints_the_same_pixels(tmp_path: Path) -> None:
    """The cards target's documents encode a charset first (so kept drawings copy into the next build's documents):
    their fonts' bytes change, not what prints."""
    face = _prepare(FACE, tmp_path)
    chars = "".join(sorted(set(BASE_CHARSET)))
    plain = one_up([(replace(face, drawn=None), None)], 3.0, "none", "charset").data
    seeded = one_up([(replace(face, drawn=None), None)], 3.0, "none", "charset", charset=chars).data
    assert plain != seeded
    assert _pixels(plain) == _pixels(seeded)


def test_with_a_charset_a_face_encodes_alike_whatever_was_drawn_before(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The case above, in documents that start from a charset holding "é" and "Ü": the face is copied."""
    chars = "".join(sorted(set(BASE_CHARSET)))
    accented = _prepare(replace(FACE, fields={**FACE.fields, "name": "Déjà Vu"}), tmp_path)
    other = _prepare(replace(FACE, id="umlaut-strike", fields={**FACE.fields, "name": "Über Strike"}), tmp_path)
    one_up([(accented, None)], 3.0, "none", "copy", charset=chars)
    expected = one_up([(replace(other, drawn=None), None), (replace(accented, drawn=None), None)], 3.0, "none", "copy",
                      charset=chars).data
    drawn = _count_draws(monkeypatch)
    second = one_up([(other, None), (accented, None)], 3.0, "none", "copy", charset=chars).data
    assert drawn == ["umlaut-strike"]
    assert second == expected


def test_a_document_read_back_in_memory_can_leave_its_streams_unpacked() -> None:
    """The TTS faces' document is only rasterized (pdfium): compress=False skips deflating what pdfium would inflate."""
    written = {}
    for compress in (True, False):
        doc = Document("t", (100, 100), compress=compress)
        doc.canvas.rect(11, 12, 13, 14)
        doc.end_page()
        written[compress] = doc.finish()
    assert b"11 12 13 14 re" in written[False] and b"11 12 13 14 re" not in written[True]


def _count_checks(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The copies checked by encoding their texts again (`fonts.encodes_alike`), by number of texts."""
    import pipeline.render.pdf as pdf_module

    checked: list[int] = []
    check = pdf_module.encodes_alike
    monkeypatch.setattr(pdf_module, "encodes_alike", lambda log, doc: (checked.append(len(log)), check(log, doc))[1])
    return checked


def test_a_copy_between_documents_of_one_charset_is_known_alike_without_encoding_it_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every character of the face is in the charset both documents started from: the copy is taken unchecked, and
    writes what drawing the face writes; a character outside the charset, or a drawing from a document of another
    charset, is checked by encoding its texts again."""
    chars = "".join(sorted(set(BASE_CHARSET)))
    accented = _prepare(replace(FACE, fields={**FACE.fields, "name": "Déjà Vu"}), tmp_path)
    one_up([(accented, None)], 3.0, "none", "copy", charset=chars)
    assert accented.drawn is not None and accented.drawn.charset == chars
    expected = one_up([(replace(accented, drawn=None), None)], 3.0, "none", "copy", charset=chars).data
    checked, drawn = _count_checks(monkeypatch), _count_draws(monkeypatch)
    assert one_up([(accented, None)], 3.0, "none", "copy", charset=chars).data == expected
    assert (checked, drawn) == ([], [])

    outside = _prepare(replace(FACE, id="han", fields={**FACE.fields, "name": "Drache 龍"}), tmp_path)
    one_up([(outside, None)], 3.0, "none", "copy", charset=chars)
    drawn.clear()
    one_up([(outside, None)], 3.0, "none", "copy", charset=chars)
    assert len(checked) == 1 and drawn == [], "a character outside the charset: checked, and here alike"
    checked.clear()
    one_up([(accented, None)], 3.0, "none", "copy", charset=chars[:-1])  # another charset
    assert len(checked) == 1
