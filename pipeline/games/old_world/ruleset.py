"""Old World wired into the engine contract: its files, effects and checks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pipeline.content.database import Database
from pipeline.findings import Finding
from pipeline.i18n.localizer import Localizer as I18nLocalizer
from pipeline.i18n.messages import SourceString
from pipeline.rules.boards import Boards
from pipeline.rules.components import Components
from pipeline.rules.guide import GuideDocument
from pipeline.rules.ruleset import GameInfo, Ruleset

from .board import old_world_boards
from .bots import BOTS
from .checks import run_checks
from .checks.counts import actual_counts
from .components import old_world_components
from .content import OldWorldContent
from .effects import EFFECTS
from .engine import GameState, Tables, new_game
from .guide import Text, guide_document, player_aid_document
from .models import FILE_KINDS
from .strings import translatable_strings
from .texts import localizer


class OldWorldRuleset(Ruleset):
    id = "old-world"
    name = "The Witcher: Old World"
    file_kinds = FILE_KINDS
    effects = EFFECTS
    bots = BOTS

    def __init__(self) -> None:
        self._tables: dict[int, tuple[Database, Tables]] = {}

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
        return translatable_strings(db)

    def localizer(self, db: Database, locale: str) -> I18nLocalizer:
        """Old World's text in a locale: cards, effect sentences and labels from its catalog."""
        return localizer(db, locale)

    def components(self, db: Database, localizer: I18nLocalizer) -> Components:
        """Every printable card and token, localized (what `pnp build` draws)."""
        return old_world_components(db, localizer)

    def boards(self, db: Database, localizer: I18nLocalizer) -> Boards:
        """The game board and the player boards, localized (what `pnp build --target boards` draws)."""
        return old_world_boards(db, localizer)

    def player_counts(self, db: Database) -> list[int]:
        manifest = OldWorldContent(db).manifest
        if manifest is None:
            return []
        return sorted({profile.players for profile in manifest.setup})

    def new_game(self, db: Database, players: int, seed: int, options: Mapping[str, Any] | None = None) -> GameState:
        """A seeded game for 1-5 players at its first decision; the content tables are built once per database."""
        tables = self._tables.get(id(db))
        if tables is None or tables[0] is not db:
            tables = (db, Tables.from_content(OldWorldContent(db)))
            self._tables[id(db)] = tables
        return new_game(tables[1], players, seed, options)

    def guide_document(self, db: Database, locale: str, text: Text | None = None) -> GuideDocument:
        """The reference guide of a locale; text(context, source) translates (default: the locale's catalog)."""
        return guide_document(db, locale, text or self.localizer(db, locale).text)

    def player_aid_document(self, db: Database, locale: str, text: Text | None = None) -> GuideDocument:
        """The player aid of a locale: game end, key terms, setup, turn, locations, fights, in brief."""
        return player_aid_document(db, locale, text or self.localizer(db, locale).text)
