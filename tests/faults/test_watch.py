"""`pnp watch` keeps seeing edits once its content folder is replaced (a branch checkout, `mv new content`): the
watcher re-arms on the new folder, and the replacement itself touches every game."""

from __future__ import annotations

import queue
import shutil
import threading
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from pipeline.app.watch import file_changes


def _batches(options: Any) -> queue.Queue[set[Path]]:
    found: queue.Queue[set[Path]] = queue.Queue()

    def run() -> None:
        for batch in file_changes(options):
            found.put(batch)

    threading.Thread(target=run, daemon=True).start()  # the watcher blocks between batches: a daemon thread
    return found


def _seen(found: queue.Queue[set[Path]], wanted: Path, seconds: float = 20) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            batch = found.get(timeout=0.5)
        except queue.Empty:
            continue
        if any(path.resolve() == wanted.resolve() for path in batch):
            return True
    return False


def test_an_edit_in_a_replaced_content_folder_is_seen(tmp_path: Path) -> None:
    content, layouts = tmp_path / "content", tmp_path / "layouts"
    (content / "game").mkdir(parents=True)
    layouts.mkdir()
    (content / "game" / "cards.yaml").write_text("one\n", encoding="utf-8")
    found = _batches(SimpleNamespace(content_root=content, layouts_dir=layouts))
    found.get(timeout=30)  # watching
    (content / "game" / "cards.yaml").write_text("two\n", encoding="utf-8")
    assert _seen(found, content / "game" / "cards.yaml")

    replacement = tmp_path / "new"
    shutil.copytree(content, replacement)
    shutil.rmtree(content)
    replacement.rename(content)
    assert _seen(found, content)  # the replacement itself: every game is rebuilt
    time.sleep(0.5)
    (content / "game" / "cards.yaml").write_text("three\n", encoding="utf-8")
    assert _seen(found, content / "game" / "cards.yaml")
