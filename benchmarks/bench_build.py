"""Time the real `pnp build --game old-world` in a temp folder: a full build, then a no-change rebuild.

Prints cards rendered per second (card instances placed in every written file: sheets, 1-up pages,
TTS sheets, tokens) and the no-change rebuild time. Aim: > 1,000 cards/s, rebuild < 1 s.
Usage: .venv/bin/python benchmarks/bench_build.py [--jobs N] [--target T]...
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PNP = Path(sys.executable).parent / "pnp"


def run(out: Path, cache: Path, extra: list[str]) -> tuple[float, dict]:
    argv = [str(PNP), "build", "--game", "old-world", "--out", str(out), "--cache-dir", str(cache), "--format", "json", *extra]
    started = time.perf_counter()
    result = subprocess.run(argv, cwd=REPO, capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - started
    if result.returncode not in (0, 1):
        sys.exit(f"pnp build failed ({result.returncode}): {result.stderr}")
    return seconds, json.loads(result.stdout)


def cards_placed(output: dict) -> int:
    report = json.loads(Path(output["reports"][0]).read_text(encoding="utf-8"))
    return sum(f["cards"] for target in report["targets"] for f in target["files"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--jobs", default="2")
    parser.add_argument("--target", action="append", default=[])
    args = parser.parse_args()
    extra = ["--jobs", args.jobs, *[f"--target={t}" for t in args.target]]
    folder = Path(tempfile.mkdtemp(prefix="pnp-bench-"))
    try:
        out, cache = folder / "out", folder / "cache"
        full, output = run(out, cache, extra)
        cards = cards_placed(output)
        again, second = run(out, cache, extra)
        hits = sum(1 for o in second["outputs"] if o["cached"])
        targets = ", ".join(sorted({o["target"] for o in output["outputs"]}))
        locales = ", ".join(sorted({o["locale"] for o in output["outputs"]}))
        print(f"targets: {targets}; locales: {locales}; jobs: {args.jobs}")
        print(f"full build:        {full:6.2f} s, {cards} cards placed -> {cards / full:7.0f} cards/s")
        print(f"no-change rebuild: {again:6.2f} s ({again / full:.1%} of the full build; "
              f"{hits}/{len(second['outputs'])} targets up to date)")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
