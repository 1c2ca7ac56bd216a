"""The guide renderer, checked on the PDF it writes (opened with pypdf): paper, fonts, page references,
collation order, deterministic bytes."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from pipeline.render.guide import PaperError, RenderedGuide, layout_guide, render_guide, render_player_aid
from pipeline.render.units import pt
from pipeline.rules.guide import Block, Entry, GuideDocument, GuideLabels, QuickReferenceRow, Section

FILLER = "Diese Regel gilt in jeder Runde und für jeden Spieler, der am Zug ist, solange nichts anderes gilt. "
GERMAN_LABELS = GuideLabels("Inhalt", "Stichwortverzeichnis", "Verwandte Themen:", "siehe", "S.", "Kurzübersicht")


def paragraph(text: str) -> Block:
    return Block("paragraph", text)


def german(umlauts: str = "expand") -> GuideDocument:
    """A German fixture: rules that link the glossary, a glossary whose order depends on the umlaut rule."""
    glossary = (
        Entry("wunden", "Wunden", (paragraph("Wunden entstehen im Kampf. " + FILLER * 6),), ("wuerfel",), ("Kampf",)),
        Entry("wuerfel", "Würfel", (paragraph("Würfel werden geworfen. " + FILLER * 8 + "Siehe [[wunden]]."),), ("wunden",)),
        Entry("ablegen", "Ablegen", (paragraph("Eine Karte ablegen heißt: offen auf den eigenen Ablagestapel. " + FILLER * 5),),
              ("wunden", "wuerfel"), ("Ablagestapel",)),
        Entry("gefaehrten", "Gefährten", (paragraph("Gefährten helfen. " + FILLER * 3),)),
        Entry("gefahren", "Gefahren", (paragraph("Gefahren schaden. " + FILLER * 3),)),
        Entry("zug", "Zug", (paragraph("Ein Zug hat drei Phasen. " + FILLER * 4),), ("ablegen",)),
    )
    rules = (
        Entry("spielende", "Spielende", (
            paragraph("Wer zuerst vier Trophäen hat, gewinnt. Lies [[wuerfel]] und [[wunden]]. " + FILLER * 10),
            Block("bullets", "Wichtig:", ("Zebra", "Äpfel", "Affe"), order="alphabetical"),
            Block("numbered", "", ("Bewegen", "Kämpfen", "Ziehen")),
            Block("table", rows=(("Spieler", "Karten"), ("zwei", "drei"))),
        ), ("zug", "ablegen"), ("Trophäen",)),
        Entry("aufbau", "Aufbau", (paragraph("Der Spielplan kommt in die Mitte. " + FILLER * 25),), ("spielende",)),
    )
    return GuideDocument(
        game_id="fixture",
        locale="de",
        title="Testspiel – Regelübersicht",
        sections=(Section("regeln", "Regeln", (paragraph("Ein kurzer Überblick."),), rules),
                  Section("glossar", "Glossar", (), glossary, sort_entries=True)),
        quick_reference=(QuickReferenceRow("forest", "Wald", "Ein Gelände."), QuickReferenceRow("gold", "Gold", "Geld.")),
        labels=GERMAN_LABELS,
        umlauts=umlauts,  # type: ignore[arg-type]
    )


def english() -> GuideDocument:
    entries = (
        Entry("action-space", "Action Space", (paragraph("An action space. " + FILLER),)),
        Entry("actions", "Actions", (paragraph("Actions you take. " + FILLER),), ("action-space",)),
        Entry("obstacle-zones", "Obstacle Zones", (paragraph("Zones. " + FILLER),)),
        Entry("obstacles", "Obstacles", (paragraph("Obstacles. " + FILLER),)),
    )
    return GuideDocument("fixture", "en", "Fixture Guide", (Section("glossary", "Glossary", (), entries, sort_entries=True),))


def render(document: GuideDocument, tmp_path: Path, paper: str = "a4", name: str = "guide.pdf") -> tuple[PdfReader, RenderedGuide]:
    result = render_guide(document, paper)
    (tmp_path / name).write_bytes(result.data)
    return PdfReader(tmp_path / name), result


def pages_text(reader: PdfReader) -> list[str]:
    """Each page's text, with words broken at a line end by hyphenation joined again."""
    return [page.extract_text().replace("-\n", "") for page in reader.pages]


def order_in(text: str, words: list[str]) -> list[str]:
    return sorted(words, key=lambda w: re.search(rf"(?m)^{re.escape(w)}$", text).start())  # type: ignore[union-attr]


@pytest.mark.parametrize(("paper", "size"), [("a4", (210, 297)), ("letter", (215.9, 279.4))])
def test_page_size(tmp_path: Path, paper: str, size: tuple[float, float]) -> None:
    reader, result = render(german(), tmp_path, paper)
    assert result.pages == len(reader.pages)
    for page in reader.pages:
        assert float(page.mediabox.width) == pytest.approx(pt(size[0]), abs=0.01)
        assert float(page.mediabox.height) == pytest.approx(pt(size[1]), abs=0.01)


def test_unknown_paper_is_a_usage_error(tmp_path: Path) -> None:
    with pytest.raises(PaperError):
        render_guide(german(), "a5")


def test_vera_fonts_are_embedded(tmp_path: Path) -> None:
    reader, _ = render(german(), tmp_path)
    fonts = {}
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            fonts[str(font["/BaseFont"])] = font
    assert fonts
    for name, font in fonts.items():
        descriptor = (font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font)["/FontDescriptor"]
        assert "/FontFile2" in descriptor.get_object(), f"{name} is not embedded"
        assert "Vera" in name


def test_contents_page_numbers_point_at_the_section(tmp_path: Path) -> None:
    reader, _ = render(german(), tmp_path)
    texts = pages_text(reader)
    lines = [m.groups() for m in re.finditer(r"(?m)^(\S.*?)[ .]+ (\d+)$", texts[1])]
    assert [title for title, _ in lines] == ["Regeln", "Glossar", "Stichwortverzeichnis", "Kurzübersicht"]
    for title, number in lines:
        assert re.search(rf"(?m)^{re.escape(title)}$", texts[int(number) - 1]), f"{title} not on page {number}"


def test_index_page_numbers_point_at_pages_with_the_term(tmp_path: Path) -> None:
    document = german()
    reader, result = render(document, tmp_path)
    texts = pages_text(reader)
    index_page = next(i for i, t in enumerate(texts) if t.startswith("Stichwortverzeichnis"))
    found = re.findall(r"(?m)^(\S.*?)[ .]+ (\d+(?:, \d+)*)$", texts[index_page])
    assert len(found) == result.index_terms == 11  # 8 titles and 3 index terms
    for term, numbers in found:
        for number in numbers.split(", "):
            assert term.casefold() in texts[int(number) - 1].casefold(), f"{term} not on page {number}"
    assert "Wunden" in [term for term, _ in found]


def test_related_topics_and_links_print_the_right_page(tmp_path: Path) -> None:
    document = german()
    reader, _ = render(document, tmp_path)
    texts = pages_text(reader)
    titles = {entry.title for entry in document.entries()}
    references = [(m.group(1), int(m.group(2))) for t in texts for m in re.finditer(r"(\w[\w-]*) \(S\. (\d+)\)", t)]
    assert {title for title, _ in references} >= {"Würfel", "Wunden", "Zug", "Ablegen", "Spielende"}
    for title, number in references:
        assert title in titles
        assert re.search(rf"(?m)^{re.escape(title)}$", texts[number - 1]), f"{title} heading not on page {number}"


def test_related_topics_are_sorted_per_locale(tmp_path: Path) -> None:
    reader, _ = render(german(), tmp_path)
    text = "\n".join(pages_text(reader))
    lines = re.findall(r"Verwandte Themen: (.*)", text)
    line = next(line for line in lines if "Würfel" in line and "Wunden" in line)  # Ablegen: [wunden, wuerfel]
    assert line.index("Würfel") < line.index("Wunden")


@pytest.mark.parametrize(("umlauts", "first", "second"), [("expand", "Würfel", "Wunden"), ("base", "Wunden", "Würfel")])
def test_glossary_follows_the_din_5007_variant(tmp_path: Path, umlauts: str, first: str, second: str) -> None:
    reader, _ = render(german(umlauts), tmp_path)
    texts = pages_text(reader)
    glossary = "\n".join(texts[next(i for i, t in enumerate(texts) if t.startswith("Glossar")):])
    body = glossary[: glossary.index("Stichwortverzeichnis")]
    index = glossary[glossary.index("Stichwortverzeichnis"):]
    assert order_in(body, [second, first]) == [first, second]
    assert body.index(f"\n{first}\n") < body.index(f"\n{second}\n")
    assert index.index(f"\n{first} ") < index.index(f"\n{second} ")
    if umlauts == "expand":  # DIN 5007-2: "Gefährten" (Gefaehrten) before "Gefahren"
        assert body.index("\nGefährten\n") < body.index("\nGefahren\n")


def test_english_sorts_letter_by_letter(tmp_path: Path) -> None:
    reader, _ = render(english(), tmp_path)
    text = "\n".join(pages_text(reader))
    titles = ["Actions", "Action Space", "Obstacles", "Obstacle Zones"]
    assert order_in(text, titles) == titles


def test_alphabetical_lists_are_sorted_and_numbered_lists_kept(tmp_path: Path) -> None:
    reader, _ = render(german(), tmp_path)
    text = "\n".join(pages_text(reader))
    assert text.index("• Äpfel") < text.index("• Affe") < text.index("• Zebra")
    assert text.index("1. Bewegen") < text.index("2. Kämpfen") < text.index("3. Ziehen")


def test_same_document_same_bytes() -> None:
    assert render_guide(german()).data == render_guide(german(), "a4").data


def test_page_references_settle(tmp_path: Path) -> None:
    pages, refs, passes = layout_guide(german())
    assert passes < 8
    assert refs.anchors["entry:wuerfel"] == next(p.number for p in pages if any("entry:wuerfel" in x.row.anchors for x in p.placed))


def test_german_words_are_hyphenated(tmp_path: Path) -> None:
    word = "Donaudampfschifffahrtsgesellschaftskapitän"
    document = GuideDocument("fixture", "de", "Silbentrennung", (
        Section("s", "Abschnitt", (), (Entry("e", "Eintrag", (paragraph(" ".join([word] * 40)),)),)),
    ), labels=GERMAN_LABELS)
    reader, _ = render(document, tmp_path)
    raw = "\n".join(page.extract_text() for page in reader.pages)
    assert re.search(r"\w-\n", raw), "no word was broken at a syllable"


def test_player_aid_is_compact(tmp_path: Path) -> None:
    result = render_player_aid(german(), "letter")
    (tmp_path / "aid.pdf").write_bytes(result.data)
    reader = PdfReader(tmp_path / "aid.pdf")
    text = "\n".join(pages_text(reader))
    assert result.pages == len(reader.pages) <= 3
    assert "Inhalt" not in text and "Stichwortverzeichnis" not in text and "(S." not in text
    assert text.startswith("Testspiel – Regelübersicht")


def test_pdf_bytes_are_a_pdf() -> None:
    data = render_guide(german()).data
    assert data.startswith(b"%PDF") and PdfReader(io.BytesIO(data)).metadata.title == "Testspiel – Regelübersicht"  # type: ignore[union-attr]
