"""`balance` as a function: seeded games over player counts, bots and rule variants, added up and written as a
report (HTML, PDF), JSON and CSV.

Games are cut into batches of consecutive seeds; a batch names everything it needs (game, content folder,
variant, bot, player count, seeds), so it plays the same wherever it runs: in this process, in local worker
processes (`jobs`), or on the workers of a Dask distributed scheduler (`scheduler`). The figures are added up
in seed order after every batch is back, so neither the order batches finish in nor where they ran can change
a number.
"""

from __future__ import annotations

import gc
import importlib.util
import os
import socket
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from pipeline.findings import Finding, Report, error
from pipeline.processes import bind_to_parent, fork_pool
from pipeline.rules.balance import GameRecord, play_recorded, played_packs, summarise
from pipeline.rules.spec import EngineSpec, GameSpec
from pipeline.rules.variants import Setting, VariantError, apply_variant, check_settings, grid, label, parse_setting

from .project import UsageError, require_packs, select_games

BATCH_GAMES = 25  # games per batch: small enough to spread over workers, large enough to pay for shipping it
SCHEDULER_TIMEOUT = 5  # seconds to reach a Dask scheduler before giving up (a port that does not answer as one)
BALANCE_EXTRA = "pip install 'pnp-pipeline[balance]'"


@dataclass(frozen=True)
class Batch:
    """Consecutive seeded games of one variant, bot and player count: game i uses seed first_seed + i."""

    game: str
    root: str
    packs: tuple[str, ...]
    variant: tuple[tuple[str, str], ...]
    bot: str
    players: int
    first_seed: int
    count: int


@lru_cache(maxsize=16)
def _engine_and_tables(
    game: str, root: str, packs: tuple[str, ...], variant: tuple[tuple[str, str], ...]
) -> tuple[EngineSpec, Any]:
    """A worker loads the content (the base and `packs`) and builds the engine's tables once per variant."""
    spec = select_games([game], Path(root))[0]
    assert spec.engine is not None
    db, _ = spec.load(Path(root), packs)
    return spec.engine, spec.engine.tables(apply_variant(db, dict(variant)))


def play_batch(batch: Batch) -> list[GameRecord]:
    """Play one batch (a top-level function: local processes and Dask workers import it by name)."""
    engine, tables = _engine_and_tables(batch.game, batch.root, batch.packs, batch.variant)
    return [play_recorded(engine, tables, batch.players, batch.first_seed + i, batch.bot) for i in range(batch.count)]


def parse_players(text: str, supported: Sequence[int]) -> list[int]:
    """`2-5`, `2,4` or `3`: player counts the game supports."""
    counts: list[int] = []
    try:
        for part in text.split(","):
            low, sep, high = part.partition("-")
            counts.extend(range(int(low), int(high) + 1) if sep else [int(low)])
    except ValueError:
        raise UsageError(f"--players {text!r}: write a count (3), a range (2-5) or a list (2,4)") from None
    unsupported = [n for n in counts if n not in supported]
    if unsupported or not counts:
        raise UsageError(f"--players {text!r}: the game supports {', '.join(map(str, supported))} players")
    return sorted(set(counts))


def run_batches(batches: Sequence[Batch], jobs: int, scheduler: str | None) -> list[list[GameRecord]]:
    """Every batch's records, in the order of `batches`."""
    if scheduler is not None:
        return _run_on_dask(batches, scheduler)
    if jobs <= 1 or len(batches) <= 1:
        return [play_batch(batch) for batch in batches]
    # Each worker dies with this process (a kill -9 or SIGTERM to it leaves no worker behind).
    with fork_pool(min(jobs, len(batches)), bind_to_parent, (os.getpid(),)) as pool:
        return list(pool.map(play_batch, batches))


def _run_on_dask(batches: Sequence[Batch], scheduler: str) -> list[list[GameRecord]]:
    address = scheduler_address(scheduler)
    try:
        from distributed import Client
    except ImportError:
        raise UsageError("--scheduler needs Dask distributed: pip install 'pnp-pipeline[cluster]'") from None
    host, port = address.removeprefix("tcp://").rsplit(":", 1)
    try:  # a host that does not answer fails here in SCHEDULER_TIMEOUT, before distributed retries for longer
        socket.create_connection((host.strip("[]"), int(port)), timeout=SCHEDULER_TIMEOUT).close()
    except OSError as exc:
        raise UsageError(f"--scheduler {scheduler}: cannot reach the Dask scheduler ({exc})") from None
    unraisable, failure = sys.unraisablehook, ""
    sys.unraisablehook = lambda report: None  # a Client that failed to start complains as it is collected: not news
    try:
        client = Client(address, timeout=SCHEDULER_TIMEOUT, set_as_default=False)
    except Exception as exc:  # distributed raises OSError, TimeoutError, ValueError or its own errors: all mean "not there"
        failure = str(exc) or type(exc).__name__
    finally:
        if failure:
            gc.collect()  # the half-made Client (its traceback is gone with the except block), while it cannot complain
        sys.unraisablehook = unraisable
    if failure:
        raise UsageError(f"--scheduler {scheduler}: cannot reach the Dask scheduler ({failure}); is it a Dask "
                         "scheduler's port?")
    try:
        futures = client.map(play_batch, list(batches), pure=False)
        return list(client.gather(futures))
    except (OSError, TimeoutError) as exc:  # the scheduler lost mid-run (distributed's CommClosedError is an OSError)
        raise UsageError(f"--scheduler {scheduler}: lost the Dask scheduler while playing ({exc})") from None
    finally:
        client.close(timeout=SCHEDULER_TIMEOUT)


def scheduler_address(text: str) -> str:
    """A Dask scheduler address this run can connect to: `tcp://host:port` or `host:port` (the scheme pnp-pipeline
    installs; tls:// needs certificates, ucx:// and ws:// extra packages); else a usage error."""
    scheme, sep, rest = text.partition("://")
    if not sep:
        scheme, rest = "tcp", text
    host, colon, port = rest.rpartition(":")
    if scheme != "tcp":
        raise UsageError(f"--scheduler {text}: only tcp:// scheduler addresses are supported (tcp://host:8786)")
    if not colon or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise UsageError(f"--scheduler {text}: write the scheduler's address as tcp://host:port (tcp://host:8786)")
    return f"tcp://{host}:{port}"


@dataclass(frozen=True)
class BalanceRun:
    """What to play: player counts (`2-5`, `2,4`, `3`; None: every count), bots, variants, the seeds (game i of
    each cell: seed + i), and the expansions played with the base (`pnp simulate --pack`). The engine's sweeps
    (`EngineSpec.sweeps`, every Wild Hunt difficulty) join the settings unless one sets the same key."""

    players: str | None
    bots: list[str]
    games: int
    seed: int
    settings: list[Setting]
    packs: tuple[str, ...] = ()
    modes: tuple[str, ...] = ()  # the modes of a pack that has them (`--mode`)


def balance(
    game: GameSpec, root: Path, run: BalanceRun, jobs: int = 1, scheduler: str | None = None
) -> tuple[Report, dict[str, Any] | None]:
    """Play every (variant, bot, player count) cell and add up its figures. Content with errors is not played:
    (its report, None). The report holds an error per game that crashed, with its seed."""
    if importlib.util.find_spec("matplotlib") is None:  # said before any game is played, not after
        raise UsageError(f"pnp balance draws its report with matplotlib, which is not installed: {BALANCE_EXTRA}")
    engine = game.engine
    if engine is None or engine.statistics is None:
        raise UsageError(f"{game.id} has no rules engine with balance figures")
    known = sorted(engine.bots())
    for bot in run.bots:
        if bot not in known:
            raise UsageError(f"{game.id} has no bot {bot!r}; its bots: {', '.join(known)}")
    packs = require_packs([game], root, run.packs, run.modes)
    db, findings = game.load(root, packs)
    if packs:  # the selection's own findings (an incompatible combination, a pack without content), as simulate
        findings = findings + game.checks(db, True)
    report = Report(findings)
    if not report.ok:
        return report, None
    supported = engine.player_counts(db)
    counts = parse_players(run.players, supported) if run.players else supported
    given = {setting.key for setting in run.settings}
    swept = [setting for setting in (engine.sweeps(db) if engine.sweeps else []) if setting.key not in given]
    settings = [*run.settings, *swept]
    try:
        check_settings(db, settings)
    except VariantError as exc:
        raise UsageError(str(exc)) from None
    variants = grid(settings)
    cells = [(v, bot, n) for v in variants for bot in run.bots for n in counts]
    batches = [
        Batch(game.id, os.fspath(root.resolve()), packs, tuple(v.items()), bot, n, run.seed + start,
              min(BATCH_GAMES, run.games - start))
        for v, bot, n in cells for start in range(0, run.games, BATCH_GAMES)
    ]
    results = run_batches(batches, jobs, scheduler)
    by_cell: dict[tuple[str, str], list[GameRecord]] = {}
    for batch, records in zip(batches, results, strict=True):
        by_cell.setdefault((label(dict(batch.variant)), batch.bot), []).extend(records)
    cards = db.shown_keys(engine.card_collection)  # the base's and the selected packs': no other can be used
    costs = {card: getattr(db.get(engine.card_collection, card), "cost", None) for card in cards}
    order = engine.faction_order(db) if engine.faction_order else []
    where = str(game.content_dir(root) / "game.yaml")
    out_variants = []
    for variant in variants:
        name = label(variant)
        runs = []
        for bot in run.bots:
            records = by_cell[(name, bot)]
            for record in records:
                if record.error is not None:
                    hint = (f"reproduce with: pnp simulate --game {game.id} --players {record.players} --games 1 "
                            f"--seed {record.seed} --bot {bot}" + "".join(f" --pack {pack}" for pack in run.packs)
                            + "".join(f" --mode {mode}" for mode in run.modes))
                    report.extend([_crash(game.id, name, bot, record, where, hint)])
            summary = summarise(records, cards, costs, order)
            for row in summary["cards"]:
                if row["never_used"]:
                    source = db.where(engine.card_collection, row["card"])
                    row["where"] = f"{source.file}:{source.line}"
            runs.append({"bot": bot, **summary})
        out_variants.append({"label": name, "settings": variant, "runs": runs})
    figures = {
        "game": game.id, "packs": list(packs), "players": counts, "bots": run.bots, "games": run.games, "seed": run.seed,
        "settings": [{"key": s.key, "values": list(s.values)} for s in settings],
        "method": METHOD, "variants": out_variants,
    }
    return report, figures


def _crash(game: str, variant: str, bot: str, record: GameRecord, where: str, hint: str) -> Finding:
    message = f"{game} ({variant}), {record.players} player(s), bot {bot}, seed {record.seed}: {record.error}"
    return error("SIM-CRASH", message, where, hint=hint)


METHOD = {
    "interval": "Wilson score interval of wins out of plays",
    "ci95": "95 % interval of each row on its own",
    "verdict": "Bonferroni: each verdict uses the interval at confidence 1 - 0.05/m, m = the rows of its family "
               "(every faction and seat row of a variant and bot; the cards' rows are a family of their own)",
    "fair": "the fair share: 1 / seats at the table (the Automa holds a seat), averaged over the plays",
    "excluded": "games stopped at the turn cap have no winner and count in no rate",
    "cards": "bought: cards a player chose to take (Old World: bought, exchanged or gained by an effect; Path of Destiny: "
             "the pairs taken from a row); played: cards added to a combo or a timeline; win rate when owned: the seats "
             "holding the card at the end (starting cards are played but never counted as owned: 'no owner counted'); "
             "cost: the printed cost",
}


def parse_settings(texts: Sequence[str]) -> list[Setting]:
    """The `--set KEY=V1,V2` options, else a UsageError naming the one that is wrong."""
    try:
        return [parse_setting(text) for text in texts]
    except VariantError as exc:
        raise UsageError(str(exc)) from None


def write_report(figures: dict[str, Any], out: Path) -> list[Path]:
    """The report's files under out (HTML and PDF with plots, balance.json, CSV); WriteError if one cannot be written."""
    from pipeline.render.balance_report import write_report as write  # matplotlib: loaded only to draw the plots

    return write(figures, out)


def balance_summary(figures: dict[str, Any], out: Path) -> str:
    """One line per variant and bot: the rows outside their fair share's interval, then where the report is."""
    lines = [f"balance {figures['game']} ({played_packs(figures)}): {figures['games']} games per player count, "
             f"variant and bot, seeds from {figures['seed']}"]
    for variant in figures["variants"]:
        for run in variant["runs"]:
            rows = [(c["players"], row) for c in run["counts"] for row in (*c["factions"], *c["seats"])]
            off = [f"{n}p {row['label']} {row['rate']:.0%} ({row['verdict']}, fair {row['fair']:.0%})"
                   for n, row in rows if row["verdict"] in ("above fair", "below fair")]
            never = sum(1 for row in run["cards"] if row["never_used"])
            shown = "; ".join(off) if off else "every faction and seat within noise"
            teams = [(c["players"], c["team"]) for c in run["counts"] if "team" in c]
            if teams:  # a cooperative game: the table's win rate by player count
                shown = "team wins " + ", ".join(f"{n}p {t['rate']:.0%} [{t['ci95'][0]:.0%}-{t['ci95'][1]:.0%}]"
                                                 for n, t in teams)
            lines.append(f"  {variant['label']}, bot {run['bot']}: {shown}; {never} card(s) never used")
    lines.append(f"  report: {out / 'report.html'}")
    return "\n".join(lines)
