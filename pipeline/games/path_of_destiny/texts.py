"""How Path of Destiny prints its structured rules: each condition and effect as a Message (its `sentence()`).

The English templates are content (`texts/effects.yaml`, `texts/labels.yaml`); translations live in
the locale catalogs.
"""

from __future__ import annotations

from pipeline.content.database import Database
from pipeline.i18n.content import game_localizer
from pipeline.i18n.localizer import Localizer
from pipeline.rules.effects import describe


def localizer(db: Database, locale: str) -> Localizer:
    """Path of Destiny's Localizer for a locale: its catalog, the message templates and the effect sentences."""
    return game_localizer(db, locale, describe)
