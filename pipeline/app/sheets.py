"""`pnp import`: a content sheet (CSV, or one sheet of an XLSX workbook) written out as the YAML file it stands for."""

from __future__ import annotations

import io
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.scalarstring import DoubleQuotedScalarString, LiteralScalarString

from pipeline.atomic import WriteError, write_atomic
from pipeline.content.table_loader import SHEET_SUFFIXES, load_table_file
from pipeline.findings import Report, display_path
from pipeline.games import discover, find_game

from .project import UsageError

if TYPE_CHECKING:
    from pipeline.rules.spec import GameSpec


# Characters a YAML reader takes for a line break (NEL, LINE and PARAGRAPH SEPARATOR, a lone CR) where a cell holds text.
YAML_ONLY_BREAKS = ("\x85", "\u2028", "\u2029", "\r")


@dataclass(frozen=True)
class Imported:
    sheet: str  # as findings print it: `cards.xlsx[cards]`
    out: Path
    kind: str
    entities: int
    game_folder: Path  # the folder of the game's content (the sheet may lie outside it)

    def is_content(self, path: Path) -> bool:
        """Whether a file lies in the game's folder (its content, that check reads)."""
        return path.resolve().is_relative_to(self.game_folder.resolve())


def import_sheet(
    sheet: Path, game: str | None, kind: str | None, out: Path | None, force: bool, root: Path | None = None
) -> tuple[Report, Imported | None]:
    """Convert one sheet to YAML. The report holds what is wrong with the sheet (nothing is written then);
    a usage error (no such game, an existing file without force) is a UsageError. A sheet outside every game's
    folder is the content of the game named, shipped or declared under the content root `root`."""
    if sheet.suffix not in SHEET_SUFFIXES:
        raise UsageError(f"{sheet} is not a sheet: pnp import reads {' or '.join(SHEET_SUFFIXES)} files")
    spec, game_folder = _game_of(sheet, game, root)
    kinds = {model.kind_name(): model for model in spec.file_kinds}
    if kind is not None and kind not in kinds:
        raise UsageError(f"{spec.id} has no kind {kind!r}; its kinds: {', '.join(sorted(kinds))}")
    files, findings = load_table_file(sheet, display_path(sheet), kinds, spec.id, kind=kind)
    report = Report(findings=findings)
    if findings:
        return report, None
    if len(files) != 1:
        sheets = ", ".join(loaded.display for loaded in files)
        raise UsageError(f"{sheet} holds {len(files)} sheets of content ({sheets}): pass --kind to pick one")
    loaded = files[0]
    kind_name = str(loaded.data["kind"])
    target = out if out is not None else sheet.with_suffix(".yaml")
    if target.exists() and not force:
        raise UsageError(f"{target} exists; pass --force to overwrite it")
    text = yaml_text(loaded.data, loaded.display, _schema_pointer(target, spec.id, kind_name))
    try:
        write_atomic(target, text.encode("utf-8"))
    except WriteError as exc:
        raise UsageError(str(exc)) from None
    entities = loaded.data.get(kinds[kind_name].entities_field)
    count = len(entities) if isinstance(entities, list) else int(entities is not None)
    imported = Imported(loaded.display, target, kind_name, count, game_folder)
    report.extra["imported"] = {"sheet": imported.sheet, "file": str(target), "kind": kind_name, "entities": count}
    return report, imported


def _game_of(sheet: Path, game: str | None, root: Path | None) -> tuple[GameSpec, Path]:
    """The game whose folder holds the sheet (shipped, or declared by its manifest), else the game named, shipped
    or declared under root; with the game's folder."""
    for folder in sheet.resolve().parents:
        known = discover(folder)
        if folder.name in known and game in (None, folder.name):
            return known[folder.name].describe(), folder
    if game is None:
        raise UsageError(f"{sheet} is in no game's folder: pass --game to say whose content it is")
    try:
        spec = find_game(game, root)
    except KeyError as exc:
        raise UsageError(str(exc.args[0])) from None
    return spec, spec.content_dir(root or Path("content"))


def _schema_pointer(target: Path, game_id: str, kind: str) -> str | None:
    """The editor's schema line of the file, when a content root above it holds the kind's schema."""
    for folder in target.resolve().parents:
        schema = folder / "schema" / game_id / f"{kind}.schema.json"
        if schema.is_file():
            return f"yaml-language-server: $schema={Path(os.path.relpath(schema, target.resolve().parent)).as_posix()}"
    return None


def yaml_text(data: dict[str, Any], source: str, schema_pointer: str | None) -> str:
    """The YAML of a sheet's data: its keys in column order, block style, the source named in a comment."""
    document = _commented(data)
    comments = [schema_pointer] if schema_pointer else []
    comments.append(f"Imported from {source} by `pnp import`: edit this file, or the sheet and import it again.")
    document.yaml_set_start_comment("\n".join(comments))
    yaml = YAML()  # round-trip: keeps the order and the comments
    yaml.indent(mapping=2, sequence=4, offset=2)
    yaml.width = 4096  # a long text stays on its line, as a cell holds it
    stream = io.StringIO()
    yaml.dump(document, stream)
    return stream.getvalue()


def _commented(value: Any) -> Any:
    if isinstance(value, dict):
        mapping = CommentedMap()
        for key, item in value.items():
            mapping[key] = _commented(item)
        return mapping
    if isinstance(value, list):
        return CommentedSeq(_commented(item) for item in value)
    if isinstance(value, str) and any(break_ in value for break_ in YAML_ONLY_BREAKS):
        return DoubleQuotedScalarString(value)  # escaped (\N, \L, \P, \r): plain or block style reads them as line breaks
    if isinstance(value, str) and "\n" in value:
        return LiteralScalarString(value)
    return value
