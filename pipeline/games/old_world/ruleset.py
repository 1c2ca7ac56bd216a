"""Old World wired into the engine contract: its files, effects and checks.

The engine, printing and guide modules are imported where they are used, so that `pnp validate`
does not pay for loading them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from pipeline.content.database import Database
from pipeline.findings import Finding
from pipeline.rules.ruleset import GameInfo, LazyRegistry, Ruleset

from .checks import run_checks
from .checks.counts import actual_counts
from .content import OldWorldContent
from .effects import EFFECTS
from .models import FILE_KINDS

if TYPE_CHECKING:
    from pipeline.i18n.localizer import Localizer as I18nLocalizer
    from pipeline.i18n.messages import SourceString
    from pipeline.rules.boards import Boards
    from pipeline.rules.components import Components
    from pipeline.rules.guide import GuideDocument

    from .engine import GameState, Tables
    from .guide import Text


class OldWorldRuleset(Ruleset):
    id = "old-world"
    name = "The Witcher: Old World"
    file_kinds = FILE_KINDS
    effects = EFFECTS
    bots = LazyRegistry("pipeline.games.old_world.bots", "BOTS")

    def __init__(self) -> None:
        # The engine's tables of the last database simulated: built once, reused for every game.
        self._tables: tuple[Database, Tables] | None = None

    def checks(self, db: Database, structure_only: bool = False) -> list[Finding]:
        return run_checks(db, structure_only)

    def info(self, db: Database) -> GameInfo:
        content = OldWorldContent(db)
        manifest = content.manifest
        return GameInfo(
            id=self.id,
            name=manifest.name if manifest else self.name,
            packs=[p.id for p in manifest.packs] if manifest else [],
            locales=list(manifest.locales) if manifest else [],
            counts=actual_counts(content),
        )

    def strings(self, db: Database) -> list[SourceString]:
        """Every translatable string of Old World's content (msgctxt paths: see strings.py)."""
        from .strings import translatable_strings

        return translatable_strings(db)

    def localizer(self, db: Database, locale: str) -> I18nLocalizer:
        """Old World's text in a locale: cards, effect sentences and labels from its catalog."""
        from .texts import localizer

        return localizer(db, locale)

    def components(self, db: Database, localizer: I18nLocalizer) -> Components:
        """Every printable card and token, localized (what `pnp build` draws)."""
        from .components import old_world_components

        return old_world_components(db, localizer)

    def boards(self, db: Database, localizer: I18nLocalizer) -> Boards:
        """The game board and the player boards, localized (what `pnp build --target boards` draws)."""
        from .board import old_world_boards

        return old_world_boards(db, localizer)

    def player_counts(self, db: Database) -> list[int]:
        manifest = OldWorldContent(db).manifest
        if manifest is None:
            return []
        return sorted({profile.players for profile in manifest.setup})

    def new_game(self, db: Database, players: int, seed: int, options: Mapping[str, Any] | None = None) -> GameState:
        """A seeded game for 1-5 players at its first decision; the content tables are built once per database."""
        from .engine import Tables, new_game

        if self._tables is None or self._tables[0] is not db:
            self._tables = (db, Tables.from_content(OldWorldContent(db)))
        return new_game(self._tables[1], players, seed, options)

    def guide_document(self, db: Database, locale: str, text: Text | None = None) -> GuideDocument:
        """The reference guide of a locale; text(context, source) translates (default: the locale's catalog)."""
        from .guide import guide_document

        return guide_document(db, locale, text or self.localizer(db, locale).text)

    def player_aid_document(self, db: Database, locale: str, text: Text | None = None) -> GuideDocument:
        """The player aid of a locale: game end, key terms, setup, turn, locations, fights, in brief."""
        from .guide import player_aid_document

        return player_aid_document(db, locale, text or self.localizer(db, locale).text)
