"""Printed texts: every effect and ability has its English template, templates fill, override texts keep the numbers."""

from __future__ import annotations

from collections.abc import Iterator

from pipeline.content.database import Record, finding_at
from pipeline.findings import Finding, error, warning
from pipeline.i18n.content import message_templates
from pipeline.i18n.localizer import Localizer
from pipeline.i18n.tokens import placeholders
from pipeline.rules.effects import Effect, describe, unshown_numbers

from ..content import OldWorldContent
from ..effects import EFFECTS, NOTHING
from ..models.base import Ability, ActionCard, Potion, School

# Template families the code prints by computed context: a template in them nobody prints is a typo.
COMPUTED = ("effect:", "ability:")


def check(content: OldWorldContent) -> list[Finding]:
    return [*_coverage(content), *_unfilled(content), *_override_numbers(content)]


def _coverage(content: OldWorldContent) -> list[Finding]:
    """Every context an effect or ability prints with has a template, and no computed-family template is unused."""
    from ..texts import ability_contexts  # imported when `pnp check` runs, never by `pnp validate`

    records = content.text_records
    if not records:
        return []
    defined = {r.entity.id: r for r in records}
    expected = [NOTHING.context, *EFFECTS.contexts(), *ability_contexts()]
    file = records[0].loaded.display
    findings = [
        error("OW-TEXT-MISSING", f"no English template for {context}", file, hint="add it to texts/effects.yaml or rules.yaml")
        for context in expected
        if context not in defined
    ]
    known = set(expected)
    for context, record in defined.items():
        if context.startswith(COMPUTED) and context not in known:
            at = record.where("id")
            findings.append(warning("OW-TEXT-UNKNOWN", f"no effect or ability prints {context}", at.file, at.line, at.column))
    return findings


def _unfilled(content: OldWorldContent) -> list[Finding]:
    """Printing each effect and ability of the content in English leaves no `{placeholder}` unfilled."""
    from ..texts import ability_message

    db = content.db
    localizer = Localizer("en", templates=message_templates(db), describe=describe)
    where = {r.entity.id: r for r in content.text_records}
    findings: list[Finding] = []
    seen: set[str] = set()
    for record, path, effect in content.effects:
        for name in placeholders(localizer.effect_text(effect)):
            context = _template_with(name, where)
            if context in seen:
                continue
            seen.add(context)
            source = where[context].where("text") if context in where else record.where(*path)
            findings.append(finding_at(source, "OW-TEXT-UNFILLED", f"{{{name}}} is not a value of the effects {context} prints"))
    for ability in _abilities(content):
        for name in placeholders(localizer.message(ability_message(ability))):
            context = _template_with(name, where)
            if context not in seen and context in where:
                seen.add(context)
                findings.append(finding_at(where[context].where("text"), "OW-TEXT-UNFILLED", f"{{{name}}} is never filled"))
    return findings


def _template_with(name: str, where: dict[str, Record]) -> str:
    for context, record in where.items():
        if name in placeholders(record.entity.text) and context.startswith(COMPUTED):
            return str(context)
    return name


def _abilities(content: OldWorldContent) -> Iterator[Ability]:
    for monster in content.monsters:
        yield from (monster.special, *([monster.trophy] if monster.trophy is not None else []))
    yield from (trophy.ability for trophy in content.attribute_trophies)
    yield from (trophy.ability for trophy in content.witcher_trophies)
    for event in content.events:
        if event.keep is not None:
            yield event.keep.ability


def _override_numbers(content: OldWorldContent) -> list[Finding]:
    """An author's `text` replaces the generated one: it must still show every number of its effects."""
    findings = []
    for collection in ("action-cards", "potions", "schools", "monsters", "attribute-trophies", "witcher-trophies"):
        for record in content.db.records(collection):
            for path, text, effects in _overrides(record.entity):
                missing = unshown_numbers(text, effects)
                if missing:
                    shown = ", ".join(str(n) for n in missing)
                    findings.append(
                        finding_at(
                            record.where(*path),
                            "OW-TEXT-NUMBERS",
                            f"the text does not show {shown}, a number of its effects",
                            hint="write every number of the effects into the text, or remove the text to print the generated one",
                        )
                    )
    return findings


def _overrides(entity: object) -> Iterator[tuple[tuple[str | int, ...], str, list[Effect]]]:
    """(path of the text, text, the effects it stands for) of every non-empty override text."""
    if isinstance(entity, ActionCard) and entity.text:
        effects: list[Effect] = [*entity.fight.effects, *(e for ext in entity.extensions for e in ext.effects)]
        yield ("text",), entity.text, effects
    if isinstance(entity, Potion) and entity.text:
        yield ("text",), entity.text, [*entity.effects]
    if isinstance(entity, School) and entity.specialty.text:
        levels: list[Effect] = [e for level in entity.specialty.levels for e in level]
        yield ("specialty", "text"), entity.specialty.text, levels
    for name in ("special", "trophy", "ability"):
        ability = getattr(entity, name, None)
        if isinstance(ability, Ability) and ability.text:
            yield (name, "text"), ability.text, [*ability.effects]
