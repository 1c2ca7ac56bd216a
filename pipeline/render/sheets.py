"""From a game's components to documents: prepare every face once, then impose cards and tokens."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from pipeline.findings import Finding, error
from pipeline.rules.components import Components, Face, Target

from .faces import PreparedFace, RenderContext, prepare_face
from .imposition import Group, Imposed, LayoutError, Offset, Slot, impose, one_up
from .layouts import Layouts, Template
from .profiles import Profile


@dataclass
class Prepared:
    """Every face of one game and locale, measured and ready to draw, with what could not be."""

    components: Components
    faces: dict[int, PreparedFace] = field(default_factory=dict)
    findings: list[Finding] = field(default_factory=list)

    def get(self, face: Face | None) -> PreparedFace | None:
        return self.faces.get(id(face)) if face is not None else None


# What an earlier build kept of a face (`production/forms.py: FormStore.kept`): ready without measuring, or None.
Kept = Callable[[Face, Template, RenderContext], PreparedFace | None]


def prepare(components: Components, layouts: Layouts, ctx: RenderContext, target: Target | None = None,
            only: set[int] | None = None, kept: Kept | None = None) -> Prepared:
    """Fit every face (of one target, or all; `only`: the faces of these ids) against its template; a missing
    template is a finding. A face `kept` returns is taken as it is (it was measured without a finding)."""
    prepared = Prepared(components)
    for face, template in templated_faces(components, layouts, target):
        if isinstance(template, Finding):
            prepared.findings.append(template)
            continue
        if only is not None and id(face) not in only:
            continue
        if kept is not None and (ready_kept := kept(face, template, ctx)) is not None:
            prepared.faces[id(face)] = ready_kept
            continue
        ready, findings = prepare_face(face, template, ctx)
        prepared.faces[id(face)] = ready
        prepared.findings.extend(findings)
    return prepared


def templated_faces(components: Components, layouts: Layouts,
                    target: Target | None = None) -> Iterator[tuple[Face, Template | Finding]]:
    """Each face of one target (or all) once, fronts then backs, with its template; the first face of a kind
    without a template comes with its LAYOUT-MISSING finding instead, the other faces of that kind not at all."""
    seen: set[int] = set()
    missing: set[str] = set()
    decks = components.decks_for(target) if target else components.decks
    faces = [face for deck in decks for face in deck.faces]
    faces += [back for face in faces if (back := components.back_of(face)) is not None]
    for face in faces:
        if id(face) in seen:
            continue
        seen.add(id(face))
        template = layouts.template_for(components.game, face.kind)
        if template is not None:
            yield face, template
        elif face.kind not in missing:
            missing.add(face.kind)
            # A template that is written but has errors is not missing: its LAYOUT-* findings say what to mend.
            written = layouts.has_broken(components.game, face.kind)
            problem = f"the layout template for face kind {face.kind!r} has errors, so it draws nothing" if written \
                else f"no layout template for face kind {face.kind!r}"
            yield face, error(
                "LAYOUT-MISSING", f"{components.game}: {problem}",
                face.where.file if face.where else "layouts", face.where.line if face.where else 1,
                hint="mend the template's LAYOUT-* errors" if written else
                f"add a template named {face.kind!r} under layouts/{components.game}/ "
                "(a game declared in its game.yaml: in its own layouts/ folder)")


def groups(prepared: Prepared, target: Target) -> list[Group]:
    """Card instances (copies expanded) per deck, split where the card size changes."""
    components = prepared.components
    out: list[Group] = []
    for deck in components.decks_for(target):
        label = f"{components.game} - {components.locale} - {deck.title} ({deck.count})"
        current: Group | None = None
        for face in deck.faces:
            front = prepared.get(face)
            if front is None:
                continue
            back = prepared.get(components.back_of(face))
            if current is None or current.size != front.template.size:
                current = Group(label, front.template.size, [], deck.title)
                out.append(current)
            slot: Slot = (front, back)
            current.slots.extend([slot] * face.copies)
    return out


def sheets(prepared: Prepared, target: Target, profile: Profile, backs: str, back_offset: Offset,
           title: str, charset: str = "") -> tuple[Imposed | None, list[Finding]]:
    try:
        return impose(groups(prepared, target), profile, backs, back_offset, title, charset), []
    except LayoutError as exc:
        return None, [error("LAYOUT-PAPER", f"{prepared.components.game}: {exc} ({profile.name})", "layouts/profiles.yaml")]


def cards_one_up(prepared: Prepared, bleed: float, backs: str, title: str, charset: str = "") -> Imposed:
    slots = [slot for group in groups(prepared, "cards") for slot in group.slots]
    titles = {deck.id: deck.title for deck in prepared.components.decks_for("cards")}
    return one_up(slots, bleed, backs, title, titles, charset)
