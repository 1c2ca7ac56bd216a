"""The reference guide of a declared game with `guide:` (pipeline/content/declared.py): the shared guide files
built by the shared GuideBuilder with the manifest's numbers, and the checks a guide game's manifest needs.

Its numbers are the manifest's `components:` facts and `rules:` numbers (`{rule_key}` in guide text); its
kinds are rule data the text names (`{hero:geralt}`). The guide checks (pipeline/rules/guide_checks.py) and
the checks of the rule keys here report under the game's code (`guide: {code: AG}` gives AG-GUIDE-REF,
AG-RULE-REF, AG-DUPLICATE-ID).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pipeline.content.database import Database, Record, finding_at
from pipeline.content.declared import Declaration, GuideDeclaration
from pipeline.content.guide import GUIDE_FILE_KINDS
from pipeline.content.models import ContentFile
from pipeline.findings import Finding, error
from pipeline.i18n.models import TermsFile

from .guide_checks import GuideRules, guide_findings, guide_reference_findings
from .spec import GuideSpec

if TYPE_CHECKING:
    from pipeline.i18n.localizer import Localizer
    from pipeline.i18n.messages import SourceString
    from pipeline.rules.guide import GuideDocument
    from pipeline.rules.guide_builder import GuideBuilder, Text

# The shared files a guide game holds beside its declared kinds.
GUIDE_KINDS: tuple[type[ContentFile], ...] = (*GUIDE_FILE_KINDS, TermsFile)
MANIFEST_KIND = "game"


def rule_values(db: Database) -> dict[str, int]:
    """Every number a `{rule_key}` placeholder can print (none without a manifest)."""
    manifests = db.all(MANIFEST_KIND)
    return manifests[0].rule_values() if manifests else {}


def guide_builder(db: Database, locale: str, text: Text | None, game_id: str, name: str) -> GuideBuilder:
    from pipeline.rules.guide_builder import GuideBuilder

    return GuideBuilder(db, locale, text, rule_values(db), game_id, name)


def guide_spec(game_id: str, name: str) -> GuideSpec:
    def reference(db: Database, localizer: Localizer) -> GuideDocument:
        return guide_builder(db, localizer.locale, localizer.text, game_id, name).document()

    return GuideSpec(reference=reference)


def guide_strings(db: Database, game_id: str, name: str) -> list[SourceString]:
    """The words the guide writes around the rule data (the content's own strings are extracted from its fields)."""
    builder = guide_builder(db, "en", None, game_id, name)
    builder.document()
    return builder.strings


def guide_checks(db: Database, declaration: Declaration, structure_only: bool) -> list[Finding]:
    """The manifest's rule keys and the guide's references always (`validate`); with the consistency checks, the rest of
    the shared guide checks."""
    guide = declaration.game.guide
    assert guide is not None, "asked of a game with a guide"
    rules = GuideRules(guide.code, rule_values(db), every_number=guide.every_number, numbers_in=number_scope(declaration))
    findings = rule_key_findings(db, guide) + _numbers_in_findings(declaration) + guide_reference_findings(db, rules)
    if not structure_only:
        findings += guide_findings(db, rules, references=False)
    return findings


def number_scope(declaration: Declaration) -> list[str]:
    """The kinds whose text the guide's number checks judge: those `numbers_in:` names, else every kind that does not
    print (a card's, token's or board's numbers are its own, printed on it, not rule constants written out)."""
    guide = declaration.game.guide
    assert guide is not None, "asked of a game with a guide"
    if guide.numbers_in is not None:
        return list(guide.numbers_in)
    return [kind_id for kind_id, kind in declaration.modelled.items() if kind.print is None]


def _numbers_in_findings(declaration: Declaration) -> list[Finding]:
    """DECLARED-GUIDE for a `numbers_in:` name that is no declared kind."""
    guide = declaration.game.guide
    assert guide is not None, "asked of a game with a guide"
    findings = []
    for i, name in enumerate(guide.numbers_in or []):
        if name not in declaration.modelled:
            pos = declaration.loaded.position(["game", "guide", "numbers_in", i])
            findings.append(error("DECLARED-GUIDE", f"numbers_in names {name!r}, which is no declared kind",
                                  declaration.loaded.display, pos.line, pos.column,
                                  f"kinds: {', '.join(declaration.modelled) or 'none'}"))
    return findings


def rule_key_findings(db: Database, guide: GuideDeclaration) -> list[Finding]:
    """Variants name rule numbers, and no key is both a component fact and a rule (`{key}` would be ambiguous)."""
    findings: list[Finding] = []
    for record in db.records(MANIFEST_KIND):
        findings += _variant_keys(record, guide.code) + _duplicates(record, guide.code)
    return findings


def _variant_keys(record: Record, code: str) -> list[Finding]:
    findings = []
    values = record.entity.rule_values()
    for v, variant in enumerate(record.entity.variants):
        for key, other in variant.replaces.items():
            for name in (key, other):
                if name not in values:
                    message = f"variant {variant.id!r} names {name!r}, which is not a rule number"
                    findings.append(finding_at(record.where("variants", v, "replaces", key), f"{code}-RULE-REF", message,
                                               _known(values)))
    return findings


def _duplicates(record: Record, code: str) -> list[Finding]:
    manifest = record.entity
    findings = []
    for key in sorted(set(manifest.components) & set(manifest.rules)):
        message = f"{key!r} is both a component fact and a rule; {{{key}}} would be ambiguous"
        findings.append(finding_at(record.where("rules", key), f"{code}-DUPLICATE-ID", message))
    return findings


def _known(names: object) -> str:
    shown = sorted(str(n) for n in names)  # type: ignore[attr-defined]
    return f"known: {', '.join(shown[:12])}{' …' if len(shown) > 12 else ''}" if shown else ""
