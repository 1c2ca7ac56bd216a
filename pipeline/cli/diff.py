"""`pnp diff REV [REV2]`: options in, `pipeline.app.diff.diff` called, the changed cards and the review out."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from pipeline.app.project import project_folder, select_games

from .options import ContentOption, FormatOption, GameOption, LocaleOption, resolve_content
from .reporter import Format, emit, usage_exits


@usage_exits
def diff(
    rev: Annotated[str, typer.Argument(help="The git revision to compare from (branch, tag, hash, HEAD~1).", show_default=False)],
    rev2: Annotated[str | None, typer.Argument(help="The revision to compare to; default: the working tree.")] = None,
    game: GameOption = None,
    locale: LocaleOption = None,
    out: Annotated[Path, typer.Option("--out", help="Folder for diff.pdf (and png/).")] = Path("output/diff"),
    png: Annotated[bool, typer.Option("--png", help="Also write each review page as a PNG under png/.")] = False,
    format: FormatOption = Format.text,
    content: ContentOption = None,
    layouts: Annotated[Path | None, typer.Option("--layouts", help="Layouts folder; default: ./layouts.")] = None,
    cache_dir: Annotated[Path, typer.Option("--cache-dir", help="Build cache folder (prepared art).")] = Path(".pnp-cache"),
) -> None:
    """Review a content change: each card whose print changed, before and after side by side with the changed
    pixels in red, then the added and removed cards (diff.pdf); the list on stdout."""
    from pipeline.app.diff import WORKING_TREE
    from pipeline.app.diff import diff as run_diff

    root = resolve_content(content)
    result = run_diff(select_games(game, root), root, project_folder(layouts, "layouts"), cache_dir, out, rev, rev2, locale, png)
    emit(result.report, format, "\n".join(result.lines(rev, rev2 or WORKING_TREE)), "pnp diff")
    raise typer.Exit(result.report.exit_code)
