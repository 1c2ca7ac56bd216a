"""The command line a user meets: --version, completion, did-you-mean, where content comes from, colour,
and translation templates that do not depend on what the content folder is called."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import typer.completion
from typer.testing import CliRunner

from pipeline.cli import app
from pipeline.cli.reporter import use_colour
from tests.conftest import CONTENT

runner = CliRunner()
REPO = Path(__file__).resolve().parents[1]


def test_version() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and result.output.startswith("pnp-pipeline ")


def test_completion_script_is_offered(monkeypatch: pytest.MonkeyPatch) -> None:
    # typer asks shellingham for the shell of the parent process; a run whose parent is no shell (started with
    # nohup from a shell that has exited, a container's init) has none, and typer answers "Shell  not supported".
    monkeypatch.setattr(typer.completion, "_get_shell_name", lambda: "bash")
    result = runner.invoke(app, ["--show-completion", "bash"])
    assert result.exit_code == 0 and "complete" in result.output and "pnp" in result.output


def test_a_mistyped_game_gets_a_suggestion() -> None:
    result = runner.invoke(app, ["validate", "--game", "old-wrld", "--content", str(CONTENT)])
    assert result.exit_code == 2 and "did you mean old-world?" in result.output


def test_a_mistyped_locale_gets_a_suggestion() -> None:
    result = runner.invoke(app, ["check", "--game", "old-world", "--locale", "da", "--content", str(CONTENT)])
    assert result.exit_code == 2 and "did you mean de?" in result.output


def _pnp(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run([sys.executable, "-c", "from pipeline.cli import main; main()", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300)


def test_outside_a_project_pnp_says_it_uses_the_shipped_examples(tmp_path: Path) -> None:
    result = _pnp("validate", "--game", "adventure-game", cwd=tmp_path)
    assert result.returncode == 0
    assert "using the example content shipped with pnp" in result.stderr and "--content" in result.stderr
    (tmp_path / "content").mkdir()
    result = _pnp("validate", cwd=tmp_path)  # a project of one's own, with no game in it yet
    assert result.returncode == 2 and "no game content under content" in result.stderr
    assert "example content" not in result.stderr


def test_colour_only_for_a_person_at_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    assert use_colour()
    monkeypatch.setenv("CI", "true")
    assert not use_colour()
    monkeypatch.delenv("CI")
    monkeypatch.setenv("NO_COLOR", "1")
    assert not use_colour()
    monkeypatch.delenv("NO_COLOR")
    monkeypatch.setattr(sys.stdout, "isatty", lambda: False)
    assert not use_colour()


def test_the_template_does_not_depend_on_the_content_folders_name(tmp_path: Path) -> None:
    root = tmp_path / "my-games"
    shutil.copytree(CONTENT / "adventure-game", root / "adventure-game")
    result = runner.invoke(app, ["check", "--game", "adventure-game", "--content", str(root)])
    assert "I18N-POT-STALE" not in result.output and result.exit_code == 0, result.output
    template = (root / "adventure-game" / "locales" / "messages.pot").read_text(encoding="utf-8")
    assert "#: game.yaml:" in template and "content/" not in template



# `main` ends the process without tearing the interpreter down (cli/__init__.py: _leave): what runs at exit still
# runs, the output is all there, and the status is the command's.
EXITING = """
import atexit, sys, threading, time
atexit.register(lambda: print("ran at exit", flush=True))
if {thread}:
    threading.Thread(target=lambda: (time.sleep(0.3), print("thread done", flush=True))).start()
sys.argv = ["pnp", *{argv!r}]
from pipeline.cli import main
main()
"""


@pytest.mark.parametrize(("argv", "thread", "status"), [(["--version"], False, 0), (["no-such-command"], False, 2),
                                                         (["--version"], True, 0)],
                         ids=["success", "usage-error", "a-thread-still-runs"])
def test_pnp_ends_with_its_status_its_whole_output_and_what_runs_at_exit(argv: list[str], thread: bool,
                                                                         status: int) -> None:
    result = subprocess.run([sys.executable, "-c", EXITING.format(argv=argv, thread=thread)], capture_output=True,
                            text=True, timeout=60, env={**os.environ, "PYTHONPATH": str(REPO)})
    assert result.returncode == status, result.stderr
    assert result.stdout.rstrip().endswith("ran at exit")
    assert ("pnp-pipeline" in result.stdout) == (argv == ["--version"])
    assert ("thread done" in result.stdout) == thread, "a running thread is waited for"


def test_an_exit_with_a_message_prints_it_and_ends_with_status_1() -> None:
    code = "from pipeline.cli import _leave; print('before', flush=False); _leave('it went wrong')"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                            env={**os.environ, "PYTHONPATH": str(REPO)})
    assert (result.returncode, result.stdout, result.stderr) == (1, "before\n", "it went wrong\n")


def test_a_profiled_pnp_still_writes_its_profile(tmp_path: Path) -> None:
    script = tmp_path / "pnp_version.py"
    script.write_text(EXITING.format(argv=["--version"], thread=False), encoding="utf-8")
    profile = tmp_path / "pnp.prof"
    result = subprocess.run([sys.executable, "-m", "cProfile", "-o", str(profile), str(script)], capture_output=True,
                            text=True, timeout=60, env={**os.environ, "PYTHONPATH": str(REPO)})
    assert result.returncode == 0 and "pnp-pipeline" in result.stdout, result.stderr
    assert profile.is_file() and profile.stat().st_size > 0
