"""A game, described once: what the pipeline may ask of it.

A `GameSpec` is a frozen value. Commands and build targets read its fields; an optional part that
is None is a thing the game does not have (no engine, nothing to print, no guide). Nothing is
sniffed at run time and no module is named in a string: a part that is costly to import is a
function that imports its module when it is called, so `pnp validate` never loads an engine.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Protocol

from pipeline.content.database import Database, FileModels, load_database
from pipeline.content.models import ContentFile
from pipeline.findings import Finding
from pipeline.i18n.messages import SourceString

if TYPE_CHECKING:
    from pipeline.i18n.localizer import Localizer
    from pipeline.rules.boards import Boards
    from pipeline.rules.checklist import Listed
    from pipeline.rules.components import Components
    from pipeline.rules.engine import Bot, State
    from pipeline.rules.guide import GuideDocument
    from pipeline.rules.variants import Setting


@dataclass(frozen=True)
class GameInfo:
    """What `pnp games` shows of one game's content."""

    id: str
    name: str
    packs: list[str]
    locales: list[str]
    counts: dict[str, int]
    source_locale: str = "en"
    draft_locales: tuple[str, ...] = ()  # translations in progress (see pipeline/content/locales.py DeclaredLocales)
    modes: dict[str, list[str]] = field(default_factory=dict)  # the modes a pack declares (`--mode`), by pack id
    # The kinds of cards a mode lets the table choose (`--mode <mode>/<kind>`), by mode entry (`<pack>/<mode>`).
    kinds: dict[str, list[str]] = field(default_factory=dict)
    # False when the manifest did not load: the game's locales are unknown (not "none"), and its finding says why.
    manifest_loaded: bool = True

    @classmethod
    def of(cls, game_id: str, default_name: str, manifest: Any, counts: dict[str, int], packs: Sequence[str] = (),
           modes: dict[str, list[str]] | None = None, kinds: dict[str, list[str]] | None = None) -> GameInfo:
        """The info of a game whose manifest (None when it is missing) has `name` and the fields of
        DeclaredLocales (`locales`, `source_locale`, `draft_locales`)."""
        if manifest is None:
            return cls(game_id, default_name, list(packs), [], counts, modes=modes or {}, kinds=kinds or {},
                       manifest_loaded=False)
        return cls(game_id, manifest.name, list(packs), list(manifest.locales), counts, manifest.source_locale,
                   tuple(manifest.draft_locales), modes or {}, kinds or {})

    def is_release(self, locale: str) -> bool:
        """A declared locale that must be complete (not the source, not a draft)."""
        return locale in self.translated_locales and locale not in self.draft_locales

    @property
    def translated_locales(self) -> list[str]:
        """The declared locales other than the source (the ones with a catalog)."""
        return [code for code in self.locales if code != self.source_locale]


@dataclass(frozen=True)
class Progress:
    """How a transcript (pipeline/rules/transcript.py) names a game's turns and each seat."""

    clock: Callable[[Any], str]  # the state's current turn, e.g. "turn 3", "chapter 1 round 2"
    seat: Callable[[Any, int], str]  # who plays a seat, e.g. its school
    standing: Callable[[Any, int], str]  # a seat's figures at the end of a turn


@dataclass(frozen=True)
class SeatStatistics:
    """One seat of a finished game, as `pnp balance` counts it."""

    faction: str  # what the seat played: a school, a character, an Automa level ("automa:hard")
    score: int  # the game's own measure of how far the seat got (trophy track, victory points)
    owned: frozenset[str]  # the acquirable cards the seat held at the end (not its starting cards)


@dataclass(frozen=True)
class GameStatistics:
    """What `pnp balance` learns from one finished game (pipeline/rules/balance.py adds them up)."""

    seats: tuple[SeatStatistics, ...]  # every seat, the Automa's too, in seat order
    rounds: int  # full table rounds played
    bought: tuple[str, ...]  # card ids a player chose to acquire (bought, exchanged, taken), once per acquisition
    played: tuple[str, ...]  # card ids played, once per play
    tier: str | None = None  # solo: the score tier reached
    team_won: bool | None = None  # a cooperative game: whether the whole table won (no seat wins alone)


class StatisticsRecorder(Protocol):
    """Watches one game: told each decision before it is played, asked for the figures at the end."""

    def before(self, state: Any, action: Any) -> None: ...

    def finish(self, state: Any) -> GameStatistics: ...


@dataclass(frozen=True)
class EngineSpec:
    """A rules engine: seeded games that bots play (pipeline/rules/simulation.py drives them).

    `tables` turns a database into the engine's read-only content tables, once per run;
    `new_game(tables, players, seed, options)` starts a game at its first decision.
    """

    tables: Callable[[Database], Any]
    new_game: Callable[[Any, int, int, Mapping[str, Any] | None], State]
    player_counts: Callable[[Database], list[int]]
    # The bots by name (each a factory: seed -> Bot), imported when first asked for.
    bots: Callable[[], Mapping[str, Callable[[int], Bot]]]
    progress: Progress
    # A new recorder per game for `pnp balance` (None: the game has no balance figures).
    statistics: Callable[[], StatisticsRecorder] | None = None
    # The collection whose entities are the cards players acquire (per-card figures of `pnp balance`).
    card_collection: str = "action-cards"
    # Entities the selected content prints but no rule of this selection can bring into play, by collection
    # (a monster waiting for its partner expansion): SIM-UNUSED does not ask the bots to reach them.
    out_of_play: Callable[[Database], Mapping[str, frozenset[str]]] | None = None
    # The choices `pnp balance` sweeps unless told otherwise (`--set` of the same key): each of a selected pack's
    # difficulty levels, say, where the content holds only the table's one pick.
    sweeps: Callable[[Database], list[Setting]] | None = None
    # Factions `pnp balance` lists in this order, each with its step against the one before (an Automa's difficulty
    # levels, easiest first), ahead of the others by name.
    faction_order: Callable[[Database], list[str]] | None = None


@dataclass(frozen=True)
class PrintSpec:
    """What `pnp build` draws from layouts: components (cards, tokens, help cards) and, optionally, boards."""

    components: Callable[[Database, Localizer], Components]
    boards: Callable[[Database, Localizer], Boards] | None = None
    # The game's own layout folder (a declared game's `layouts/`): its templates are named `<game>/<name>`.
    layouts: Path | None = None
    # The face targets it has (pipeline/production/targets.py): a declared game prints only the kinds it declares.
    targets: tuple[str, ...] = ("cards", "tokens", "tts", "help")
    # The component lists of the base and the selected packs, as the rulebooks give them (rules/checklist.py):
    # checked against what prints, and printed as each build's checklist. None: the game lists nothing.
    listed: Callable[[Database], list[Listed]] | None = None


@dataclass(frozen=True)
class GuidePart:
    """One guide document of a locale: its output name (`reference-guide`), its layout kind, the document."""

    name: str
    kind: Literal["guide", "aid"]  # the layout style (pipeline.render.guide)
    document: GuideDocument


@dataclass(frozen=True)
class GuideSpec:
    """The reference guide of a locale and, optionally, a short player aid."""

    reference: Callable[[Database, Localizer], GuideDocument]
    player_aid: Callable[[Database, Localizer], GuideDocument] | None = None
    # The selected packs' rules alone (`build --pack-only`): their guide and aid documents, none when the packs
    # write no rules text; None for a game whose guide has no pack rules.
    pack_documents: Callable[[Database, Localizer], list[GuidePart]] | None = None

    def documents(self, db: Database, localizer: Localizer, pack_only: bool = False) -> list[GuidePart]:
        """Every guide document of a locale, built once for all who read it (checks, print); with `pack_only`,
        the selected packs' rules alone."""
        if pack_only:
            return self.pack_documents(db, localizer) if self.pack_documents is not None else []
        parts = [GuidePart("reference-guide", "guide", self.reference(db, localizer))]
        if self.player_aid is not None:
            parts.append(GuidePart("player-aid", "aid", self.player_aid(db, localizer)))
        return parts

    @property
    def names(self) -> tuple[str, ...]:
        """The output names of `documents` (without `pack_only`), known without building them."""
        return ("reference-guide", "player-aid") if self.player_aid is not None else ("reference-guide",)


def _no_strings(db: Database) -> list[SourceString]:
    return []


@dataclass(frozen=True)
class GameSpec:
    """One game: its content files, its rules on the content, its text, and the optional parts."""

    id: str
    name: str
    file_kinds: tuple[type[ContentFile], ...]
    # The game's rules on a loaded database. structure_only: what `validate` proves (references
    # resolve, counts match, numbered decks hold); otherwise every consistency rule too.
    checks: Callable[[Database, bool], list[Finding]]
    info: Callable[[Database], GameInfo]
    # Printed text in a locale: the game's catalog, message templates and effect sentences.
    localizer: Callable[[Database, str], Localizer]
    # Every translatable string of the content, with its msgctxt and source position.
    strings: Callable[[Database], list[SourceString]] = _no_strings
    engine: EngineSpec | None = None
    printing: PrintSpec | None = None
    guide: GuideSpec | None = None
    not_content: tuple[str, ...] = ()  # folders of the game's folder that hold no content (a declared game's layouts)
    folder: Path | None = None  # a declared game's own folder, found by its manifest wherever the content root is

    def content_dir(self, content_root: Path) -> Path:
        return self.folder if self.folder is not None else content_root / self.id

    def load(self, content_root: Path, packs: Sequence[str] = (),
             models: FileModels | None = None) -> tuple[Database, list[Finding]]:
        """The game's database showing the base and the selected `packs` (see Database.packs); `models`: the files an
        earlier load validated, reused where their bytes are the same (`load_database`)."""
        return load_database(self.content_dir(content_root), self.id, self.file_kinds, packs, self.not_content, models)

    def stats(self, db: Database) -> dict[str, Any]:
        return dict(self.info(db).counts)


def player_counts_of(setup: Sequence[Any]) -> list[int]:
    """The player counts a manifest's setup table supports (one profile per count)."""
    return sorted({profile.players for profile in setup})


def own_layouts(games: Iterable[GameSpec]) -> dict[str, Path]:
    """The layout folders games bring themselves (a declared game's `layouts/`), by game id."""
    return {game.id: game.printing.layouts for game in games
            if game.printing is not None and game.printing.layouts is not None}
