"""The seams between a game's faces and the layouts, checked before anything is drawn.

A layout box that binds a field its face kind does not offer (`LAYOUT-FIELD`), or binds it to a box
that cannot draw its type (`LAYOUT-FIELD-TYPE`), is an error at the line the binding is written; a
game template no face kind, board or other template uses is a warning (`LAYOUT-KIND-UNUSED`). Every
icon a face would print must exist (`ICON-UNKNOWN`), and every image it names (`ART-MISSING`, ...), so
nothing is drawn as a placeholder in their stead. `pnp check` runs these through `fit.py`;
`pnp build` runs `preflight_findings` once per job and draws nothing when it finds an error. The
preflight also holds every string the job prints to the font (`I18N-GLYPH`, which `pnp check` reports
among the translation checks), so no character prints as a missing glyph.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence

from pipeline.content.database import Database
from pipeline.findings import Finding, error, warning
from pipeline.i18n.catalogs import catalog_path
from pipeline.i18n.checks import source_glyph_findings
from pipeline.i18n.entries import PoFile, translated_entries
from pipeline.i18n.glyphs import glyph_findings
from pipeline.i18n.localizer import Localizer
from pipeline.i18n.messages import SourceString
from pipeline.icon_files import ICON_HINT, is_icon
from pipeline.rules.boards import Boards
from pipeline.rules.components import Components
from pipeline.rules.faces import FaceContract, FaceKind, FieldType, color_source
from pipeline.rules.spec import GameSpec, GuidePart

from .art import resolve_art
from .contrast import contrast_findings
from .faces import MM_TOLERANCE
from .guide.check import guide_icon_findings
from .layouts import BoxSpec, Layouts, Template
from .units import Size

# The field types each kind of box can draw (a rect's `field` only says whether it is drawn).
_DRAWS: dict[str, frozenset[FieldType]] = {
    "text": frozenset({FieldType.TEXT, FieldType.RICH_TEXT, FieldType.NUMBER}),
    "icon": frozenset({FieldType.ICON}),
    "icons": frozenset({FieldType.ICONS, FieldType.ICON}),
    "art": frozenset({FieldType.IMAGE}),
    "rows": frozenset({FieldType.ROWS}),
    "rect": frozenset(FieldType),
}
_ANY = frozenset(FieldType)


def layout_contract_findings(layouts: Layouts, game: str, contract: FaceContract,
                             boards: Iterable[str] = ()) -> list[Finding]:
    """Every template a game's face kinds use, checked against the kinds' fields; unused game templates."""
    findings: list[Finding] = []
    used_templates = [(kind, t) for kind in contract.kinds.values() if (t := layouts.template_for(game, kind.name))]
    # A template another one extends first: a box written there is judged against the kind it was written for.
    for kind, template in sorted(used_templates, key=lambda pair: pair[1].name not in layouts.parents):
        bindings: list[Finding] = []
        for spec in template.boxes:
            bindings += _binding_findings(template, spec, kind, game)
        findings += _first_per_place(bindings, findings) + _undrawn_findings(template, kind, game)
    used = {*contract.kinds, *boards}
    for name, template in layouts.templates.items():
        namespace, _, short = name.rpartition("/")
        if namespace == game and short not in used and name not in layouts.parents:
            findings.append(warning("LAYOUT-KIND-UNUSED", f"template {name!r}: {game} prints no face kind {short!r} "
                                    "and no template extends it", template.file, template.line,
                                    hint=f"{game} prints: {', '.join(sorted(contract.kinds))}"))
    return sorted(set(findings))


def _first_per_place(bindings: list[Finding], earlier: list[Finding]) -> list[Finding]:
    """A binding written once and inherited by several templates (Monster Trail's `advanced-card` extends
    `action-card`) is one mistake at one line: only the first template judged reports it."""
    seen = {(f.file, f.line, f.column) for f in earlier if f.code.startswith("LAYOUT-FIELD")}
    return [f for f in bindings if (f.file, f.line, f.column) not in seen]


_COLOR_BINDINGS = ("fill_field", "stroke_field", "color_field")
_COLORS = frozenset({FieldType.COLOR})


def _binding_findings(template: Template, spec: BoxSpec, kind: FaceKind, game: str) -> list[Finding]:
    model = spec.model
    bindings = [("field", model.field, _DRAWS[model.type]), *((key, getattr(model, key), _COLORS) for key in _COLOR_BINDINGS),
                ("when", model.when, _ANY)]
    findings = []
    for key, name, accepts in bindings:
        if not name:
            continue
        at = template.where(spec.name, key)
        offered = kind.fields.get(color_source(kind.fields, name) if accepts is _COLORS else name)
        if offered is None:
            close = difflib.get_close_matches(name, list(kind.fields), n=1)
            hint = f"did you mean {close[0]!r}? " if close else ""
            findings.append(error("LAYOUT-FIELD", f"template {template.name!r}: box {spec.name!r} binds {key} {name!r}, "
                                  f"which {game} face kind {kind.name!r} does not offer", at.file, at.line, at.column,
                                  hint + f"{kind.name!r} offers: {', '.join(sorted(kind.fields))}"))
        elif offered not in accepts:
            drawn = ", ".join(sorted(t.value for t in accepts))
            hint = ("a colour comes from a `color` field, or an enum whose values have `colors:`" if accepts is _COLORS else
                    "a boolean prints the `label:` it declares; without one it only drives `when:`"
                    if offered is FieldType.FLAG else "")
            findings.append(error("LAYOUT-FIELD-TYPE", f"template {template.name!r}: box {spec.name!r} ({model.type}) binds "
                                  f"{key} {name!r}, a {offered.value} of {game} face kind {kind.name!r}; it draws: {drawn}",
                                  at.file, at.line, at.column, hint))
    return findings


def _undrawn_findings(template: Template, kind: FaceKind, game: str) -> list[Finding]:
    """LAYOUT-UNDRAWN: a template that draws no box of a field its kind is printed to show (a numbered back
    without its number prints every back alike)."""
    bound = {spec.model.field for spec in template.boxes if spec.model.type != "rect"}
    return [warning("LAYOUT-UNDRAWN", f"template {template.name!r} draws no {name!r}, which every {game} face of kind "
                    f"{kind.name!r} is printed to show", template.file, template.line,
                    hint=f"add a text box with `field: {name}`")
            for name in sorted(kind.drawn - bound)]


def face_findings(components: Components) -> list[Finding]:
    """ICON-UNKNOWN for every icon name a face prints (icon fields, icon lists, row chips, inline tokens);
    ART-MISSING (and the other art findings) for every image a face names."""
    findings = []
    for face in components.faces():
        kind = components.contract.kinds.get(face.kind)
        if kind is None:
            continue
        file, line, column = (face.where.file, face.where.line, face.where.column) if face.where else (
            components.root.as_posix(), 1, 1)
        for name, type_ in kind.fields.items():
            if type_ is FieldType.IMAGE and face.fields.get(name):
                problem = resolve_art(components.root, str(face.fields[name]), file, line)[1]
                findings += [problem] if problem else []
        for field_name, icon in kind.icons(face.fields):
            if icon and not is_icon(icon):
                findings.append(error("ICON-UNKNOWN", f"{components.game} [{components.locale}] {face.kind} {face.id!r}: "
                                      f"field {field_name!r} prints unknown icon {icon!r}", file, line, column,
                                      ICON_HINT))
    return sorted(set(findings))


def data_color_findings(components: Components, layouts: Layouts) -> list[Finding]:
    """LAYOUT-COLOR for a colour a face's data gives a box (`fill_field`, `stroke_field`, `color_field`) that names
    no colour of the template's palette nor any reportlab knows; once per box, binding and colour, at the binding."""
    findings: dict[tuple[str, str, str, str], Finding] = {}
    for face in components.faces():
        template = layouts.template_for(components.game, face.kind)
        kind = components.contract.kinds.get(face.kind)
        if template is None or kind is None:
            continue
        for spec in template.boxes:
            for key in _COLOR_BINDINGS:
                name = getattr(spec.model, key)
                if not name or kind.fields.get(color_source(kind.fields, name)) is not FieldType.COLOR:
                    continue  # a binding of no colour field is LAYOUT-FIELD or LAYOUT-FIELD-TYPE
                value = face.fields.get(color_source(face.fields, name))
                if not isinstance(value, str) or (template.name, spec.name, key, value) in findings \
                        or template.face_color(face.fields, name) is not None:
                    continue
                at = template.where(spec.name, key)
                findings[(template.name, spec.name, key, value)] = error(
                    "LAYOUT-COLOR", f"template {template.name!r}: box {spec.name!r} takes its {key} {name!r} from "
                    f"{face.kind} {face.id!r}: {value!r} is no colour of the template's palette nor a colour name",
                    at.file, at.line, at.column, "write #rrggbb in the data, or add the name to the template's `palette:`")
    return sorted(findings.values())


def back_size_findings(components: Components, layouts: Layouts) -> list[Finding]:
    """LAYOUT-BACK-SIZE: a back printed behind a face of another size would miss its front in duplex (and in
    Tabletop Simulator), by the difference; once per pair of templates, at the back template's line."""
    findings = []
    seen: set[tuple[str, str]] = set()
    for face in components.faces():
        back = components.back_of(face)
        front_template = layouts.template_for(components.game, face.kind)
        back_template = layouts.template_for(components.game, back.kind) if back is not None else None
        if front_template is None or back_template is None or (front_template.name, back_template.name) in seen:
            continue
        seen.add((front_template.name, back_template.name))
        front_size, back_size = front_template.size, back_template.size
        if max(abs(front_size.width - back_size.width), abs(front_size.height - back_size.height)) > MM_TOLERANCE:
            findings.append(error("LAYOUT-BACK-SIZE", f"template {back_template.name!r} ({_mm(back_size)}) is printed behind "
                                  f"{front_template.name!r} ({_mm(front_size)}); a back must have its front's size",
                                  back_template.file, back_template.line,
                                  hint="give the back the front's `size:` (and its background the same width and height)"))
    return findings


def _mm(size: Size) -> str:
    return f"{size.width:g} x {size.height:g} mm"


def board_templates(boards: Boards | None) -> list[str]:
    """The layout templates a game's boards are drawn from (none for a game without boards)."""
    if boards is None:
        return []
    specs = [*([boards.board] if boards.board else []), *boards.player_boards, *boards.extensions]
    return [*dict.fromkeys([spec.template for spec in specs] + list(boards.pack_templates))]


def contract_findings(components: Components, layouts: Layouts, boards: Iterable[str]) -> list[Finding]:
    """The face contract of one game in one locale: layout bindings, unused templates (`boards`: the templates its
    boards use), the faces' icons and images."""
    return (layout_contract_findings(layouts, components.game, components.contract, boards) + face_findings(components)
            + back_size_findings(components, layouts) + data_color_findings(components, layouts)
            + contrast_findings(components, layouts))


def preflight_findings(spec: GameSpec, db: Database, localizer: Localizer, components: Components | None,
                       guides: Sequence[GuidePart], layouts: Layouts, strings: list[SourceString]) -> list[Finding]:
    """What `pnp build` checks before it draws a job: the face contract, every icon of faces and guides, the images,
    the glyphs of every string it prints (`strings`: the game's, `spec.strings(db)`)."""
    printing = spec.printing
    findings = []
    if printing is not None and components is not None:
        boards = printing.boards(db, localizer) if printing.boards is not None else None
        findings = contract_findings(components, layouts, board_templates(boards))
    return findings + guide_icon_findings(guides, db) + printed_glyph_findings(strings, db, localizer)


def printed_glyph_findings(strings: list[SourceString], db: Database, localizer: Localizer) -> list[Finding]:
    """I18N-GLYPH, as `pnp check` reports it, for what a locale prints: its translations (at their catalog line)
    and the English of every string that has none (the source locale, or a fallback of --allow-incomplete)."""
    catalog = localizer.catalog
    if localizer.is_source or catalog is None:
        return source_glyph_findings(strings)
    po = PoFile.read(catalog_path(db.root, localizer.locale))
    entries = list(translated_entries(strings, catalog, po))
    translated = {entry.string.context for entry in entries}
    texts = ((text, po.display, e.line(i), e.string.context) for e in entries for i, text in enumerate(e.forms))
    return glyph_findings(texts) + source_glyph_findings([s for s in strings if s.context not in translated])
