"""The designer's path, from the built wheel, outside the checkout: what `pip install pnp-pipeline` gives.

`.ci/run` builds the sdist and the wheel, installs the wheel into a fresh venv and points PNP_WHEEL_VENV at it;
every command here is that venv's `pnp`, run in a folder under the test's tmp_path, never in this repository.
Without PNP_WHEEL_VENV (a contributor's everyday run) the module is skipped: the same steps run in-process in
tests/app/test_new.py and the diff tests.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import pytest
from pypdf import PdfReader
from ruamel.yaml import YAML

from pipeline.app.new import PARTS

REPO = Path(__file__).resolve().parents[2]
VENV = os.environ.get("PNP_WHEEL_VENV", "")
pytestmark = pytest.mark.skipif(not VENV, reason="set PNP_WHEEL_VENV to a venv the wheel is installed in (.ci/run)")
TIMEOUT = 300


def run(args: Sequence[str] | str, cwd: Path, expect: int | None = 0, shell: bool = False) -> subprocess.CompletedProcess[str]:
    """A command of the wheel's venv (its bin first on PATH), in cwd; its exit code held to `expect`."""
    env = {**os.environ, "PATH": f"{Path(VENV) / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}", "GIT_AUTHOR_NAME": "d",
           "GIT_AUTHOR_EMAIL": "d@example.org", "GIT_COMMITTER_NAME": "d", "GIT_COMMITTER_EMAIL": "d@example.org"}
    env.pop("PYTHONPATH", None)
    done = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=TIMEOUT, shell=shell,
                          stdin=subprocess.DEVNULL)
    if expect is not None:
        shown = args if isinstance(args, str) else shlex.join(args)
        assert done.returncode == expect, f"{shown} exited {done.returncode}:\n{done.stdout}\n{done.stderr}"
    return done


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """An empty folder outside the checkout, made a git repository."""
    folder = tmp_path / "my-repo"
    folder.mkdir()
    assert not folder.resolve().is_relative_to(REPO)
    run(["git", "init", "-q", "."], folder)
    return folder


def commit(folder: Path, message: str) -> None:
    run(["git", "add", "-A"], folder)
    run(["git", "commit", "-q", "-m", message], folder)


def test_the_wheel_is_what_runs_and_carries_what_the_pipeline_reads(project: Path) -> None:
    where = run(["python", "-c", "import pipeline, pipeline.shipped as s; print(pipeline.__file__); print(s.LAYOUTS)"], project)
    package, layouts = where.stdout.split()
    assert Path(package).is_relative_to(Path(VENV).resolve()) or Path(package).is_relative_to(Path(VENV))
    assert not Path(package).resolve().is_relative_to(REPO)
    for needed in ("profiles.yaml", "base.yaml", "fonts/Vera.ttf", "icons/dice.svg", "old-world/cards.yaml"):
        assert (Path(layouts) / needed).is_file(), needed
    for entry in (["pnp", "--help"], ["pnp-pipeline", "--help"], ["python", "-m", "pipeline", "--help"]):
        assert "check" in run(entry, project).stdout
    games = run(["pnp", "games"], project, expect=2)
    assert "pnp new" in games.stderr + games.stdout and "site-packages" not in games.stderr + games.stdout


@pytest.mark.parametrize("template", [*PARTS, "cards,tokens"])
def test_every_template_checks_and_builds(template: str, project: Path) -> None:
    run(["pnp", "new", "my-game", "--template", template], project)
    run(["pnp", "check", "--strict"], project)
    run(["pnp", "build", "--jobs", "1"], project)
    assert list((project / "output" / "my-game" / "de").glob("*.pdf"))


def test_full_template_the_whole_designer_path(project: Path, tmp_path: Path) -> None:
    """new → check → build → i18n → import → commit → diff and changed-since → watch → preflight → hooks → workflow."""
    run(["pnp", "new", "my-game", "--template", "full"], project)
    for written in (".gitignore", ".github/workflows/pnp.yml", ".pre-commit-config.yaml", "README.md"):
        assert (project / written).is_file(), written
    run(["pnp", "check", "--strict"], project)
    run(["pnp", "build"], project)
    out = project / "output" / "my-game"
    for locale in ("en", "de"):
        for name in ("cards.pdf", "tokens.pdf", "board-valley.pdf", "reference-guide.pdf"):
            assert len(PdfReader(out / locale / name).pages) >= 1, f"{locale}/{name}"
    assert "Münze" in PdfReader(out / "de" / "tokens.pdf").pages[0].extract_text()

    # The workflow's own commands, as the CI runner runs them on the fresh game.
    workflow = YAML(typ="safe").load((project / ".github" / "workflows" / "pnp.yml").read_text(encoding="utf-8"))
    commands = [step["run"] for step in workflow["jobs"]["check-and-build"]["steps"] if step.get("run", "").startswith("pnp ")]
    assert len(commands) == 4 and commands[-1].startswith("pnp review --html review ")
    for command in commands:  # the review compares with the pull request's base; here, with nothing (no git yet)
        run(command.replace(" ${{ github.event.pull_request.base.sha }}", ""), project, shell=True)
    assert (project / "pnp-check.sarif").stat().st_size > 0
    assert (project / "review" / "index.html").is_file()

    # Translation: an English edit leaves the German one entry short, as status says.
    cards = project / "content" / "my-game" / "cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("Gain 2 life.", "Gain two life."), encoding="utf-8")
    run(["pnp", "i18n", "extract"], project)
    run(["pnp", "i18n", "update"], project)
    status = run(["pnp", "i18n", "status"], project).stdout
    assert "I18N-FUZZY: card:healer:text is fuzzy" in status and ", 1 fuzzy, 0 missing" in status, status

    # A sheet from anywhere becomes the cards' YAML.
    sheet = tmp_path / "from-the-spreadsheet" / "card.csv"
    sheet.parent.mkdir()
    sheet.write_text("id,title,cost,suit,icon,text,copies\nscout,Scout,1,sun,exploration,Look at the top two cards.,2\n"
                     "guard,Guard,2,moon,shield,You take no damage.,1\nhealer,Healer,3,sun,life,Gain two life.,1\n",
                     encoding="utf-8")
    run(["pnp", "import", str(sheet), "--game", "my-game", "--out", str(cards), "--force"], project)
    run(["pnp", "i18n", "extract"], project)
    run(["pnp", "i18n", "update"], project)
    run(["pnp", "check"], project)  # the draft German may lag (warnings), nothing is wrong
    commit(project, "the game")

    # One card's cost changes: diff names it alone, and the build since the last commit rebuilds it.
    cards.write_text(cards.read_text(encoding="utf-8").replace("cost: 2", "cost: 3"), encoding="utf-8")
    commit(project, "guard costs 3")
    diff = run(["pnp", "diff", "HEAD~1", "HEAD", "--game", "my-game", "--locale", "en"], project)
    assert "1 card(s) changed" in diff.stdout + diff.stderr and "guard" in diff.stdout + diff.stderr
    assert "scout" not in diff.stdout and "healer" not in diff.stdout
    run(["pnp", "build", "--changed-since", "HEAD~1"], project)

    _one_watch_round(project, cards)
    run("pnp preflight output/my-game/en/*.pdf output/my-game/de/*.pdf", project, shell=True)

    # The repository's own hook config, then this repository's hook as pre-commit installs it (pre-commit is the
    # test environment's tool; the hooks find the wheel's pnp first on PATH).
    run([sys.executable, "-m", "pre_commit", "run", "--all-files"], project)
    run([sys.executable, "-m", "pre_commit", "try-repo", str(REPO), "pnp-check", "--all-files"], project)


def _one_watch_round(project: Path, cards: Path) -> None:
    """`pnp watch` builds, an edit is saved, and a round writes the changed card into cards-changed.pdf."""
    changed = project / "output" / "my-game" / "en" / "cards-changed.pdf"
    env = {**os.environ, "PATH": f"{Path(VENV) / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}"}
    watcher = subprocess.Popen(["pnp", "watch", "--game", "my-game", "--locale", "en"], cwd=project, env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)

    def shows_the_edit() -> bool:
        try:
            return any("Field Healer" in page.extract_text() for page in PdfReader(changed).pages)
        except (OSError, ValueError):  # not written yet, or being replaced
            return False

    try:
        time.sleep(3)  # its first round
        edited = cards.read_text(encoding="utf-8").replace("title: Healer", "title: Field Healer")
        deadline = time.monotonic() + TIMEOUT
        while not shows_the_edit():
            assert watcher.poll() is None, "watch ended early"
            assert time.monotonic() < deadline, "no round wrote the edited card"
            cards.write_text(edited, encoding="utf-8")  # saved again until a round sees it
            time.sleep(2)
    finally:
        watcher.terminate()
        watcher.communicate(timeout=60)


STARPORT = Path(__file__).resolve().parent / "starport"


def test_a_designers_own_game_checks_builds_and_diffs_from_the_wheel(project: Path) -> None:
    """Starport Crews (tests/wheel/starport): crew cards from a CSV coloured by faction, a numbered incident deck
    whose texts name their targets, faction tokens, a 4 x 4 board, a guide of rule numbers, a draft German, its
    own SVG icons. It checks and builds, and diff names the one card whose cost changed."""
    shutil.copytree(STARPORT, project / "content")
    run(["pnp", "check"], project)
    built = run(["pnp", "build"], project)
    assert "warning BUILD-LOCALE-DRAFT" in built.stdout  # the draft German waits for its translator
    run(["pnp", "build", "--allow-incomplete"], project)
    for locale in ("en", "de"):
        for name in ("cards.pdf", "tokens.pdf", "board-orbital-dock.pdf", "reference-guide.pdf"):
            assert (project / "output" / "starport" / locale / name).is_file(), f"{locale}/{name}"
    commit(project, "starport")
    sheet = project / "content" / "starport" / "crew.csv"
    sheet.write_text(sheet.read_text(encoding="utf-8").replace("broker,Broker,3,", "broker,Broker,4,"), encoding="utf-8")
    commit(project, "the broker costs 4")
    diff = run(["pnp", "diff", "HEAD~1", "HEAD", "--game", "starport"], project)
    changed = sorted({line.split("changed ")[1] for line in diff.stdout.splitlines() if " changed " in line})
    assert changed == ["crew/broker (front)"], diff.stdout
