"""Layouts as data: print profiles and face templates (named boxes) read from `layouts/**/*.yaml`.

A template may `extends` another: boxes merge by name (the child's keys win; `null` removes a
box). A cycle or a missing parent is a finding, never a silent skip. Files under `layouts/<game>/`
name their templates `<game>/<name>`; a face of kind K in game G uses `G/K`, else `K`.
Lengths go through `units.parse_length` only. Every box key keeps the file and line it was written
at (through `extends`), so a finding about a binding points at it; a literal icon that does not
exist is a finding here, with its line.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from pipeline.content.yaml_loader import LoadedFile, load_yaml_file
from pipeline.findings import Finding, error
from pipeline.rules.faces import ICON_TOKEN

from .icons import is_icon
from .richtext import TextStyle
from .units import Box, Size, UnitError, parse_length, parse_points

Length = str | float
BoxType = Literal["rect", "text", "icon", "icons", "art", "rows"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class SizeModel(_Strict):
    width: Length
    height: Length


class FontSizeModel(_Strict):
    min: Length
    max: Length


class BoxModel(_Strict):
    """One named box of a template (what the layout file says, before units are parsed)."""

    type: BoxType
    x: Length = 0
    y: Length = 0
    width: Length
    height: Length
    field: str | None = None  # the face field drawn here (text, icon name, list of icons/rows, art path)
    text: str | None = None  # literal text instead of a field
    icon: str | None = None  # literal icon instead of a field
    when: str | None = None  # draw only if the face has this field
    fill: str | None = None  # colour or palette name
    fill_field: str | None = None  # a face field naming the fill colour
    stroke: str | None = None
    stroke_width: Length = "0.6pt"
    radius: Length = 0
    bleed: bool = False  # extend a rect by the bleed on every side (backgrounds)
    font: Literal["regular", "bold", "italic", "bold-italic"] = "regular"
    size: Length | FontSizeModel = "8pt"
    leading: float = 1.18
    paragraph_gap: float = 0.35
    align: Literal["left", "center", "right"] = "left"
    valign: Literal["top", "middle", "bottom"] = "top"
    color: str = "ink"
    gap: Length = "1mm"  # between icons or rows
    hyphenate: bool | None = None  # default: only boxes with room for three lines at the maximum size


class TemplateModel(_Strict):
    size: SizeModel
    palette: dict[str, str] = {}
    boxes: dict[str, BoxModel]


class ProfileModel(_Strict):
    paper: SizeModel
    margin: Length
    bleed: Length = "3mm"
    crop_offset: Length = "3.5mm"
    crop_length: Length = "4mm"
    crop_width: Length = "0.3pt"
    gutter: Length = "10mm"
    tile_overlap: Length = "10mm"  # boards printed at full size over several sheets share this much at each seam
    safe_zone: Length = "3mm"  # text and icons of a card stay this far inside the trim (a cut may wander)


class TemplatesFile(_Strict):
    kind: Literal["templates"]
    templates: dict[str, dict[str, Any]]


class ProfilesFile(_Strict):
    kind: Literal["profiles"]
    profiles: dict[str, ProfileModel]


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
        return self.palette.get(value, value)

    def where(self, box: str, key: str) -> Written:
        return self.written.get((box, key), Written(self.file, 1, 1))


@dataclass(frozen=True)
class Profile:
    name: str
    paper: Size
    margin: float
    bleed: float
    crop_offset: float
    crop_length: float
    crop_width: float  # pt
    gutter: float
    tile_overlap: float = 10.0
    safe_zone: float = 3.0


@dataclass
class Layouts:
    templates: dict[str, Template] = field(default_factory=dict)
    profiles: dict[str, Profile] = field(default_factory=dict)
    parents: set[str] = field(default_factory=set)  # templates another template extends

    def template_for(self, game: str, kind: str) -> Template | None:
        return self.templates.get(f"{game}/{kind}") or self.templates.get(kind)


@dataclass
class _Raw:
    name: str
    data: dict[str, Any]
    loaded: LoadedFile
    key: str  # the name as written in the file


def load_layouts(folder: Path) -> tuple[Layouts, list[Finding]]:
    """Every layout file under folder: profiles and templates, with `extends` resolved."""
    layouts, findings = Layouts(), []
    raw: dict[str, _Raw] = {}
    for path in sorted(folder.rglob("*.yaml")):
        relative = path.relative_to(folder)
        loaded, problems = load_yaml_file(path, path.as_posix())
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
        for key, data in parsed.templates.items():
            name = f"{namespace}/{key}" if namespace else key
            raw[name] = _Raw(name, data, loaded, key)
    for name in raw:
        template, problems = _resolve(name, raw, layouts.parents)
        findings.extend(problems)
        if template is not None:
            layouts.templates[name] = template
    findings.extend(sorted(set(_icon_findings(layouts))))
    return layouts, findings


def _icon_findings(layouts: Layouts) -> list[Finding]:
    """ICON-UNKNOWN for a literal `icon:` or an `{icon:...}` token in a literal `text:` of any box."""
    findings = []
    for template in layouts.templates.values():
        for spec in template.boxes:
            named = [("icon", spec.model.icon)] if spec.model.icon else []
            named += [("text", token) for token in ICON_TOKEN.findall(spec.model.text or "")]
            for key, icon in named:
                if not is_icon(icon):
                    at = template.where(spec.name, key)
                    findings.append(error("ICON-UNKNOWN", f"template {template.name!r}: box {spec.name!r} draws unknown "
                                          f"icon {icon!r}", at.file, at.line, at.column,
                                          "use an icon of pipeline/render/icons.py"))
    return findings


def _load_profiles(loaded: LoadedFile, layouts: Layouts) -> list[Finding]:
    try:
        parsed = ProfilesFile.model_validate(loaded.data)
    except ValidationError as exc:
        return _validation_findings(exc, loaded, ())
    findings = []
    for name, model in parsed.profiles.items():
        try:
            layouts.profiles[name] = Profile(
                name,
                Size(parse_length(model.paper.width), parse_length(model.paper.height)),
                parse_length(model.margin),
                parse_length(model.bleed),
                parse_length(model.crop_offset),
                parse_length(model.crop_length),
                parse_points(model.crop_width),
                parse_length(model.gutter),
                parse_length(model.tile_overlap),
                parse_length(model.safe_zone),
            )
        except UnitError as exc:
            findings.append(_at(loaded, ("profiles", name), "LAYOUT-UNIT", str(exc)))
    return findings


def _resolve(name: str, raw: dict[str, _Raw], parents: set[str]) -> tuple[Template | None, list[Finding]]:
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
        namespace = current.name.rpartition("/")[0]
        found = raw.get(f"{namespace}/{parent}") if namespace else None
        current = found or raw.get(str(parent))
        if current is None:
            here = chain[-1]
            return None, [_at(here.loaded, ("templates", here.key, "extends"), "LAYOUT-PARENT",
                              f"template {here.name!r} extends {parent!r}, which does not exist",
                              f"known templates: {', '.join(sorted(raw))}")]
    parents.update(layer.name for layer in chain[1:])
    merged: dict[str, Any] = {}
    for layer in reversed(chain):
        merged = _merge(merged, {k: v for k, v in layer.data.items() if k != "extends"})
    merged["boxes"] = {k: v for k, v in merged.get("boxes", {}).items() if v is not None}
    own = raw[name]
    try:
        model = TemplateModel.model_validate(merged)
        line = own.loaded.key_position(("templates", own.key)).line
        return _template(name, model, own.loaded.display, _written(chain, merged["boxes"]), line), []
    except ValidationError as exc:
        return None, _validation_findings(exc, own.loaded, ("templates", own.key))
    except UnitError as exc:
        return None, [_at(own.loaded, ("templates", own.key), "LAYOUT-UNIT", f"template {name!r}: {exc}")]


def _written(chain: list[_Raw], boxes: dict[str, Any]) -> dict[tuple[str, str], Written]:
    """For every key of every merged box, the file and line of the nearest template that wrote it."""
    written = {}
    for box, keys in boxes.items():
        for key in keys if isinstance(keys, dict) else ():
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


def _template(name: str, model: TemplateModel, file: str, written: dict[tuple[str, str], Written], line: int) -> Template:
    size = Size(parse_length(model.size.width), parse_length(model.size.height))
    if size.width <= 0 or size.height <= 0:
        raise UnitError(f"size must be above 0, got {model.size.width} × {model.size.height}")
    palette = dict(model.palette)
    boxes = tuple(_box(box_name, box, palette) for box_name, box in model.boxes.items())
    return Template(name, size, palette, boxes, file, written, line)


def _box(name: str, model: BoxModel, palette: dict[str, str]) -> BoxSpec:
    box = Box(parse_length(model.x), parse_length(model.y), parse_length(model.width), parse_length(model.height))
    if box.width <= 0 or box.height <= 0:
        raise UnitError(f"box {name!r}: width and height must be above 0, got {model.width} × {model.height}")
    if isinstance(model.size, FontSizeModel):
        low, high = parse_points(model.size.min), parse_points(model.size.max)
    else:
        low = high = parse_points(model.size)
    if low > high:
        raise UnitError(f"box {name!r}: min size {low:g}pt is above max size {high:g}pt")
    style = TextStyle(low, high, model.leading, model.paragraph_gap, model.align, model.valign,
                      palette.get(model.color, model.color), model.font, model.hyphenate)
    return BoxSpec(name, model, box, parse_length(model.radius), parse_points(model.stroke_width), parse_length(model.gap), style)


def _at(loaded: LoadedFile, path: tuple[str | int, ...], code: str, message: str, hint: str = "") -> Finding:
    # Validation errors name fields the file may lack (a required one): point at the nearest written.
    pos = loaded.nearest_position(path)
    return error(code, message, loaded.display, pos.line, pos.column, hint)


def _validation_findings(exc: ValidationError, loaded: LoadedFile, prefix: tuple[str | int, ...]) -> list[Finding]:
    findings = []
    for problem in exc.errors():
        location = tuple(problem["loc"])
        where = ".".join(str(part) for part in location) or "file"
        findings.append(_at(loaded, (*prefix, *location), "LAYOUT-INVALID", f"{where}: {problem['msg']}"))
    return findings


def layout_schema() -> dict[str, Any]:
    """JSON Schema of a template as written (for editors)."""
    return TemplateModel.model_json_schema()


PACKAGE_LAYOUTS = Path(__file__).resolve().parent.parent.parent / "layouts"


def default_layouts_dir() -> Path:
    """./layouts when run from a project, else the layouts shipped beside the package."""
    local = Path("layouts")
    return local if local.is_dir() else PACKAGE_LAYOUTS
