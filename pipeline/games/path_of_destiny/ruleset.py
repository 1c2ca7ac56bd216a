"""Path of Destiny wired into the engine contract: its files, effects and checks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from pipeline.content.database import Database
from pipeline.findings import Finding
from pipeline.i18n.messages import SourceString
from pipeline.rules.ruleset import GameInfo, LazyRegistry, Ruleset

from .checks import run_checks
from .content import PathOfDestinyContent
from .effects import EFFECTS
from .models import FILE_KINDS

if TYPE_CHECKING:
    from pipeline.i18n.localizer import Localizer as I18nLocalizer
    from pipeline.rules.boards import Boards
    from pipeline.rules.components import Components
    from pipeline.rules.guide import GuideDocument

    from .engine import GameState, Tables
    from .guide import Text


class PathOfDestinyRuleset(Ruleset):
    id = "path-of-destiny"
    name = "The Witcher: Path of Destiny"
    file_kinds = FILE_KINDS
    effects = EFFECTS
    bots = LazyRegistry("pipeline.games.path_of_destiny.bots", "BOTS")

    def __init__(self) -> None:
        # The engine's tables of the last database simulated: built once, reused for every game.
        self._tables: tuple[Database, Tables] | None = None

    def checks(self, db: Database, structure_only: bool = False) -> list[Finding]:
        return run_checks(db, structure_only)

    def info(self, db: Database) -> GameInfo:
        from .checks.counts import actual_counts

        content = PathOfDestinyContent(db)
        manifest = content.manifest
        return GameInfo(
            id=self.id,
            name=manifest.name if manifest else self.name,
            packs=[story.id for story in content.stories],
            locales=list(manifest.locales) if manifest else [],
            counts=actual_counts(content),
        )

    def strings(self, db: Database) -> list[SourceString]:
        """Every translatable string of the content (msgctxt paths: see strings.py)."""
        from .strings import translatable_strings

        return translatable_strings(db)

    def player_counts(self, db: Database) -> list[int]:
        manifest = PathOfDestinyContent(db).manifest
        return sorted({profile.players for profile in manifest.setup}) if manifest else []

    def new_game(self, db: Database, players: int, seed: int, options: Mapping[str, Any] | None = None) -> GameState:
        """A seeded game for 1-5 players at its first decision (options: see engine/setup.py); the
        story is chosen by seed unless `options["story"]` names one, so a run of seeds plays all three."""
        from .engine import Tables, new_game

        if self._tables is None or self._tables[0] is not db:
            self._tables = (db, Tables.from_content(PathOfDestinyContent(db)))
        return new_game(self._tables[1], players, seed, options)

    def localizer(self, db: Database, locale: str) -> I18nLocalizer:
        """Path of Destiny's text in a locale: content, effect sentences and labels from its catalog."""
        from .texts import localizer

        return localizer(db, locale)

    def components(self, db: Database, localizer: I18nLocalizer) -> Components:
        """Every printable card and token, localized (what `pnp build` draws)."""
        from .components import path_of_destiny_components

        return path_of_destiny_components(db, localizer)

    def boards(self, db: Database, localizer: I18nLocalizer) -> Boards:
        """The playmat and the character boards, localized (what `pnp build --target boards` draws)."""
        from .board import path_of_destiny_boards

        return path_of_destiny_boards(db, localizer)

    def guide_document(self, db: Database, locale: str, text: Text | None = None) -> GuideDocument:
        """The reference guide of a locale; text(context, source) translates (default: the locale's catalog)."""
        from .guide import guide_document

        return guide_document(db, locale, text or self.localizer(db, locale).text)
