"""The Witcher Adventure Game, described once: a rules reference guide (no engine, no components)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pipeline.content.database import Database
from pipeline.rules.spec import GameInfo, GameSpec, GuideSpec

from .checks import run_checks
from .checks.counts import actual_counts
from .content import AdventureContent
from .models import FILE_KINDS

if TYPE_CHECKING:
    from pipeline.i18n.localizer import Localizer
    from pipeline.i18n.messages import SourceString
    from pipeline.rules.guide import GuideDocument

ID = "adventure-game"
NAME = "The Witcher Adventure Game"


def info(db: Database) -> GameInfo:
    content = AdventureContent(db)
    manifest = content.manifest
    return GameInfo.of(ID, NAME, manifest, actual_counts(content))


def strings(db: Database) -> list[SourceString]:
    from .guide import guide_strings

    return guide_strings(db)


def localizer(db: Database, locale: str) -> Localizer:
    """The guide's text in a locale: the catalog of locales/<locale>.po, English from the manifest's source locale."""
    from pipeline.i18n.localizer import Localizer

    manifest = AdventureContent(db).manifest
    return Localizer.load(locale, db.root, source_locale=manifest.source_locale if manifest else "en")


def reference_guide(db: Database, localizer: Localizer) -> GuideDocument:
    from .guide import guide_document

    return guide_document(db, localizer.locale, localizer.text)


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
