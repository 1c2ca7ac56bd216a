"""Digital-table export: Tabletop Simulator deck sheets (a 10 x 7 grid holding at most 69 cards, at most
4096 px a side) and back images, as PNG, and for each deck a saved object (JSON) TTS can import.

Each distinct card face is drawn once (the same drawing code as print, one PDF page per face and pixel
size), rasterized with pdfium, and the sheets are assembled from those rasters row by row straight into
the PNG encoder: copies of a card and repeated back images cost nothing more. Every card occupies
exactly its cell of the TTS grid (width_px x height_px), so TTS's slicing matches the drawing.
"""

from __future__ import annotations

import json
import math
import os
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass

import pypdfium2 as pdfium

from pipeline.i18n.tokens import strip_markup

from .faces import PreparedFace
from .imposition import Group
from .pdf import Document
from .png import FILTER_NONE, encode_rgb
from .units import Size, pt

MAX_COLS, MAX_ROWS, MAX_PX = 10, 7, 4096
PER_SHEET = MAX_COLS * MAX_ROWS - 1  # TTS shows a deck's hidden card in the grid's last cell
WHITE = 255
BLOCK_BYTES = 256 * 1024  # PNG rows handed to zlib at a time
RasterKey = tuple[int, float, float, int]  # id of the prepared face, card size (mm), width in px


@dataclass(frozen=True)
class SheetImage:
    name: str  # file name inside tts/
    png: bytes
    cards: int
    width: int
    height: int


@dataclass(frozen=True)
class SheetPlan:
    """One image to write: faces in reading order (None leaves a cell white) on a cols x rows grid."""

    name: str
    faces: tuple[PreparedFace | None, ...]
    card: Size
    cols: int
    rows: int
    width_px: int
    height_px: int

    @property
    def cards(self) -> int:
        return sum(1 for f in self.faces if f is not None)

    def raster_key(self, face: PreparedFace) -> RasterKey:
        return (id(face), self.card.width, self.card.height, self.width_px)

    def key(self) -> tuple[object, ...]:
        """Equal keys draw equal pixels (a back shared by several decks is encoded once)."""
        cells = tuple(None if f is None else self.raster_key(f) for f in self.faces)
        return (cells, self.cols, self.rows, self.width_px, self.height_px)


def sheet_shape(count: int, card: Size, deck: bool = True) -> tuple[int, int, int]:
    """(cols, rows, card width in px) for an image of count cards within TTS's limits; a deck sheet is at
    least 2 x 2 and keeps its last cell free (TTS's hidden card), a single back image is 1 x 1."""
    cells = count + 1 if deck else count
    cols = min(MAX_COLS, max(2 if deck else 1, cells))
    rows = min(MAX_ROWS, max(2 if deck else 1, math.ceil(cells / cols)))
    width_px = MAX_PX // cols
    if math.ceil(width_px * card.height / card.width) * rows > MAX_PX:
        width_px = int(MAX_PX / rows * card.width / card.height)
    return cols, rows, width_px


def _plan(name: str, faces: list[PreparedFace | None], card: Size, deck: bool = True) -> SheetPlan:
    cols, rows, width_px = sheet_shape(len(faces), card, deck)
    return SheetPlan(name, tuple(faces), card, cols, rows, width_px, round(width_px * card.height / card.width))


@dataclass(frozen=True)
class DeckPlan:
    """The images of one deck: face sheets, each with its back sheet (cards with backs of their own) or
    one back image shared by all."""

    stem: str  # file name stem inside tts/
    title: str  # the deck's printed label in the locale: its name in TTS
    sheets: tuple[tuple[SheetPlan, SheetPlan | None], ...]
    shared_back: SheetPlan | None

    def plans(self) -> list[SheetPlan]:
        found = [plan for front, back in self.sheets for plan in (front, back) if plan is not None]
        return found + ([self.shared_back] if self.shared_back else [])

    def saved_object(self) -> dict[str, object]:
        """The deck as a TTS saved object: image file names stand where TTS wants URLs (docs/how-to/tabletop-simulator.md says how
        to host them); card ids follow TTS's rule, deck number x 100 + cell."""
        custom: dict[str, dict[str, object]] = {}
        cards: list[dict[str, object]] = []
        for number, (front, backs) in enumerate(self.sheets, start=1):
            back = backs or self.shared_back
            custom[str(number)] = {
                "FaceURL": front.name, "BackURL": back.name if back else "", "NumWidth": front.cols,
                "NumHeight": front.rows, "BackIsHidden": True, "UniqueBack": backs is not None, "Type": 0,
            }
            for cell, face in enumerate(front.faces):
                if face is not None:
                    # A card that prints no name (a Monster Fight card) is called by its deck's printed title and
                    # its place in the deck, in the locale, not by its internal id.
                    name = face_name(face)
                    nickname = f"{self.title} {len(cards) + 1}" if name == face.face.id else name
                    cards.append({"Name": "Card", "CardID": number * 100 + cell, "Nickname": nickname,
                                  "GMNotes": face.face.id, "CustomDeck": {str(number): custom[str(number)]},
                                  "Transform": _TRANSFORM})
        state: dict[str, object] = cards[0] if len(cards) == 1 else {
            "Name": "Deck", "Nickname": self.title, "Transform": _TRANSFORM, "CustomDeck": custom,
            "DeckIDs": [card["CardID"] for card in cards], "ContainedObjects": cards,
        }
        return {"SaveName": self.title, "ObjectStates": [state]}

    def saved_object_json(self) -> bytes:
        return (json.dumps(self.saved_object(), ensure_ascii=False, indent=1) + "\n").encode()


_TRANSFORM = {"posX": 0, "posY": 1, "posZ": 0, "rotX": 0, "rotY": 180, "rotZ": 180, "scaleX": 1, "scaleY": 1, "scaleZ": 1}


def face_name(face: PreparedFace) -> str:
    """A card's name in TTS: its printed name or title without markup, else its id."""
    fields = face.face.fields
    name = next((fields[key] for key in ("name", "title") if isinstance(fields.get(key), str) and fields[key]), "")
    return " ".join(strip_markup(name).split()) or face.face.id


def plan_deck(deck_id: str, title: str, group: Group, part: int) -> DeckPlan:
    """The face sheets of one group (at most PER_SHEET cards each), each with its back sheet, or one back
    image if all cards share a back. Files are named by the deck's id, the deck in TTS by its title (a
    second part of a deck, cards of another size, is "title (2)")."""
    card = group.size
    fronts: list[PreparedFace | None] = [slot[0] for slot in group.slots]
    backs = [slot[1] for slot in group.slots]
    shared = len({id(b) for b in backs}) == 1 and backs[0] is not None
    sheets = []
    stem = deck_id if part == 0 else f"{deck_id}-{part + 1}"
    for index in range(0, len(fronts), PER_SHEET):
        suffix = "" if len(fronts) <= PER_SHEET else f"-{index // PER_SHEET + 1}"
        front = _plan(f"{stem}{suffix}.png", fronts[index: index + PER_SHEET], card)
        back = None
        if not shared and any(b is not None for b in backs):
            back = _plan(f"{stem}{suffix}-backs.png", backs[index: index + PER_SHEET], card)
        sheets.append((front, back))
    shared_back = _plan(f"{stem}-back.png", [backs[0]], card, deck=False) if shared else None
    name = " ".join(strip_markup(title).split()) or deck_id
    return DeckPlan(stem, name if part == 0 else f"{name} ({part + 1})", tuple(sheets), shared_back)


def render_sheets(plans: list[SheetPlan], workers: int | None = None, charset: str = "") -> list[SheetImage]:
    """Every planned image, in plan order; identical sheets are encoded once. `charset`: what the faces' document
    encodes first (`pdf.Document`), so a face drawn for another document that started from it is copied.

    Faces are rasterized in plan order and each sheet is handed to an encoder thread as soon as its
    faces are ready (pdfium and zlib both release the GIL), so drawing and deflating overlap. A face's
    pixels are let go once the last sheet that shows it has been handed over.
    """
    distinct: dict[tuple[object, ...], SheetPlan] = {}
    for plan in plans:
        distinct.setdefault(plan.key(), plan)
    wanted: dict[RasterKey, tuple[PreparedFace, SheetPlan]] = {}
    uses: Counter[RasterKey] = Counter()
    for plan in distinct.values():
        shown = {plan.raster_key(face): face for face in plan.faces if face is not None}
        uses.update(shown.keys())
        for raster_key, face in shown.items():
            wanted.setdefault(raster_key, (face, plan))
    threads = workers or min(4, os.cpu_count() or 1)
    rasters: dict[RasterKey, Raster] = {}
    encoded: dict[tuple[object, ...], Future[bytes]] = {}
    with _Rasterizer(list(wanted.values()), charset) as rasterizer, ThreadPoolExecutor(max_workers=threads) as pool:
        for sheet, plan in distinct.items():
            mine: dict[RasterKey, Raster] = {}
            for cell in plan.faces:
                if cell is not None and (raster_key := plan.raster_key(cell)) not in mine:
                    if raster_key not in rasters:
                        rasters[raster_key] = rasterizer.render(cell, plan)
                    mine[raster_key] = rasters[raster_key]
            for raster_key in mine:
                uses[raster_key] -= 1
                if not uses[raster_key]:
                    del rasters[raster_key]
            pending = [f for f in encoded.values() if not f.done()]
            if len(pending) > 2 * threads:  # bound the pixels waiting for an encoder
                pending[0].result()
            encoded[sheet] = pool.submit(_encode, plan, mine)
        images = {key: future.result() for key, future in encoded.items()}
    return [SheetImage(plan.name, images[plan.key()], plan.cards, plan.width_px * plan.cols, plan.height_px * plan.rows)
            for plan in plans]


@dataclass(frozen=True)
class Raster:
    """RGB pixels of one face at one cell size: height_px packed rows of width_px pixels."""

    pixels: memoryview
    bitmap: object  # keeps pdfium's buffer alive


class _Rasterizer:
    """One PDF with a page per distinct face and cell size (each face drawn once), rasterized on demand."""

    def __init__(self, faces: list[tuple[PreparedFace, SheetPlan]], charset: str = "") -> None:
        doc = Document("tts faces", (pt(63), pt(88)), charset, compress=False)
        self.pages: dict[RasterKey, int] = {}
        c = doc.canvas
        for face, plan in faces:
            # The page is the cell, one unit a pixel: pdfium maps it onto the bitmap without rounding.
            c.setPageSize((plan.width_px, plan.height_px))
            c.saveState()
            c.translate(0, plan.height_px)
            scale = plan.width_px / pt(plan.card.width)
            c.scale(scale, scale)
            width, height = pt(plan.card.width), pt(plan.card.height)
            doc.place(face, 0, -height, (0, -height, width, 0))
            c.restoreState()
            doc.end_page()
            self.pages[plan.raster_key(face)] = len(self.pages)
        self.pdf = pdfium.PdfDocument(doc.finish()) if faces else None

    def __enter__(self) -> _Rasterizer:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.pdf is not None:
            self.pdf.close()

    def render(self, face: PreparedFace, plan: SheetPlan) -> Raster:
        assert self.pdf is not None
        page = self.pdf[self.pages[plan.raster_key(face)]]
        try:  # RGB (pdfium's BGR with the byte order reversed), packed rows
            bitmap = page.render(rev_byteorder=True)
        finally:
            page.close()
        if (bitmap.width, bitmap.height, bitmap.stride) != (plan.width_px, plan.height_px, plan.width_px * 3):
            raise ValueError(f"face raster {bitmap.width}x{bitmap.height} is not its cell's size")
        return Raster(memoryview(bitmap.buffer).cast("B"), bitmap)


def _encode(plan: SheetPlan, rasters: dict[RasterKey, Raster]) -> bytes:
    width, height = plan.width_px * plan.cols, plan.height_px * plan.rows
    return encode_rgb(width, height, _scanlines(plan, rasters))


def _scanlines(plan: SheetPlan, rasters: dict[RasterKey, Raster]) -> Iterator[bytes]:
    """PNG rows (filter byte + pixels) cut from the face rasters, a few at a time (small enough to stay in cache)."""
    stride = plan.width_px * 3
    blank = bytes([WHITE]) * stride
    rows_per_block = max(1, BLOCK_BYTES // (stride * plan.cols + 1))
    for row in range(plan.rows):
        cells = [plan.faces[i] if i < len(plan.faces) else None for i in range(row * plan.cols, (row + 1) * plan.cols)]
        sources = [rasters[plan.raster_key(face)].pixels if face is not None else None for face in cells]
        for first in range(0, plan.height_px, rows_per_block):
            pieces: list[bytes | memoryview] = []
            for y in range(first, min(first + rows_per_block, plan.height_px)):
                start = y * stride
                pieces.append(FILTER_NONE)
                pieces.extend(blank if src is None else src[start: start + stride] for src in sources)
            yield b"".join(pieces)
