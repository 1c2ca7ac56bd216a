"""`pnp check` shows a progress bar to a person at a terminal, and never in a pipe, in CI or with a machine format."""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline.cli import app

REPO = Path(__file__).resolve().parents[1]
PNP = [sys.executable, "-c", "from pipeline.cli import main; main()"]
# A terminal outside CI (CI sets CI=true, which turns the bar off).
TERMINAL = {**{k: v for k, v in os.environ.items() if k != "CI"}, "PYTHONPATH": str(REPO), "TERM": "xterm",
            "COLUMNS": "200"}


def _on_a_terminal(args: list[str], cwd: Path, env: dict[str, str] = TERMINAL) -> str:
    """What `pnp ARGS` writes with stdout and stderr on a pseudo-terminal."""
    import pty

    leader, follower = pty.openpty()
    process = subprocess.Popen([*PNP, *args], cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=follower,
                               stderr=follower)
    os.close(follower)
    output = b""
    while True:
        ready, _, _ = select.select([leader], [], [], 1)
        if ready:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # the terminal closed: the process ended
                break
            if not chunk:
                break
            output += chunk
        elif process.poll() is not None:
            break
    process.wait(timeout=300)
    os.close(leader)
    return output.decode("utf-8", "replace")


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_check_draws_progress_on_a_terminal_only(tmp_path: Path) -> None:
    root = tmp_path / "content"
    assert CliRunner().invoke(app, ["new", "my-game", "--content", str(root)]).exit_code == 0
    check = ["check", "--content", str(root), "--cache-dir", str(tmp_path / "cache")]
    shown = _on_a_terminal(check, tmp_path)
    assert "checking" in shown and "my-game: print de" in shown and "check: 0 error(s)" in shown
    replayed = _on_a_terminal(check, tmp_path)  # every game replayed: the bar still says so
    assert "checking" in replayed and "1/1" in replayed
    as_json = _on_a_terminal([*check, "--format", "json"], tmp_path)
    assert "checking" not in as_json and json.loads(as_json)["ok"] is True
    piped = subprocess.run([*PNP, *check], cwd=tmp_path, env=TERMINAL, capture_output=True, text=True, timeout=300)
    assert piped.returncode == 0 and "checking" not in piped.stderr + piped.stdout
    in_ci = _on_a_terminal(check, tmp_path, {**TERMINAL, "CI": "true"})
    assert "checking" not in in_ci and "check: 0 error(s)" in in_ci
