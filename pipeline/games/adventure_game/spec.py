"""The Witcher Adventure Game, described once: a rules reference guide (no engine, no components)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pipeline.content.database import Database
from pipeline.rules.spec import GameInfo, GameSpec, GuideSpec

from .checks import run_checks
from .checks.counts import actual_counts
from .models import FILE_KINDS, AdventureContent

if TYPE_CHECKING:
    from pipeline.i18n.localizer import Localizer
    from pipeline.i18n.messages import SourceString
    from pipeline.rules.guide import GuideDocument
    from pipeline.rules.guide_builder import GuideBuilder, Text

ID = "adventure-game"
NAME = "The Witcher Adventure Game"


def info(db: Database) -> GameInfo:
    content = AdventureContent(db)
    return GameInfo.of(ID, NAME, content.manifest, actual_counts(content))


def guide_builder(db: Database, locale: str, text: Text | None) -> GuideBuilder:
    """The shared builder: the guide files and the rule data its models declare, numbers from the manifest."""
    from pipeline.rules.guide_builder import GuideBuilder

    return GuideBuilder(db, locale, text, AdventureContent(db).rule_values, ID, NAME)


def strings(db: Database) -> list[SourceString]:
    """Every translatable string: the content's fields (msgctxt from the models), then the words the guide
    writes around the rule data."""
    from pipeline.i18n.content import content_strings

    builder = guide_builder(db, "en", None)
    builder.document()
    return [*content_strings(db), *builder.strings]


def localizer(db: Database, locale: str) -> Localizer:
    """The guide's text in a locale: the catalog of locales/<locale>.po, English from the manifest's source locale."""
    from pipeline.i18n.localizer import Localizer

    manifest = AdventureContent(db).manifest
    return Localizer.load(locale, db.root, source_locale=manifest.source_locale if manifest else "en")


def reference_guide(db: Database, localizer: Localizer) -> GuideDocument:
    return guide_builder(db, localizer.locale, localizer.text).document()


SPEC = GameSpec(
    id=ID,
    name=NAME,
    file_kinds=FILE_KINDS,
    checks=run_checks,
    info=info,
    localizer=localizer,
    strings=strings,
    guide=GuideSpec(reference=reference_guide),
)
