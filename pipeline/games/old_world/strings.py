"""Every translatable string of Old World's content, with a stable msgctxt path and where its English is written.

Paths name the component by its id, then the field: `action-card:wolf-quick-cut:name`,
`exploration:city-07:option-a:result`, `event:12:intro`, `help-card:action-help:section-1:line-2`,
`effect:gain-gold`. Options are lettered (a, b, ...), sections and lines counted from 1, die
branches named by their results (`event:2:roll-1-2`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pipeline.content.database import Database, Record
from pipeline.i18n.content import StringCollector
from pipeline.i18n.messages import SourceString
from pipeline.i18n.models import MessageTemplate
from pipeline.rules.effects import Effect, walk_effects

from . import effects as fx
from .guide import guide_strings
from .models import (
    Ability,
    ActionCard,
    AttributeTrophy,
    Event,
    ExplorationCard,
    HelpCard,
    Location,
    Manifest,
    Monster,
    Potion,
    School,
    WitcherTrophy,
)


@dataclass
class _Collector(StringCollector):
    """Old World's strings: abilities and the story text of die branches besides plain fields."""

    def ability(self, record: Record, prefix: str, ability: Ability, *path: str | int) -> None:
        self.add(record, f"{prefix}:text", ability.text, *path, "text", note=_override_note(ability.effects))
        self.rolls(record, prefix, ability.effects, *path, "effects")

    def rolls(self, record: Record, prefix: str, effects: Sequence[Effect], *path: str | int) -> None:
        """The story text of each die branch in effects (nested ones too)."""
        for index, effect in enumerate(effects):
            for inner in walk_effects([effect]):
                if isinstance(inner, fx.RollDie):
                    for b, branch in enumerate(inner.branches):
                        where = (*path, index, "branches", b, "text") if inner is effect else (*path, index)
                        self.add(record, self._unique(f"{prefix}:roll-{branch.min}-{branch.max}"), branch.text, *where)

    def _unique(self, context: str) -> str:
        """The context, or with -2, -3... when a second roll of the same owner has the same results."""
        found, n = context, 2
        while found in self.seen:
            found, n = f"{context}-{n}", n + 1
        return found


Handler = Callable[["_Collector", Record], None]


def _override_note(effects: Sequence[Effect]) -> str:
    numbers = sorted({n for e in effects for n in e.numbers()})
    shown = ", ".join(str(n) for n in numbers)
    return f"Author's wording of the rules; it must show the numbers {shown}." if numbers else ""


def _letter(index: int) -> str:
    return chr(ord("a") + index)


def translatable_strings(db: Database) -> list[SourceString]:
    """Every string of the content a translation has to cover, in file order, then entity order."""
    out = _Collector()
    for record in db.records_in_file_order():
        handler = _HANDLERS.get(type(record.entity))
        if handler is not None:
            handler(out, record)
    # The reference guide and player aid (guide/*.yaml) list their own strings.
    out.strings.extend(s for s in guide_strings(db) if s.context not in out.seen)
    return out.strings


def _named(prefix: str) -> Handler:
    """Strings of an entity that has only a name/title/text/description and maybe an ability."""

    def handler(out: _Collector, record: Record) -> None:
        entity = record.entity
        for name in ("name", "title", "text", "description"):
            value = getattr(entity, name, "")
            if isinstance(value, str):
                note = _override_note(_own_effects(entity)) if name == "text" else ""
                out.add(record, f"{prefix}:{entity.id}:{name}", value, name, note=note)
        ability = getattr(entity, "ability", None)
        if isinstance(ability, Ability):
            out.ability(record, f"{prefix}:{entity.id}:ability", ability, "ability")

    return handler


def _own_effects(entity: object) -> list[Effect]:
    """The effects an override `text` of a card or potion must cover."""
    if isinstance(entity, ActionCard):
        found: list[Effect] = list(entity.fight.effects)
        for extension in entity.extensions:
            found.extend(extension.effects)
        return found
    if isinstance(entity, Potion):
        return list(entity.effects)
    return []


def _manifest(out: _Collector, record: Record) -> None:
    game: Manifest = record.entity
    out.add(record, "game:name", game.name, "name")
    for i, pack in enumerate(game.packs):
        out.add(record, f"pack:{pack.id}:name", pack.name, "packs", i, "name")
    for i, tier in enumerate(game.solo_tiers):
        out.add(record, f"solo-tier:{tier.id}:title", tier.title, "solo_tiers", i, "title")
        out.add(record, f"solo-tier:{tier.id}:text", tier.text, "solo_tiers", i, "text")


def _school(out: _Collector, record: Record) -> None:
    school: School = record.entity
    out.add(record, f"school:{school.id}:name", school.name, "name")
    out.add(record, f"school:{school.id}:specialty:name", school.specialty.name, "specialty", "name")
    numbers = [e for level in school.specialty.levels for e in level]
    note = _override_note(numbers)
    out.add(record, f"school:{school.id}:specialty:text", school.specialty.text, "specialty", "text", note=note)


def _monster(out: _Collector, record: Record) -> None:
    monster: Monster = record.entity
    prefix = f"monster:{monster.id}"
    out.add(record, f"{prefix}:name", monster.name, "name")
    out.add(record, f"{prefix}:description", monster.description, "description")
    out.ability(record, f"{prefix}:special", monster.special, "special")
    out.ability(record, f"{prefix}:trophy", monster.trophy, "trophy")


def _exploration(out: _Collector, record: Record) -> None:
    card: ExplorationCard = record.entity
    prefix = f"exploration:{card.id}"
    out.add(record, f"{prefix}:title", card.title, "title")
    out.add(record, f"{prefix}:intro", card.intro, "intro")
    for i, option in enumerate(card.options):
        here = f"{prefix}:option-{_letter(i)}"
        out.add(record, f"{here}:label", option.label, "options", i, "label")
        out.add(record, f"{here}:result", option.result.text, "options", i, "result", "text")
        out.rolls(record, here, option.result.effects, "options", i, "result", "effects")


def _event(out: _Collector, record: Record) -> None:
    event: Event = record.entity
    prefix = f"event:{event.number}"
    out.add(record, f"{prefix}:title", event.title, "title")
    out.add(record, f"{prefix}:intro", event.intro, "intro")
    for i, option in enumerate(event.options):
        here = f"{prefix}:option-{_letter(i)}"
        out.add(record, f"{here}:label", option.label, "options", i, "label")
        out.add(record, f"{here}:text", option.text, "options", i, "text")
        out.rolls(record, here, option.effects, "options", i, "effects")
    out.rolls(record, prefix, event.effects, "effects")
    if event.keep is not None:
        out.add(record, f"{prefix}:keep:name", event.keep.name, "keep", "name")
        out.ability(record, f"{prefix}:keep:ability", event.keep.ability, "keep", "ability")


def _help_card(out: _Collector, record: Record) -> None:
    card: HelpCard = record.entity
    prefix = f"help-card:{card.id}"
    out.add(record, f"{prefix}:title", card.title, "title")
    for s, section in enumerate(card.sections):
        here = f"{prefix}:section-{s + 1}"
        out.add(record, f"{here}:heading", section.heading, "sections", s, "heading")
        for n, line in enumerate(section.lines):
            out.add(record, f"{here}:line-{n + 1}", line, "sections", s, "lines", n)


def _message(out: _Collector, record: Record) -> None:
    template = record.entity
    pos = record.loaded.position([*record.path, "text"])
    if template.id in out.seen:
        return
    out.seen.add(template.id)
    out.strings.append(
        SourceString(
            template.id,
            template.text,
            plural=template.plural,
            count=template.count,
            path=record.loaded.path,
            line=pos.line,
            note=template.note,
        )
    )


_HANDLERS: dict[type, Handler] = {
    Manifest: _manifest,
    School: _school,
    Location: _named("location"),
    ActionCard: _named("action-card"),
    Potion: _named("potion"),
    Monster: _monster,
    ExplorationCard: _exploration,
    Event: _event,
    AttributeTrophy: _named("attribute-trophy"),
    WitcherTrophy: _named("witcher-trophy"),
    HelpCard: _help_card,
    MessageTemplate: _message,
}
