"""Icons as files: SVG files under the layouts (a base set, a game's own, locale variants), drawn with svglib;
a broken icon file is ICON-INVALID at its line; an icon a game does not have is ICON-UNKNOWN."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from pipeline.icon_files import is_icon, load_icons, use_icons
from pipeline.render.icons import draw_icon
from pipeline.render.layouts import load_layouts

REPO = Path(__file__).resolve().parents[2]
SQUARE = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">{}</svg>\n'


def icon(folder: Path, relative: str, body: str) -> Path:
    path = folder / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(SQUARE.format(body), encoding="utf-8")
    return path


def rendered(name: str, size: float = 40) -> Image.Image:
    """The icon drawn alone on a white page, rasterised (the middle pixel tells its colour)."""
    out = io.BytesIO()
    c = Canvas(out, pagesize=(size, size))
    draw_icon(c, name, 0, 0, size)
    c.save()
    return pdfium.PdfDocument(out.getvalue())[0].render(scale=1).to_pil().convert("RGB")


def test_every_shipped_icon_file_draws() -> None:
    library, findings = load_icons(REPO / "pipeline" / "layouts")
    assert findings == []
    base = {name for (namespace, locale, name) in library.files if not namespace and not locale}
    assert {"sword", "monster-gold", "xp", "vp", "gold", "quest", "tavern", "energy", "protection", "anchor", "ship"} <= base
    assert len(base) == 56
    with use_icons(library, "old-world", "en"):
        assert rendered("red").getpixel((20, 20)) == (192, 57, 43)  # #c0392b, the red gem
        out = io.BytesIO()
        c = Canvas(out)
        for i, name in enumerate(sorted(base)):
            draw_icon(c, name, 10 + i * 10, 10, 10)
        c.save()
    # No font is set: letters are outlines, and reportlab's default font (Helvetica, not embedded) is never chosen.
    assert PdfReader(out).pages[0].get_contents().get_data().count(b" Tf") == 1  # the canvas's own preamble only


def test_an_icon_placed_again_writes_what_the_renderer_writes() -> None:
    """The operators kept per icon file (icons._operators) are the renderer's own, placed anywhere, in any size."""
    from pipeline.icon_files import icon_file
    from pipeline.render.icons import _drawing, _IconRenderer

    library, _ = load_icons(REPO / "pipeline" / "layouts")
    with use_icons(library, "old-world", "de"):
        for name in ("sword", "xp", "monster-gold", "vp"):
            kept, fresh = Canvas(io.BytesIO()), Canvas(io.BytesIO())
            for x, y, size in ((0, 0, 10), (12.5, 3.25, 7.2)):
                draw_icon(kept, name, x, y, size)
                path = icon_file(name)
                assert path is not None
                drawing = _drawing(path)
                fresh.saveState()
                fresh.translate(x, y)
                fresh.scale(size / drawing.width, size / drawing.height)
                _IconRenderer().draw(drawing, fresh, 0, 0)
                fresh.restoreState()
            assert kept._code == fresh._code


def test_a_translucent_icon_keeps_its_graphics_state(tmp_path: Path) -> None:
    """An icon that needs a resource of its document (here an alpha) is drawn by the renderer every time."""
    layouts = tmp_path / "layouts"
    icon(layouts, "icons/veil.svg", '<rect width="100" height="100" fill="#0000ff" fill-opacity="0.5"/>')
    library, findings = load_icons(layouts)
    assert findings == []
    with use_icons(library, "game"):
        first, second = rendered("veil"), rendered("veil")
    assert first.getpixel((20, 20)) == second.getpixel((20, 20))
    assert first.getpixel((20, 20))[0] > 100  # half blue over white, not opaque blue


def test_a_game_and_a_locale_override_the_base_icon(tmp_path: Path) -> None:
    layouts = tmp_path / "layouts"
    icon(layouts, "icons/coin.svg", '<rect width="100" height="100" fill="#ff0000"/>')
    icon(layouts, "icons/de/coin.svg", '<rect width="100" height="100" fill="#00ff00"/>')
    icon(layouts, "game/icons/coin.svg", '<rect width="100" height="100" fill="#0000ff"/>')
    library, findings = load_icons(layouts)
    assert findings == []
    expected = {("other", "en"): (255, 0, 0), ("other", "de"): (0, 255, 0), ("game", "en"): (0, 0, 255), ("game", "de"): (0, 0, 255)}
    for (game, locale), colour in expected.items():
        with use_icons(library, game, locale):
            assert rendered("coin").getpixel((20, 20)) == colour, (game, locale)


def test_german_xp_and_vp_icons_carry_german_letters() -> None:
    library, _ = load_icons(REPO / "pipeline" / "layouts")
    assert library.find("path-of-destiny", "de", "xp") == REPO / "pipeline" / "layouts" / "icons" / "de" / "xp.svg"
    assert library.find("path-of-destiny", "de", "vp") == REPO / "pipeline" / "layouts" / "icons" / "de" / "vp.svg"
    assert library.find("path-of-destiny", "en", "xp") == REPO / "pipeline" / "layouts" / "icons" / "xp.svg"
    with use_icons(library, "path-of-destiny", "en"):
        english = rendered("xp", 100)
    with use_icons(library, "path-of-destiny", "de"):
        german = rendered("xp", 100)
    assert english.getpixel((50, 5)) == german.getpixel((50, 5))  # the same disc
    assert english.tobytes() != german.tobytes()  # other letters on it


@pytest.mark.parametrize(("text", "line", "why"), [
    ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">\n  <rect width="10"\n</svg>\n', 3, "not well-formed"),
    ('<?xml version="1.0"?>\n<html><body/></html>\n', 2, "not <svg>"),
    ('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50"/>\n', 1, "square"),
    ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">\n<text x="5" y="50">G</text></svg>\n', 2, "paths"),
])
def test_an_icon_file_that_does_not_parse_is_icon_invalid_at_its_line(tmp_path: Path, text: str, line: int, why: str) -> None:
    layouts = tmp_path / "layouts"
    shutil.copytree(REPO / "pipeline" / "layouts", layouts)
    broken = layouts / "old-world" / "icons" / "gold.svg"
    broken.parent.mkdir(parents=True)
    broken.write_text(text, encoding="utf-8")
    layouts_loaded, findings = load_layouts(layouts)
    assert [(f.code, f.severity, Path(f.file).name, f.line) for f in findings] == [("ICON-INVALID", "error", "gold.svg", line)]
    assert why in findings[0].message
    assert layouts_loaded.icons.find("old-world", "en", "gold") == layouts / "icons" / "gold.svg"  # the broken one is not drawn


def test_a_literal_icon_only_another_game_has_is_unknown_in_a_layout(tmp_path: Path) -> None:
    layouts = tmp_path / "layouts"
    shutil.copytree(REPO / "pipeline" / "layouts", layouts)
    icon(layouts, "path-of-destiny/icons/compass.svg", '<circle cx="50" cy="50" r="40" fill="#00aa00"/>')
    cards = layouts / "old-world" / "cards.yaml"
    text = cards.read_text(encoding="utf-8")
    assert "icon: {field: null, icon: combat}" in text
    cards.write_text(text.replace("icon: {field: null, icon: combat}", "icon: {field: null, icon: compass}", 1), encoding="utf-8")
    library, findings = load_layouts(layouts)
    assert [(f.code, Path(f.file).name) for f in findings] == [("ICON-UNKNOWN", "cards.yaml")]
    with use_icons(library.icons, "path-of-destiny"):
        assert is_icon("compass")
    with use_icons(library.icons, "old-world"):
        assert not is_icon("compass")
