"""`pnp games`, `validate`, `check`, `simulate`, `balance`, `replay`, `schema` and `docs`: options in, an application
function called, its report out."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

# Only the light project module at import: the other application modules are imported inside the
# commands that use them, so `pnp --help` and `pnp games` load no game.
from pipeline.app.project import listed_games, select_games, select_listings

from .options import (
    ContentOption,
    FormatOption,
    GameOption,
    GateFormatOption,
    LocaleOption,
    ModeOption,
    OneGame,
    PackOption,
    StrictOption,
    VerboseOption,
    resolve_content,
)
from .reporter import Format, GateFormat, draws_progress, emit, fail, usage_exits

if TYPE_CHECKING:
    from pipeline.app.simulate import SimulationReport


def counts_line(stats: dict[str, dict[str, int]]) -> str:
    parts = []
    for game_id, counts in stats.items():
        shown = ", ".join(f"{n} {name.replace('_', ' ')}" for name, n in counts.items() if "." not in name)
        parts.append(f"{game_id}: {shown}")
    return "; ".join(parts)


@usage_exits
def games(content: ContentOption = None, format: FormatOption = Format.text) -> None:
    """List the games under the content folder: id and name (`pnp validate` counts their components)."""
    rows = [{"id": listing.id, "name": listing.name} for listing in listed_games(resolve_content(content))]
    if format is Format.json:
        typer.echo(json.dumps({"games": rows}, indent=2, ensure_ascii=False))
        return
    for row in rows:
        typer.echo(f"{row['id']}  {row['name']}")


@usage_exits
def new(
    game: Annotated[str, typer.Argument(help="The game's id (its folder's name), e.g. my-game.")],
    template: Annotated[
        list[str] | None,
        typer.Option("--template", "-t", help="What to start from: cards, numbered-deck, tokens, board, guide, or full "
                     "(all of them, German as a draft). Repeat it (or write cards,guide) to combine templates."),
    ] = None,
    add: Annotated[bool, typer.Option("--add", help="Add the templates' kinds and files to the existing game GAME.")] = False,
    content: Annotated[Path, typer.Option("--content", help="Content root to create the game in.")] = Path("content"),
    repository: Annotated[
        bool, typer.Option("--repository/--no-repository", help="Also write what the repository around the content root "
                           "lacks: .gitignore, a CI workflow, a pre-commit config, a README.")
    ] = True,
) -> None:
    """Scaffold a game declared in its game.yaml that check passes and build prints (cards, layouts, a German
    catalog), in a repository ready to work in; or, with --add, add templates to a game."""
    from pipeline.app.new import add_templates, new_game
    from pipeline.app.repository import write_repository_files
    from pipeline.findings import display_path

    templates = template or ["cards"]
    written = add_templates(game, templates, content) if add else new_game(game, templates, content)
    if repository and not add:
        top = content.absolute().parent
        written += write_repository_files(top, game, game.replace("-", " ").title())
    for path in written:
        typer.echo(f"wrote {display_path(path)}")
    where = "" if content == Path("content") else f" --content {content}"
    typer.echo(f"next: pnp check{where} --game {game}, then pnp build{where} --game {game}")


@usage_exits
def validate(
    game: GameOption = None, content: ContentOption = None, format: GateFormatOption = GateFormat.text,
    strict: StrictOption = False, pack: PackOption = None, mode: ModeOption = None,
) -> None:
    """Load every content file, check it against the schema and models, resolve references, count components."""
    from pipeline.app import check as checking
    from pipeline.app.gate import load_gate

    root = resolve_content(content)
    gate = load_gate(root)  # before the run: a malformed suppression stops it at once (exit 2)
    report = checking.validate(select_games(game, root), root, pack or (), mode or ())
    gate.apply(report, strict, judge_unused=False)  # validate runs a part of the checks: it cannot tell
    emit(report, format, f"validate: {report.summary()} ({counts_line(report.extra['stats'])})", "pnp validate")
    raise typer.Exit(report.exit_code)


@usage_exits
def check(
    game: GameOption = None, locale: LocaleOption = None, content: ContentOption = None,
    format: GateFormatOption = GateFormat.text, strict: StrictOption = False,
    cache_dir: Annotated[Path, typer.Option("--cache-dir", help="Where check keeps its records.")] = Path(".pnp-cache"),
    force: Annotated[bool, typer.Option("--force", help="Check every game again, even one whose inputs are unchanged.")] = False,
    pack: PackOption = None,
    mode: ModeOption = None,
    jobs: Annotated[
        int | None,
        typer.Option("--jobs", "-j", min=1, help="Games checked side by side in worker processes; default: the usable "
                                                "cores; 1 checks them in this process."),
    ] = None,
    layouts: Annotated[
        Path | None, typer.Option("--layouts", help="Layouts folder the print checks judge with; default: ./layouts."),
    ] = None,
    verbose: VerboseOption = False,
) -> None:
    """Validate, run every consistency rule, a seeded simulation smoke run, the translation checks and the
    text-fit check of each locale (default: every locale the game declares). A game whose content, layouts and
    pipeline are unchanged since its last check replays that check's findings."""
    from pipeline.app import check as checking
    from pipeline.app.gate import load_gate

    root = resolve_content(content)
    gate = load_gate(root)
    report = checking.check(select_listings(game, root), root, locale, cache_dir, reuse=not force, packs=pack or (),
                             modes=mode or (), jobs=jobs, layouts_dir=layouts, show_progress=draws_progress(format))
    # A partial run (some games, locales or packs, or a skipped check group) cannot tell a suppression unused.
    gate.apply(report, strict, judge_unused=not game and not locale and not pack and not mode and not report.extra["skipped"])
    emit(report, format, f"check: {report.summary()} ({counts_line(report.extra['stats'])})", "pnp check",
         fold_drafts=not verbose)
    raise typer.Exit(report.exit_code)


@usage_exits
def simulate(
    game: OneGame,
    players: Annotated[int, typer.Option("--players", "-p", min=1, help="Number of players.")] = 2,
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Number of games; game i uses seed + i.")] = 100,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Seed of the first game.")] = 1,
    bot: Annotated[str, typer.Option("--bot", help="A bot of the game: random (uniform) or greedy (plays to win).")] = "greedy",
    trace: Annotated[
        Path | None,
        typer.Option("--trace", metavar="FILE", help="Write the transcript of the first game (every decision) to FILE."),
    ] = None,
    fast: Annotated[
        bool,
        typer.Option("--fast", help="Skip the invariant check after every step (about twice as fast; `pnp check` "
                                     "and the tests always check)."),
    ] = False,
    content: ContentOption = None,
    format: FormatOption = Format.text,
    pack: PackOption = None,
    mode: ModeOption = None,
) -> None:
    """Play seeded games with bots; report completion, the turn-cap rate, turns, wins and content coverage; exit 1 on a
    crash or a broken invariant."""
    from pipeline.app.simulate import simulate as run_simulate

    root = resolve_content(content)
    spec = select_games([game], root)[0]
    report, sim = run_simulate(spec, root, players, games, seed, bot, trace, tuple(pack or ()), check_invariants=not fast,
                               modes=tuple(mode or ()))
    if sim is None:
        emit(report, format, f"simulate: the content of {spec.id} has errors; fix them first ({report.summary()})")
    else:
        emit(report, format, simulation_summary(sim))
    raise typer.Exit(report.exit_code)


@usage_exits
def balance(
    game: OneGame,
    out: Annotated[Path, typer.Option("--out", "-o", metavar="DIR", help="Folder for the report, balance.json and CSV.")],
    players: Annotated[str | None, typer.Option("--players", "-p", help="Player counts: 3, 2-5 or 2,4; default: all.")] = None,
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Games per player count, bot and variant.")] = 200,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Seed of the first game of each cell.")] = 1,
    bot: Annotated[list[str] | None, typer.Option("--bot", help="A bot of the game (repeatable); default: greedy.")] = None,
    set_: Annotated[
        list[str] | None,
        typer.Option("--set", metavar="KEY=V1,V2", help="Try each value (repeatable: the grid of every combination); "
                     "KEY is a rule constant (hand_limit) or FILE.ID.FIELD[.PART...] (cards.market.aard.cost; "
                     "a list item by its id or 1-based position)."),
    ] = None,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=1, help="Local worker processes.")] = 1,
    scheduler: Annotated[
        str | None, typer.Option("--scheduler", metavar="ADDRESS", help="Play on a Dask distributed scheduler (tcp://host:8786).")
    ] = None,
    content: ContentOption = None,
    format: FormatOption = Format.text,
    pack: PackOption = None,
    mode: ModeOption = None,
) -> None:
    """Play seeded games over player counts, bots and rule variants; write win rates by faction and seat against their
    fair share (honest intervals), game length, victory margins, per-card figures and solo tiers as HTML, PDF, JSON and
    CSV; exit 1 if a game crashed."""
    from pipeline.app.balance import BalanceRun, balance_summary, parse_settings, write_report
    from pipeline.app.balance import balance as run_balance
    from pipeline.atomic import WriteError

    root = resolve_content(content)
    spec = select_games([game], root)[0]
    settings = parse_settings(set_ or [])
    run = BalanceRun(players, bot or ["greedy"], games, seed, settings, tuple(pack or ()), tuple(mode or ()))
    report, figures = run_balance(spec, root, run, jobs, scheduler)
    if figures is None:
        emit(report, format, f"balance: the content of {spec.id} has errors; fix them first ({report.summary()})")
        raise typer.Exit(report.exit_code)
    try:
        written = write_report(figures, out)
    except WriteError as exc:
        report.extend([exc.finding()])
        written = []
    report.extra["balance"] = {"files": [str(p) for p in written]}
    emit(report, format, balance_summary(figures, out))
    raise typer.Exit(report.exit_code)


@usage_exits
def replay(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="A transcript written by `pnp simulate --trace`.")],
    content: ContentOption = None,
    format: FormatOption = Format.text,
) -> None:
    """Play a transcript's recorded decisions again; exit 1 at the first line where the engine plays differently."""
    from pipeline.app.replay import replay_file

    report, divergence = replay_file(file, resolve_content(content))
    if not report.ok:
        emit(report, format, f"replay: the content has errors; fix them first ({report.summary()})")
        raise typer.Exit(report.exit_code)
    if format is Format.json:
        found = None if divergence is None else {"line": divergence.line, "step": divergence.step,
                                                  "recorded": divergence.recorded, "replayed": divergence.replayed}
        typer.echo(json.dumps({"file": str(file), "divergence": found}, indent=2, ensure_ascii=False))
    elif divergence is None:
        typer.echo(f"replay {file}: every step plays as recorded")
    else:
        typer.echo(f"{file}:{divergence.line}: error REPLAY-DIVERGED: {divergence}")
    raise typer.Exit(0 if divergence is None else 1)


def simulation_summary(sim: SimulationReport) -> str:
    figures = sim.turn_figures()
    seeds = f"seeds {sim.seed}–{sim.seed + sim.games - 1}"
    lines = [
        f"simulate {sim.game}: {sim.completed}/{sim.games} games completed with {sim.players} player(s), bot {sim.bot}, {seeds}",
        f"  turns per game: mean {figures['mean']:.1f}, median {figures['median']:.1f}, max {figures['max']:.0f}",
        f"  turn cap reached: {sim.turn_cap_line()}",
        "  wins by school: " + ", ".join(f"{k} {v}" for k, v in sorted(sim.wins_by_faction.items())),
        "  wins by seat: " + ", ".join(f"{k + 1}: {v}" for k, v in sorted(sim.wins_by_seat.items())),
    ]
    if sim.team_results:
        played = sum(sim.team_results.values())
        lines.append("  team results: " + ", ".join(f"{k} {v} ({v / played:.0%})" for k, v in sorted(sim.team_results.items())))
    for name, ids in sorted(sim.coverage.items()):
        lines.append(f"  coverage {name}: {len(ids)}/{sim.totals.get(name, len(ids))}")
    return "\n".join(lines)


@usage_exits
def schema(
    check: Annotated[bool, typer.Option("--check", help="Fail (exit 1) if a committed schema is missing or stale.")] = False,
    content: ContentOption = None,
) -> None:
    """Write the JSON Schemas of the content files of the games under the content folder into <content>/schema/
    (or verify them)."""
    from pipeline.app import check as checking

    root = resolve_content(content)
    if not root.is_dir():
        raise fail(f"content folder {root} does not exist")
    written, stale = checking.schemas(root / "schema", check, root)
    for path in written:
        typer.echo(f"wrote {path}")
    for path in stale:
        typer.echo(f"{path}:1:1: error SCHEMA-STALE: schema is missing or out of date; run `pnp schema`")
    if stale:
        raise typer.Exit(1)
    typer.echo("schemas are up to date" if check else "schemas written")


@usage_exits
def docs(
    out: Annotated[Path, typer.Option("--out", help="Folder of the reference pages.")] = Path("docs/reference"),
    check: Annotated[bool, typer.Option("--check", help="Fail (exit 1) if a committed page is missing or stale.")] = False,
) -> None:
    """Write the reference pages generated from the code (commands, layouts, declared fields, manifest keys, paper)
    into docs/reference/ (or verify them)."""
    from pipeline.app.reference import stale_pages, write_pages
    from pipeline.cli import app

    cli = typer.main.get_command(app)
    if check:
        stale = stale_pages(out, cli)
        for path in stale:
            typer.echo(f"{path}:1:1: error DOCS-STALE: page is missing or out of date; run `pnp docs`")
        if stale:
            raise typer.Exit(1)
        typer.echo("reference pages are up to date")
        return
    for path in write_pages(out, cli):
        typer.echo(f"wrote {path}")
    typer.echo("reference pages written")


@usage_exits
def import_sheet(
    sheet: Annotated[Path, typer.Argument(metavar="SHEET", help="A content sheet: KIND.csv, or an .xlsx workbook.")],
    game: Annotated[
        str | None, typer.Option("--game", "-g", help="Game id; default: the game whose folder holds SHEET.")
    ] = None,
    kind: Annotated[
        str | None, typer.Option("--kind", "-k", help="The kind of the entities (and the workbook sheet named so).")
    ] = None,
    out: Annotated[
        Path | None, typer.Option("--out", "-o", metavar="FILE", help="The YAML file to write; default: SHEET with .yaml.")
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite FILE if it exists.")] = False,
    format: FormatOption = Format.text,
    content: ContentOption = None,
) -> None:
    """Convert a content sheet (CSV or XLSX) to the YAML file of its kind; exit 1 if the sheet cannot be read."""
    from pipeline.app.sheets import import_sheet as convert
    from pipeline.findings import display_path

    # The content root is where a game named with --game is looked for (a declared game is known there).
    report, imported = convert(sheet, game, kind, out, force, resolve_content(content) if game else None)
    if imported is None:
        emit(report, format, f"import: {report.summary()}; nothing written")
        raise typer.Exit(report.exit_code)
    entities = f"{imported.entities} {imported.kind} entit{'y' if imported.entities == 1 else 'ies'}"
    summary = f"import: wrote {imported.out} ({entities} from {imported.sheet})"
    if imported.is_content(sheet):
        summary += "; the sheet is content too: remove it or move it out of the game's folder"
    elif not imported.is_content(imported.out):
        summary += f"; move it into {display_path(imported.game_folder)} to make it the game's content"
    emit(report, format, summary)
