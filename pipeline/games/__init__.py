"""The games this pipeline ships, as an explicit registry of game descriptions (no registration by import side effect).

The registry knows each game's id and name without importing it: a game's description (its
`spec` module, and with it its models and checks) is imported the first time it is asked for, so
`pnp --help`, `pnp games` and an unknown `--game` build no content models. A test holds each
listing's id and name equal to its spec's.

Beside them, a content root's folders whose `game.yaml` declares component kinds are games too
(`discover`): known by their folder and the manifest's name, described by
`pipeline/rules/declared_game.py` when first asked for.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from difflib import get_close_matches
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pipeline.rules.spec import GameSpec


@dataclass(frozen=True)
class GameListing:
    """What is known of a game before its modules are imported: its id, its name, and how to import its description."""

    id: str
    name: str
    describe: Callable[[], GameSpec]
    folder: Path | None = None  # a declared game's own folder, wherever the content root is

    def content_dir(self, content_root: Path) -> Path:
        return self.folder if self.folder is not None else content_root / self.id


def _old_world() -> GameSpec:
    from .old_world.spec import SPEC

    return SPEC


def _path_of_destiny() -> GameSpec:
    from .path_of_destiny.spec import SPEC

    return SPEC


LISTINGS: dict[str, GameListing] = {
    listing.id: listing
    for listing in (
        GameListing("old-world", "The Witcher: Old World", _old_world),
        GameListing("path-of-destiny", "The Witcher: Path of Destiny", _path_of_destiny),
    )
}


class GameRegistry(Mapping[str, "GameSpec"]):
    """Game id -> description. Iterating the ids is free; looking one up imports that game's spec."""

    def __iter__(self) -> Iterator[str]:
        return iter(LISTINGS)

    def __len__(self) -> int:
        return len(LISTINGS)

    def __contains__(self, game_id: object) -> bool:
        return game_id in LISTINGS

    def __getitem__(self, game_id: str) -> GameSpec:
        return LISTINGS[game_id].describe()


GAMES = GameRegistry()


MANIFEST = "game.yaml"


def discover(root: Path | None) -> dict[str, GameListing]:
    """The shipped games' listings, then each declared game under root (root itself when it is a game's folder).

    Only a folder with a manifest that is no shipped game's has its manifest read, so listing the shipped
    games reads no YAML."""
    found = dict(LISTINGS)
    if root is None or not root.is_dir():
        return found
    if _maybe_declared(root):
        folders = [root]
    else:
        folders = sorted(p for p in root.iterdir() if _maybe_declared(p))
    for folder in folders:
        if (listing := _declared_listing(folder)) is not None:
            found.setdefault(listing.id, listing)
    return found


def _maybe_declared(folder: Path) -> bool:
    return folder.name not in LISTINGS and (folder / MANIFEST).is_file()


def _declared_listing(folder: Path) -> GameListing | None:
    """The listing of the game in folder when its manifest declares component kinds (a declared game):
    its folder's name, the manifest's name, its spec built when first asked for. A manifest that cannot
    be read keeps its game listed, so the game's commands report what is wrong with it."""
    from pipeline.content.yaml_loader import load_yaml_file

    loaded, _ = load_yaml_file(folder / MANIFEST, (folder / MANIFEST).as_posix())
    data = loaded.data if loaded is not None else {"game": {"kinds": None}}
    game = data.get("game") if isinstance(data, dict) and data.get("kind", "game") == "game" else None
    if not isinstance(game, dict) or "kinds" not in game:
        return None
    name = game.get("name")

    def describe() -> GameSpec:
        from pipeline.rules.declared_game import declared_spec

        return declared_spec(folder)

    return GameListing(folder.name, name if isinstance(name, str) else folder.name, describe, folder)


def spec_of(game: GameSpec | GameListing) -> GameSpec:
    """A game's description, imported now if it is given by its listing."""
    return game.describe() if isinstance(game, GameListing) else game


def declared_described(games: Iterable[GameSpec | GameListing]) -> list[GameSpec | GameListing]:
    """The games with each declared one described at once (its description is its manifest, and it may bring its
    own layouts); a shipped game stays a listing until a command needs its modules."""
    return [game.describe() if isinstance(game, GameListing) and game.id not in LISTINGS else game for game in games]


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """' (did you mean X?)' for the closest choice to a mistyped word, or ''."""
    close = get_close_matches(word, list(choices), n=1, cutoff=0.5)  # 0.5: "da" still finds "de"
    return f" (did you mean {close[0]}?)" if close else ""


def unknown_game(game_id: str, known: Iterable[str]) -> str:
    """What to tell someone who named a game id that is not known."""
    return f"unknown game {game_id!r}{did_you_mean(game_id, known)}; known games: {', '.join(sorted(known))}"


def find_game(game_id: str, root: Path | None = None) -> GameSpec:
    """The description of a game id, shipped or declared under root; KeyError names the known ids."""
    known = discover(root)
    if game_id not in known:
        raise KeyError(unknown_game(game_id, known))
    return known[game_id].describe()
