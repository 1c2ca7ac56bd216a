"""Where a command's inputs are: the content root, the layouts folder, and the games chosen."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from pipeline import shipped
from pipeline.atomic import WriteError
from pipeline.games import LISTINGS, GameListing, did_you_mean, discover, unknown_game

if TYPE_CHECKING:
    from pipeline.rules.spec import GameInfo, GameSpec



class UsageError(Exception):
    """Bad usage (unknown game, missing folder, unsupported option): the CLI exits 2 with this message."""


@contextmanager
def writing(path: Path) -> Iterator[None]:
    """A file or folder that cannot be written (read-only, a full disk, a file in a folder's place) is a UsageError
    naming what failed (else path)."""
    try:
        yield
    except WriteError as exc:
        raise UsageError(str(exc)) from None
    except OSError as exc:
        raise UsageError(f"cannot write {exc.filename or path}: {exc.strerror or exc}") from None


def project_folder(option: Path | None, name: str) -> Path:
    """The folder an option names; else ./<name> when it exists; else the package's own (its layouts, or in a
    checkout of the repository its example content; an installed pnp has none, and ./content is then named)."""
    if option is not None:
        return option
    local = Path(name)
    return local if local.is_dir() else _shipped(name) or local


def missing_content(root: Path) -> UsageError:
    """The usage error of a content root that is not a folder, saying how a designer starts one."""
    if root.exists():
        return UsageError(f"content folder {root} is not a folder")
    return UsageError(f"content folder {root} does not exist; start a game with `pnp new GAME`, or pass --content DIR")


def content_root(option: Path | None) -> Path:
    return project_folder(option, "content")


def packaged_fallback(option: Path | None, name: str) -> Path | None:
    """The package's own folder when a command falls back to it (no option, no ./<name>): the CLI says so,
    so nobody checks the shipped examples believing they checked their own content."""
    if option is None and not Path(name).is_dir():
        return _shipped(name)
    return None


def _shipped(name: str) -> Path | None:
    return shipped.LAYOUTS if name == "layouts" else shipped.checkout_content() if name == "content" else None


def select_games(ids: list[str] | None, root: Path) -> list[GameSpec]:
    """The games to work on: the ones named, or every game with a content folder under root."""
    return [listing.describe() for listing in select_listings(ids, root)]


def the_game(game_id: str | None, root: Path) -> list[GameSpec]:
    """The game named, else the only game under root (a command about one game, in a designer's repository)."""
    if game_id is not None:
        return select_games([game_id], root)
    listings = listed_games(root)
    if len(listings) != 1:
        raise UsageError(f"name the game with --game (games under {root}: {', '.join(g.id for g in listings)})")
    return [listings[0].describe()]


def select_listings(ids: list[str] | None, root: Path) -> list[GameListing]:
    """What select_games chooses, known by id and name only (no game is imported)."""
    if not root.is_dir():
        raise missing_content(root)
    if ids:
        known = discover(root)
        unknown = [game_id for game_id in ids if game_id not in known]
        if unknown:
            raise UsageError(unknown_game(unknown[0], known))
        listings = [known[game_id] for game_id in ids]
        for listing in listings:
            if not listing.content_dir(root).is_dir():
                raise UsageError(f"no content for {listing.id} under {root} (expected {listing.content_dir(root)})")
        return listings
    return listed_games(root)


def require_packs(games: Sequence[GameSpec], root: Path, packs: Sequence[str],
                  modes: Sequence[str] = ()) -> tuple[str, ...]:
    """The packs as given, once each, then the modes asked (`--mode`), each as `<pack>/<mode>`
    (Database.packs), and each kind of a mode's cards chosen (`--mode <mode>/<kind>`) as `<pack>/<mode>/<kind>`
    after its mode. An id no selected game declares is a usage error (with a suggestion), and so is a mode of no
    selected pack, a kind its mode does not offer, and a kind left empty (a choice of no kinds)."""
    if not packs:
        if modes:
            raise UsageError(f"--mode {modes[0]} selects a mode of a pack: name the pack with --pack")
        return ()
    declared: set[str] = set()
    declared_modes: dict[str, list[str]] = {}
    declared_kinds: dict[str, list[str]] = {}
    for game in games:
        db, _ = game.load(root)
        info = game.info(db)
        declared.update(info.packs)
        for pack_id, pack_modes in info.modes.items():
            declared_modes.setdefault(pack_id, []).extend(pack_modes)
        for entry, kinds in info.kinds.items():
            declared_kinds.setdefault(entry, []).extend(kinds)
    for pack in packs:
        if pack not in declared:
            known = ", ".join(sorted(declared)) or "none"
            raise UsageError(f"unknown pack {pack!r}{did_you_mean(pack, declared)}; known packs: {known}")
    selected = tuple(dict.fromkeys(packs))
    entries: list[str] = []
    for asked in modes:
        mode, separator, kind = asked.partition("/")
        entry = _mode_entry(mode, selected, declared_modes)
        entries.append(entry)
        if separator:
            entries.append(_kind_entry(entry, kind, declared_kinds))
    return selected + tuple(dict.fromkeys(entries))


def _mode_entry(mode: str, packs: tuple[str, ...], declared_modes: dict[str, list[str]]) -> str:
    """`<pack>/<mode>` for the selected pack that declares the mode; else a UsageError naming the nearest mode."""
    from pipeline.content.database import mode_entry  # with the content: the commands that load it

    owners = [pack for pack in packs if mode in declared_modes.get(pack, [])]
    if owners:
        return mode_entry(owners[0], mode)
    elsewhere = [pack for pack, pack_modes in declared_modes.items() if mode in pack_modes]
    if elsewhere:
        raise UsageError(f"mode {mode!r} belongs to pack {elsewhere[0]}: add --pack {elsewhere[0]}")
    choices = [m for pack in packs for m in declared_modes.get(pack, [])]
    if not choices:
        raise UsageError(f"no selected pack has modes ({', '.join(packs)}); --mode {mode} selects none")
    raise UsageError(f"unknown mode {mode!r}{did_you_mean(mode, choices)}; modes of the selected packs: "
                     f"{', '.join(choices)}")


def _kind_entry(entry: str, kind: str, declared_kinds: dict[str, list[str]]) -> str:
    """`<pack>/<mode>/<kind>` for a kind the mode offers; else a UsageError naming the nearest kind."""
    from pipeline.content.database import MODE_SEPARATOR, kind_entry

    pack, _, mode = entry.partition(MODE_SEPARATOR)
    kinds = declared_kinds.get(entry)
    if kinds is None:
        raise UsageError(f"mode {mode!r} plays all its cards: it offers no kinds to choose (--mode {mode})")
    if not kind:
        raise UsageError(f"--mode {mode}/ chooses no kind: name one or more (--mode {mode}/KIND, repeatable), or "
                         f"play every kind with --mode {mode}; its kinds: {', '.join(kinds)}")
    if kind not in kinds:
        raise UsageError(f"mode {mode!r} has no kind {kind!r}{did_you_mean(kind, kinds)}; its kinds: {', '.join(kinds)}")
    return kind_entry(pack, mode, kind)


def listed_games(root: Path) -> list[GameListing]:
    """Every game under root, known by id and name only (none is imported): each shipped game with a content
    folder there, each folder whose game.yaml declares kinds, or root itself when it is such a folder."""
    if not root.is_dir():
        raise missing_content(root)
    games = [listing for listing in discover(root).values()
             if listing.id not in LISTINGS or listing.content_dir(root).is_dir()]
    if not games:
        raise UsageError(f"no game content under {root}: a game is a folder holding a game.yaml that declares its kinds "
                         f"(start one with `pnp new GAME --content {root}`), or one of the shipped games' folders "
                         f"({', '.join(f'{g}/' for g in LISTINGS)})")
    return games


def select_locales(game: GameSpec, info: GameInfo, asked: Sequence[str] | None, root: Path) -> list[str]:
    """The locales a command works on: every one the game declares, or those asked.

    An asked code must be a BCP 47 tag (`locale_code`: it becomes part of output and catalog paths)
    that the game declares or has a catalog of (a pseudo-locale such as en-XA); anything else is a
    UsageError naming the game's locales. The codes come back in their canonical form. A game whose manifest did
    not load has no known locales: none is selected, so the command reports the manifest's own finding.
    """
    from pipeline.i18n.catalogs import catalog_path  # Babel: loaded by the commands that read locales

    if not asked:
        return list(info.locales)
    codes = list(dict.fromkeys(map(locale_code, asked)))
    if not info.manifest_loaded:  # its locales are unknown: the manifest's finding is the report, no locale is worked on
        return []
    for code in codes:
        if code not in info.locales and not catalog_path(game.content_dir(root), code).is_file():
            known = ", ".join(info.locales)
            raise UsageError(f"{code} is not a locale of {game.id}{did_you_mean(code, info.locales)} "
                             f"(its locales: {known}; a new one is declared in game.yaml)")
    return codes


def locale_code(code: str) -> str:
    """The canonical form of a locale code given as an option (see `content/locales.py`), else a UsageError.

    Every command that takes a locale passes it through here before it is used, in a path or otherwise.
    """
    from pipeline.content.locales import locale_tag  # Babel: loaded by the commands that read locales

    try:
        return locale_tag(code)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
