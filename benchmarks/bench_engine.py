"""Full simulated Old World games per second, per bot, through `run_simulation` (what `pnp simulate` runs).

Usage: .venv/bin/python benchmarks/bench_engine.py [--games N] [--players 1,2,3,4,5] [--no-invariants]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

from pipeline.games import find_game
from pipeline.rules.simulation import run_simulation

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--players", default="1,2,3,4,5")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-invariants", action="store_true", help="skip the per-step invariant check")
    args = parser.parse_args()
    game = find_game("old-world")
    assert game.engine is not None
    db, _ = game.load(ROOT / "content")
    counts = [int(x) for x in args.players.split(",")]
    for bot in ("random", "greedy"):
        total_games = total_turns = 0
        start = time.perf_counter()
        for players in counts:
            t0 = time.perf_counter()
            report = run_simulation(game.engine, game.id, db, players, args.games, args.seed, bot,
                                    check_invariants=not args.no_invariants)
            elapsed = time.perf_counter() - t0
            figures = report.turn_figures()
            print(
                f"{bot:7} {players}p: {args.games / elapsed:7.1f} games/s  "
                f"turns mean {figures['mean']:6.1f} max {figures['max']:5.0f}  errors {len(report.errors)}"
            )
            total_games += args.games
            total_turns += sum(report.turns)
        elapsed = time.perf_counter() - start
        print(f"{bot:7} all: {total_games / elapsed:7.1f} games/s, {total_turns / elapsed:8.0f} turns/s")
    # The real commands, start-up included.
    command = ["simulate", "--game", "old-world", "--players", "3", "--games", str(args.games), "--bot", "random"]
    seconds = timed(command)
    print(f"pnp {' '.join(command)}: {seconds:.2f}s ({args.games / seconds:.1f} games/s with start-up)")
    print(f"pnp check: {timed(['check']):.2f}s (validate, consistency, smoke run at 1-5 players unless replayed from "
          f".pnp-cache, translations, text fit; bench_check.py times it cold, warm and unchanged)")


def timed(command: list[str]) -> float:
    """Wall time of one real `pnp` command; a failing command stops the benchmark."""
    start = time.perf_counter()
    done = subprocess.run([str(Path(sys.executable).parent / "pnp"), *command], cwd=ROOT, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"pnp {' '.join(command)} exited {done.returncode}:\n{done.stdout[-2000:]}")
    return time.perf_counter() - start


if __name__ == "__main__":
    main()
