"""Path of Destiny's reference guide as a `GuideDocument`, built from `content/path-of-destiny/guide/`.

The shared builder (pipeline/rules/guide_builder.py) does it all: Path of Destiny generates no
tables and prints no player aid. `fill_rules` fills the same `{rule}` placeholders in help cards.
"""

from __future__ import annotations

from pipeline.content.database import Database
from pipeline.rules.guide import GuideDocument
from pipeline.rules.guide_builder import GuideBuilder, Text, fill_constants, rule_constants

from .models import RuleConstants


def fill_rules(text: str, rules: RuleConstants | None) -> str:
    """Replace `{rule_name}` placeholders with the manifest's rule constants (icon tokens untouched)."""
    return fill_constants(text, rule_constants(rules))


def _builder(db: Database, locale: str, text: Text | None) -> GuideBuilder:
    manifests = db.all("game")
    constants = rule_constants(manifests[0].rules if manifests else None)
    return GuideBuilder(db, locale, text, constants, "path-of-destiny", "The Witcher: Path of Destiny")


def guide_document(db: Database, locale: str, text: Text | None = None) -> GuideDocument:
    """The reference guide of one locale: the rules sections, then the glossary."""
    return _builder(db, locale, text).document()


