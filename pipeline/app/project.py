"""Where a command's inputs are: the content root, the layouts folder, and the games chosen."""

from __future__ import annotations

from pathlib import Path

from pipeline.games import GAMES, find_game
from pipeline.rules.spec import GameSpec

# The repository (or installed package) root: its content/ and layouts/ serve when the working
# directory has none.
PACKAGE_ROOT = Path(__file__).resolve().parent.parent.parent


class UsageError(Exception):
    """Bad usage (unknown game, missing folder, unsupported option): the CLI exits 2 with this message."""


def project_folder(option: Path | None, name: str) -> Path:
    """The folder an option names; else ./<name> when it exists; else the package's own."""
    if option is not None:
        return option
    local = Path(name)
    return local if local.is_dir() else PACKAGE_ROOT / name


def content_root(option: Path | None) -> Path:
    return project_folder(option, "content")


def select_games(ids: list[str] | None, root: Path) -> list[GameSpec]:
    """The games to work on: the ones named, or every game with a content folder under root."""
    if not root.is_dir():
        raise UsageError(f"content folder {root} does not exist")
    if ids:
        try:
            games = [find_game(game_id) for game_id in ids]
        except KeyError as exc:
            raise UsageError(str(exc.args[0])) from None
        for game in games:
            if not game.content_dir(root).is_dir():
                raise UsageError(f"no content for {game.id} under {root} (expected {game.content_dir(root)})")
        return games
    games = [game for game in GAMES.values() if game.content_dir(root).is_dir()]
    if not games:
        raise UsageError(f"no game content under {root}; expected one of: {', '.join(f'{g}/' for g in GAMES)}")
    return games
