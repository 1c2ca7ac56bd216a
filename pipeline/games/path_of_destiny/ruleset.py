"""Path of Destiny wired into the engine contract: its files, effects and checks."""

from __future__ import annotations

from pipeline.content.database import Database
from pipeline.findings import Finding
from pipeline.i18n.messages import SourceString
from pipeline.rules.ruleset import GameInfo, Ruleset

from .checks import run_checks
from .content import PathOfDestinyContent
from .effects import EFFECTS
from .models import FILE_KINDS


class PathOfDestinyRuleset(Ruleset):
    id = "path-of-destiny"
    name = "The Witcher: Path of Destiny"
    file_kinds = FILE_KINDS
    effects = EFFECTS

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
