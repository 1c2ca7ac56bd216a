"""Times the real `pnp validate` on the shipped content and on a generated 10,000-card tree.

Run: .venv/bin/python benchmarks/bench_validate.py [--runs N]
Prints wall time (best of N, including interpreter start) and cards per second.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from harness import code_env

REPO = Path(__file__).resolve().parent.parent
PNP = [str(Path(sys.executable).parent / "pnp")]
COLORS = ["blue", "red", "green", "yellow", "purple"]
TERRAINS = ["forest", "mountain", "water", "wild"]


def generated_tree(root: Path, cards: int) -> Path:
    """The shipped tree with its market deck replaced by `cards` generated cards, 2,000 per file."""
    shutil.copytree(REPO / "content" / "old-world", root / "old-world")
    (root / "old-world" / "cards" / "market.yaml").unlink()
    for start in range(0, cards, 2000):
        path = root / "old-world" / "cards" / f"market-{start // 2000:02d}.yaml"
        path.write_text(card_file(range(start, min(start + 2000, cards))), encoding="utf-8")
    game = root / "old-world" / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("market_cards: 90", f"market_cards: {cards}"), encoding="utf-8")
    return root


def card_file(numbers: range) -> str:
    lines = ["# yaml-language-server: $schema=../../schema/old-world/action-cards.schema.json", "kind: action-cards", "cards:"]
    for i in numbers:
        lines += [
            f"  - id: bench-card-{i}",
            f"    name: Bench Card {i}",
            f"    color: {COLORS[i % 5]}",
            f"    terrain: {TERRAINS[i % 4]}",
            f"    cost: {i % 6}",
            f"    fight: {{damage: {i % 3}, shield: {i % 2}, effects: [{{type: draw-modifier, amount: 1}}]}}",
            f"    extensions: [{{colors: [{COLORS[(i + 1) % 5]}, {COLORS[(i + 2) % 5]}], damage: 1}}]",
        ]
    return "\n".join(lines) + "\n"


def best_time(args: list[str], runs: int) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        done = subprocess.run(PNP + args, cwd=REPO, capture_output=True, text=True, env=code_env(None))
        best = min(best, time.perf_counter() - start)
        if done.returncode != 0:
            sys.exit(f"pnp {' '.join(args)} failed:\n{done.stdout}\n{done.stderr}")
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--cards", type=int, default=10_000)
    options = parser.parse_args()

    shipped = best_time(["validate", "--game", "old-world"], options.runs)
    shipped_cards = 50 + 90
    print(f"shipped content   : {shipped:6.3f} s   ({shipped_cards / shipped:8.0f} cards/s, whole content tree)")
    startup = best_time(["--help"], options.runs)
    print(f"interpreter + CLI : {startup:6.3f} s   (pnp --help, included in every figure)")
    with tempfile.TemporaryDirectory() as tmp:
        root = generated_tree(Path(tmp) / "content", options.cards)
        big = best_time(["validate", "--game", "old-world", "--content", str(root)], options.runs)
        cards = options.cards + 50
        rate, bare = cards / big, cards / max(big - startup, 1e-9)
        print(f"{cards:,} cards      : {big:6.3f} s   ({rate:8.0f} cards/s; {bare:8.0f} cards/s without start-up)")


if __name__ == "__main__":
    main()
