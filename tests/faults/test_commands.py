"""The newer commands end in a finding or a usage error (exit 2) naming what is wrong: replay through the safe reader,
import keeping every character of a cell, i18n update refusing a catalog that is not UTF-8, balance's --scheduler
checked before it connects and its workers gone with it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline.app.balance import scheduler_address
from pipeline.app.project import UsageError
from pipeline.app.sheets import yaml_text
from pipeline.cli import app
from pipeline.content.yaml_loader import load_yaml_text
from tests.conftest import CONTENT, PROCESSES, line_of

runner = CliRunner()


@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_replay_refuses_a_fifo_or_a_device_before_reading(tmp_path: Path, kind: str) -> None:
    transcript = tmp_path / "run.txt"
    if kind == "fifo":
        os.mkfifo(transcript)  # the old reader waited for a writer forever
    else:
        transcript.symlink_to("/dev/zero")  # the old reader filled memory
    command = [sys.executable, "-c", "from pipeline.cli import main; main()", "replay", str(transcript),
               "--content", str(CONTENT)]
    result = subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 2 and "cannot read the transcript" in result.stderr and "not a regular file" in result.stderr


def test_import_keeps_the_characters_yaml_reads_as_line_breaks() -> None:
    for char in ("\x85", "\u2028", "\u2029", "\r", "\n\x85"):
        text = f"Draw a card.{char}Then discard one."
        written = yaml_text({"kind": "card", "items": [{"id": "a", "text": text}]}, "cards.csv", None)
        loaded, findings = load_yaml_text(written.encode("utf-8"), "cards.yaml")
        assert findings == [] and loaded is not None
        assert loaded.data["items"][0]["text"] == text, repr(char)


def test_import_of_a_cell_with_nel_round_trips_through_the_cli(root: Path) -> None:
    sheet = root / "my-game" / "extra.csv"
    sheet.write_text("id,title,cost,suit,icon,text\nsage,Sage,1,sun,life,One.\x85Two.\n", encoding="utf-8")
    out = root.parent / "extra.yaml"
    result = runner.invoke(app, ["import", str(sheet), "--kind", "card", "--out", str(out), "--content", str(root)])
    assert result.exit_code == 0, result.output
    loaded, _ = load_yaml_text(out.read_bytes(), "extra.yaml")
    assert loaded is not None and loaded.data["items"][0]["text"] == "One.\x85Two."


@pytest.mark.parametrize("charset", ["latin-1", "no-such-charset"])
def test_i18n_update_with_a_catalog_that_is_not_utf8_is_a_finding_at_the_header(root: Path, charset: str) -> None:
    po = root / "my-game" / "locales" / "de.po"
    po.write_text(po.read_text(encoding="utf-8").replace("charset=utf-8", f"charset={charset}"), encoding="utf-8")
    result = runner.invoke(app, ["i18n", "update", "--content", str(root)])
    assert isinstance(result.exception, SystemExit) and result.exit_code in (1, 2), result.output
    assert f"de.po:{line_of(po, 'charset=')}" in result.output and f"charset={charset}" in result.output
    check = runner.invoke(app, ["check", "--content", str(root), "--cache-dir", str(root.parent / "cache"), "-j", "1"])
    assert check.exit_code == 1 and f"charset={charset}" in check.output  # check agrees: one severity


@pytest.mark.parametrize("address", ["tls://127.0.0.1:8786", "ucx://127.0.0.1:8786", "ws://127.0.0.1:8786",
                                     "tcp://", "tcp://host", "tcp://host:port", "tcp://host:99999", "::"])
def test_a_scheduler_address_pnp_cannot_use_is_a_usage_error_before_connecting(address: str) -> None:
    with pytest.raises(UsageError, match="--scheduler"):
        scheduler_address(address)


def test_a_plain_scheduler_address_is_tcp() -> None:
    assert scheduler_address("10.0.0.5:8786") == scheduler_address("tcp://10.0.0.5:8786") == "tcp://10.0.0.5:8786"
    with pytest.raises(UsageError):
        scheduler_address("tls://10.0.0.5:8786")


def _children(pid: int) -> set[int]:
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat[stat.rfind(")") + 2:].split()[1]) == pid:
                found.add(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rfind(")") + 2:][:1] != "Z"


@PROCESSES
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM])
def test_balance_workers_end_with_their_parent(tmp_path: Path, sig: signal.Signals) -> None:
    command = [sys.executable, "-c", "from pipeline.cli import main; main()", "balance", "--game", "old-world",
               "--players", "2", "--games", "400", "--jobs", "2", "--content", str(CONTENT), "--out", str(tmp_path)]
    parent = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    workers: set[int] = set()
    try:
        deadline = time.monotonic() + 120
        while len(workers) < 2 and time.monotonic() < deadline and parent.poll() is None:
            time.sleep(0.2)
            workers = _children(parent.pid)
        assert len(workers) >= 2, "the balance run started no workers"
        parent.send_signal(sig)
        parent.wait(timeout=30)
        deadline = time.monotonic() + 15
        while any(_alive(worker) for worker in workers) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not [worker for worker in workers if _alive(worker)]
    finally:
        for worker in workers | _children(parent.pid) | {parent.pid}:
            try:
                os.kill(worker, signal.SIGKILL)
            except ProcessLookupError:
                pass

