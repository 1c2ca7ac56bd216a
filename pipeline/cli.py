"""The `pnp` command: thin commands that parse options, call the modules, and print findings.

Exit codes: 0 no errors (warnings allowed), 1 errors found, 2 usage error.
"""

from __future__ import annotations

import json
import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from pipeline.build.command import build as build_command
from pipeline.cli_i18n import LocaleOption, i18n_app, i18n_findings
from pipeline.content.database import Database
from pipeline.content.schema import stale_schemas, write_schemas
from pipeline.findings import Finding, Report
from pipeline.games import GAMES, find_game
from pipeline.rules.components import HasComponents
from pipeline.rules.ruleset import HasEngine, Ruleset
from pipeline.rules.simulation import SimulationReport, run_simulation, smoke_run

app = typer.Typer(
    name="pnp",
    help="Print-and-play pipeline: check game content against its rules engine and render print-ready PDF.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

app.add_typer(i18n_app, name="i18n")
app.command(name="build")(build_command)

# Games per player count in the `pnp check` smoke run: enough to reach most content in a few seconds.
SMOKE_GAMES = 10
PACKAGE_CONTENT = Path(__file__).resolve().parent.parent / "content"


class Format(StrEnum):
    text = "text"
    json = "json"
    github = "github"


GameOption = Annotated[list[str] | None, typer.Option("--game", "-g", help="Game id (repeatable); default: every game.")]
ContentOption = Annotated[
    Path | None, typer.Option("--content", help="Content root holding one folder per game; default: ./content.")
]
FormatOption = Annotated[Format, typer.Option("--format", "-f", help="text, json or github (CI annotations).")]


def content_root(option: Path | None) -> Path:
    if option is not None:
        return option
    local = Path("content")
    return local if local.is_dir() else PACKAGE_CONTENT


def usage_error(message: str) -> typer.Exit:
    typer.echo(f"pnp: error: {message}", err=True)
    return typer.Exit(2)


def select_games(ids: list[str] | None, root: Path) -> list[Ruleset]:
    """The games to work on: the ones named, or every game with a content folder under root."""
    if not root.is_dir():
        raise usage_error(f"content folder {root} does not exist")
    if ids:
        try:
            games = [find_game(game_id) for game_id in ids]
        except KeyError as exc:
            raise usage_error(str(exc.args[0])) from None
        for game in games:
            if not game.content_dir(root).is_dir():
                raise usage_error(f"no content for {game.id} under {root} (expected {game.content_dir(root)})")
        return games
    games = [game for game in GAMES.values() if game.content_dir(root).is_dir()]
    if not games:
        raise usage_error(f"no game content under {root}; expected one of: {', '.join(f'{g}/' for g in GAMES)}")
    return games


def emit(report: Report, fmt: Format, summary: str) -> None:
    typer.echo(report.render(fmt.value, summary))


def run_validation(games: list[Ruleset], root: Path, structure_only: bool) -> tuple[Report, dict[str, dict[str, int]]]:
    report = Report()
    stats: dict[str, dict[str, int]] = {}
    for game in games:
        db, findings = game.load(root)
        report.extend(findings)
        report.extend(game.checks(db, structure_only=structure_only))
        stats[game.id] = game.stats(db)
    return report, stats


def counts_line(stats: dict[str, dict[str, int]]) -> str:
    parts = []
    for game_id, counts in stats.items():
        shown = ", ".join(f"{n} {name.replace('_', ' ')}" for name, n in counts.items() if "." not in name)
        parts.append(f"{game_id}: {shown}")
    return "; ".join(parts)


@app.command()
def games(content: ContentOption = None, format: FormatOption = Format.text) -> None:
    """List games, their packs, locales and component counts."""
    root = content_root(content)
    rows = []
    for game in select_games(None, root):
        db, _ = game.load(root)
        rows.append(game.info(db))
    if format is Format.json:
        typer.echo(json.dumps({"games": [row.__dict__ for row in rows]}, indent=2, ensure_ascii=False))
        return
    for info in rows:
        typer.echo(f"{info.id}  {info.name}")
        typer.echo(f"  packs: {', '.join(info.packs)}   locales: {', '.join(info.locales)}")
        typer.echo("  " + ", ".join(f"{n} {name.replace('_', ' ')}" for name, n in info.counts.items()))


@app.command()
def validate(game: GameOption = None, content: ContentOption = None, format: FormatOption = Format.text) -> None:
    """Load every content file, check it against the schema and models, resolve references, count components."""
    root = content_root(content)
    selected = select_games(game, root)
    report, stats = run_validation(selected, root, structure_only=True)
    report.extra["stats"] = stats
    emit(report, format, f"validate: {report.summary()} ({counts_line(stats)})")
    raise typer.Exit(report.exit_code)


@app.command()
def check(
    game: GameOption = None, locale: LocaleOption = None, content: ContentOption = None, format: FormatOption = Format.text
) -> None:
    """Validate, run every consistency rule, a seeded simulation smoke run, the translation checks and the
    text-fit check of each locale (default: every locale the game declares)."""
    root = content_root(content)
    report = Report()
    stats: dict[str, dict[str, int]] = {}
    for ruleset in select_games(game, root):
        db, findings = ruleset.load(root)
        findings += ruleset.checks(db)
        report.extend(findings)
        stats[ruleset.id] = ruleset.stats(db)
        if Report(findings).ok:  # simulating or printing broken content would only repeat its errors
            locales = locale or ruleset.info(db).locales
            report.extend(deep_check_findings(ruleset, db, root, locales))
    report.extra["stats"] = stats
    emit(report, format, f"check: {report.summary()} ({counts_line(stats)})")
    raise typer.Exit(report.exit_code)


def deep_check_findings(ruleset: Ruleset, db: Database, root: Path, locales: list[str]) -> list[Finding]:
    """What `check` adds to a sound database: the simulation smoke run, translations, and text fit per locale."""
    findings: list[Finding] = []
    if isinstance(ruleset, HasEngine):
        findings.extend(smoke_run(ruleset, db, seed=1, games_per_count=SMOKE_GAMES)[0])
    findings.extend(i18n_findings(ruleset, db, root, locales))
    if isinstance(ruleset, HasComponents):
        from pipeline.render.fit import board_fit_findings, fit_findings  # printing code: loaded only when needed

        for code in locales:
            findings.extend(fit_findings(ruleset, db, code))
            findings.extend(board_fit_findings(ruleset, db, code))
    from pipeline.render.guide.check import guide_icon_findings

    for code in locales:
        findings.extend(guide_icon_findings(ruleset, db, code))
    return findings


class BotName(StrEnum):
    random = "random"
    greedy = "greedy"


@app.command()
def simulate(
    game: Annotated[str, typer.Option("--game", "-g", help="Game id.")],
    players: Annotated[int, typer.Option("--players", "-p", min=1, help="Number of players.")] = 2,
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Number of games; game i uses seed + i.")] = 100,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Seed of the first game.")] = 1,
    bot: Annotated[BotName, typer.Option("--bot", help="random (uniform legal actions) or greedy (plays to win).")] = (
        BotName.greedy
    ),
    content: ContentOption = None,
    format: Annotated[Format, typer.Option("--format", "-f", help="text or json.")] = Format.text,
) -> None:
    """Play seeded games with bots; report completion, turns, wins and content coverage; exit 1 on any failed game."""
    root = content_root(content)
    ruleset = select_games([game], root)[0]
    if not isinstance(ruleset, HasEngine):
        raise usage_error(f"{ruleset.id} has no rules engine to simulate")
    db, findings = ruleset.load(root)
    report = Report(findings)
    if not report.ok:
        emit(report, format, f"simulate: the content of {ruleset.id} has errors; fix them first ({report.summary()})")
        raise typer.Exit(1)
    counts = ruleset.player_counts(db)
    if players not in counts:
        raise usage_error(f"{ruleset.id} supports {', '.join(map(str, counts))} players, not {players}")
    sim = run_simulation(ruleset, db, players, games, seed, bot.value)
    report.extend(sim.findings(str(ruleset.content_dir(root) / "game.yaml")))
    report.extra["simulation"] = sim.to_dict()
    if format is Format.json:
        typer.echo(report.to_json())
    else:
        typer.echo(report.render(format.value, simulation_summary(sim)))
    raise typer.Exit(report.exit_code)


def simulation_summary(sim: SimulationReport) -> str:
    figures = sim.turn_figures()
    seeds = f"seeds {sim.seed}–{sim.seed + sim.games - 1}"
    lines = [
        f"simulate {sim.game}: {sim.completed}/{sim.games} games completed with {sim.players} player(s), bot {sim.bot}, {seeds}",
        f"  turns per game: mean {figures['mean']:.1f}, median {figures['median']:.1f}, max {figures['max']:.0f}",
        "  wins by school: " + ", ".join(f"{k} {v}" for k, v in sorted(sim.wins_by_faction.items())),
        "  wins by seat: " + ", ".join(f"{k + 1}: {v}" for k, v in sorted(sim.wins_by_seat.items())),
    ]
    for name, ids in sorted(sim.coverage.items()):
        lines.append(f"  coverage {name}: {len(ids)}/{sim.totals.get(name, len(ids))}")
    return "\n".join(lines)


@app.command()
def schema(
    check: Annotated[bool, typer.Option("--check", help="Fail (exit 1) if a committed schema is missing or stale.")] = False,
    content: ContentOption = None,
) -> None:
    """Write the JSON Schemas of every game's content files into <content>/schema/ (or verify them)."""
    root = content_root(content)
    if not root.is_dir():
        raise usage_error(f"content folder {root} does not exist")
    schema_root = root / "schema"
    stale = []
    for game in GAMES.values():
        if check:
            stale += stale_schemas(schema_root, game.id, game.file_kinds)
        else:
            for path in write_schemas(schema_root, game.id, game.file_kinds):
                typer.echo(f"wrote {path}")
    for path in stale:
        typer.echo(f"{path}:1:1: error SCHEMA-STALE: schema is missing or out of date; run `pnp schema`")
    if stale:
        raise typer.Exit(1)
    typer.echo("schemas are up to date" if check else "schemas written")


def main() -> None:
    """Console entry point; bad usage exits 2, never with a traceback for content."""
    try:
        app()
    except KeyboardInterrupt:
        sys.exit(130)
