"""Simulated Old World games per second per core, per bot, with the per-step invariant check on and off,
through `run_simulation` (what `pnp simulate`, `pnp simulate --fast` and `pnp check`'s smoke run play).

A figure is games per CPU second of this process (`time.process_time`), the best of `--repeat` runs: one
core's throughput, which other processes on a shared machine disturb far less than wall time (they still
slow it through shared caches, so compare figures taken under similar load; the load is printed).
The issue's aim: 500 random and 1,000 greedy games/s per core.

It also prints the decisions a game asks for (the actions the bots choose, counted in an untimed pass over the
same seeds) and the CPU time per decision: what the aim leaves for offering the legal actions, choosing one and
playing it (e.g. at ~1,000 decisions a random game, 500 games/s leaves 2 us per decision), and the CPU time of
one part of offering a Phase I decision: listing the witcher's moves.

Usage: .venv/bin/python benchmarks/bench_engine.py [--games N] [--players 1,2,3,4,5] [--repeat R] [--no-commands]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from harness import code_env, machine, table

from pipeline.games import find_game
from pipeline.rules.simulation import play_game, run_simulation

ROOT = Path(__file__).resolve().parents[1]
BOTS = ("random", "greedy")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20, help="games per player count")
    parser.add_argument("--players", default="1,2,3,4,5")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure; the fastest counts")
    parser.add_argument("--no-commands", action="store_true", help="skip timing the real `pnp simulate` and `pnp check`")
    args = parser.parse_args()
    game = find_game("old-world")
    assert game.engine is not None
    db, _ = game.load(ROOT / "content")
    tables = game.engine.tables(db)
    counts = [int(x) for x in args.players.split(",")]
    rows = []
    for bot in BOTS:
        steps = decisions(game.engine, tables, counts, args.games, args.seed, bot)
        for invariants in (True, False):
            best_cpu = best_wall = float("inf")
            turns: list[int] = []
            for _ in range(args.repeat):
                cpu, wall = time.process_time(), time.perf_counter()
                turns = []
                for players in counts:
                    report = run_simulation(game.engine, game.id, db, players, args.games, args.seed, bot,
                                            check_invariants=invariants, tables=tables)
                    assert not report.errors, report.errors[0]
                    turns += report.turns
                best_cpu = min(best_cpu, time.process_time() - cpu)
                best_wall = min(best_wall, time.perf_counter() - wall)
            played = args.games * len(counts)
            rows.append((bot, "on" if invariants else "off", f"{played / best_cpu:.1f}", f"{played / best_wall:.1f}",
                         f"{statistics.fmean(turns):.1f}" if turns else "-", f"{steps / played:.0f}",
                         f"{best_cpu / steps * 1e6:.1f}"))
    print(f"Old World, {args.games} games per player count ({args.players}), seeds {args.seed}..{args.seed + args.games - 1}, "
          f"best of {args.repeat}; {machine()}")
    print(table(("bot", "invariants", "games/s per core (CPU)", "games/s (wall)", "turns/game", "decisions/game",
                 "CPU us/decision"), rows))
    listing = move_listing_seconds(game.engine, tables, args.games, args.seed)
    print(f"Listing the moves of one witcher in Phase I (engine/turn.py: move_options, memoised per hand), at every Phase I "
          f"decision of the random bot's 3-player games: {listing * 1e6:.2f} us CPU per call")
    if args.no_commands:
        return
    # The real commands, start-up included.
    command = ["simulate", "--game", "old-world", "--players", "3", "--games", str(args.games), "--bot", "random"]
    seconds = timed(command)
    print(f"pnp {' '.join(command)}: {seconds:.2f}s ({args.games / seconds:.1f} games/s with start-up)")
    print(f"pnp check: {timed(['check']):.2f}s (validate, consistency, smoke run at 1-5 players unless replayed from "
          f".pnp-cache, translations, text fit; bench_check.py times it cold, warm and unchanged)")


def decisions(engine: Any, tables: Any, counts: list[int], games: int, seed: int, bot: str) -> int:
    """The decisions (actions applied) of the same seeded games, played once more untimed."""
    factory = engine.bots()[bot]
    total = 0
    for players in counts:
        for game_seed in range(seed, seed + games):
            state = engine.new_game(tables, players, game_seed, None)
            play_game(state, factory(game_seed), check_invariants=False)
            total += state.steps
    return total


def move_listing_seconds(engine: Any, tables: Any, games: int, seed: int, calls: int = 5) -> float:
    """CPU seconds of one `move_options` call (one part of offering a Phase I decision's legal actions), timed on the
    states of real games: at each Phase I decision it is called `calls` times more before the bot chooses."""
    from pipeline.games.old_world.engine.turn import move_options

    factory = engine.bots()["random"]
    spent, made = 0.0, 0
    for game_seed in range(seed, seed + games):
        state, bot = engine.new_game(tables, 3, game_seed, None), factory(game_seed)
        while not state.is_terminal():
            decision = state.decision
            if decision.kind == "phase-1":
                player = state.players[decision.player]
                started = time.process_time()
                for _ in range(calls):
                    move_options(state, player)
                spent += time.process_time() - started
                made += calls
            state.apply(bot.choose(state, state.legal_actions()))
    return spent / made


def timed(command: list[str]) -> float:
    """Wall time of one real `pnp` command; a failing command stops the benchmark."""
    start = time.perf_counter()
    done = subprocess.run([str(Path(sys.executable).parent / "pnp"), *command], cwd=ROOT, capture_output=True, text=True,
                          env=code_env(None))
    if done.returncode != 0:
        sys.exit(f"pnp {' '.join(command)} exited {done.returncode}:\n{done.stdout[-2000:]}")
    return time.perf_counter() - start


if __name__ == "__main__":
    main()
