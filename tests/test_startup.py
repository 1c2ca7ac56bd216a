"""Start-up does only what the command needs: help, `pnp games` and the registry import no game and no heavy library."""

from __future__ import annotations

import json
import subprocess
import sys

from pipeline.games import LISTINGS, find_game
from tests.conftest import CONTENT

# Libraries that only content, rendering or catalog work needs (typer itself imports pydantic to
# coerce option values, so the library is allowed; the content models are not).
HEAVY = ("reportlab", "babel", "pypdf", "PIL", "ruamel", "rich", "openpyxl")
CONTENT_WORK = ("pipeline.games.", "pipeline.content", "pipeline.rules", "pipeline.render", "pipeline.i18n.")


def modules_after(code: str) -> list[str]:
    """The modules a fresh interpreter holds after running code (a list of names printed as JSON)."""
    script = f"import json, sys\n{code}\nprint(json.dumps(sorted(sys.modules)))"
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    return json.loads(result.stdout.splitlines()[-1])


def loaded_games_and_libraries(modules: list[str]) -> list[str]:
    return [m for m in modules if m.startswith(CONTENT_WORK) or m.split(".")[0] in HEAVY]


def test_help_and_games_import_no_game_and_no_heavy_library() -> None:
    commands = [["--help"], ["build", "--help"],
                ["check", "--help"], ["validate", "--help"], ["simulate", "--help"], ["i18n", "pseudo", "--help"],
                ["import", "--help"]]
    code = "\n".join([
        "from pipeline.cli import app",
        f"for argv in {commands!r}:",
        "    try:",
        "        app(argv, prog_name='pnp')",
        "    except SystemExit as exit:",
        "        assert exit.code == 0, (argv, exit.code)",
    ])
    modules = modules_after(code)
    assert "pipeline.cli.build" in modules  # the commands ran
    assert loaded_games_and_libraries(modules) == []


def test_listing_the_shipped_content_reads_the_declared_manifests_only() -> None:
    """The Adventure Game is declared in its manifest: `pnp games` reads that YAML file for its name, nothing else."""
    commands = [["games", "--content", str(CONTENT)], ["games", "--format", "json"]]
    code = "\n".join([
        "from pipeline.cli import app",
        f"for argv in {commands!r}:",
        "    try:",
        "        app(argv, prog_name='pnp')",
        "    except SystemExit as exit:",
        "        assert exit.code == 0, (argv, exit.code)",
    ])
    loaded = loaded_games_and_libraries(modules_after(code))
    assert [m for m in loaded if not m.startswith(("pipeline.content.yaml_", "pipeline.content.kept_files", "ruamel"))] == ["pipeline.content"]


def test_asking_for_one_game_imports_that_game_only() -> None:
    modules = modules_after("from pathlib import Path\nfrom pipeline.games import find_game\n"
                            f"find_game('adventure-game', Path({str(CONTENT)!r}))")
    assert "pipeline.rules.declared_game" in modules  # a game declared in its manifest
    assert [m for m in modules if m.startswith(("pipeline.games.old_world", "pipeline.games.path_of_destiny"))] == []


def test_the_registry_lists_each_game_as_its_description_names_it() -> None:
    assert [(listing.id, listing.name) for listing in LISTINGS.values()] == [
        (find_game(game_id).id, find_game(game_id).name) for game_id in LISTINGS
    ]
