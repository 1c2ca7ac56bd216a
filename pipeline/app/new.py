"""`pnp new`: a new declared game scaffolded from a template shipped in the package (`pipeline/templates/`).

A template is a folder of files (manifest, content, layouts, catalogs) in which `$game` stands for the new
game's id and `$name` for its name; nothing else is generated, so what a designer gets is what the
template shows. The game's JSON Schemas are written beside the shipped ones (`<root>/schema/<game>/`),
so an editor checks the new files from the first keystroke.
"""

from __future__ import annotations

import re
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from string import Template

from pipeline.content.models import SLUG_PATTERN

from .project import UsageError

TEMPLATES = ("cards", "numbered-deck", "guide")


def new_game(game_id: str, template: str, root: Path) -> list[Path]:
    """Scaffold the game `game_id` under root from a template; the files written. UsageError for a bad id,
    an unknown template or a folder that exists (nothing is overwritten)."""
    from pipeline.content.schema import write_schemas
    from pipeline.rules.declared_game import declared_spec

    if not re.fullmatch(SLUG_PATTERN, game_id):
        raise UsageError(f"{game_id!r} is no game id: use lowercase letters, digits and single hyphens (my-game)")
    if template not in TEMPLATES:
        raise UsageError(f"no template {template!r} (templates: {', '.join(TEMPLATES)})")
    folder = root / game_id
    if folder.exists():
        raise UsageError(f"{folder} already exists; pnp new never overwrites (choose another id or remove it)")
    source = files("pipeline") / "templates" / template
    values = {"game": game_id, "name": game_id.replace("-", " ").title()}
    written = []
    for path, text in sorted(_template_files(source, Path())):
        target = folder / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(Template(text).safe_substitute(values), encoding="utf-8")
        written.append(target)
    written += write_schemas(root / "schema", game_id, declared_spec(folder).file_kinds)
    return written


def _template_files(folder: Traversable, relative: Path) -> list[tuple[Path, str]]:
    """Every file of a template folder (a package resource), with its path relative to the template."""
    found = []
    for entry in folder.iterdir():
        if entry.is_dir():
            found += _template_files(entry, relative / entry.name)
        else:
            found.append((relative / entry.name, entry.read_text(encoding="utf-8")))
    return found
