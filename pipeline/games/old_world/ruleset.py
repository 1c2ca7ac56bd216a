"""Old World wired into the engine contract: its files, effects and checks."""

from __future__ import annotations

from pipeline.content.database import Database
from pipeline.findings import Finding
from pipeline.rules.components import Components, Localizer
from pipeline.rules.ruleset import GameInfo, Ruleset

from .checks import run_checks
from .checks.counts import actual_counts
from .components import old_world_components
from .content import OldWorldContent
from .effects import EFFECTS
from .models import FILE_KINDS


class OldWorldRuleset(Ruleset):
    id = "old-world"
    name = "The Witcher: Old World"
    file_kinds = FILE_KINDS
    effects = EFFECTS

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

    def components(self, db: Database, localizer: Localizer) -> Components:
        """Every printable card and token, localized (what `pnp build` draws)."""
        return old_world_components(db, localizer)
