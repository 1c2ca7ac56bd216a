"""Layouts as data: print profiles and face templates (named boxes) read from `layouts/**/*.yaml`.

A template may `extends` another: boxes merge by name (the child's keys win; `null` removes a
box). A cycle or a missing parent is a finding, never a silent skip; so is a game's template extending a name
that both its game and the shared layouts have (`<game>/<name>` or `shared:<name>` says which). A `grid` box is
expanded into plain boxes before the template is read (render/grid.py). Files under `layouts/<game>/`
name their templates `<game>/<name>`; a face of kind K in game G uses `G/K`, else `K`.
Lengths go through `units.parse_length` only. Every box key keeps the file and line it was written
at (through `extends`), so a finding about a binding points at it; a literal icon that does not
exist is a finding here, with its line. So is every number that cannot be drawn (not finite, beyond
±10 m, a negative size, a font size of 0: `LAYOUT-RANGE`), every colour reportlab cannot parse
(`LAYOUT-COLOR`) and every box that reaches past its template's face and the profiles' bleed
(`LAYOUT-OUTSIDE`). A template or profile with such a problem is dropped: nothing is drawn from it.
A templates file may name the game's fonts (`fonts:`, one TTF file per style, relative to the file and
inside the layouts folder; `layouts/base.yaml` names every game's default); a font file that does not
exist or cannot be embedded is `LAYOUT-FONT` at its line, never a fallback to another font.
A templates file may write `guides:` (a palette and one style per guide kind, `guide` and `aid`: margins,
type sizes, parts and colours); a game's block merges over the shared one of `layouts/base.yaml` key by
key, and a wrong key, length or colour is the usual LAYOUT-* finding at the line that wrote it.
"""

from __future__ import annotations

import difflib
import functools
import math
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationError, WithJsonSchema

from pipeline import shipped
from pipeline.content.yaml_loader import LoadedFile, load_yaml_file
from pipeline.findings import Finding, display_path, error
from pipeline.font_files import DEFAULT, STYLES, FontFamily, FontFileError, family, read_font, use_family
from pipeline.icon_files import ICON_HINT, IconLibrary, load_icons, use_icons, with_game_icons
from pipeline.rules.faces import ICON_TOKEN, color_source

from .grid import Cell, expand_grids, source_path
from .icons import rgb
from .profiles import Profile
from .richtext import TextStyle
from .units import LENGTH_JSON_SCHEMA, Box, RangeError, Size, UnitError, parse_length, parse_points

if TYPE_CHECKING:  # the guide package draws PDFs, which draw faces from these layouts
    from .guide_style import GuideStyle


def _finite(value: object) -> object:
    """A written number must be finite (one finding, where `str | float` alone gives one per member)."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        try:
            number = float(value)
        except OverflowError:  # an integer too large for a float
            number = math.inf
        if not math.isfinite(number):
            raise ValueError("a length must be a finite number")
    return value


# A length as written; the schema holds a text to the form `parse_length` reads (3mm, 0.125in, 8pt).
Length = Annotated[str | float, BeforeValidator(_finite), WithJsonSchema(LENGTH_JSON_SCHEMA)]
Ems = Annotated[float, Field(le=10)]  # a multiple of the font size
BoxType = Literal["rect", "text", "icon", "icons", "art", "rows"]
# What each box type draws: the layout reference (`pnp docs`) and the layout schema's `type` read it from here.
# A box property's description starts with the box types it is for (`text, rows: ...`) unless it is for every type.
BOX_TYPES = {
    "rect": "A rectangle: `fill`, `stroke` (or `fill_field`, `stroke_field`), rounded by `radius`; with `bleed: true` "
            "it grows by the bleed on every side (backgrounds). It may bind any field (for its colour).",
    "text": "Text fitted to the box: a field's text (or the literal `text`), rich text with `{icon:name}` tokens, "
            "shrunk from the maximum `size` down to the minimum until it fits (else FIT-OVERFLOW).",
    "icon": "One icon, centred: the icon a field names, or the literal `icon`.",
    "icons": "A row of icons a list field names, `gap` apart (centred with `align: center`).",
    "art": "An image a field names (a PNG or JPEG file of the game), scaled to the box; a placeholder until there is one.",
    "rows": "A list of rows, each a few colour icons and a line of text (`{colors: [...], text: ...}`), `gap` apart.",
    "grid": "Rows × columns of cells, each drawing the boxes of `cell:`; expanded into plain boxes "
            "`<grid>.<n>.<part>` before the template is read (render/grid.py).",
}


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)


def _about(text: str, default: Any = ..., **more: Any) -> Any:
    """A field with its meaning: the layout schema and the layout reference (`pnp docs`) both show it."""
    return Field(default, description=text, **more)


LENGTH = "a length: a number in mm, or a number and a unit (3mm, 0.3cm, 0.125in, 8pt)"


class SizeModel(_Strict):
    """A width and a height (lengths)."""

    width: Length = _about(LENGTH)
    height: Length = _about(LENGTH)


class FontSizeModel(_Strict):
    """A range of font sizes: the text is set at `max` and shrunk down to `min` until it fits."""

    min: Length = _about("the smallest size the text may shrink to (FIT-OVERFLOW if it still does not fit)")
    max: Length = _about("the size the text is set at when it fits")


class BoxModel(_Strict):
    """One named box of a template (what the layout file says, before units are parsed)."""

    type: BoxType = _about("what the box draws: rect, text, icon, icons, art or rows (or grid, expanded before)")
    x: Length = _about("left edge, from the face's top-left corner (in a grid cell: from the cell's)", 0)
    y: Length = _about("top edge, from the face's top-left corner (in a grid cell: from the cell's)", 0)
    width: Length = _about("the box's width (in a grid cell: the cell's unless written)")
    height: Length = _about("the box's height (in a grid cell: the cell's unless written)")
    field: str | None = _about("the face field drawn here: its text, icon name, list of icons or rows, or art path", None)
    text: str | None = _about("text: literal text drawn instead of a field (may hold `{icon:name}` tokens)", None)
    icon: str | None = _about("icon: a literal icon name drawn instead of a field", None)
    when: str | None = _about("draw the box only if the face has this field (set and not empty)", None)
    fill: str | None = _about("rect: the fill colour, #rrggbb, palette.<name> or a reportlab colour name", None)
    fill_field: str | None = _about("rect: a face field naming the fill colour (a colour field, or an enum with "
                                    "`colors:`); it wins over `fill`", None)
    stroke_field: str | None = _about("rect: a face field naming the stroke colour, as fill_field", None)
    color_field: str | None = _about("text: a face field naming the text colour, as fill_field (it wins over "
                                     "`color`)", None)
    stroke: str | None = _about("rect: the outline colour (none: no outline)", None)
    stroke_width: Length = _about("rect: the outline's width (a bare number is in points)", "0.6pt")
    radius: Length = _about("rect: the corner radius", 0)
    bleed: bool = _about("rect: extend the box by the bleed on every side (backgrounds)", False)
    font: Literal["regular", "bold", "italic", "bold-italic"] = _about("text, rows: the style of the game's font family",
                                                                      "regular")
    size: Annotated[Length | FontSizeModel, BeforeValidator(_finite)] = _about(
        "text, rows: the font size (a bare number is in points), or {min, max} to shrink the text until it fits",
        "8pt")
    leading: Annotated[Ems, Field(gt=0)] = _about("text, rows: line spacing, a multiple of the font size", 1.18)
    paragraph_gap: Annotated[Ems, Field(ge=0)] = _about("text, rows: space between paragraphs, a multiple of the font "
                                                        "size", 0.35)
    align: Literal["left", "center", "right"] = _about("text, rows: horizontal alignment (icons: centre the row "
                                                       "with center)", "left")
    valign: Literal["top", "middle", "bottom"] = _about("text, rows: vertical alignment", "top")
    color: str = _about("text, rows: the text colour; `auto`: palette.ink or palette.light, whichever contrasts more "
                        "with the fill under the box", "palette.ink")
    gap: Length = _about("icons, rows: the space between icons or rows", "1mm")
    hyphenate: bool | None = _about("text, rows: hyphenate words (default: only boxes with room for three lines at "
                                    "the maximum size)", None)


AUTO_COLOR = "auto"  # a text colour chosen per face from AUTO_INKS
AUTO_INKS = ("palette.ink", "palette.light")
DEFAULT_SIZE = "poker"  # the card size of a template that names none (and extends none that does)


EXTENDS = ("the template whose boxes, size and palette this one starts from (its keys win; a box written `null` "
           "is removed); `<game>/<name>` or `shared:<name>` where both exist")


class TemplateModel(_Strict):
    """A face template: its size, its palette and its named boxes, drawn in the order written."""

    size: SizeModel | str = _about("the face's size: a name of the layouts' `sizes:` (poker, bridge, mini-euro, tarot, "
                                   "square, ...) or {width, height}", DEFAULT_SIZE)
    palette: dict[str, str] = _about("colours by name, used as `palette.<name>` (#rrggbb or a reportlab colour name)",
                                     {})
    boxes: dict[str, BoxModel] = _about("the boxes by name, each a box or a grid, drawn in the order written (`null` "
                                        "removes a box the template extends)")


class ProfileModel(_Strict):
    """A print profile: a paper and what is printed around the cards on it (`--paper NAME`)."""

    paper: SizeModel = _about("the sheet's width and height")
    margin: Length = _about("nothing is placed closer to the paper's edge")
    bleed: Length = _about("printed beyond each card's trim line, so a cut that wanders shows no white edge", "3mm")
    crop_offset: Length = _about("the gap between the trim line and a crop mark", "3.5mm")
    crop_length: Length = _about("the length of a crop mark", "4mm")
    crop_width: Length = _about("the line width of a crop mark (a bare number is in points)", "0.3pt")
    gutter: Length = _about("the space between the two halves of a gutter-fold sheet (`--backs gutter`)", "10mm")
    tile_overlap: Length = _about("boards printed at full size over several sheets share this much at each seam",
                                  "10mm")
    safe_zone: Length = _about("text and icons of a card stay this far inside the trim (a cut may wander)", "3mm")


class FontsModel(_Strict):
    """A font family: its name (registered as `Pnp<family>`) and one TTF file per style, relative to the layout file."""

    family: Annotated[str, Field(pattern=r"^[A-Za-z][A-Za-z0-9]*$")] = _about("the family's name (letters and digits)")
    regular: str = _about("the regular style's TTF file, relative to this layout file, inside the layouts folder")
    bold: str = _about("the bold style's TTF file")
    italic: str = _about("the italic style's TTF file")
    bold_italic: str = _about("the bold italic style's TTF file", alias="bold-italic")


class GuideStyleModel(_Strict):
    """One guide kind's look as written (lengths in mm unless written otherwise; type sizes in pt)."""

    margin: Length = _about("the page margin")
    footer: Length = _about("below the text area, kept for the page number")
    gutter: Length = _about("the space between columns")
    columns: Annotated[int, Field(ge=1, le=6)] = _about("text columns per page")
    index_columns: Annotated[int, Field(ge=1, le=6)] = _about("columns of the index pages")
    body_size: Length = _about("the body text's size")
    leading: Annotated[Ems, Field(gt=0)] = _about("line spacing, a multiple of the type size")
    title_size: Length = _about("the title page's title size")
    h1_size: Length = _about("a section heading's size")
    h2_size: Length = _about("a subsection heading's size")
    small_size: Length = _about("small print: captions, the footer, the index")
    title_page: bool = _about("print a title page")
    contents: bool = _about("print a table of contents")
    index: bool = _about("print an index")
    related: bool = _about("print each entry's related topics")
    page_refs: bool = _about("print page numbers after cross-references")
    section_breaks: bool = _about("begin every section on a new page (the glossary always does)")
    ink: str = _about("the text colour")
    accent: str = _about("headings and highlights")
    muted: str = _about("secondary text")
    tint: str = _about("a table's header row")
    rule: str = _about("the line under each table row")
    dots: str = _about("contents and index leaders")


class GuidesModel(_Strict):
    """The look of the reference guide (`guide`) and the player aid (`aid`); a game's block merges over the shared."""

    palette: dict[str, str] = _about("colours by name, used as `palette.<name>` by the styles' colours", {})
    guide: GuideStyleModel = _about("the reference guide's style")
    aid: GuideStyleModel = _about("the player aid's style")


_GUIDE_LENGTHS = ("margin", "footer", "gutter")
_GUIDE_SIZES = ("body_size", "title_size", "h1_size", "h2_size", "small_size")
_GUIDE_COLORS = ("ink", "accent", "muted", "tint", "rule", "dots")


class TemplatesFile(_Strict):
    """A file of face templates (`kind: templates`), with the fonts, sizes and guide styles of its game."""

    kind: Literal["templates"] = _about("templates: a file of face templates")
    fonts: FontsModel | None = _about("the font family the game prints with (layouts/base.yaml: every game's default)",
                                      None)
    # merged over the shared block before it is read (GuidesModel)
    guides: dict[str, Any] | None = _about("the look of the game's guides, merged key by key over the shared one",
                                           None)
    sizes: dict[str, SizeModel] = _about("named face sizes (`size: poker`), for the templates of this file's game", {})
    templates: dict[str, dict[str, Any]] = _about("the face templates by name; a face of kind K in game G prints with "
                                                  "`G/K`, else `K`", {})


class ProfilesFile(_Strict):
    """The print profiles (`kind: profiles`)."""

    kind: Literal["profiles"] = _about("profiles: a file of print profiles")
    profiles: dict[str, ProfileModel] = _about("the profiles by name (the name `--paper` takes)")


@dataclass(frozen=True)
class BoxSpec:
    """A template box with every length in millimetres and its text style resolved."""

    name: str
    model: BoxModel
    box: Box
    radius: float
    stroke_width: float  # pt
    gap: float
    text_style: TextStyle

    def shows(self, fields: Mapping[str, Any]) -> bool:
        """Whether a face with these fields draws this box: its `when` field is set, and the field it binds is
        present (art without an image still draws, as a placeholder)."""
        model = self.model
        if model.when and not fields.get(model.when):
            return False
        return not (model.field and fields.get(model.field) is None and model.type != "art")


@dataclass(frozen=True)
class Written:
    """Where a layout key was written (a template's own file, or the file of the template it extends)."""

    file: str
    line: int
    column: int


@dataclass(frozen=True)
class Template:
    name: str
    size: Size
    palette: dict[str, str]
    boxes: tuple[BoxSpec, ...]
    file: str
    written: dict[tuple[str, str], Written] = field(default_factory=dict)  # (box, key) -> where it was written
    line: int = 1  # of the template's name in its file

    def color(self, value: str) -> str:
        return palette_color(self.palette, value) or value

    def face_color(self, fields: Mapping[str, Any], name: str | None) -> str | None:
        """The colour a binding (`fill_field`, `stroke_field`, `color_field`) gives a face, through the palette;
        None where the face names none that can be drawn (LAYOUT-COLOR, from the contract check)."""
        value = fields.get(color_source(fields, name)) if name else None
        if not isinstance(value, str) or not value:
            return None
        resolved = self.color(value)
        try:
            rgb(resolved)
        except ValueError:
            return None
        return resolved

    def where(self, box: str, key: str) -> Written:
        return self.written.get((box, key), Written(self.file, 1, 1))


@dataclass
class Layouts:
    templates: dict[str, Template] = field(default_factory=dict)
    profiles: dict[str, Profile] = field(default_factory=dict)
    parents: set[str] = field(default_factory=set)  # templates another template extends
    own: set[str] = field(default_factory=set)  # games with their own layout folder: each of their kinds needs its template
    fonts: dict[str, FontFamily] = field(default_factory=dict)  # namespace ("" for every game) -> its family
    icons: IconLibrary = field(default_factory=IconLibrary)  # the icon files (pipeline/icon_files.py)
    sizes: dict[str, dict[str, Size]] = field(default_factory=dict)  # namespace ("" for every game) -> name -> size
    guides: dict[str, dict[str, GuideStyle]] = field(default_factory=dict)  # namespace -> guide kind -> style
    unusable: set[str] = field(default_factory=set)  # templates written but dropped for their LAYOUT-* findings

    def guide_style(self, game: str, kind: str) -> GuideStyle | None:
        """The style a game's guide of `kind` prints with: its own `guides:` merged over the shared, else the shared."""
        return (self.guides.get(game) or self.guides.get("", {})).get(kind)

    def size_named(self, namespace: str, name: str) -> Size | None:
        """A named size as a template of `namespace` sees it: its game's own name first, then the shared one."""
        return self.sizes.get(namespace, {}).get(name) or self.sizes.get("", {}).get(name)

    def size_names(self, namespace: str) -> set[str]:
        return set(self.sizes.get(namespace, {})) | set(self.sizes.get("", {}))

    def template_for(self, game: str, kind: str) -> Template | None:
        # A declared game's kind named like a shared template (`card`) would otherwise print as that bare template.
        if game in self.own:
            return self.templates.get(f"{game}/{kind}")
        return self.templates.get(f"{game}/{kind}") or self.templates.get(kind)

    def has_broken(self, game: str, kind: str) -> bool:
        """Whether the template a face of `kind` would print with is written but dropped for its errors."""
        names = {f"{game}/{kind}"} if game in self.own else {f"{game}/{kind}", kind}
        return bool(names & self.unusable)

    def family_for(self, game: str) -> FontFamily:
        """The fonts a game prints with: its own `fonts:`, else the shared one, else the shipped default."""
        return self.fonts.get(game) or self.fonts.get("") or DEFAULT

    @contextmanager
    def drawing(self, game: str, locale: str = "") -> Iterator[None]:
        """The game's fonts and its icons in locale in effect while the block runs: what its faces are checked,
        measured and drawn with."""
        with use_family(self.family_for(game)), use_icons(self.icons, game, locale):
            yield


@dataclass
class _Raw:
    name: str
    data: dict[str, Any]
    loaded: LoadedFile
    key: str  # the name as written in the file


def load_layouts(folder: Path, games: Mapping[str, Path] | None = None) -> tuple[Layouts, list[Finding]]:
    """Every layout file under folder: profiles, templates (with `extends` resolved), fonts and icons. `games`
    adds a game's own layout folder (a declared game's `layouts/`), whose templates are named `<game>/<name>`
    as if they were under `folder/<game>/`, and whose `icons/` are the game's icons."""
    layouts = Layouts()
    if not folder.is_dir():  # nothing to read: every template, profile, font and icon would be missing
        return layouts, [error("LAYOUT-FOLDER", f"{folder.as_posix()} is not a folder of layout files", display_path(folder),
                               hint="pass --layouts a folder such as the project's layouts/")]
    layouts.icons, findings = load_icons(folder)
    raw: dict[str, _Raw] = {}
    guides: dict[str, LoadedFile] = {}  # namespace -> the file that writes its `guides:`
    files = [(path, path.relative_to(folder), folder) for path in sorted(folder.rglob("*.yaml"))]
    for game, own in sorted((games or {}).items()):
        files += [(path, Path(game) / path.relative_to(own), own) for path in sorted(own.rglob("*.yaml")) if own.is_dir()]
        layouts.own.add(game)
        layouts.icons, problems = with_game_icons(layouts.icons, game, own)  # its `icons/`, before the shared ones
        findings.extend(problems)
    for path, relative, top in files:
        loaded, problems = load_yaml_file(path, display_path(path), root=top)
        findings.extend(problems)
        if loaded is None:
            continue
        kind = loaded.data.get("kind") if isinstance(loaded.data, dict) else None
        if kind == "profiles":
            findings.extend(_load_profiles(loaded, layouts))
            continue
        try:
            parsed = TemplatesFile.model_validate(loaded.data)
        except ValidationError as exc:
            findings.extend(_validation_findings(exc, loaded, ()))
            continue
        namespace = "/".join(relative.parts[:-1])
        if parsed.fonts is not None:
            findings.extend(_load_fonts(parsed.fonts, loaded, path, folder, namespace, layouts))
        findings.extend(_load_sizes(parsed.sizes, loaded, namespace, layouts))
        if parsed.guides is not None:
            if namespace in guides:
                findings.append(_at(loaded, ("guides",), "LAYOUT-INVALID", f"guides for {namespace or 'every game'!r} "
                                    "are already written in another file", "write a game's guides in one layout file"))
            else:
                guides[namespace] = loaded
        for key, data in parsed.templates.items():
            name = f"{namespace}/{key}" if namespace else key
            raw[name] = _Raw(name, data, loaded, key)
    # A box may reach into the bleed (a band printed to the cut line), never past it.
    bleed = max((profile.bleed for profile in layouts.profiles.values()), default=0.0)
    for name in raw:
        template, problems = _resolve(name, raw, layouts, bleed)
        findings.extend(problems)
        if template is not None:
            layouts.templates[name] = template
        else:
            layouts.unusable.add(name)
    for namespace in sorted(guides):
        findings.extend(_load_guides(namespace, guides, layouts))
    findings.extend(sorted(set(_icon_findings(layouts))))
    return layouts, findings


def _load_guides(namespace: str, files: dict[str, LoadedFile], layouts: Layouts) -> list[Finding]:
    """A namespace's guide styles: its `guides:` merged over the shared ones, every value read as drawn; each
    problem at the line of the file that wrote the key (the game's, else the shared)."""
    chain = [files[namespace]] + ([files[""]] if namespace and "" in files else [])
    merged: dict[str, Any] = {}
    for loaded in reversed(chain):
        merged = _merge(merged, loaded.data["guides"])

    def finding(path: tuple[str | int, ...], code: str, message: str) -> Finding:
        key = ("guides", *path)
        for loaded in chain:
            found = loaded.key_positions.get(key) or loaded.positions.get(key)
            if found is not None:
                return error(code, message, loaded.display, found.line, found.column, _HINTS.get(code, ""))
        return _at(chain[0], key, code, message, _HINTS.get(code, ""))

    try:
        model = GuidesModel.model_validate(merged)
    except ValidationError as exc:
        return [finding(tuple(p["loc"]), "LAYOUT-INVALID", f"guides.{'.'.join(str(k) for k in p['loc'])}: {p['msg']}")
                for p in exc.errors()]
    numbers = _Numbers(dict(model.palette))
    for key, value in model.palette.items():
        numbers.color(("palette", key), value)
    styles = {}
    if not numbers.problems:  # a bad palette colour is reported once, not at every use as well
        styles = {kind: _guide_style(kind, getattr(model, kind), numbers) for kind in ("guide", "aid")}
    if numbers.problems:
        return [finding(p.path, p.code, f"guides.{'.'.join(p.path)}: {p.message}") for p in numbers.problems]
    layouts.guides[namespace] = styles
    return []


def _guide_style(kind: str, model: GuideStyleModel, numbers: _Numbers) -> GuideStyle:
    from .guide_style import GuideStyle

    values: dict[str, Any] = model.model_dump()
    for key in _GUIDE_LENGTHS:
        values[key] = numbers.length((kind, key), getattr(model, key), at_least_zero=True)
    for key in _GUIDE_SIZES:
        # Read through millimetres, 11.5pt comes back as 11.500000000000002: 1/10000 pt is below anything drawn.
        values[key] = round(numbers.length((kind, key), getattr(model, key), above_zero=True, points=True), 4)
    for key in _GUIDE_COLORS:
        values[key] = numbers.color((kind, key), getattr(model, key))
    return GuideStyle(**values)


def _icon_findings(layouts: Layouts) -> list[Finding]:
    """ICON-UNKNOWN for a literal `icon:` or an `{icon:...}` token in a literal `text:` of any box (the icons of its game)."""
    findings = []
    for template in layouts.templates.values():
        for spec in template.boxes:
            named = [("icon", spec.model.icon)] if spec.model.icon else []
            named += [("text", token) for token in ICON_TOKEN.findall(spec.model.text or "")]
            for key, icon in named:
                if layouts.icons.find(template.name.rpartition("/")[0], "", icon) is None:
                    at = template.where(spec.name, key)
                    findings.append(error("ICON-UNKNOWN", f"template {template.name!r}: box {spec.name!r} draws unknown "
                                          f"icon {icon!r}", at.file, at.line, at.column,
                                          ICON_HINT))
    return findings


def _load_fonts(model: FontsModel, loaded: LoadedFile, path: Path, folder: Path, namespace: str,
                layouts: Layouts) -> list[Finding]:
    """The `fonts:` block of one file: every file there and readable as a TrueType font, else LAYOUT-FONT at its line."""
    def problem(keys: tuple[str, ...], message: str, hint: str) -> Finding:
        return _at(loaded, ("fonts", *keys), "LAYOUT-FONT", message, hint)

    if namespace in layouts.fonts:
        return [problem((), f"fonts for {namespace or 'every game'!r} are already named in another file",
                        "name a game's fonts in one layout file")]
    findings, files = [], {}
    root = folder.resolve()
    for style in STYLES:
        written = getattr(model, style.replace("-", "_"))
        font = (path.parent / written).resolve()
        if Path(written).is_absolute() or not font.is_relative_to(root):
            findings.append(problem((style,), f"font {written!r} is outside the layouts folder {folder.as_posix()}",
                                    "ship the TTF file in the layouts folder (never a system font)"))
            continue
        try:
            read_font(font)
        except FontFileError as exc:
            findings.append(problem((style,), f"font {written!r} ({style}) cannot be used: {exc}",
                                    "name a TrueType (.ttf) file shipped in the layouts folder"))
            continue
        files[style] = font
    fonts = family(model.family, files) if not findings else None
    same_name = next((f for f in layouts.fonts.values() if fonts and f.name == fonts.name and f != fonts), None)
    if same_name is not None:
        return [problem(("family",), f"font family {model.family!r} names other files elsewhere in the layouts",
                        "give each set of font files its own family name")]
    if fonts is not None:
        layouts.fonts[namespace] = fonts
    return findings


def _load_sizes(sizes: dict[str, SizeModel], loaded: LoadedFile, namespace: str, layouts: Layouts) -> list[Finding]:
    """The `sizes:` of one file, each in mm: LAYOUT-SIZE for a name its game already has, LAYOUT-RANGE/UNIT as
    for any length (a size with a problem is left out, so a template naming it gets no size from it)."""
    findings = []
    own = layouts.sizes.setdefault(namespace, {})
    for name, model in sizes.items():
        if name in own:
            findings.append(_at(loaded, ("sizes", name), "LAYOUT-SIZE", f"size {name!r} is already named in another "
                                "layout file", "name each size once (a game's own name may hide a shared one)"))
            continue
        numbers = _Numbers()
        size = Size(numbers.length(("width",), model.width, above_zero=True),
                    numbers.length(("height",), model.height, above_zero=True))
        findings += [_at(loaded, ("sizes", name, *p.path), p.code, f"size {name!r} {'.'.join(p.path)}: {p.message}",
                         _HINTS.get(p.code, "")) for p in numbers.problems]
        if not numbers.problems:
            own[name] = size
    return findings


def _load_profiles(loaded: LoadedFile, layouts: Layouts) -> list[Finding]:
    try:
        parsed = ProfilesFile.model_validate(loaded.data)
    except ValidationError as exc:
        return _validation_findings(exc, loaded, ())
    findings = []
    for name, model in parsed.profiles.items():
        profile, problems = _profile(name, model)
        findings += [_at(loaded, ("profiles", name, *p.path), p.code, f"profile {name!r} {'.'.join(p.path)}: {p.message}",
                         _HINTS.get(p.code, "")) for p in problems]
        if not problems:
            layouts.profiles[name] = profile
    return findings


def _profile(name: str, model: ProfileModel) -> tuple[Profile, list[_Problem]]:
    """The profile in mm, and every length of it that is not a size above 0 (paper) or 0 and more (the rest)."""
    numbers = _Numbers()

    def length(key: str, value: Length, points: bool = False) -> float:
        return numbers.length((key,), value, at_least_zero=True, points=points)

    profile = Profile(
        name,
        Size(numbers.length(("paper", "width"), model.paper.width, above_zero=True),
             numbers.length(("paper", "height"), model.paper.height, above_zero=True)),
        length("margin", model.margin),
        length("bleed", model.bleed),
        length("crop_offset", model.crop_offset),
        length("crop_length", model.crop_length),
        length("crop_width", model.crop_width, points=True),
        length("gutter", model.gutter),
        length("tile_overlap", model.tile_overlap),
        length("safe_zone", model.safe_zone),
    )
    return profile, numbers.problems


def _resolve(name: str, raw: dict[str, _Raw], layouts: Layouts, bleed: float) -> tuple[Template | None, list[Finding]]:
    """Merge a template with its ancestors (root first); a cycle or missing parent is a finding."""
    chain: list[_Raw] = []
    current: _Raw | None = raw[name]
    while current is not None:
        if any(current.name == seen.name for seen in chain):
            names = " -> ".join([r.name for r in chain] + [current.name])
            first = raw[name]
            return None, [_at(first.loaded, ("templates", first.key, "extends"), "LAYOUT-CYCLE",
                              f"template {name!r} extends itself through {names}", "break the cycle of `extends`")]
        chain.append(current)
        parent = current.data.get("extends")
        if parent is None:
            current = None
            continue
        current, ambiguous = _parent(current, str(parent), raw)
        if ambiguous:
            here = chain[-1]
            game_own, shared = f"{here.name.rpartition('/')[0]}/{parent}", str(parent)
            return None, [_at(here.loaded, ("templates", here.key, "extends"), "LAYOUT-EXTENDS-AMBIGUOUS",
                              f"template {here.name!r} extends {shared!r}, which names both the game's own template "
                              f"{game_own!r} and the shared template {shared!r}",
                              f"write `extends: {game_own}` for the game's own, `extends: {SHARED}{shared}` for the "
                              "shared one")]
        if current is None:
            here = chain[-1]
            return None, [_at(here.loaded, ("templates", here.key, "extends"), "LAYOUT-PARENT",
                              f"template {here.name!r} extends {parent!r}, which does not exist",
                              f"known templates: {', '.join(sorted(raw))}")]
    layouts.parents.update(layer.name for layer in chain[1:])
    merged: dict[str, Any] = {}
    for layer in reversed(chain):
        merged = _merge(merged, {k: v for k, v in layer.data.items() if k != "extends"})
    merged["boxes"], cells, grid_problems = expand_grids({k: v for k, v in merged.get("boxes", {}).items() if v is not None})
    own = raw[name]
    if grid_problems:
        return None, _findings(name, chain, [_Problem(tuple(map(str, p.path)), p.code, p.message) for p in grid_problems])
    try:
        model = TemplateModel.model_validate(merged)
    except ValidationError as exc:
        return None, sorted(set(_validation_findings(exc, own.loaded, ("templates", own.key), cells)))
    line = own.loaded.key_position(("templates", own.key)).line
    namespace = name.rpartition("/")[0]
    size, problems = _size(model.size, namespace, layouts)
    template, more = _template(name, model, size, own.loaded.display, _written(chain, merged["boxes"], cells), line,
                               bleed)
    problems += [replace(problem, path=tuple(map(str, source_path(problem.path, cells)))) for problem in more]
    return template, _findings(name, chain, problems)


def _findings(name: str, chain: list[_Raw], problems: list[_Problem]) -> list[Finding]:
    """Each problem of a template once, at the line of the nearest template of its chain that wrote the key."""
    findings = []
    for problem in problems:
        at = _where(chain, problem.path)
        message = f"template {name!r} {'.'.join(problem.path)}: {problem.message}"
        findings.append(error(problem.code, message, at.file, at.line, at.column, _HINTS.get(problem.code, "")))
    return sorted(set(findings), key=findings.index)


SHARED = "shared:"  # `extends: shared:card` names the shared template `card`, never a game's own of that name


def _parent(child: _Raw, parent: str, raw: dict[str, _Raw]) -> tuple[_Raw | None, bool]:
    """The template `child` extends, and whether the name is ambiguous: a game's template that extends a bare name
    its game and the shared layouts both have (other than itself) could mean either (`<game>/<name>`, `shared:<name>`)."""
    if parent.startswith(SHARED):
        return raw.get(parent.removeprefix(SHARED)), False
    namespace = child.name.rpartition("/")[0]
    # A game's template named like a shared one (`my-game/card` extends `card`) extends the shared one.
    sibling = f"{namespace}/{parent}" if namespace else None
    own = raw.get(sibling) if sibling is not None and sibling != child.name else None
    shared = raw.get(parent)
    return own or shared, own is not None and shared is not None and "/" not in parent


def _where(chain: list[_Raw], path: tuple[str, ...]) -> Written:
    """Where the nearest template of the chain (the template itself first) wrote path, or its nearest written part."""
    for depth in range(len(path), 0, -1):
        for layer in chain:
            key = ("templates", layer.key, *path[:depth])
            found = layer.loaded.key_positions.get(key) or layer.loaded.positions.get(key)
            if found is not None:
                return Written(layer.loaded.display, found.line, found.column)
    own = chain[0]
    pos = own.loaded.key_position(("templates", own.key))
    return Written(own.loaded.display, pos.line, pos.column)


def _written(chain: list[_Raw], boxes: dict[str, Any], cells: Mapping[str, Cell]) -> dict[tuple[str, str], Written]:
    """For every key of every merged box, the file and line of the nearest template that wrote it (a grid cell's
    key: its part's, else its grid's, e.g. the size of a part that writes none)."""
    written = {}
    for box, keys in boxes.items():
        for key in keys if isinstance(keys, dict) else ():
            if box in cells:
                written[(box, key)] = _where(chain, tuple(map(str, source_path(("boxes", box, key), cells))))
                continue
            layer = next(r for r in chain if isinstance(r.data.get("boxes", {}).get(box), dict)
                         and key in r.data["boxes"][box])
            pos = layer.loaded.position(("templates", layer.key, "boxes", box, key))
            written[(box, key)] = Written(layer.loaded.display, pos.line, pos.column)
    return written


def _merge(base: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    merged = dict(base)
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = _merge(merged[key], value)
        else:
            merged[key] = value
    return merged


PALETTE = "palette."  # `color: palette.gold` names a colour of the template's palette (and nothing else)


def palette_color(palette: dict[str, str], value: str) -> str | None:
    """The colour a layout value names: `palette.<name>` its palette entry (None if the palette lacks it); a bare
    palette name its entry too; anything else itself (#rrggbb, a reportlab colour name)."""
    if value.startswith(PALETTE):
        return palette.get(value.removeprefix(PALETTE))
    return palette.get(value, value)


@dataclass(frozen=True)
class _Problem:
    """A number or colour of a layout that cannot be drawn, and the keys (under its template or profile) it is at."""

    path: tuple[str, ...]
    code: str
    message: str


_HINTS = {
    "LAYOUT-RANGE": "sizes are above 0 and lengths lie within ±10 m (e.g. 3mm, 0.125in, 8pt)",
    "LAYOUT-COLOR": "write #rrggbb, palette.<name> of the template's palette or a reportlab colour name",
    "LAYOUT-SIZE": "name a size of the layouts' `sizes:` (layouts/base.yaml) or write {width: .., height: ..}",
    "LAYOUT-OUTSIDE": "keep every box within the template's size; only the bleed around it may be drawn on",
}


@dataclass
class _Numbers:
    """Reads the lengths and colours of one template or profile, collecting every problem rather than the first."""

    palette: dict[str, str] = field(default_factory=dict)
    problems: list[_Problem] = field(default_factory=list)

    def length(self, path: tuple[str, ...], value: Length, *, above_zero: bool = False, at_least_zero: bool = False,
               points: bool = False) -> float:
        """A length in mm (points with points=True); 0.0 after a problem (the caller then drops what it builds)."""
        try:
            number = parse_points(value) if points else parse_length(value)
        except UnitError as exc:
            self.problems.append(_Problem(path, "LAYOUT-RANGE" if isinstance(exc, RangeError) else "LAYOUT-UNIT", str(exc)))
            return 0.0
        if (above_zero and number <= 0) or (at_least_zero and number < 0):
            self.problems.append(_Problem(path, "LAYOUT-RANGE", f"must be {'above' if above_zero else 'at least'} 0, "
                                          f"got {value}"))
        return number

    def color(self, path: tuple[str, ...], value: str) -> str:
        """A colour as drawn: a palette name resolved, the result parsed the way the renderer will."""
        resolved = palette_color(self.palette, value)
        if resolved is None:
            known = ", ".join(f"palette.{name}" for name in sorted(self.palette)) or "none"
            self.problems.append(_Problem(path, "LAYOUT-COLOR", f"{value!r} names no colour of the template's palette "
                                                                f"(known: {known})"))
            return value
        try:
            rgb(resolved)  # parsed once per colour: the layouts name a few colours some 2,000 times
        except ValueError as exc:
            named = f"{value!r} (palette: {resolved!r})" if resolved != value else repr(value)
            self.problems.append(_Problem(path, "LAYOUT-COLOR", f"{named} is not a colour: {exc}"))
        return resolved


def _size(written: SizeModel | str, namespace: str, layouts: Layouts) -> tuple[Size | None, list[_Problem]]:
    """A template's size in mm: a name of the layouts' `sizes:` (unknown: LAYOUT-SIZE, with the nearest names),
    or its width and height."""
    if isinstance(written, str):
        size = layouts.size_named(namespace, written)
        if size is not None:
            return size, []
        known = sorted(layouts.size_names(namespace))
        close = difflib.get_close_matches(written, known, n=1)
        guess = f"; did you mean {close[0]!r}?" if close else ""
        return None, [_Problem(("size",), "LAYOUT-SIZE", f"{written!r} names no size{guess} (known: "
                               f"{', '.join(known) or 'none'})")]
    numbers = _Numbers()
    size = Size(numbers.length(("size", "width"), written.width, above_zero=True),
                numbers.length(("size", "height"), written.height, above_zero=True))
    return size, numbers.problems


def _template(name: str, model: TemplateModel, size: Size | None, file: str, written: dict[tuple[str, str], Written],
              line: int, bleed: float) -> tuple[Template | None, list[_Problem]]:
    """The template with every length in mm, or None and every number, colour and placement it cannot draw
    (its size, read by `_size`, is None when that could not be read)."""
    palette = dict(model.palette)
    numbers = _Numbers(palette)
    for key, value in palette.items():
        numbers.color(("palette", key), value)
    boxes = tuple(_box(box_name, box, numbers) for box_name, box in model.boxes.items())
    if not numbers.problems and size is not None:
        numbers.problems += [problem for spec in boxes for problem in _outside(spec, size, bleed)]
    if numbers.problems or size is None:
        return None, numbers.problems
    return Template(name, size, palette, boxes, file, written, line), []


def _box(name: str, model: BoxModel, numbers: _Numbers) -> BoxSpec:
    def length(key: str, value: Length, **sign: bool) -> float:
        return numbers.length(("boxes", name, key), value, **sign)

    def font_size(key: tuple[str, ...], value: Length) -> float:
        return numbers.length(("boxes", name, *key), value, above_zero=True, points=True)

    box = Box(length("x", model.x), length("y", model.y), length("width", model.width, above_zero=True),
              length("height", model.height, above_zero=True))
    if isinstance(model.size, FontSizeModel):
        low, high = font_size(("size", "min"), model.size.min), font_size(("size", "max"), model.size.max)
    else:
        low = high = font_size(("size",), model.size)
    if low > high:
        numbers.problems.append(_Problem(("boxes", name, "size"), "LAYOUT-RANGE",
                                         f"min size {low:g}pt is above max size {high:g}pt"))
    for key in ("fill", "stroke"):
        if getattr(model, key) is not None:  # "" too: a key written with no colour is a mistake, not "no fill"
            numbers.color(("boxes", name, key), getattr(model, key))
    # The text colour counts where text is drawn (its default, ink, is a palette name) or where it is written.
    # `auto` is ink or light, whichever reads better on what the face prints under the box (render/contrast.py).
    ink = AUTO_INKS[0] if model.color == AUTO_COLOR else model.color
    if model.color == AUTO_COLOR:
        for candidate in AUTO_INKS:
            numbers.color(("boxes", name, "color"), candidate)
    elif model.type in ("text", "rows") or "color" in model.model_fields_set:
        numbers.color(("boxes", name, "color"), model.color)
    style = TextStyle(low, high, model.leading, model.paragraph_gap, model.align, model.valign,
                      palette_color(numbers.palette, ink) or ink, model.font, model.hyphenate)
    return BoxSpec(name, model, box, length("radius", model.radius, at_least_zero=True),
                   numbers.length(("boxes", name, "stroke_width"), model.stroke_width, at_least_zero=True, points=True),
                   length("gap", model.gap, at_least_zero=True), style)


def _outside(spec: BoxSpec, size: Size, bleed: float) -> list[_Problem]:
    """A box that reaches past the face and its bleed: that part is never printed (or lands on a neighbour)."""
    box, edges, reach = spec.box, [], bleed + _TOLERANCE
    beyond = f"the face ({size.width:g} × {size.height:g}mm) and its bleed ({bleed:g}mm)"
    if box.x < -reach:
        edges.append(("x", f"x {box.x:g}mm is left of {beyond}"))
    if box.y < -reach:
        edges.append(("y", f"y {box.y:g}mm is above {beyond}"))
    if box.right > size.width + reach:
        edges.append(("width", f"x + width = {box.right:g}mm is right of {beyond}"))
    if box.bottom > size.height + reach:
        edges.append(("height", f"y + height = {box.bottom:g}mm is below {beyond}"))
    return [_Problem(("boxes", spec.name, key), "LAYOUT-OUTSIDE", text) for key, text in edges]


_TOLERANCE = 1e-6  # mm: lengths written in inches or points do not add up exactly


def _at(loaded: LoadedFile, path: tuple[str | int, ...], code: str, message: str, hint: str = "") -> Finding:
    # Validation errors name fields the file may lack (a required one): point at the nearest written.
    pos = loaded.nearest_position(path)
    return error(code, message, loaded.display, pos.line, pos.column, hint)


def _validation_findings(exc: ValidationError, loaded: LoadedFile, prefix: tuple[str | int, ...],
                         cells: Mapping[str, Cell] | None = None) -> list[Finding]:
    findings = []
    for problem in exc.errors():
        location = source_path(tuple(problem["loc"]), cells or {})  # a grid cell's key is its part's
        where = ".".join(str(part) for part in location) or "file"
        findings.append(_at(loaded, (*prefix, *location), "LAYOUT-INVALID", f"{where}: {problem['msg']}"))
    return findings


PACKAGE_LAYOUTS = shipped.LAYOUTS


@functools.cache
def shipped_layouts() -> Layouts:
    """The layouts shipped beside the package, loaded once (what a guide renders with when given none)."""
    return load_layouts(PACKAGE_LAYOUTS)[0]


def default_layouts_dir() -> Path:
    """./layouts when run from a project, else the layouts shipped beside the package."""
    local = Path("layouts")
    return local if local.is_dir() else PACKAGE_LAYOUTS
