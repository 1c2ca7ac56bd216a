"""The `GameSpec` of a game declared in its manifest (`pipeline/content/declared.py`): no Python of its own.

Its file kinds are the models built from the declaration; its checks are the generic ones every game
runs (references, images, translation contexts) plus the declared icons and counts; its text is its
translatable fields; the counts, constraints and facts its manifest writes are checked by
pipeline/rules/declared_constraints.py; a game with `guide:` also holds the shared guide files and prints a reference guide
(pipeline/rules/declared_guide.py); it prints the kinds declared `print: cards|tokens|boards` from the layouts in its own
`layouts/` folder (and the shared ones). A game may extend the spec with Python (`plugin:`): a module
in its folder or an installed entry point of the group `pnp.games`, whose `extend(spec)` returns the
spec extended (`dataclasses.replace`: more checks, an engine).
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache
from importlib.metadata import entry_points
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ValidationError

from pipeline.content.database import BASE_PACK, Database, Record, Source, finding_at
from pipeline.content.declared import (
    Declaration,
    DeclaredIcon,
    DeclaredManifest,
    declare,
    enum_context,
    enum_labels_of,
    is_names_pattern,
    kind_context,
    label_context,
)
from pipeline.content.images import missing_images
from pipeline.content.models import iter_models
from pipeline.content.numbered import NumberedDeck, NumberedEntry, check_numbered_deck
from pipeline.content.numbered import Ref as NumberedRef
from pipeline.content.refs import dangling_references, field_marker, marker_in
from pipeline.content.texts import context_clashes
from pipeline.content.yaml_loader import LoadedFile, load_yaml_file
from pipeline.findings import Finding, display_path, error

from .declared_constraints import actual_counts, constraint_findings
from .declared_guide import GUIDE_KINDS, guide_checks, guide_spec, guide_strings
from .numbered_names import names_findings
from .spec import GameInfo, GameSpec, PrintSpec

if TYPE_CHECKING:
    from pipeline.i18n.localizer import Localizer
    from pipeline.i18n.messages import SourceString
    from pipeline.rules.checklist import Listed
    from pipeline.rules.components import Components

MANIFEST = "game.yaml"
LAYOUTS = "layouts"  # a declared game's own layout files: not content
PLUGIN_GROUP = "pnp.games"
# The repository owner's opt-in to running a game's plug-in (its Python): game ids, comma-separated, or `*`. An
# environment variable, not content: a pull request that adds `plugin: rules.py` must not run it in CI by itself.
ALLOW_PLUGINS = "PNP_ALLOW_PLUGINS"


def plugins_allowed(game_id: str) -> bool:
    """Whether the owner allowed the plug-in of this game to run (`PNP_ALLOW_PLUGINS`)."""
    allowed = {name.strip() for name in os.environ.get(ALLOW_PLUGINS, "").split(",")}
    return "*" in allowed or game_id in allowed


def _listed(db: Database) -> list[Listed]:
    """The manifest's component list (a declared game has no packs: every line is the base game's)."""
    from .checklist import listed_at

    record = next(iter(db.records("game")), None)
    return listed_at(db, record, BASE_PACK, record.entity.component_list, "component_list") if record is not None else []


def declared_spec(folder: Path) -> GameSpec:
    """The description of the declared game in folder (built once per manifest text)."""
    manifest = folder / MANIFEST
    digest = hashlib.sha256(manifest.read_bytes()).hexdigest() if manifest.is_file() else ""
    return _spec(folder.resolve(), digest, plugins_allowed(folder.name))


@lru_cache(maxsize=16)
def _spec(folder: Path, digest: str, allowed: bool) -> GameSpec:
    declaration, findings = read_declaration(folder)
    if declaration is None:  # the manifest itself is broken: loading the content reports it
        return GameSpec(id=folder.name, name=folder.name, file_kinds=(DeclaredManifest,), checks=_no_checks,
                        info=lambda db: GameInfo.of(folder.name, folder.name, None, {}), localizer=_localizer,
                        not_content=(LAYOUTS,), folder=folder)
    game = declaration.game
    printed = {kind.print for kind in declaration.modelled.values() if kind.print}
    # Cards go to TTS too; tokens are punched from tokens.pdf only; boards are tiled over sheets.
    targets = (*sorted(printed), *(("tts",) if "cards" in printed else ()))
    guided = game.guide is not None

    def checks(db: Database, structure_only: bool = False) -> list[Finding]:
        return [*findings, *declared_checks(db, declaration, structure_only),
                *constraint_findings(db, declaration, structure_only),
                *(guide_checks(db, declaration, structure_only) if guided else [])]

    spec = GameSpec(
        id=folder.name,
        name=game.name,
        file_kinds=(*declaration.kinds, *(GUIDE_KINDS if guided else ())),
        checks=checks,
        # What `pnp games` shows: the facts it counts, else the copies of each kind.
        info=lambda db: GameInfo.of(folder.name, game.name, game,
                                    actual_counts(db, declaration) if game.counts else counts(db, declaration)),
        localizer=_localizer,
        strings=lambda db: [*_strings(db, declaration), *(guide_strings(db, folder.name, game.name) if guided else [])],
        printing=PrintSpec(components=lambda db, loc: _components(db, loc, declaration),
                           layouts=folder / LAYOUTS, targets=targets,
                           listed=_listed if game.component_list else None) if printed else None,
        guide=guide_spec(folder.name, game.name) if guided else None,
        not_content=(LAYOUTS,),
        folder=folder,
    )
    return _extended(spec, declaration, folder)


def read_declaration(folder: Path) -> tuple[Declaration | None, list[Finding]]:
    """The declaration of a manifest the model accepts, and what is wrong with it (None: the manifest's own
    schema and model errors come from loading the content)."""
    manifest = folder / MANIFEST
    loaded, _ = load_yaml_file(manifest, display_path(manifest))
    if loaded is None:
        return None, []
    try:
        game = DeclaredManifest.model_validate(loaded.data).game
    except ValidationError:
        return None, []
    declaration = declare(game, loaded)
    findings = list(declaration.findings)
    if game.id != folder.name:
        pos = loaded.position(["game", "id"])
        findings.append(error("DECLARED-GAME-ID", f"the manifest names the game {game.id!r}, its folder is {folder.name!r}",
                              loaded.display, pos.line, pos.column, "a game's id is its folder's name: rename one of them"))
    return declaration, findings


def _no_checks(db: Database, structure_only: bool = False) -> list[Finding]:
    return []


def declared_checks(db: Database, declaration: Declaration, structure_only: bool = False) -> list[Finding]:
    """What every declared game proves: references, images, translation contexts, icons, the declared counts and
    numbered decks (their translations' names only with the consistency checks: `validate` reads no catalog)."""
    findings = dangling_references(db) + missing_images(db) + context_clashes(db) + _game_icon_findings(db, declaration)
    return findings + _count_findings(db, declaration) + _numbered_findings(db, declaration, structure_only)


def _numbered_findings(db: Database, declaration: Declaration, structure_only: bool) -> list[Finding]:
    """Each numbered kind through the shared numbered-deck checks: no gaps, links resolve, all reachable, no cycles;
    with `names:`, the numbers its text names are its links (rules/numbered_names.py)."""
    findings = []
    loaded = declaration.loaded
    for kind_id, kind in declaration.modelled.items():
        numbered = kind.numbered
        if numbered is None or not db.holds_all(kind.collection(kind_id)):  # a rejected file would leave gaps
            continue
        deck = NumberedDeck(kind_id, "NUMBERED", numbered.first, numbered.last, allow_cycles=numbered.allow_cycles,
                            declared=_where(loaded, declaration.kind_path(kind_id, "numbered")))
        records = db.records(kind.collection(kind_id))
        links_field = kind.links_field()
        entries = [NumberedEntry(record.entity.number, record.where("number"), tuple(_links(record, kind_id, links_field)))
                   for record in records]
        path = declaration.kind_path(kind_id, "numbered", "entries")
        entry_refs = [NumberedRef(n, _where(loaded, [*path, i]), "the manifest") for i, n in enumerate(numbered.entries)]
        findings += check_numbered_deck(deck, entries, entry_refs)
        source = declaration.game.source_locale
        patterns = {locale: pattern for locale, pattern in numbered.name_patterns(source).items()
                    if (locale == source or not structure_only) and is_names_pattern(pattern)}  # else DECLARED-NUMBERED
        if patterns and links_field is not None:
            links = {entry.number: tuple(ref.target for ref in entry.refs) for entry in entries}
            links_at = {record.entity.number: record.where(links_field if record.is_written(links_field) else "number")
                        for record in records}
            findings += names_findings(db, records, links, kind_id, deck.code, patterns, source, links_at)
    return findings


def _links(record: Record, kind_id: str, field: str | None) -> list[NumberedRef]:
    if field is None:
        return []
    value = getattr(record.entity, field)
    via = f"{kind_id} {record.entity.number}"
    if isinstance(value, int):
        return [NumberedRef(value, record.where(field), via)]
    return [NumberedRef(target, record.where(field, i), via) for i, target in enumerate(value or [])]


def _where(loaded: LoadedFile, path: list[str | int]) -> Source:
    pos = loaded.position(path)
    return Source(loaded.display, pos.line, pos.column)


def counts(db: Database, declaration: Declaration) -> dict[str, int]:
    """The copies the content holds of each declared kind."""
    return {kind_id: sum(record.entity.copies for record in db.records(kind.collection(kind_id)))
            for kind_id, kind in declaration.modelled.items()}


def _count_findings(db: Database, declaration: Declaration) -> list[Finding]:
    findings = []
    actual = counts(db, declaration)
    for kind_id, kind in declaration.modelled.items():
        # A rejected file of the kind would skew its count; another kind's errors do not.
        if kind.count is not None and db.holds_all(kind.collection(kind_id)) and kind.count != actual[kind_id]:
            pos = declaration.loaded.position(declaration.kind_path(kind_id, "count"))
            findings.append(error("DECLARED-COUNT", f"the manifest declares {kind.count} {kind_id} copies, "
                                  f"the content has {actual[kind_id]}", declaration.loaded.display, pos.line, pos.column,
                                  "add or remove records (or their `copies`), or change `count:`"))
    return findings


def _game_icon_findings(db: Database, declaration: Declaration) -> list[Finding]:
    """The unknown icons looked up as rendering does: the game's own `layouts/icons/` first, then the shared ones
    (a broken icon file is ICON-INVALID where the layouts load: check and build)."""
    from pipeline.icon_files import icons_in_effect, use_icons, with_game_icons

    folder = declaration.loaded.path.parent
    with use_icons(with_game_icons(icons_in_effect(), db.game_id, folder / LAYOUTS)[0], db.game_id):
        return _unknown_icons(db)


def _unknown_icons(db: Database) -> list[Finding]:
    """ICON-UNKNOWN for every value of a field declared `icon` that names no icon of the renderer."""
    from pipeline.icon_files import ICON_HINT, is_icon

    findings = []
    for record in db.records_in_file_order():
        if not isinstance(record.entity, BaseModel):
            continue
        for here, model in iter_models(record.entity):
            for name, value, path in _icon_values(model):
                if not is_icon(value):
                    findings.append(finding_at(record.where(*here, *path), "ICON-UNKNOWN",
                                               f"{name}: no icon {value!r}", ICON_HINT))
    return findings


def _icon_values(model: BaseModel) -> list[tuple[str, str, tuple[str | int, ...]]]:
    found: list[tuple[str, str, tuple[str | int, ...]]] = []
    for name, info in type(model).model_fields.items():
        value = getattr(model, name)
        if field_marker(info, DeclaredIcon) is not None and isinstance(value, str):
            found.append((name, value, (name,)))
        elif isinstance(value, list) and any(marker_in(arg, DeclaredIcon) for arg in getattr(info.annotation, "__args__", ())):
            found += [(name, item, (name, i)) for i, item in enumerate(value)]
    return found


def _localizer(db: Database, locale: str) -> Localizer:
    from pipeline.i18n.localizer import Localizer

    manifests = db.all("game")
    source = manifests[0].source_locale if manifests else "en"
    return Localizer.load(locale, db.root, source_locale=source)


def _strings(db: Database, declaration: Declaration) -> list[SourceString]:
    """The content's translatable fields, then the names of the declared kinds, the labels of their enums and
    what the build prints besides them."""
    from pipeline.i18n.content import content_strings

    return [*content_strings(db), *kind_names(declaration), *enum_labels(declaration), *flag_labels(declaration),
            *_print_label_strings(declaration)]


def kind_names(declaration: Declaration) -> list[SourceString]:
    """The written `name` of every declared kind (its deck label and back title), a translatable string at its line."""
    from pipeline.i18n.messages import SourceString

    loaded = declaration.loaded
    return [SourceString(kind_context(kind_id), kind.name, path=loaded.path,
                         line=loaded.position(declaration.kind_path(kind_id, "name")).line)
            for kind_id, kind in declaration.modelled.items() if kind.name]


def enum_labels(declaration: Declaration) -> list[SourceString]:
    """The label of every value of every declared enum (or list of enums), a translatable string at its manifest
    line: a shared enum's once, at its `enums:` entry."""
    from pipeline.i18n.messages import SourceString

    loaded, strings = declaration.loaded, []
    for enum_id, shared in declaration.game.enums.items():
        if not shared.translated:
            continue
        values: list[str | int] = ["game", "enums", enum_id, "values"]
        for i, (value, label) in enumerate(enum_labels_of(shared.values).items()):
            line = loaded.position([*values, value if isinstance(shared.values, dict) else i]).line
            strings.append(SourceString(f"enum:{enum_id}:{value}", label, path=loaded.path, line=line))
    for kind_id, name, declared, path in declaration.declared_fields():
        if "enum" not in (declared.type, declared.of) or not declared.translated or declared.enum:
            continue
        for i, (value, label) in enumerate(declared.labels().items()):
            line = loaded.position([*path, "values", value if isinstance(declared.values, dict) else i]).line
            strings.append(SourceString(enum_context(kind_id, name, value), label, path=loaded.path, line=line))
    return strings


def flag_labels(declaration: Declaration) -> list[SourceString]:
    """What each boolean with a `label:` prints where it is true, a translatable string at its manifest line."""
    from pipeline.i18n.messages import SourceString

    loaded = declaration.loaded
    return [SourceString(label_context(kind_id, name), str(declared.label), path=loaded.path,
                         line=loaded.position([*path, "label"]).line)
            for kind_id, name, declared, path in declaration.declared_fields() if declared.type == "boolean" and declared.label]


def _print_label_strings(declaration: Declaration) -> list[SourceString]:
    """The duplex calibration sheet's words (a game printing cards) and the tiled boards' (a game printing boards),
    each at the `print:` line of the first kind that asks for them (pipeline/rules/print_labels.py)."""
    from pipeline.i18n.messages import SourceString

    from .print_labels import CALIBRATION_LABELS, TILING_LABELS, label_context

    first: dict[str, int] = {}
    for kind_id, kind in declaration.modelled.items():
        if kind.print is not None and kind.print not in first:
            first[kind.print] = declaration.loaded.position(declaration.kind_path(kind_id, "print")).line
    wanted = [(first["cards"], CALIBRATION_LABELS)] if "cards" in first else []
    wanted += [(first["boards"], TILING_LABELS)] if "boards" in first else []
    return [SourceString(label_context(key), text, path=declaration.loaded.path, line=line)
            for line, labels in wanted for key, text in labels.items()]


def _components(db: Database, localizer: Localizer, declaration: Declaration) -> Components:
    from .declared_faces import DeclaredFaces

    return DeclaredFaces(db, localizer, declaration).build()


def _extended(spec: GameSpec, declaration: Declaration, folder: Path) -> GameSpec:
    """The spec as the game's plug-in extends it; a plug-in that cannot be loaded is a finding at `plugin:`."""
    name = declaration.game.plugin
    if name is None:
        return spec
    pos = declaration.loaded.position(["game", "plugin"])
    if not plugins_allowed(spec.id):  # never imported: its code would run with the user's rights
        blocked = error("DECLARED-PLUGIN-BLOCKED", f"plug-in {name!r} is not run: running a game's Python needs the "
                        "repository owner's consent", declaration.loaded.display, pos.line, pos.column,
                        f"set {ALLOW_PLUGINS}={spec.id} (or *) where pnp runs, once you trust the code")
        unchecked = spec.checks
        return replace(spec, checks=lambda db, structure_only: [blocked, *unchecked(db, structure_only)])
    try:
        extend = _plugin(name, folder)
        extended = extend(spec)
        if not isinstance(extended, GameSpec):
            raise TypeError(f"extend() returned {type(extended).__name__}, not a GameSpec")
        return replace(extended, id=spec.id)
    except Exception as exc:  # the plug-in is the designer's code: whatever it raises is reported at `plugin:`
        problem = error("DECLARED-PLUGIN", f"plug-in {name!r} cannot extend the game: {exc}",
                        declaration.loaded.display, pos.line, pos.column,
                        f"a module in the game's folder (plugin: rules.py) or an entry point of group {PLUGIN_GROUP!r}, "
                        "with extend(spec) returning the spec")
        checks = spec.checks
        return replace(spec, checks=lambda db, structure_only: [problem, *checks(db, structure_only)])


def _plugin(name: str, folder: Path) -> Callable[[GameSpec], Any]:
    """`extend` of a plug-in: `<folder>/<name>` when it is a Python file, else the entry point of that name."""
    if name.endswith(".py"):
        path = (folder / name).resolve()
        if not path.is_relative_to(folder) or not path.is_file():
            raise FileNotFoundError(f"no file {name} in the game's folder")
        module_spec = importlib.util.spec_from_file_location(f"pnp_plugin_{folder.name.replace('-', '_')}", path)
        assert module_spec is not None and module_spec.loader is not None, "a .py file has a loader"
        module = importlib.util.module_from_spec(module_spec)
        module_spec.loader.exec_module(module)
        return module.extend
    found = entry_points(group=PLUGIN_GROUP, name=name)
    if not found:
        raise LookupError(f"no installed entry point {name!r} in group {PLUGIN_GROUP!r}")
    return next(iter(found)).load()
