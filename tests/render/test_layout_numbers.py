"""Every number and colour of a layout is one the renderer can draw, or a finding at the line it is written."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from pipeline.render.layouts import load_layouts
from pipeline.render.units import RangeError, parse_length, parse_points

PROFILES = """kind: profiles
profiles:
  a4:
    paper: {width: 210mm, height: 297mm}
    margin: 5mm
    bleed: 3mm
"""

# One template, one key a line, so each finding's line names the value that caused it.
TEMPLATE = """kind: templates
templates:
  card:
    size:
      width: 63mm
      height: 88mm
    palette:
      ink: "#111111"
    boxes:
      title:
        type: text
        field: name
        x: 3mm
        y: 3mm
        width: 57mm
        height: 8mm
        size: 8pt
        leading: 1.2
        stroke_width: 0.6pt
        radius: 1mm
        fill: ink
"""


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def line_number(text: str, start: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), start=1) if line.strip().startswith(start))


@pytest.mark.parametrize(
    ("written", "code"),
    [
        ("width: .nan", "LAYOUT-INVALID"),
        ("width: .inf", "LAYOUT-INVALID"),
        ("width: 1e300", "LAYOUT-RANGE"),
        ("width: -5mm", "LAYOUT-RANGE"),
        ("width: 99999999999999999999999mm", "LAYOUT-RANGE"),
        ("x: 123456789012345678901234567890", "LAYOUT-RANGE"),
        ("size: 0pt", "LAYOUT-RANGE"),
        ("size: .nan", "LAYOUT-INVALID"),
        ("size: -.inf", "LAYOUT-INVALID"),
        ("leading: .nan", "LAYOUT-INVALID"),
        ("leading: 0", "LAYOUT-INVALID"),
        ("leading: 1e300", "LAYOUT-INVALID"),
        ("stroke_width: -1pt", "LAYOUT-RANGE"),
        ("radius: -2mm", "LAYOUT-RANGE"),
        ("fill: nosuchcolour", "LAYOUT-COLOR"),
        ("height: 1e300mm", "LAYOUT-UNIT"),
    ],
)
def test_a_number_or_colour_that_cannot_be_drawn_is_a_finding_at_its_line(tmp_path: Path, written: str, code: str) -> None:
    key = written.split(":")[0]
    text = "\n".join(f"        {written}" if line.strip().startswith(f"{key}:") and line.startswith("        ") else line
                     for line in TEMPLATE.splitlines()) + "\n"
    assert written in text
    path = write(tmp_path, "base.yaml", text)
    write(tmp_path, "profiles.yaml", PROFILES)
    layouts, findings = load_layouts(tmp_path)
    assert [(f.code, f.file, f.line) for f in findings] == [(code, path.as_posix(), line_number(text, written))]
    assert "card" not in layouts.templates  # nothing is drawn from it


def test_a_font_size_range_from_zero_is_a_finding(tmp_path: Path) -> None:
    text = TEMPLATE.replace("        size: 8pt\n", "        size:\n          min: 0pt\n          max: 8pt\n")
    write(tmp_path, "base.yaml", text)
    _, findings = load_layouts(tmp_path)
    assert [(f.code, f.line) for f in findings] == [("LAYOUT-RANGE", line_number(text, "min: 0pt"))]
    assert "boxes.title.size.min" in findings[0].message


def test_a_colour_of_the_palette_and_the_default_text_colour_are_checked(tmp_path: Path) -> None:
    bad_palette = write(tmp_path / "a", "base.yaml", TEMPLATE.replace('ink: "#111111"', "ink: inky"))
    _, findings = load_layouts(tmp_path / "a")
    # the palette entry itself, and both boxes keys that use it (fill and the text's default colour)
    assert {(f.code, f.line) for f in findings} >= {("LAYOUT-COLOR", line_number(bad_palette.read_text(), "ink: inky"))}
    assert all(f.code == "LAYOUT-COLOR" for f in findings)
    no_palette = write(tmp_path / "b", "base.yaml", TEMPLATE.replace('    palette:\n      ink: "#111111"\n', "")
                       .replace("        fill: ink\n", ""))
    _, findings = load_layouts(tmp_path / "b")
    # a text box prints in `ink` unless told otherwise: without a palette entry that is no colour
    assert [(f.code, f.line) for f in findings] == [("LAYOUT-COLOR", line_number(no_palette.read_text(), "title:"))]


@pytest.mark.parametrize(
    ("old", "new", "key"),
    [
        ("x: 3mm", "x: 10mm", "width:"),  # 10 + 57 = 67 > 63 + 3 (bleed)
        ("y: 3mm", "y: -3.5mm", "y:"),
        ("x: 3mm", "x: -4mm", "x:"),
        ("height: 8mm", "height: 90mm", "height:"),
    ],
)
def test_a_box_past_the_face_and_its_bleed_is_a_finding(tmp_path: Path, old: str, new: str, key: str) -> None:
    text = TEMPLATE.replace(f"        {old}\n", f"        {new}\n")
    write(tmp_path, "base.yaml", text)
    write(tmp_path, "profiles.yaml", PROFILES)
    layouts, findings = load_layouts(tmp_path)
    box_line = line_number(text.split("boxes:")[1], key) + text.split("boxes:")[0].count("\n")
    assert [(f.code, f.line) for f in findings] == [("LAYOUT-OUTSIDE", box_line)]
    assert "card" not in layouts.templates


def test_a_box_in_the_bleed_is_drawn(tmp_path: Path) -> None:
    """Bands printed to the cut line reach into the bleed: that is what bleed is for."""
    text = TEMPLATE.replace("        x: 3mm\n", "        x: -3mm\n").replace("        width: 57mm\n", "        width: 69mm\n")
    write(tmp_path, "base.yaml", text)
    write(tmp_path, "profiles.yaml", PROFILES)
    layouts, findings = load_layouts(tmp_path)
    assert findings == [] and "card" in layouts.templates


@pytest.mark.parametrize(
    ("old", "new", "code", "line"),
    [
        ("margin: 5mm", "margin: .nan", "LAYOUT-INVALID", 5),
        ("margin: 5mm", "margin: -5mm", "LAYOUT-RANGE", 5),
        ("bleed: 3mm", "bleed: 1e300", "LAYOUT-RANGE", 6),
        ("width: 210mm", "width: 0mm", "LAYOUT-RANGE", 4),
    ],
)
def test_a_profile_number_that_cannot_be_drawn_is_a_finding_at_its_line(tmp_path: Path, old: str, new: str,
                                                                         code: str, line: int) -> None:
    path = write(tmp_path, "profiles.yaml", PROFILES.replace(old, new))
    layouts, findings = load_layouts(tmp_path)
    assert [(f.code, f.file, f.line) for f in findings] == [(code, path.as_posix(), line)]
    assert "a4" not in layouts.profiles


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf, 1e300, 10**400, "99999999999999999999pt"])
def test_lengths_and_font_sizes_are_finite_and_within_ten_metres(value: float | str) -> None:
    with pytest.raises(RangeError):
        parse_length(value)
    with pytest.raises(RangeError):
        parse_points(value)


def test_ten_metres_is_the_largest_length() -> None:
    assert parse_length(10_000) == 10_000.0 and parse_length("-10000mm") == -10_000.0
    with pytest.raises(RangeError):
        parse_length("10001mm")


@pytest.mark.parametrize("written", ["#12345", "#GGGGGG", "#fff", "#1234567", "#12345678", "123456", "0x123456",
                                     "rgb(300,0,0)", "rgb(1%,2%,3%)", "hsl(0,0%,50%)", "pcmyk(1,2,3,4)", "blu", "",
                                     " red", "transparent"])
def test_every_colour_string_the_renderer_would_not_print_as_written_is_a_finding(tmp_path: Path, written: str) -> None:
    """reportlab reads most of these as some colour ("#12345" as a number, "transparent" as nothing): each is LAYOUT-COLOR."""
    text = TEMPLATE.replace("        fill: ink\n", f'        fill: "{written}"\n')
    path = write(tmp_path, "base.yaml", text)
    write(tmp_path, "profiles.yaml", PROFILES)
    layouts, findings = load_layouts(tmp_path)
    assert [(f.code, f.file, f.line) for f in findings] == [("LAYOUT-COLOR", path.as_posix(), line_number(text, "fill:"))]
    assert "card" not in layouts.templates


@pytest.mark.parametrize("written", ["#A0b1C2", "red", "Red", "darkslategray"])
def test_six_hex_digits_and_a_colour_name_are_colours(tmp_path: Path, written: str) -> None:
    write(tmp_path, "base.yaml", TEMPLATE.replace("        fill: ink\n", f'        fill: "{written}"\n'))
    write(tmp_path, "profiles.yaml", PROFILES)
    layouts, findings = load_layouts(tmp_path)
    assert findings == [] and "card" in layouts.templates
