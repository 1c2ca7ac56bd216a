"""`pnp watch`: rebuilds what an edit touched, and Ctrl-C ends it with exit 130 and no worker left."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from pipeline.app.watch import touched_games
from pipeline.games import find_game
from pipeline.production.targets import BuildOptions
from tests.conftest import PROCESSES, default_sigint

from .conftest import REPO

TIMEOUT = 600  # seconds: generous, the machine may be loaded; nothing here asserts on time


def children_of(pid: int) -> set[int]:
    """The live child processes of `pid` (from /proc)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.add(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@PROCESSES
def test_an_edit_is_rebuilt_and_ctrl_c_exits_130_with_no_worker_left(tmp_path: Path) -> None:
    content = tmp_path / "content"
    shutil.copytree(REPO / "tests" / "fixtures" / "old-world", content / "old-world")
    out = tmp_path / "out"
    argv = [sys.executable, "-c", "from pipeline.cli import main; main()", "watch", "--content", str(content), "--layouts", str(REPO / "pipeline" / "layouts"),
            "--out", str(out), "--cache-dir", str(tmp_path / "cache"), "--jobs", "2"]
    log = (tmp_path / "log").open("w+")
    watcher = subprocess.Popen(argv, stdout=log, stderr=subprocess.STDOUT, cwd=tmp_path, preexec_fn=default_sigint)
    one_up = out / "old-world" / "en" / "cards-1up.pdf"
    seen: set[int] = set()

    def wait_for(ready: Callable[[], bool], what: str) -> None:
        deadline = time.monotonic() + TIMEOUT
        while not ready():
            assert watcher.poll() is None, f"watch ended early: {(tmp_path / 'log').read_text()}"
            assert time.monotonic() < deadline, f"no {what} within {TIMEOUT}s: {(tmp_path / 'log').read_text()}"
            seen.update(children_of(watcher.pid))
            time.sleep(0.2)

    market = content / "old-world" / "cards" / "market.yaml"

    def rename(old: str, new: str) -> None:
        market.write_text(market.read_text(encoding="utf-8").replace(f"    name: {old}\n", f"    name: {new}\n", 1),
                          encoding="utf-8")

    def rounds_done() -> int:  # the line each round ends with, once the next saved edit is certain to be seen
        return (tmp_path / "log").read_text().count("Ctrl-C stops")

    try:
        # The build makes the output folder after reading the content: an edit saved from then on is one
        # the first round did not see, which the watch (watching before its first round) rebuilds next.
        wait_for(lambda: (out / "old-world").is_dir(), "first build")
        rename("Jab", "Quick Jab")
        wait_for(lambda: rounds_done() >= 2, "round after the edit saved during the first")
        before = one_up.stat().st_mtime_ns
        rename("Push", "Hard Push")
        wait_for(lambda: one_up.stat().st_mtime_ns != before, "rebuilt cards-1up.pdf")
        os.kill(watcher.pid, signal.SIGINT)
        assert watcher.wait(TIMEOUT) == 130
    finally:
        if watcher.poll() is None:
            watcher.kill()
            watcher.wait()
    assert "Quick Jab" in _text(one_up) and "Hard Push" in _text(one_up)
    assert seen, "the builds ran in worker processes (--jobs 2)"
    assert not [pid for pid in seen if alive(pid)], "a worker outlived pnp watch"


def _text(path: Path) -> str:
    import pypdf

    return "\n".join(page.extract_text() for page in pypdf.PdfReader(path).pages)


def test_an_edit_touches_its_game_and_a_layout_every_game(tmp_path: Path) -> None:
    games = [find_game("old-world"), find_game("path-of-destiny")]
    options = BuildOptions(tmp_path / "out", tmp_path / "content", tmp_path / "layouts", tmp_path / "cache")
    card = tmp_path / "content" / "old-world" / "cards" / "market.yaml"
    assert [g.id for g in touched_games({card}, games, options)] == ["old-world"]
    assert touched_games({card.with_name(".market.yaml.1.x.pnp-tmp")}, games, options) == []
    assert touched_games({tmp_path / "elsewhere.yaml"}, games, options) == []
    layout = tmp_path / "layouts" / "base.yaml"
    assert [g.id for g in touched_games({layout, card}, games, options)] == ["old-world", "path-of-destiny"]


def test_a_rounds_files_are_those_a_cold_build_writes_and_what_it_loaded_is_kept(tmp_path: Path,
                                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    import pipeline.app.check as check_module
    import pipeline.render.layouts as layouts_module
    from pipeline.app.build import build
    from pipeline.app.watch import Round, watch

    content = tmp_path / "content"
    shutil.copytree(REPO / "tests" / "fixtures" / "old-world", content / "old-world")
    market = content / "old-world" / "cards" / "market.yaml"
    game = find_game("old-world", content)
    options = BuildOptions(tmp_path / "watched", content, REPO / "pipeline" / "layouts", tmp_path / "cache")
    parsed: list[Path] = []
    parse = layouts_module.load_layouts
    monkeypatch.setattr(layouts_module, "load_layouts", lambda folder, *args: parsed.append(folder) or parse(folder, *args))
    monkeypatch.setattr(check_module, "_load_layouts", parse)  # the check's own load of each round: not counted

    def edits() -> Iterator[set[Path]]:
        yield set()  # watching
        for old, new in (("Jab", "Quick Jab"), ("Push", "Hard Push")):
            market.write_text(market.read_text(encoding="utf-8").replace(f"    name: {old}\n", f"    name: {new}\n", 1),
                              encoding="utf-8")
            yield {market}

    rounds: list[Round] = []
    watch([game], options, ["en"], 1, rounds.append, lambda: None, edits())
    assert len(rounds) == 3 and all(r.result is not None and not r.problem for r in rounds)
    cards = [next(rec for rec in r.result.records if rec.target == "cards") for r in rounds if r.result is not None]
    assert [rec.extra["redrawn"] for rec in cards[1:]] == [["market/jab"], ["market/push"]], "only the edited face drawn"
    assert parsed.count(options.layouts_dir) == 1, "the build parses the layouts once for the whole watch"

    cold = replace(options, out_dir=tmp_path / "cold", cache_dir=tmp_path / "cold-cache")
    build([game], cold, ["en"], jobs=1, show_progress=False)
    written = sorted(p.relative_to(options.out_dir) for p in (options.out_dir / "old-world" / "en").rglob("*") if p.is_file())
    assert written == sorted(p.relative_to(cold.out_dir) for p in (cold.out_dir / "old-world" / "en").rglob("*") if p.is_file())
    for relative in written:
        watched, fresh = options.out_dir / relative, cold.out_dir / relative
        if relative.suffix == ".png":  # a TTS sheet: its pixels (its deflate stream was once seen a few bytes apart)
            assert _pixels(watched) == _pixels(fresh), relative
        else:
            assert watched.read_bytes() == fresh.read_bytes(), relative


def _pixels(path: Path) -> tuple[tuple[int, int], str, bytes]:
    from PIL import Image

    with Image.open(path) as image:
        return image.size, image.mode, image.tobytes()


def test_a_round_writes_first_the_cards_it_changed_and_a_round_that_changed_none_leaves_no_such_file(tmp_path: Path) -> None:
    # cards-changed.pdf: the page a designer waits for after saving. It shows the edited card alone (front and back),
    # and never an earlier round's edit; a plain build writes none.
    import gc

    import pypdf

    from pipeline.app.watch import Round, watch
    from pipeline.production.targets import CHANGED_FILE

    content = tmp_path / "content"
    shutil.copytree(REPO / "tests" / "fixtures" / "old-world", content / "old-world")
    market = content / "old-world" / "cards" / "market.yaml"
    game = find_game("old-world", content)
    options = BuildOptions(tmp_path / "watched", content, REPO / "pipeline" / "layouts", tmp_path / "cache", changed_file=True)
    shown = options.out_dir / "old-world" / "en" / CHANGED_FILE
    seen: list[tuple[list[str], int, str]] = []  # each round's changed cards, and the pages and text of the file then
    freezes: list[int] = []

    def show(done: Round) -> None:
        assert done.result is not None and not done.problem
        cards = next(record for record in done.result.records if record.target == "cards")
        pages = pypdf.PdfReader(shown).pages if shown.exists() else []
        seen.append((cards.extra.get("changed", {}).get("cards", []) if not cards.cached else [], len(pages),
                     "\n".join(page.extract_text() for page in pages)))
        freezes.append(gc.get_freeze_count())  # after the round's targets ran in this process (--jobs 1)

    def edits() -> Iterator[set[Path]]:
        yield set()
        market.write_text(market.read_text(encoding="utf-8").replace("    name: Jab\n", "    name: Quick Jab\n", 1),
                          encoding="utf-8")
        yield {market}
        market.write_text("# a comment changes no card\n" + market.read_text(encoding="utf-8"), encoding="utf-8")
        yield {market}

    frozen = gc.get_freeze_count()
    watch([game], options, ["en"], 1, show, lambda: None, edits())
    assert gc.get_freeze_count() == frozen, "the watch gives its frozen heap back to the collector"
    assert all(count > frozen for count in freezes[1:]), "a target run inside a round keeps the heap the watch froze"
    first, edited, commented = seen
    assert first == ([], 0, ""), "the first build prints every card: no file of changed cards"
    assert edited[:2] == (["market/jab"], 2) and "Quick Jab" in edited[2]  # its front and its back
    assert commented == ([], 0, ""), "a round that printed no card differently leaves no file from the round before"
    # The same edit in a plain build: no such file.
    plain = replace(options, out_dir=tmp_path / "plain", cache_dir=tmp_path / "plain-cache", changed_file=False)
    from pipeline.app.build import build

    build([game], plain, ["en"], jobs=1, show_progress=False)
    assert not (plain.out_dir / "old-world" / "en" / CHANGED_FILE).exists()
