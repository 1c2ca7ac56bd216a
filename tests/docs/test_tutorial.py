"""The tutorial (docs/tutorial/first-game.md) runs as written: its marked steps, in order, in an empty folder.

A step is an HTML comment the page does not show, `<!-- tutorial: ... -->`, before the block it acts on:
- `run` (or `run exit=N`): each line of the next `sh` block is a command, run with the installed `pnp` first on PATH;
  every line exits 0 (N for the block's last line);
- `files PATH...`: each path exists and is not empty;
- `append PATH`: the next block's text is appended to the file;
- `replace PATH`: the next `diff` block's lines marked ` ` and `-` are found once in the file and replaced by its
  lines marked ` ` and `+`.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

TUTORIAL = Path(__file__).resolve().parents[2] / "docs" / "tutorial" / "first-game.md"
STEP = re.compile(r"<!-- tutorial: (?P<action>\w+)(?P<args>[^>]*?) -->\n(?:\n?```\w*\n(?P<block>.*?)```)?", re.S)
ACTIONS = ("run", "files", "append", "replace")


@dataclass(frozen=True)
class Step:
    action: str
    args: tuple[str, ...]
    block: str
    line: int


def steps(text: str) -> list[Step]:
    """The marked steps of a page, in order, each with the block it acts on and the line of its marker."""
    found = [Step(m["action"], tuple(m["args"].split()), m["block"] or "", text.count("\n", 0, m.start()) + 1)
             for m in STEP.finditer(text)]
    assert len(found) == text.count("<!-- tutorial:"), "a marker the pattern does not read"
    return found


def replaced(text: str, diff: str) -> str:
    """The text with the diff's old lines (context and `-`) replaced once by its new ones (context and `+`)."""
    lines = diff.splitlines()
    old = "\n".join(line[1:] for line in lines if line[:1] in (" ", "-"))
    new = "\n".join(line[1:] for line in lines if line[:1] in (" ", "+"))
    assert text.count(old) == 1, f"the diff's old lines are not in the file once:\n{old}"
    return text.replace(old, new)


def run_block(block: str, folder: Path, expect: int, line: int) -> None:
    bin_dir = Path(sys.executable).parent  # the installed `pnp` beside this interpreter
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}", "NO_COLOR": "1"}
    commands = [command for command in block.splitlines() if command.strip() and not command.startswith("#")]
    for index, command in enumerate(commands):
        wanted = expect if index == len(commands) - 1 else 0
        done = subprocess.run(command, shell=True, cwd=folder, env=env, capture_output=True, text=True, timeout=600,
                              stdin=subprocess.DEVNULL)
        assert done.returncode == wanted, f"line {line}: {command} exited {done.returncode}:\n{done.stdout}\n{done.stderr}"


def test_every_step_of_the_tutorial_is_one_the_runner_knows() -> None:
    found = steps(TUTORIAL.read_text(encoding="utf-8"))
    assert [step.action for step in found if step.action not in ACTIONS] == []
    assert all(step.block for step in found if step.action in ("run", "append", "replace"))
    assert all(step.args for step in found if step.action != "run")
    # The promise of the page: a game with cards, a numbered deck, tokens, a board and a guide, printed in two locales.
    produced = {Path(path).name for step in found if step.action == "files" for path in step.args}
    assert {"cards.pdf", "tokens.pdf", "board-valley.pdf", "reference-guide.pdf"} <= produced


def test_the_replace_step_changes_one_place_only() -> None:
    assert replaced("a: 1\nb: 2\n", " a: 1\n-b: 2\n+b: 3\n") == "a: 1\nb: 3\n"
    with pytest.raises(AssertionError):
        replaced("b: 2\nb: 2\n", "-b: 2\n+b: 3\n")


@pytest.mark.slow
def test_the_tutorial_runs_as_written(tmp_path: Path) -> None:
    folder = tmp_path / "my-project"
    folder.mkdir()
    for step in steps(TUTORIAL.read_text(encoding="utf-8")):
        if step.action == "run":
            expect = int(dict(arg.split("=", 1) for arg in step.args).get("exit", "0"))
            run_block(step.block, folder, expect, step.line)
        elif step.action == "files":
            missing = [path for path in step.args if not (folder / path).is_file() or not (folder / path).stat().st_size]
            assert missing == [], f"line {step.line}: not written: {missing}"
        else:
            target = folder / step.args[0]
            text = target.read_text(encoding="utf-8")
            target.write_text(text + step.block if step.action == "append" else replaced(text, step.block), encoding="utf-8")
