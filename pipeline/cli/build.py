"""`pnp build`: options in, `pipeline.app.build.build` called, findings and one line per target out."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

from pipeline.app.choices import DEFAULT_PAPER, TARGET_NAMES

# The build modules (and reportlab with them) are imported when a build runs, not for `--help`.
from pipeline.app.project import UsageError, project_folder, select_games, select_listings

from .options import (
    ContentOption,
    FormatOption,
    GameOption,
    GateFormatOption,
    LocaleOption,
    ModeOption,
    PackOption,
    StrictOption,
    VerboseOption,
    resolve_content,
)
from .reporter import Format, GateFormat, draws_progress, emit, fail, usage_exits

if TYPE_CHECKING:
    from pipeline.app.build import BuildOptions
    from pipeline.app.delta import GameSpec
    from pipeline.app.gate import Gate


class Backs(StrEnum):
    duplex = "duplex"
    gutter = "gutter"
    none = "none"


# The --target choices are the build's own target names, listed once (production/targets.py).
Target = StrEnum("Target", {name: name for name in TARGET_NAMES})  # type: ignore[misc]


# The options build and watch share.
# Any print profile of the layouts' profiles.yaml (a4 and letter are shipped): one a designer adds can be chosen, and
# one the layouts lack is a LAYOUT-PROFILE finding naming those they have.
PaperOption = Annotated[str, typer.Option("--paper", metavar="PROFILE", help="A print profile of the layouts: a4, letter, ...")]
BacksOption = Annotated[Backs, typer.Option("--backs", help="duplex, gutter (fold) or none.")]
OutOption = Annotated[Path, typer.Option("--out", help="Output folder.")]
# The default depends on the machine: said in words, so help and the command reference read the same everywhere.
JobsOption = Annotated[int, typer.Option("--jobs", "-j", min=1, help="Worker processes.",
                                         show_default="4, or the cores if fewer")]
DEFAULT_JOBS = min(4, os.cpu_count() or 1)


@usage_exits
def build(
    game: GameOption = None,
    locale: LocaleOption = None,
    paper: PaperOption = DEFAULT_PAPER,
    backs: BacksOption = Backs.duplex,
    target: Annotated[
        list[Target] | None,
        typer.Option("--target", "-t", help=f"{', '.join(TARGET_NAMES)}; default: all the game has."),
    ] = None,
    out: OutOption = Path("output"),
    jobs: JobsOption = DEFAULT_JOBS,
    back_offset: Annotated[
        str, typer.Option("--back-offset", metavar="X[,Y]",
                          help="Shift duplex backs right by X and up by Y mm (each -10 to 10; one number is X).")
    ] = "0",
    format: GateFormatOption = GateFormat.text,
    content: ContentOption = None,
    layouts: Annotated[Path | None, typer.Option("--layouts", help="Layouts folder; default: ./layouts.")] = None,
    cache_dir: Annotated[Path, typer.Option("--cache-dir", help="Build cache folder.")] = Path(".pnp-cache"),
    force: Annotated[bool, typer.Option("--force", help="Rebuild even what the cache says is up to date.")] = False,
    allow_incomplete: Annotated[
        bool, typer.Option("--allow-incomplete", help="Build a locale with untranslated strings, printing them in English.")
    ] = False,
    strict: StrictOption = False,
    changed_since: Annotated[
        str | None, typer.Option("--changed-since", metavar="REV",
                                 help="Print only the cards whose printed face changed since a git revision (a delta print).")
    ] = None,
    pack: PackOption = None,
    mode: ModeOption = None,
    pack_only: Annotated[
        bool, typer.Option("--pack-only", help="Print only the components of the packs named with --pack (cards, tokens).")
    ] = False,
    deck: Annotated[
        list[str] | None, typer.Option("--deck", help="Build only this deck's faces (repeatable).", show_default=False)
    ] = None,
    card: Annotated[
        list[str] | None, typer.Option("--card", help="Build only this card or token (repeatable).", show_default=False)
    ] = None,
) -> None:
    """Render print-ready PDFs (cards, tokens, boards, help cards) and digital-table PNGs for each game and locale."""
    from pipeline.app.build import BuildOptions, BuildStopped, Selection, parse_back_offset, target_line
    from pipeline.app.build import build as run_build
    from pipeline.app.gate import load_gate

    root = resolve_content(content)
    gate = load_gate(root)
    games = select_listings(game, root)  # a game is imported only if the build must plan it again
    options = BuildOptions(out, root, project_folder(layouts, "layouts"), cache_dir, paper, backs.value,
                           parse_back_offset(back_offset),
                           force, allow_incomplete, tuple(pack or ()), pack_only,
                           Selection(tuple(deck or ()), tuple(card or ())), tuple(mode or ()))
    if changed_since is not None:
        _delta([listing.describe() for listing in games], options, changed_since, locale, [t.value for t in target or []],
               format, gate, strict)
    try:
        result = run_build(games, options, locale, [t.value for t in target] if target else None, jobs,
                           show_progress=draws_progress(format))
    except BuildStopped as stop:
        raise fail(f"{stop}; no worker left running, no file half-written", stop.exit_code) from None
    report = result.report
    gate.apply(report, strict, judge_unused=False)  # a build runs the print checks only
    lines = [target_line(r) for r in result.records]
    lines.append(f"build: {report.summary()}; {result.counts()}, {result.seconds:.2f}s")
    emit(report, format, "\n".join(lines), "pnp build")
    raise typer.Exit(report.exit_code)


def _delta(games: list[GameSpec], options: BuildOptions, rev: str, locales: list[str] | None, targets: list[str],
           format: GateFormat, gate: Gate, strict: bool) -> NoReturn:
    """`build --changed-since REV`: the delta print of the cards target (app/delta.py), its changes listed."""
    from pipeline.app.delta import build_delta

    if any(t != "cards" for t in targets):
        raise UsageError("--changed-since prints cards only: leave out --target or give --target cards")
    result = build_delta(games, options, rev, locales)
    report = result.report
    gate.apply(report, strict, judge_unused=False)
    lines = [*result.lines(), f"build --changed-since {rev} ({result.commit[:12]}): {report.summary()}"]
    emit(report, format, "\n".join(lines), "pnp build")
    raise typer.Exit(report.exit_code)


@usage_exits
def watch(
    game: GameOption = None,
    locale: LocaleOption = None,
    paper: PaperOption = DEFAULT_PAPER,
    backs: BacksOption = Backs.duplex,
    out: OutOption = Path("output"),
    jobs: JobsOption = DEFAULT_JOBS,
    content: ContentOption = None,
    layouts: Annotated[Path | None, typer.Option("--layouts", help="Layouts folder; default: ./layouts.")] = None,
    cache_dir: Annotated[Path, typer.Option("--cache-dir", help="Build cache folder.")] = Path(".pnp-cache"),
    allow_incomplete: Annotated[
        bool, typer.Option("--allow-incomplete", help="Build a locale with untranslated strings, printing them in English.")
    ] = False,
    verbose: VerboseOption = False,
) -> None:
    """Build, then on every saved edit of the content or layouts rebuild what it changed and print the findings
    of build and check for the games it touched. Ctrl-C stops (exit 130)."""
    from pipeline.app.build import BuildOptions
    from pipeline.app.gate import load_gate
    from pipeline.app.watch import Round
    from pipeline.app.watch import watch as run_watch

    root = resolve_content(content)
    gate = load_gate(root)
    games = select_games(game, root)
    options = BuildOptions(out, root, project_folder(layouts, "layouts"), cache_dir, paper, backs.value,
                           allow_incomplete=allow_incomplete, changed_file=True)
    def show(done: Round) -> None:
        names = ", ".join(done.games)
        if done.result is None:
            typer.echo(f"pnp: error: {done.problem} (still watching)", err=True)
            return
        gate.apply(done.report, False, judge_unused=False)
        summary = f"watch {names}: {done.report.summary()}; {done.result.counts()}, {done.result.seconds:.2f}s"
        changed = [record.extra["changed"] for record in done.result.records if "changed" in record.extra]
        summary += "".join(f"\nchanged: {', '.join(c['cards'])} in {out / c['file']}" for c in changed)
        emit(done.report, GateFormat.text, summary, fold_drafts=not verbose)

    def watching() -> None:
        typer.echo(f"watching {root} and {options.layouts_dir} (Ctrl-C stops)", err=True)

    with stopping("watch"):
        run_watch(games, options, locale, jobs, show, watching)


@contextmanager
def stopping(command: str) -> Iterator[None]:
    """A long-running command's end by a signal: Ctrl-C is exit 130, a signal during a build its own code."""
    from pipeline.app.build import BuildStopped

    try:
        yield
    except BuildStopped as stop:
        raise fail(f"{command} stopped: {stop}; no worker left running", stop.exit_code) from None
    except KeyboardInterrupt:
        raise fail(f"{command} stopped", 130) from None


@usage_exits
def preflight(
    files: Annotated[list[Path], typer.Argument(help="PDF files written by pnp build.", show_default=False)],
    paper: Annotated[
        str | None, typer.Option("--paper", metavar="PROFILE",
                                 help="A print profile of the layouts; default: the build report's beside the files, else a4.")
    ] = None,
    format: FormatOption = Format.text,
    content: ContentOption = None,
    layouts: Annotated[Path | None, typer.Option("--layouts", help="Layouts folder; default: ./layouts.")] = None,
) -> None:
    """Check written PDFs as a print shop would: page sizes, TrimBox and BleedBox of 1-up files, embedded
    fonts, every mark inside the printable area, and card counts where a build report lists them."""
    from pipeline.app.preflight import preflight as run_preflight

    report = run_preflight(files, project_folder(layouts, "layouts"), resolve_content(content),
                           paper)
    emit(report, format, f"preflight: {report.summary()} ({len(files)} file(s))")
    raise typer.Exit(report.exit_code)
