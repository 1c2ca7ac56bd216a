"""The games this pipeline ships, as an explicit registry of game descriptions (no registration by import side effect).

The registry knows each game's id and name without importing it: a game's description (its
`spec` module, and with it its models and checks) is imported the first time it is asked for, so
`pnp --help`, `pnp games` and an unknown `--game` build no content models. A test holds each
listing's id and name equal to its spec's.
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

    def content_dir(self, content_root: Path) -> Path:
        return content_root / self.id


def _old_world() -> GameSpec:
    from .old_world.spec import SPEC

    return SPEC


def _adventure_game() -> GameSpec:
    from .adventure_game.spec import SPEC

    return SPEC


def _path_of_destiny() -> GameSpec:
    from .path_of_destiny.spec import SPEC

    return SPEC


LISTINGS: dict[str, GameListing] = {
    listing.id: listing
    for listing in (
        GameListing("old-world", "The Witcher: Old World", _old_world),
        GameListing("adventure-game", "The Witcher Adventure Game", _adventure_game),
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


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """' (did you mean X?)' for the closest choice to a mistyped word, or ''."""
    close = get_close_matches(word, list(choices), n=1, cutoff=0.5)  # 0.5: "da" still finds "de"
    return f" (did you mean {close[0]}?)" if close else ""


def unknown_game(game_id: str) -> str:
    """What to tell someone who named a game id that is not known."""
    return f"unknown game {game_id!r}{did_you_mean(game_id, LISTINGS)}; known games: {', '.join(sorted(LISTINGS))}"


def find_game(game_id: str) -> GameSpec:
    """The description of a game id; KeyError names the known ids."""
    if game_id not in LISTINGS:
        raise KeyError(unknown_game(game_id))
    return GAMES[game_id]
