"""`pnp serve` and `pnp review --html`: options in, `pipeline.app.serve` / `pipeline.app.site` called. Starlette and
uvicorn are imported only when a server starts: without the `serve` extra, `pnp serve` says how to install it."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from pipeline.app.choices import DEFAULT_PAPER
from pipeline.app.project import project_folder, select_games
from pipeline.findings import Report

from .build import DEFAULT_JOBS, Backs, BacksOption, JobsOption, OutOption, PaperOption, stopping
from .options import ContentOption, GameOption, LocaleOption, resolve_content
from .reporter import GateFormat, emit, usage_exits

if TYPE_CHECKING:
    from pipeline.app.build import BuildOptions
    from pipeline.app.delta import GameSpec
    from pipeline.app.watch import Round

LayoutsOption = Annotated[Path | None, typer.Option("--layouts", help="Layouts folder; default: ./layouts.")]
CacheOption = Annotated[Path, typer.Option("--cache-dir", help="Build cache folder.")]


@usage_exits
def serve(
    game: GameOption = None,
    locale: LocaleOption = None,
    port: Annotated[int, typer.Option("--port", min=0, max=65535, help="Port to listen on (0: any free one).")] = 8765,
    host: Annotated[str, typer.Option("--host", help="Address to listen on (0.0.0.0: your network too).")] = "127.0.0.1",
    paper: PaperOption = DEFAULT_PAPER,
    backs: BacksOption = Backs.duplex,
    out: OutOption = Path("output"),
    jobs: JobsOption = DEFAULT_JOBS,
    content: ContentOption = None,
    layouts: LayoutsOption = None,
    cache_dir: CacheOption = Path(".pnp-cache"),
) -> None:
    """Show every printed card in the browser with its findings, live: each saved edit rebuilds what it changed
    and the open pages update in place. Ctrl-C stops (exit 130)."""
    from pipeline.app.serve import require_extra
    from pipeline.app.serve import serve as run_serve

    require_extra()
    games, options = _project(game, content, layouts, out, cache_dir, paper, backs)

    def shown(done: Round) -> None:
        if done.result is None:
            typer.echo(f"pnp: error: {done.problem} (still serving)", err=True)
            return
        typer.echo(f"serve {', '.join(done.games)}: {done.report.summary()}; {done.result.counts()}, "
                   f"{done.result.seconds:.2f}s", err=True)

    with stopping("serve"):
        run_serve(games, options, locale, jobs, host, port, lambda url: typer.echo(f"serving on {url} (Ctrl-C stops)", err=True),
                  shown)


@usage_exits
def review(
    html: Annotated[Path, typer.Option("--html", metavar="DIR", help="Folder to write the static site in.")],
    rev: Annotated[str | None, typer.Argument(help="A git revision: its changed cards come first (pnp diff REV).")] = None,
    game: GameOption = None,
    locale: LocaleOption = None,
    paper: PaperOption = DEFAULT_PAPER,
    backs: BacksOption = Backs.duplex,
    out: OutOption = Path("output"),
    jobs: JobsOption = DEFAULT_JOBS,
    content: ContentOption = None,
    layouts: LayoutsOption = None,
    cache_dir: CacheOption = Path(".pnp-cache"),
) -> None:
    """Write the pages of `pnp serve` as a static site (no server), for a pull request's CI artifact: the cards
    changed since REV first, then the findings, then the gallery."""
    from pipeline.app.site import review as run_review

    games, options = _project(game, content, layouts, out, cache_dir, paper, backs)
    site, written = run_review(games, options, locale, jobs, html, rev)
    cards = sum(len(shown.entries) for shown in site.prints.values())
    summary = f"review: {cards} card(s), {len(site.placed)} finding(s), {len(written)} file(s); open {html / 'index.html'}"
    emit(Report(site.findings), GateFormat.text, summary, "pnp review", fold_drafts=True)


def _project(game: list[str] | None, content: Path | None, layouts: Path | None, out: Path, cache_dir: Path, paper: str,
             backs: Backs) -> tuple[list[GameSpec], BuildOptions]:
    """The games and build options of the project: a draft locale prints as with --allow-incomplete (the pages
    show every locale; its missing strings are findings)."""
    from pipeline.app.build import BuildOptions

    root = resolve_content(content)
    options = BuildOptions(out, root, project_folder(layouts, "layouts"), cache_dir, paper, backs.value, allow_incomplete=True)
    return select_games(game, root), options

