"""Decoders limited to what the docs promise: art opens only as PNG or JPEG (no program is ever started on it),
an icon only as SVG whose embedded images, numbers and size are within limits. Each a finding, never a crash."""

from __future__ import annotations

import base64
import io
import os
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest
from PIL import Image, features

from pipeline.icon_files import MAX_ICON_ELEMENTS, IconFileError, load_icons, read_icon
from pipeline.render.art import resolve_art

EPS = b"%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 10 10\nnewpath 0 0 moveto 10 10 lineto stroke\nshowpage\n%%EOF\n"
SVG = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 100">{}</svg>'


def test_eps_art_named_png_never_starts_ghostscript(tmp_path: Path) -> None:
    """A fake `gs` first on PATH leaves a marker if anything starts it (Pillow's EPS plug-in would, to decode)."""
    tools, marker = tmp_path / "bin", tmp_path / "gs-ran"
    tools.mkdir()
    fake = tools / "gs"
    fake.write_text(f"#!/bin/sh\ntouch {marker}\nexit 1\n")
    fake.chmod(0o755)
    (tmp_path / "art.png").write_bytes(EPS)
    program = ("import sys; from pathlib import Path; from pipeline.render.art import resolve_art; "
               "print(resolve_art(Path(sys.argv[1]), 'art.png')[1].code)")
    env = {**os.environ, "PATH": f"{tools}{os.pathsep}{os.environ['PATH']}"}
    run = subprocess.run([sys.executable, "-c", program, str(tmp_path)], env=env, capture_output=True, text=True,
                         timeout=120)
    assert run.stdout.strip() == "ART-UNREADABLE", run.stderr
    assert not marker.exists()


FORMATS = ["TIFF", "GIF", "BMP", "ICO", "PPM", "TGA", "PCX", *(["WEBP"] if features.check("webp") else [])]


@pytest.mark.parametrize("fmt", FORMATS)
def test_art_of_another_format_named_png_is_art_unreadable(tmp_path: Path, fmt: str) -> None:
    Image.new("RGB", (8, 8), "red").save(tmp_path / "art.png", format=fmt)
    path, problem = resolve_art(tmp_path, "art.png", "cards.yaml", 7)
    assert path is None and problem is not None
    assert (problem.code, problem.line, "not a PNG or JPEG" in problem.message) == ("ART-UNREADABLE", 7, True)
    for name, accepted in (("a.png", "PNG"), ("b.jpg", "JPEG")):
        Image.new("RGB", (8, 8), "red").save(tmp_path / name, format=accepted)
        assert resolve_art(tmp_path, name)[1] is None


def huge_png(width: int, height: int) -> bytes:
    """A PNG whose header says width x height (its body is a few bytes: only the header is ever read)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\0" * 16)) + chunk(b"IEND", b"")


def icon(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "icons" / "x.svg"
    path.parent.mkdir(exist_ok=True)
    path.write_text(SVG.format(body), encoding="utf-8")
    return path


def test_an_icon_embedding_a_huge_image_is_refused_before_decoding(tmp_path: Path) -> None:
    data = base64.b64encode(huge_png(30000, 30000)).decode()
    path = icon(tmp_path, f'<image width="100" height="100" xlink:href="data:image/png;base64,{data}"/>')
    with pytest.raises(IconFileError, match=r"(30000x30000|900000000) pixels"):
        read_icon(path)
    encoded = io.BytesIO()  # a small one draws
    Image.new("RGB", (4, 4), "blue").save(encoded, format="PNG")
    data = base64.b64encode(encoded.getvalue()).decode()
    read_icon(icon(tmp_path, f'<image width="100" height="100" xlink:href="data:image/png;base64,{data}"/>\n'))


def test_an_icon_embedding_eps_is_refused(tmp_path: Path) -> None:
    data = base64.b64encode(EPS).decode()
    with pytest.raises(IconFileError, match="PNG or JPEG"):
        read_icon(icon(tmp_path, f'<image width="100" height="100" xlink:href="data:image/png;base64,{data}"/>\n'))


@pytest.mark.parametrize("body", ['<rect x="-1e308" y="0" width="10" height="10"/>', '<circle cx="5" cy="5" r="nan"/>',
                                  '<rect x="0" y="0" width="1e400" height="10"/>',
                                  '<path d="M0 0 L 10 inf Z"/>', '<g transform="scale(1e9)"><rect width="1" height="1"/></g>'])
def test_an_icon_number_that_is_not_finite_or_huge_is_icon_invalid_at_check(tmp_path: Path, body: str) -> None:
    path = icon(tmp_path, "\n" + body)
    findings = load_icons(tmp_path)[1]
    assert [(f.code, f.line) for f in findings] == [("ICON-INVALID", 2)]
    assert "not finite or beyond" in findings[0].message
    with pytest.raises(IconFileError):
        read_icon(path)


def test_an_icon_of_more_elements_than_the_limit_is_icon_invalid(tmp_path: Path) -> None:
    rects = '<rect x="1" y="1" width="1" height="1"/>' * MAX_ICON_ELEMENTS
    findings = load_icons(tmp_path)[1] if icon(tmp_path, rects) else []
    assert [f.code for f in findings] == ["ICON-INVALID"]
    assert f"the limit is {MAX_ICON_ELEMENTS}" in findings[0].message
