"""Icon files: the SVG drawings under the layouts, found by name, read strictly and parsed once.

A shared base set lives in `layouts/icons/`, a game's own icons in `layouts/<game>/icons/` (a declared
game's in `<game>/layouts/icons/`, its own layouts folder: `with_game_icons`); a locale's variant of an
icon (German EP for XP) in `icons/<locale>/<name>.svg` beside either. A game and locale use, for each
name, the first of: its game's locale variant, its game's icon, the base locale variant, the base icon.
An icon file that is not a well-formed SVG is `ICON-INVALID` at its line. Letters in an icon are glyph
outlines (paths), so an icon never depends on a font lookup (svglib would look text fonts up through
fontconfig, i.e. system fonts).

The icons in effect are set per game and locale (`use_icons`) by the build and the check. Which names
exist (`is_icon`, read by the content checks of a declared game and by rendering) and how an icon is
drawn (`render/icons.py: draw_icon`) both come from here, so a name the check accepts is one the
renderer draws.
"""

from __future__ import annotations

import base64
import binascii
import io
import math
import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from lxml import etree
from PIL import Image
from reportlab.graphics.shapes import Drawing
from svglib.svglib import SvgRenderer

from pipeline import shipped
from pipeline.findings import Finding, display_path, error
from pipeline.reading import IMAGE_FORMATS, MAX_IMAGE_PIXELS, YAML_LIMIT, UnreadableFile, read_input


class IconFileError(Exception):
    """An icon file that is not a drawable SVG: the line it fails at and why."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(reason)
        self.line = line
        self.reason = reason


MAX_ICON_ELEMENTS = 5_000  # the largest shipped icon has a few dozen: a drawing this size takes under a second
MAX_ICON_NUMBER = 1e6  # any coordinate, size or transform: far beyond a 100-unit viewBox, far within a PDF's numbers
# The attributes whose numbers reach the drawing (and the PDF writer, which refuses nan, inf and 1e308).
_GEOMETRY = frozenset({"x", "y", "width", "height", "r", "rx", "ry", "cx", "cy", "x1", "y1", "x2", "y2", "points", "d",
                       "transform", "viewBox", "stroke-width", "stroke-dasharray", "stroke-dashoffset", "stroke-miterlimit",
                       "opacity", "fill-opacity", "stroke-opacity", "offset", "font-size", "fx", "fy"})
_NUMBER = re.compile(r"[-+]?(?:nan|inf(?:inity)?|(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)", re.IGNORECASE)

# XML without entities or network access: an icon is data, never a way to read other files.
_PARSER = etree.XMLParser(resolve_entities=False, no_network=True, remove_comments=True, huge_tree=False)


def read_icon(path: Path, root: Path | None = None) -> Drawing:
    """The drawing of an SVG icon file, or IconFileError (not readable, a link leading out of `root`, not
    well-formed, not a square SVG)."""
    try:
        data = read_input(path, YAML_LIMIT, root)
    except UnreadableFile as exc:
        raise IconFileError(1, exc.reason) from None
    return _icon_drawing(path, data)


@lru_cache(maxsize=512)
def _icon_drawing(path: Path, data: bytes) -> Drawing:
    """The drawing of an icon file's bytes, drawn once per process (each load of the layouts checks every icon)."""
    try:
        root = etree.fromstring(data, _PARSER)
    except etree.XMLSyntaxError as exc:
        raise IconFileError(exc.lineno or 1, f"not well-formed XML: {exc.msg}") from None
    if etree.QName(root).localname != "svg":
        raise IconFileError(root.sourceline or 1, f"the root element is <{etree.QName(root).localname}>, not <svg>")
    for text in root.iter("{*}text"):
        raise IconFileError(text.sourceline or 1, "an icon draws letters as paths, not <text> (which needs a font)")
    _check_budget(root)
    drawing = SvgRenderer(str(path)).render(root)
    if not drawing.width or drawing.width != drawing.height:
        raise IconFileError(root.sourceline or 1, f"an icon is square; this one is {drawing.width} × {drawing.height}")
    return drawing


def _check_budget(root: etree._Element) -> None:
    """Refuse what would make drawing the icon slow, large or fail in the PDF writer: more elements than
    MAX_ICON_ELEMENTS, a number that is not finite or beyond MAX_ICON_NUMBER, an embedded image that is not a
    PNG or JPEG data URI within the art's pixel limit."""
    elements = 0
    for element in root.iter():
        if not isinstance(element.tag, str):
            continue  # a processing instruction
        elements += 1
        if elements > MAX_ICON_ELEMENTS:
            raise IconFileError(element.sourceline or 1, f"the icon has more than {MAX_ICON_ELEMENTS} elements; "
                                f"the limit is {MAX_ICON_ELEMENTS}")
        for name, value in element.attrib.items():
            local = etree.QName(name).localname
            if local in _GEOMETRY or local == "style":
                _check_numbers(element, local, value)
        if etree.QName(element).localname == "image":
            _check_image(element)


def _check_numbers(element: etree._Element, attribute: str, value: str) -> None:
    for token in _NUMBER.findall(value):
        number = float(token)
        if not math.isfinite(number) or abs(number) > MAX_ICON_NUMBER:
            raise IconFileError(element.sourceline or 1, f"{attribute}={value[:40]!r}: the number {token} is not "
                                f"finite or beyond ±{MAX_ICON_NUMBER:g}")


def _check_image(element: etree._Element) -> None:
    """An embedded image: a PNG or JPEG data URI whose pixels are within the art's limit (checked before decoding)."""
    href = next((value for name, value in element.attrib.items() if etree.QName(name).localname == "href"), "")
    match = re.fullmatch(r"data:image/(?:png|jpeg|jpg);base64,([A-Za-z0-9+/=\s]*)", href.strip())
    line = element.sourceline or 1
    if match is None:
        raise IconFileError(line, "an icon's <image> must be a PNG or JPEG data URI (data:image/png;base64,...)")
    try:
        with Image.open(io.BytesIO(base64.b64decode(match.group(1))), formats=IMAGE_FORMATS) as image:
            width, height = image.size
            if width * height > MAX_IMAGE_PIXELS:
                raise IconFileError(line, f"the embedded image is {width}x{height} pixels; the limit is {MAX_IMAGE_PIXELS}")
            image.load()
    except (OSError, ValueError, SyntaxError, Image.DecompressionBombError, binascii.Error) as exc:
        raise IconFileError(line, f"the embedded image is not a readable PNG or JPEG: {exc}") from None


@dataclass
class IconLibrary:
    """Every icon file under a layouts folder: (namespace, locale, name) -> file; "" is the base set or no locale."""

    files: dict[tuple[str, str, str], Path] = field(default_factory=dict)

    def find(self, game: str, locale: str, name: str) -> Path | None:
        for key in ((game, locale, name), (game, "", name), ("", locale, name), ("", "", name)):
            if key in self.files:
                return self.files[key]
        return None


def load_icons(folder: Path, game: str = "") -> tuple[IconLibrary, list[Finding]]:
    """The icon files under folder (`icons/` folders at its top and in each game's folder; `game`: the game whose own
    layouts folder it is, so its top `icons/` are that game's); a broken one is ICON-INVALID."""
    library, findings = IconLibrary(), []
    for path in sorted(folder.rglob("*.svg")):
        parts = path.relative_to(folder).parts
        if "icons" not in parts[:-1]:
            continue
        at = parts.index("icons")
        namespace, rest = "/".join((*([game] if game else []), *parts[:at])), parts[at + 1:-1]
        if len(rest) > 1:
            continue  # deeper folders are not icon variants
        try:
            read_icon(path, folder)
        except IconFileError as exc:
            findings.append(error("ICON-INVALID", f"icon {path.stem!r} cannot be drawn: {exc.reason}", display_path(path),
                                  exc.line, 1, "save the icon as an SVG with a square viewBox (viewBox=\"0 0 100 100\")"))
            continue
        library.files[(namespace, rest[0] if rest else "", path.stem)] = path
    return library, findings


def with_game_icons(library: IconLibrary, game: str, own: Path) -> tuple[IconLibrary, list[Finding]]:
    """library and the icons of a game's own layouts folder (`<own>/icons/`), which the game finds first."""
    mine, findings = load_icons(own, game) if own.is_dir() else (IconLibrary(), [])
    return IconLibrary({**library.files, **mine.files}), findings


@lru_cache(maxsize=1)
def _shipped() -> IconLibrary:
    return load_icons(shipped.LAYOUTS)[0]


@dataclass(frozen=True)
class _InEffect:
    library: IconLibrary
    game: str
    locale: str


_CURRENT: ContextVar[_InEffect | None] = ContextVar("icons", default=None)


@contextmanager
def use_icons(library: IconLibrary, game: str, locale: str = "") -> Iterator[None]:
    """Check and draw the icons of `game` in `locale` from `library` while the block runs."""
    token = _CURRENT.set(_InEffect(library, game, locale))
    try:
        yield
    finally:
        _CURRENT.reset(token)


def icon_file(name: str) -> Path | None:
    current = _CURRENT.get() or _InEffect(_shipped(), "", "")
    return current.library.find(current.game, current.locale, name)


def icons_in_effect() -> IconLibrary:
    """The icon files `use_icons` set, else the shipped layouts' (what `is_icon` reads)."""
    current = _CURRENT.get()
    return current.library if current is not None else _shipped()


ICON_HINT = ("use an icon of layouts/icons/ or of the game's own (layouts/<game>/icons/; a declared game's "
             "<game>/layouts/icons/), or add its SVG file there")


def is_icon(name: str) -> bool:
    return icon_file(name) is not None
