"""`pnp serve` and `pnp review --html` in a real browser: Chromium (the distribution's package, never a browser
Playwright downloads) driven by Playwright for Python, over a `pnp new` game.

The steps a designer takes, each with a screenshot kept in the folder the test prints (PNP_SCREENSHOTS, else a
temp folder): open the gallery, search a card, open it, see its finding outlined on the face, save a YAML edit
and see the card change without a reload, open the diff view, load the static review.

Without Chromium or Playwright the test is skipped, saying why; with PNP_BROWSER_TESTS=required (.ci/run sets it)
it fails instead.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.app.game_repo import GameRepo
from tests.serve.conftest import edit, serve_args

CHROMIUM = Path(os.environ.get("PNP_CHROMIUM", "/usr/bin/chromium"))
REQUIRED = os.environ.get("PNP_BROWSER_TESTS") == "required"
PNP = [sys.executable, "-m", "pipeline"]
WAIT_MS = 60_000  # a round on a loaded 2-core machine


def _browser_missing() -> str:
    try:
        import playwright  # noqa: F401
    except ImportError:
        return "Playwright for Python is not installed (pip install -e '.[test]')"
    if not CHROMIUM.is_file():
        return f"no Chromium at {CHROMIUM} (apt-get install chromium)"
    return ""


@pytest.fixture
def browser() -> Iterator[object]:
    missing = _browser_missing()
    if missing:
        if REQUIRED:
            pytest.fail(f"PNP_BROWSER_TESTS=required but {missing}")
        pytest.skip(missing)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    folder = Path(os.environ["PNP_SCREENSHOTS"]) if os.environ.get("PNP_SCREENSHOTS") else tmp_path / "screenshots"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    print(f"screenshots of the browser test in {folder}")
    return folder


@pytest.fixture
def server(demo_repo: GameRepo, tmp_path: Path) -> Iterator[str]:
    """`pnp serve --port 0` in the repository; its address once it listens."""
    log = tmp_path / "serve.log"
    with log.open("w") as err:
        process = subprocess.Popen([*PNP, "serve", "--port", "0", *serve_args(demo_repo, tmp_path / "out")],
                                   cwd=demo_repo.top, stdout=subprocess.DEVNULL, stderr=err)
    try:
        deadline = time.monotonic() + 60
        while not (found := re.search(r"serving on (http://\S+)", log.read_text())):
            assert process.poll() is None and time.monotonic() < deadline, log.read_text()
            time.sleep(0.1)
        yield found[1]
    finally:
        process.terminate()
        process.wait(10)


@pytest.mark.slow
def test_designer_window_in_chromium(browser: object, server: str, demo_repo: GameRepo, tmp_path: Path,
                                     shots: Path) -> None:
    page = browser.new_page(viewport={"width": 1200, "height": 900})  # type: ignore[attr-defined]

    # The gallery: every card once the first round is in, in the game's first locale.
    page.goto(server)
    page.wait_for_selector(".tile[data-key='demo/en/card/guard']", timeout=WAIT_MS)
    assert page.locator(".gallery .tile:visible").count() == 3  # scout, guard, healer in English
    page.screenshot(path=shots / "1-gallery.png", full_page=True)

    # Search by a word of the card's text: only the guard is left.
    page.fill("#search", "damage")
    assert page.locator(".gallery .tile:visible").count() == 1
    assert page.locator(".gallery .tile:visible").get_attribute("data-key") == "demo/en/card/guard"
    page.screenshot(path=shots / "2-search.png", full_page=True)

    # Its page: the overflowing title's box outlined on the front, the finding listed with its file and line.
    page.click(".gallery .tile:visible")
    page.wait_for_selector(".face .outline[data-code='FIT-OVERFLOW']")
    outline = page.locator(".face .outline").first.bounding_box()
    front = page.locator(".face img[data-side='front']").bounding_box()
    assert outline and front and outline["width"] > 0.4 * front["width"] and outline["y"] < front["y"] + front["height"] / 4
    assert "content/demo/cards.yaml:12" in page.inner_text(".card-findings")
    page.screenshot(path=shots / "3-card-with-finding.png", full_page=True)

    # A saved edit: the card changes in place (no reload: the marker set on this page survives), marked changed.
    page.evaluate("window.notReloaded = true")
    before = page.get_attribute(".face img[data-side='front']", "src")
    edit(demo_repo.content / "demo" / "cards.yaml", "    cost: 2\n", "    cost: 7\n")
    page.wait_for_selector("h2 .mark", timeout=WAIT_MS)
    assert page.evaluate("window.notReloaded") is True
    after = page.get_attribute(".face img[data-side='front']", "src")
    assert after != before
    page.wait_for_function("document.querySelector(\".face img[data-side='front']\").complete")
    page.screenshot(path=shots / "4-card-after-edit.png", full_page=True)

    # The diff view against the last commit: before, after and the changed pixels of the guard.
    page.goto(f"{server}diff.html?rev=HEAD")
    page.wait_for_selector(".comparison img", timeout=WAIT_MS)
    assert "demo [en]: changed card/guard (front)" in page.inner_text(".diff-lines")
    page.wait_for_function("[...document.querySelectorAll('.comparison img')].every(i => i.complete && i.naturalWidth)")
    page.screenshot(path=shots / "5-diff.png", full_page=True)

    # The static review of the same working tree: changed cards first, then the findings, then the gallery.
    site = tmp_path / "review"
    done = subprocess.run([*PNP, "review", "--html", str(site), "HEAD", *serve_args(demo_repo, tmp_path / "out-review")],
                          cwd=demo_repo.top, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr + done.stdout
    page.goto((site / "index.html").as_uri())
    headings = page.locator("main h2").all_inner_texts()
    assert headings[0].startswith("Changed cards since HEAD") and headings[1:] == ["Findings", "Cards"]
    page.wait_for_function("[...document.querySelectorAll('img')].filter(i => i.offsetParent && "
                           "i.getBoundingClientRect().top < innerHeight).every(i => i.complete && i.naturalWidth)")
    page.fill("#search", "guard")
    assert page.locator(".gallery .tile:visible").count() == 1
    page.screenshot(path=shots / "6-static-review.png", full_page=True)
