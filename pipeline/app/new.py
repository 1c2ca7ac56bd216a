"""`pnp new`: a declared game scaffolded from templates shipped in the package (`pipeline/templates/`), and
the project files a designer's repository needs around it.

A template is a folder of files (manifest, content, layouts, a German catalog) in which `$game` stands for
the game's id and `$name` for its name. Templates combine: their manifests' kinds (and a guide's numbers)
merge into one `game.yaml`, their other files sit side by side, and their German translations seed the
game's catalog, which `pnp i18n extract/update` then writes as a designer's own run would. `full` is every
template at once, with German as a draft locale. A template can also be added to an existing game.

Nothing is half-written: a new game is assembled in a hidden folder beside its place and moved there
whole; an added template is applied to a copy of the game that replaces it only when everything worked.
"""

from __future__ import annotations

import io
import os
import re
import shutil
import tempfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from string import Template
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError

from pipeline.content.models import SLUG_PATTERN

from .project import UsageError, writing

PARTS = ("cards", "numbered-deck", "tokens", "board", "guide")
# A template made of others; `full` shows every kind of component with a German still in the works.
COMPOSED = {"full": PARTS}
TEMPLATES = (*PARTS, *COMPOSED)
MAX_ID = 64  # a game id is a folder name and part of every file name pnp writes for it
RESERVED_IDS = ("schema",)  # folders of the content root that hold no game
MANIFEST = "game.yaml"
CATALOGS = "locales"
# Manifest sections a template adds to: mappings merge key by key (a key both hold is a clash), lists extend.
MERGED_MAPS = ("kinds", "components", "rules", "counts", "facts")
MERGED_LISTS = ("variants", "constraints")


@dataclass
class Scaffold:
    """What the chosen templates add up to: the manifest, the other files by path, and German translations."""

    manifest: Any = None
    files: dict[Path, str] = field(default_factory=dict)
    translations: dict[str, list[str]] = field(default_factory=dict)  # locale -> catalog texts of the templates


def expand(templates: Sequence[str]) -> list[str]:
    """The templates named (each may list several, `cards,guide`), composites spelled out, each once in order."""
    chosen: list[str] = []
    for name in (part.strip() for given in templates for part in given.split(",")):
        if name not in TEMPLATES:
            raise UsageError(f"no template {name!r} (templates: {', '.join(TEMPLATES)})")
        for part in COMPOSED.get(name, (name,)):
            if part not in chosen:
                chosen.append(part)
    if not chosen:
        raise UsageError(f"name a template (templates: {', '.join(TEMPLATES)})")
    return chosen


def new_game(game_id: str, templates: str | Sequence[str], root: Path) -> list[Path]:
    """Scaffold the game `game_id` under root from templates; the files written. UsageError for a bad id, an
    unknown template, or a folder that exists (nothing is overwritten) or cannot be written."""
    _check_id(game_id)
    names = [part.strip() for given in ([templates] if isinstance(templates, str) else templates) for part in given.split(",")]
    parts = expand(names)
    folder = root / game_id
    if os.path.lexists(folder):
        raise UsageError(f"{folder} already exists; pnp new never overwrites (choose another id, add a template to "
                         f"it with `pnp new {game_id} --add --template T`, or remove it)")
    scaffold = _assemble(parts, {"game": game_id, "name": game_id.replace("-", " ").title()})
    if any(name in COMPOSED for name in names):
        scaffold.manifest["game"]["draft_locales"] = ["de"]
    with _staged(root, game_id) as work:
        with writing(work):
            _write(work, scaffold)
        _seed_catalogs(work, scaffold)
        with writing(folder):
            work.rename(folder)
    return _with_schemas(folder, root, game_id, undo=lambda: shutil.rmtree(folder, ignore_errors=True))


def add_templates(game_id: str, templates: Sequence[str], root: Path) -> list[Path]:
    """Add templates to the existing declared game `game_id`: its manifest gains their kinds, its folder their
    files, its catalogs their translations. A kind, number or file the game has already is a UsageError, and
    then nothing changes."""
    folder = root / game_id
    manifest = folder / MANIFEST
    if not manifest.is_file():
        raise UsageError(f"{manifest} does not exist: `pnp new --add` adds to a game declared in its game.yaml")
    try:
        game = _yaml().load(manifest.read_text(encoding="utf-8"))
        name = str(game["game"]["name"])
    except (OSError, UnicodeDecodeError, YAMLError, KeyError, TypeError) as exc:
        raise UsageError(f"cannot read {manifest}: {exc}; fix it first (pnp validate)") from None
    scaffold = _assemble(expand(templates), {"game": game_id, "name": name}, base=game)
    clashes = sorted(path.as_posix() for path in scaffold.files if (folder / path).exists())
    if clashes:
        raise UsageError(f"{game_id} has {', '.join(clashes)} already: add that template by hand")
    with _staged(root, game_id) as work:
        with writing(work):
            shutil.copytree(folder, work, symlinks=True)
            _write(work, scaffold)
        _seed_catalogs(work, scaffold)
        old = work.parent / "replaced"
        with writing(folder):
            folder.rename(old)
            try:
                work.rename(folder)
            except OSError:
                old.rename(folder)  # the game as it was
                raise
    return _with_schemas(folder, root, game_id, undo=lambda: None)


@contextmanager
def _staged(root: Path, game_id: str) -> Iterator[Path]:
    """A folder named like the game in a hidden folder of root (same filesystem, so a rename moves it whole);
    whatever is left in the hidden folder is removed at the end, done or not."""
    with writing(root):
        root.mkdir(parents=True, exist_ok=True)
        hidden = Path(tempfile.mkdtemp(prefix=f".pnp-new-{game_id}.", dir=root))
    try:
        yield hidden / game_id
    finally:
        shutil.rmtree(hidden, ignore_errors=True)


def _with_schemas(folder: Path, root: Path, game_id: str, undo: Callable[[], None]) -> list[Path]:
    """The game's files and its JSON Schemas (its kinds', and the layout files' one), written beside the shipped ones
    so an editor checks the files from the first keystroke; a schema that cannot be written undoes the scaffold."""
    from pipeline.content.schema import write_schema, write_schemas
    from pipeline.render.layout_schema import LAYOUTS_SCHEMA_FILE, layouts_schema
    from pipeline.rules.declared_game import declared_spec

    try:
        with writing(root / "schema"):
            schemas = write_schemas(root / "schema", game_id, declared_spec(folder).file_kinds)
            layouts = root / "schema" / LAYOUTS_SCHEMA_FILE  # the game's layout files point at it
            schemas += [layouts] if write_schema(layouts, layouts_schema()) else []
    except BaseException:
        undo()
        raise
    return sorted(path for path in folder.rglob("*") if path.is_file()) + schemas


def _check_id(game_id: str) -> None:
    if not re.fullmatch(SLUG_PATTERN, game_id):
        raise UsageError(f"{game_id!r} is no game id: use lowercase letters, digits and single hyphens (my-game)")
    if game_id in RESERVED_IDS:
        raise UsageError(f"{game_id!r} names a folder of the content root that holds no game: choose another id")
    if len(game_id) > MAX_ID:
        raise UsageError(f"a game id has at most {MAX_ID} characters ({len(game_id)} given)")


def _assemble(parts: Sequence[str], values: dict[str, str], base: Any = None) -> Scaffold:
    """The templates' files with `$game` and `$name` filled in, their manifests merged over base (if given)."""
    scaffold = Scaffold(manifest=base)
    for part in parts:
        for path, text in sorted(_template_files(files("pipeline") / "templates" / part, Path())):
            text = Template(text).safe_substitute(values)
            if path == Path(MANIFEST):
                scaffold.manifest = _merge(scaffold.manifest, _yaml().load(text), part)
            elif path.parts[0] == CATALOGS:
                scaffold.translations.setdefault(path.stem, []).append(text)
            elif path in scaffold.files:
                raise UsageError(f"templates {', '.join(parts)} both write {path.as_posix()}")
            else:
                scaffold.files[path] = text
    return scaffold


def _merge(manifest: Any, added: Any, part: str) -> Any:
    """The manifest with a template's kinds, numbers, variants and guide added; a key both hold is a clash."""
    if manifest is None:
        return added
    game, more = manifest["game"], added["game"]
    for section in MERGED_MAPS:
        for key, value in more.get(section, {}).items():
            existing = game.setdefault(section, {})
            if key in existing:
                raise UsageError(f"the {part} template's {section[:-1]} {key!r} is in the game already")
            existing[key] = value
    for section in MERGED_LISTS:
        if more.get(section):
            game.setdefault(section, []).extend(more[section])
    if "guide" in more:
        if "guide" in game:
            raise UsageError(f"the game has a guide already: the {part} template adds one")
        game["guide"] = more["guide"]
    return manifest


def _write(folder: Path, scaffold: Scaffold) -> None:
    for path, text in scaffold.files.items():
        target = folder / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    written = io.StringIO()
    _yaml().dump(scaffold.manifest, written)
    (folder / MANIFEST).write_text(written.getvalue(), encoding="utf-8")


def _seed_catalogs(folder: Path, scaffold: Scaffold) -> None:
    """Each locale's catalog holds the templates' translations (beside any the game has), then the template
    is extracted from the content and merged into every catalog: what `pnp i18n extract && update` writes."""
    from pipeline.i18n.catalogs import catalog_path, new_catalog, read_catalog, read_catalog_text, write_catalog
    from pipeline.rules.declared_game import declared_spec

    from .i18n import ContentError, extract_template, load_game, update_catalogs

    spec = declared_spec(folder)

    for locale, texts in scaffold.translations.items():
        path = catalog_path(folder, locale)
        catalog = read_catalog(path, locale) if path.exists() else new_catalog(spec.id, locale)
        for text in texts:
            for message in read_catalog_text(text, locale):
                if message.id and catalog.get(message.id, message.context) is None:
                    catalog.add(message.id, message.string, context=message.context, flags=message.flags)
        with writing(path):
            path.parent.mkdir(parents=True, exist_ok=True)
            write_catalog(path, catalog)
    try:
        game = load_game(spec, folder.parent)
    except ContentError as exc:  # the templates are tested to load: this is a bug, or an added template's clash
        raise UsageError(f"the game does not load after scaffolding: {exc.report.findings[0]}") from None
    extract_template(game)
    update_catalogs(game, None)


def _template_files(folder: Traversable, relative: Path) -> Iterator[tuple[Path, str]]:
    """Every file of a template folder (a package resource), with its path relative to the template."""
    for entry in folder.iterdir():
        if entry.is_dir():
            yield from _template_files(entry, relative / entry.name)
        else:
            yield relative / entry.name, entry.read_text(encoding="utf-8")


def _yaml() -> YAML:
    yaml = YAML()  # round trip: the templates' comments explain the manifest to the designer
    yaml.width = 4096
    yaml.indent(mapping=2, sequence=4, offset=2)  # the templates' own style
    yaml.preserve_quotes = True
    return yaml
