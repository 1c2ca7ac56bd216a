"""`simulate` as a function: seeded bot games of one game, and the report of what happened."""

from __future__ import annotations

from pathlib import Path

from pipeline.findings import Report
from pipeline.rules.simulation import SimulationReport, run_simulation
from pipeline.rules.spec import GameSpec
from pipeline.rules.transcript import record

from .project import UsageError, require_packs


def simulate(
    game: GameSpec, root: Path, players: int, games: int, seed: int, bot: str, trace: Path | None = None,
    packs: tuple[str, ...] = (),
    check_invariants: bool = True,
    modes: tuple[str, ...] = (),
) -> tuple[Report, SimulationReport | None]:
    """Play seeded games (game i: seed + i). Content with errors is not played: (its report, None).
    With `trace`, the transcript of the first game (seed `seed`) is written there (`pnp replay` plays it).
    Without `check_invariants` (`--fast`) no step is checked against the invariants: only crashes fail a game.

    The report holds an error per failed game (crash, broken invariant) with the seed that reproduces
    it, and one warning with the rate of games stopped at the turn cap (a bot that never finishes is
    not an engine fault); `report.extra["simulation"]` the figures. `packs` selects expansions besides the
    base: an undeclared one is a UsageError, a combination the game's checks reject is not played; `modes`
    the modes of a pack that has them (`--mode`).
    """
    engine = game.engine
    if engine is None:
        raise UsageError(f"{game.id} has no rules engine to simulate")
    known = sorted(engine.bots())
    if bot not in known:
        raise UsageError(f"{game.id} has no bot {bot!r}; its bots: {', '.join(known)}")
    packs = require_packs([game], root, packs, modes)
    db, findings = game.load(root, packs)
    if packs:  # the selection's own findings (an incompatible combination, a pack without content)
        findings = findings + game.checks(db, True)
    report = Report(findings)
    if not report.ok:
        return report, None
    counts = engine.player_counts(db)
    if players not in counts:
        raise UsageError(f"{game.id} supports {', '.join(map(str, counts))} players, not {players}")
    if trace is not None:
        try:
            trace.write_text(record(game, db, players, seed, bot), encoding="utf-8")
        except OSError as exc:
            raise UsageError(f"cannot write the transcript {trace}: {exc.strerror}") from None
    sim = run_simulation(engine, game.id, db, players, games, seed, bot, check_invariants=check_invariants)
    report.extend(sim.findings(str(game.content_dir(root) / "game.yaml")))
    report.extra["simulation"] = sim.to_dict()
    return report, sim
