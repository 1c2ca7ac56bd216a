"""`pnp games`, `validate`, `check`, `simulate`, `replay` and `schema`: options in, an application function called, its
report out."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

# Only the light project module at import: the other application modules are imported inside the
# commands that use them, so `pnp --help` and `pnp games` load no game.
from pipeline.app.gate import load_gate
from pipeline.app.project import listed_games, select_games

from .options import (
    ContentOption,
    FormatOption,
    GameOption,
    GateFormatOption,
    LocaleOption,
    OneGame,
    StrictOption,
    resolve_content,
)
from .reporter import Format, GateFormat, emit, fail, usage_exits

if TYPE_CHECKING:
    from pipeline.rules.simulation import SimulationReport


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
def validate(
    game: GameOption = None, content: ContentOption = None, format: GateFormatOption = GateFormat.text,
    strict: StrictOption = False,
) -> None:
    """Load every content file, check it against the schema and models, resolve references, count components."""
    from pipeline.app import check as checking

    root = resolve_content(content)
    gate = load_gate(root)  # before the run: a malformed suppression stops it at once (exit 2)
    report = checking.validate(select_games(game, root), root)
    gate.apply(report, strict, judge_unused=False)  # validate runs a part of the checks: it cannot tell
    emit(report, format, f"validate: {report.summary()} ({counts_line(report.extra['stats'])})", "pnp validate")
    raise typer.Exit(report.exit_code)


@usage_exits
def check(
    game: GameOption = None, locale: LocaleOption = None, content: ContentOption = None,
    format: GateFormatOption = GateFormat.text, strict: StrictOption = False,
) -> None:
    """Validate, run every consistency rule, a seeded simulation smoke run, the translation checks and the
    text-fit check of each locale (default: every locale the game declares)."""
    from pipeline.app import check as checking

    root = resolve_content(content)
    gate = load_gate(root)
    report = checking.check(select_games(game, root), root, locale)
    gate.apply(report, strict, judge_unused=not game and not locale)  # a partial run cannot tell a suppression unused
    emit(report, format, f"check: {report.summary()} ({counts_line(report.extra['stats'])})", "pnp check")
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
) -> None:
    """Play seeded games with bots; report completion, the turn-cap rate, turns, wins and content coverage; exit 1 on a
    crash or a broken invariant."""
    from pipeline.app.simulate import simulate as run_simulate

    root = resolve_content(content)
    spec = select_games([game], root)[0]
    report, sim = run_simulate(spec, root, players, games, seed, bot, trace, check_invariants=not fast)
    if sim is None:
        emit(report, format, f"simulate: the content of {spec.id} has errors; fix them first ({report.summary()})")
    else:
        emit(report, format, simulation_summary(sim))
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
    for name, ids in sorted(sim.coverage.items()):
        lines.append(f"  coverage {name}: {len(ids)}/{sim.totals.get(name, len(ids))}")
    return "\n".join(lines)


@usage_exits
def schema(
    check: Annotated[bool, typer.Option("--check", help="Fail (exit 1) if a committed schema is missing or stale.")] = False,
    content: ContentOption = None,
) -> None:
    """Write the JSON Schemas of every game's content files into <content>/schema/ (or verify them)."""
    from pipeline.app import check as checking

    root = resolve_content(content)
    if not root.is_dir():
        raise fail(f"content folder {root} does not exist")
    written, stale = checking.schemas(root / "schema", check)
    for path in written:
        typer.echo(f"wrote {path}")
    for path in stale:
        typer.echo(f"{path}:1:1: error SCHEMA-STALE: schema is missing or out of date; run `pnp schema`")
    if stale:
        raise typer.Exit(1)
    typer.echo("schemas are up to date" if check else "schemas written")
