"""The paper reference: the print profiles and the named card sizes of the shipped layouts, in mm and pt."""

from __future__ import annotations

from pipeline import shipped
from pipeline.render.imposition import per_sheet
from pipeline.render.layouts import load_layouts
from pipeline.render.units import PT_PER_MM, Size

from .markdown import code, header, table


def paper_page() -> str:
    """Each profile's paper, margin, bleed, safe zone and marks; each named size, and how many fit on a sheet."""
    layouts, _ = load_layouts(shipped.LAYOUTS)
    profiles = sorted(layouts.profiles.values(), key=lambda profile: profile.name)
    lines = header("Paper and card sizes", "the shipped layouts (`pipeline/layouts/profiles.yaml`, `base.yaml` and "
                   "each game's `sizes:`)")
    lines += ["`pnp build --paper NAME` prints on a profile (default `a4`); a project's own `layouts/profiles.yaml` "
              "may add more. A template's `size:` names a card size (or writes its own width and height). Lengths in "
              "mm, with points (1/72 in) in brackets.", "", "## Print profiles", ""]
    rows: list[tuple[str, ...]] = []
    for profile in profiles:
        rows.append((code(profile.name), _size(profile.paper), _mm(profile.margin), _mm(profile.bleed),
                     _mm(profile.safe_zone), f"{_mm(profile.crop_offset)} from the trim, {_mm(profile.crop_length)} "
                     f"long, {profile.crop_width:g} pt wide", _mm(profile.gutter), _mm(profile.tile_overlap)))
    lines += table(["profile", "paper", "margin", "bleed", "safe zone", "crop marks", "gutter", "tile overlap"], rows)
    lines += ["The margin keeps everything off the paper's edge; the bleed is printed beyond each card's trim line; "
              "text and icons stay inside the safe zone; the gutter separates fronts and backs of a fold sheet "
              "(`--backs gutter`); boards printed over several sheets overlap by the tile overlap.", "",
              "## Card sizes", ""]
    head = ["size", "game", "width × height", "in points", *(f"per {profile.name} sheet" for profile in profiles)]
    rows.clear()
    for namespace, sizes in sorted(layouts.sizes.items()):
        for name, size in sizes.items():
            fits = [str(per_sheet(size, profile, "duplex")) for profile in profiles]
            rows.append((code(name), namespace or "every game", f"{size.width:g} × {size.height:g} mm",
                         f"{_pt(size.width)} × {_pt(size.height)} pt", *fits))
    lines += table(head, rows)
    lines += ["Per sheet: the cards of that size one side of the sheet holds with duplex backs (turned a quarter "
              "where that fits more).", ""]
    return "\n".join(lines).rstrip("\n") + "\n"


def _mm(value: float) -> str:
    return f"{value:g} mm ({_pt(value)} pt)"


def _pt(value: float) -> str:
    return f"{value * PT_PER_MM:.1f}".removesuffix(".0")


def _size(size: Size) -> str:
    return f"{size.width:g} × {size.height:g} mm ({_pt(size.width)} × {_pt(size.height)} pt)"
