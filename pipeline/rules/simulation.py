"""Seeded simulations of any game with an engine (`EngineSpec`): bots play, the runner records what happened.

A game in progress follows `pipeline.rules.engine.State` and ends with an `Outcome`; its optional
hooks `coverage()`, `coverage_totals()` (the size of a coverage collection the database does not
index) and `invariant_violations()` feed coverage and invariant findings.
Game i of a run uses seed `seed + i`, so every error names the seed that reproduces it. A game that
reaches the turn cap is not an error: a bot that never finishes says nothing about the engine, so the
run reports how often it happened (a rate, with its seeds) as one warning.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pipeline.content.database import BASE_PACK, MODE_SEPARATOR, Database
from pipeline.findings import Finding, Severity, error, warning

from .engine import Bot, State
from .spec import EngineSpec

# A never-used entity is only suspicious when the run saw its collection often: warn when the games'
# distinct sightings in that collection add up to at least this many per entity (uniform draws would
# then miss one entity with probability about e^-8, i.e. practically never).
UNUSED_MIN_SIGHTINGS_PER_ENTITY = 8
# An entity the smoke run never used may only be rare, and which rare one a short run misses changes with
# any content edit that moves the random draws. So before one is reported, more seeded games (the seeds
# continue) are played, up to this many per player count, stopping once every candidate was used: a card
# that some bot uses in 1 game of 40 at any count goes unseen then with probability 0.975^(40 x counts),
# under 1 % at three or more player counts.
COVERAGE_GAMES_PER_COUNT = 40
SEEDS_SHOWN = 5  # seeds a turn-cap line names; the JSON report lists them all


@dataclass(frozen=True)
class GameError:
    """A game that failed: a crash or a broken invariant; `seed` reproduces it."""

    code: str  # SIM-CRASH, SIM-INVARIANT
    seed: int
    message: str


@dataclass
class SimulationReport:
    game: str
    players: int
    bot: str
    seed: int
    games: int
    completed: int = 0
    errors: list[GameError] = field(default_factory=list)
    capped: list[int] = field(default_factory=list)  # seeds of the games stopped at the turn cap
    turns: list[int] = field(default_factory=list)
    wins_by_faction: Counter[str] = field(default_factory=Counter)
    wins_by_seat: Counter[int] = field(default_factory=Counter)
    # A cooperative game's team result (won or lost together: no winning seat), by the outcome's score.
    team_results: Counter[str] = field(default_factory=Counter)
    coverage: dict[str, set[str]] = field(default_factory=dict)
    sightings: Counter[str] = field(default_factory=Counter)  # per collection: distinct ids seen, summed over games
    totals: dict[str, int] = field(default_factory=dict)  # per collection: entities in the content
    selection: tuple[str, ...] = ()  # the packs and modes played (Database.packs), for the reproduce hint

    def turn_figures(self) -> dict[str, float]:
        if not self.turns:
            return {"mean": 0.0, "median": 0.0, "max": 0.0}
        turns = self.turns
        return {"mean": statistics.fmean(turns), "median": float(statistics.median(turns)), "max": float(max(turns))}

    @property
    def turn_cap_rate(self) -> float:
        """The share of the games that stopped at the turn cap without a result."""
        return len(self.capped) / self.games if self.games else 0.0

    def turn_cap_line(self) -> str:
        """How many games hit the turn cap, e.g. "7/20 games (35 %), seeds 2, 4, 8"."""
        seeds = ", ".join(map(str, self.capped[:SEEDS_SHOWN])) + (" …" if len(self.capped) > SEEDS_SHOWN else "")
        return f"{len(self.capped)}/{self.games} games ({self.turn_cap_rate:.0%})" + (f", seeds {seeds}" if seeds else "")

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready summary (the `stats` and `coverage` of `pnp simulate --format json`)."""
        return {
            "game": self.game,
            "players": self.players,
            "bot": self.bot,
            "seed": self.seed,
            "games": self.games,
            "completed": self.completed,
            "errors": [{"code": e.code, "seed": e.seed, "message": e.message} for e in self.errors],
            "turn_cap": {"games": len(self.capped), "rate": round(self.turn_cap_rate, 4), "seeds": list(self.capped)},
            "turns": {k: round(v, 2) for k, v in self.turn_figures().items()},
            "wins_by_faction": dict(sorted(self.wins_by_faction.items())),
            "wins_by_seat": {str(k): v for k, v in sorted(self.wins_by_seat.items())},
            **({"team_results": dict(sorted(self.team_results.items()))} if self.team_results else {}),
            "coverage": {
                name: {"used": len(ids), "total": self.totals.get(name, len(ids))} for name, ids in sorted(self.coverage.items())
            },
        }

    def findings(self, where: str) -> list[Finding]:
        """Errors for crashes and broken invariants, and one SIM-TURN-CAP warning with the rate of unfinished
        games, located at `where` (e.g. the manifest)."""
        out = []
        for e in self.errors:
            message = f"{self.game}, {self.players} player(s), bot {self.bot}, seed {e.seed}: {e.message}"
            out.append(error(e.code, message, where, hint=self._reproduce(e.seed)))
        if self.capped:
            message = f"{self.game}, {self.players} player(s), bot {self.bot}: {self.turn_cap_line()} hit the turn cap"
            out.append(warning("SIM-TURN-CAP", message, where, hint=self._reproduce(self.capped[0])))
        return out

    def _reproduce(self, seed: int) -> str:
        command = f"pnp simulate --game {self.game} --players {self.players} --games 1 --seed {seed} --bot {self.bot}"
        # A mode is selected as `<pack>/<mode>` (Database.packs): `--mode`, after its pack's `--pack`.
        options = "".join(f" --mode {entry.partition(MODE_SEPARATOR)[2]}" if MODE_SEPARATOR in entry else f" --pack {entry}"
                          for entry in self.selection)
        return f"reproduce with: {command}{options}"

    def merge(self, other: SimulationReport) -> None:
        """Fold another run's coverage into this one (smoke runs over several player counts)."""
        for name, ids in other.coverage.items():
            self.coverage.setdefault(name, set()).update(ids)
        self.sightings.update(other.sightings)
        self.totals.update(other.totals)


def play_game(state: State, bot: Bot, check_invariants: bool = True) -> str | None:
    """Play one game to its end; the first broken invariant, as a message, or None."""
    while not state.is_terminal():
        state.apply(bot.choose(state, state.legal_actions()))
        if check_invariants:
            broken = state.invariant_violations()
            if broken:
                return "; ".join(broken)
    return None


def run_simulation(
    engine: EngineSpec, game_id: str, db: Database, players: int, games: int, seed: int, bot: str,
    check_invariants: bool = True, tables: Any = None,
) -> SimulationReport:
    """Play `games` seeded games (game i: seed + i) with one bot in every seat; `tables` are the engine's
    content tables when the caller already built them."""
    factory = engine.bots()[bot]
    tables = engine.tables(db) if tables is None else tables
    report = SimulationReport(game_id, players, bot, seed, games, selection=db.packs)
    for i in range(games):
        game_seed = seed + i
        try:
            state = engine.new_game(tables, players, game_seed, None)
            broken = play_game(state, factory(game_seed), check_invariants)
        except Exception as exc:  # A crash is a bug in the engine or content: report it with its seed.
            report.errors.append(GameError("SIM-CRASH", game_seed, f"{type(exc).__name__}: {exc}"))
            continue
        if broken is not None:
            report.errors.append(GameError("SIM-INVARIANT", game_seed, f"invariant broken: {broken}"))
            continue
        _record(report, state, game_seed)
    for name in report.coverage:
        if name in db.collections or name not in report.totals:
            report.totals[name] = len(db.shown_keys(name))
    return report


def _record(report: SimulationReport, state: State, game_seed: int) -> None:
    outcome = state.result()
    assert outcome is not None, "a terminal state has an outcome"
    if outcome.is_failure:
        report.capped.append(game_seed)
        return
    report.completed += 1
    report.turns.append(int(outcome.turns))
    if outcome.winner is not None:
        report.wins_by_seat[int(outcome.winner)] += 1
        report.wins_by_faction[outcome.faction or "?"] += 1
    elif outcome.score is not None:
        report.team_results[outcome.score] += 1
    for name, ids in state.coverage().items():
        report.coverage.setdefault(name, set()).update(ids)
        report.sightings[name] += len(ids)
    # Collections the database does not index (e.g. story cards inside story files) name their size.
    for name, size in state.coverage_totals().items():
        report.totals.setdefault(name, size)


def unused_findings(report: SimulationReport, db: Database, collections: Iterable[str] | None = None,
                    out_of_play: Mapping[str, frozenset[str]] | None = None) -> list[Finding]:
    """SIM-UNUSED warnings for entities no game used, where the run was large enough to mean something."""
    out = []
    for name in sorted(collections if collections is not None else report.coverage):
        excluded = (out_of_play or {}).get(name, frozenset())
        # The base's and the selected packs' entities, less those no rule of this selection brings into play.
        universe = [key for key in db.shown_keys(name) if key not in excluded]
        if not universe or report.sightings[name] < UNUSED_MIN_SIGHTINGS_PER_ENTITY * len(universe):
            continue
        used = report.coverage.get(name, set())
        for key in universe:
            # With packs selected, the base's entities are judged by the base's own run: a pack's characters
            # take seats from the witchers, so a rare base card is seen less often without being any less reachable.
            if key not in used and not (db.packs and db.pack_of(db.collections[name][key]) == BASE_PACK):
                src = db.where(name, key)
                message = f"{name} {key!r} was never used in {report.games} simulated game(s) per player count"
                hint = "check that the rules can reach it"
                out.append(warning("SIM-UNUSED", message, src.file, src.line, src.column, hint=hint))
    return out


# Runs of one smoke round: each (players, games, seed) played with the smoke run's bot, the reports in the same order.
RoundPlayer = Callable[[Sequence[tuple[int, int, int]]], list[SimulationReport]]


def smoke_run(
    engine: EngineSpec, game_id: str, db: Database, seed: int = 1, games_per_count: int = 10, bot: str = "greedy",
    play_round: RoundPlayer | None = None, tables: Any = None,
) -> tuple[list[Finding], dict[str, set[str]]]:
    """The `pnp check` run: seeded games at every player count; errors plus SIM-UNUSED warnings, and coverage.

    Each round plays every player count; `play_round` may play a round's counts side by side (the default
    plays them one after the other here). The findings do not depend on how a round was played. `tables` are
    the engine's content tables when the caller already built them."""
    counts = engine.player_counts(db)
    tables = engine.tables(db) if tables is None else tables

    def in_turn(runs: Sequence[tuple[int, int, int]]) -> list[SimulationReport]:
        return [run_simulation(engine, game_id, db, players, games, first, bot, tables=tables) for players, games, first in runs]

    play = play_round or in_turn
    where = str(db.root)
    manifest = db.records("game")
    if manifest:
        where = manifest[0].where().file
    findings: list[Finding] = []
    total = SimulationReport(game_id, 0, bot, seed, games_per_count)
    for report in play([(players, games_per_count, seed) for players in counts]):
        findings.extend(report.findings(where))
        total.merge(report)
    played = games_per_count
    out_of_play = engine.out_of_play(db) if engine.out_of_play else None
    while played < COVERAGE_GAMES_PER_COUNT and unused_findings(total, db, out_of_play=out_of_play):
        batch = min(max(games_per_count, 10), COVERAGE_GAMES_PER_COUNT - played)
        for more in play([(players, batch, seed + played) for players in counts]):
            # Only coverage and failures count from these games: the turn-cap rate is the smoke run's own.
            findings.extend(f for f in more.findings(where) if f.severity is Severity.ERROR)
            total.merge(more)
        played += batch
    total.games = played
    findings.extend(unused_findings(total, db, out_of_play=out_of_play))
    return findings, total.coverage
