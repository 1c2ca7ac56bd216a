"""The Adventure Game wired into the engine contract: its files, its (empty) effects, its checks and its guide."""

from __future__ import annotations

from typing import Never

from pipeline.content.database import Database
from pipeline.findings import Finding
from pipeline.i18n.localizer import Localizer
from pipeline.i18n.messages import SourceString
from pipeline.rules.effects import EffectRegistry
from pipeline.rules.guide import GuideDocument
from pipeline.rules.guide_builder import Text
from pipeline.rules.ruleset import GameInfo, Ruleset

from .checks import run_checks
from .checks.counts import actual_counts
from .content import AdventureContent
from .guide import guide_document, guide_strings
from .models import FILE_KINDS

# This game ships a rules reference guide, not cards: no component here carries a structured
# effect, so its vocabulary is the empty union (`Never`). The registry is real (it indexes, it
# answers `in`, its JSON Schema would have no effect classes); a card game would list its classes here.
EFFECTS = EffectRegistry(Never)


class AdventureGameRuleset(Ruleset):
    id = "adventure-game"
    name = "The Witcher Adventure Game"
    file_kinds = FILE_KINDS
    effects = EFFECTS
    # Rule text takes every number from the rule data, so a translation states exactly the English's numbers.
    translations_keep_numbers = True

    def checks(self, db: Database, structure_only: bool = False) -> list[Finding]:
        return run_checks(db, structure_only)

    def info(self, db: Database) -> GameInfo:
        content = AdventureContent(db)
        manifest = content.manifest
        return GameInfo(
            id=self.id,
            name=manifest.name if manifest else self.name,
            packs=[],
            locales=list(manifest.locales) if manifest else [],
            counts=actual_counts(content),
        )

    def localizer(self, db: Database, locale: str) -> Localizer:
        """The guide's text in a locale: the catalog of locales/<locale>.po, English from the manifest's source locale."""
        manifest = AdventureContent(db).manifest
        return Localizer.load(locale, db.root, source_locale=manifest.source_locale if manifest else "en")

    def guide_document(self, db: Database, locale: str, text: Text | None = None) -> GuideDocument:
        """The Rules Reference Guide in one locale, for the guide renderer."""
        return guide_document(db, locale, text or self.localizer(db, locale).text)

    def strings(self, db: Database) -> list[SourceString]:
        """Every string a translation has to cover, with its msgctxt (for `pnp i18n` and messages.pot)."""
        return guide_strings(db)
