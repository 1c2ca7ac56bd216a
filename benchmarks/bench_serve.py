"""`pnp serve` in Chromium: seconds from saving a card's YAML to its new image in the open card page, the Old World
gallery's first screen, and the server's memory over many edits.

Starts `pnp serve --game old-world --locale en` on a temporary copy of the content and waits for its first round.
Then, in Chromium (the distribution's, /usr/bin/chromium, driven by Playwright; PNP_CHROMIUM names another):
- the gallery (766 faces): seconds from asking for the page to every image of the first screen drawn (the rest
  load as the page scrolls);
- the card page of Jab open, its English name edited in cards/market.yaml N times (alternating two names): seconds
  from each save to the new front image drawn in the page, which swaps it in without a reload (aim < 1.5 s);
- memory: the server's resident set (VmRSS, its pool workers apart) after the timed edits, then after M more edits,
  each waited for by its round's line (issue 43: no growth beyond the first rounds).
Figures from a loaded machine say little; each row gives the machine's load.
Usage: .venv/bin/python benchmarks/bench_serve.py [--edits N] [--memory-edits M] [--jobs N]
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import signal
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from harness import PNP, REPO, machine, table

CHROMIUM = os.environ.get("PNP_CHROMIUM", "/usr/bin/chromium")
ROUND = re.compile(r"^serve old-world: ", re.MULTILINE)  # the line pnp serve prints after each round
TIMEOUT = 600.0


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def wait_rounds(log: Path, count: int, server: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + TIMEOUT
    while len(ROUND.findall(log.read_text())) < count:
        if server.poll() is not None or time.monotonic() > deadline:
            raise SystemExit(f"pnp serve ended or stalled:\n{log.read_text()[-2000:]}")
        time.sleep(0.05)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--edits", type=int, default=5)
    parser.add_argument("--memory-edits", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=min(4, os.cpu_count() or 1))
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    print(machine())
    with tempfile.TemporaryDirectory(prefix="pnp-bench-serve-") as tmp:
        folder = Path(tmp)
        shutil.copytree(REPO / "content" / "old-world", folder / "content" / "old-world")
        market = folder / "content" / "old-world" / "cards" / "market.yaml"
        log = folder / "serve.log"
        argv = [PNP, "serve", "--game", "old-world", "--locale", "en", "--port", "0", "--jobs", str(args.jobs),
                "--content", str(folder / "content"), "--layouts", str(REPO / "pipeline" / "layouts"),
                "--out", str(folder / "out"), "--cache-dir", str(folder / "cache")]
        with log.open("w") as sink:
            server = subprocess.Popen(argv, cwd=folder, stdout=sink, stderr=subprocess.STDOUT)
        try:
            started = time.perf_counter()
            wait_rounds(log, 1, server)
            first_round = time.perf_counter() - started
            url = re.search(r"serving on (\S+)", log.read_text())[1]  # type: ignore[index]
            rows = [("first round (build and check)", 1, f"{first_round:.2f}", "", "")]
            with sync_playwright() as driver:
                browser = driver.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
                page = browser.new_page(viewport={"width": 1400, "height": 900}, bypass_csp=True)  # its waits evaluate script
                begun = time.perf_counter()
                page.goto(url)
                page.wait_for_function("[...document.querySelectorAll('.tile img')].filter(i => i.offsetParent && "
                                       "i.getBoundingClientRect().top < innerHeight).every(i => i.complete && i.naturalWidth)",
                                       timeout=TIMEOUT * 1000)
                first_screen = time.perf_counter() - begun
                faces = page.locator(".tile[data-key]").count()
                rows.append((f"gallery: first screen drawn ({faces} cards)", 1, f"{first_screen:.2f}", "", ""))
                jab = page.get_attribute(".tile[data-key$='/jab']", "href")
                page.goto(url + jab)
                seconds = []
                for index in range(args.edits):
                    old, new = ("    name: Jab\n", "    name: Quick Jab\n") if index % 2 == 0 else \
                        ("    name: Quick Jab\n", "    name: Jab\n")
                    before = page.get_attribute(".face img[data-side='front']", "src")
                    text = market.read_text(encoding="utf-8").replace(old, new, 1)
                    saved = time.perf_counter()
                    market.write_text(text, encoding="utf-8")
                    page.wait_for_function(
                        "before => { const i = document.querySelector(\".face img[data-side='front']\");"
                        " return i && i.getAttribute('src') !== before && i.complete && i.naturalWidth; }",
                        arg=before, timeout=TIMEOUT * 1000)
                    seconds.append(time.perf_counter() - saved)
                    wait_rounds(log, index + 2, server)
                rows.append(("save -> new image in the card page", len(seconds), f"{statistics.median(seconds):.2f}",
                             f"{min(seconds):.2f}", f"{max(seconds):.2f}"))
                settled = rss_mb(server.pid)
                for index in range(args.memory_edits):
                    old, new = ("    name: Jab\n", "    name: Quick Jab\n") if (args.edits + index) % 2 == 0 else \
                        ("    name: Quick Jab\n", "    name: Jab\n")
                    market.write_text(market.read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8")
                    wait_rounds(log, args.edits + index + 2, server)
                browser.close()
            after = rss_mb(server.pid)
            rows.append((f"server memory after {args.edits} edits -> after {args.memory_edits} more (MB)",
                         args.memory_edits, f"{settled:.0f} -> {after:.0f}", "", ""))
        finally:
            server.send_signal(signal.SIGINT)
            try:
                server.wait(60)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
    print(table(["pnp serve (old-world en)", "n", "median (s) / value", "fastest (s)", "slowest (s)"], rows))
    print(machine())


if __name__ == "__main__":
    main()
