"""Events as a numbered deck: quests and enter-event effects lead into it (reference §21 rules 39–41)."""

from __future__ import annotations

from pipeline.content.database import Source
from pipeline.content.models import iter_models
from pipeline.content.numbered import NumberedDeck, NumberedEntry, Ref, check_numbered_deck
from pipeline.findings import Finding

from ..content import OldWorldContent
from ..effects import EnterEvent, StartQuest
from ..models import Event
from .walk import effects_in


def check(content: OldWorldContent) -> list[Finding]:
    return _events_graph(content)


def _events_graph(content: OldWorldContent) -> list[Finding]:
    """Events as a numbered deck: quests and enter-event effects are its references."""
    db = content.db
    pack = content.manifest.packs[0] if content.manifest else None
    first, last = pack.event_numbers if pack and pack.event_numbers else (1, max((e.number for e in content.events), default=1))
    entries = []
    for rec in content.event_records:
        refs = tuple(
            Ref(effect.event, rec.where(*path, "event"), f"event {rec.entity.number}")
            for path, effect in iter_models(rec.entity)
            if isinstance(effect, EnterEvent)
        )
        entries.append(NumberedEntry(rec.entity.number, rec.where("number"), refs))
    entry_refs = []
    for card in content.exploration_records:
        for i, option in enumerate(card.entity.options):
            if option.result.quest is not None:
                entry_refs.append(
                    Ref(
                        option.result.quest.enter_event,
                        card.where("options", i, "result", "quest", "enter_event"),
                        f"quest {card.entity.id}",
                    )
                )
    for rec, path, effect in effects_in(db):
        if isinstance(rec.entity, Event):
            continue
        if isinstance(effect, StartQuest):
            entry_refs.append(Ref(effect.enter_event, rec.where(*path, "enter_event"), f"quest {getattr(rec.entity, 'id', '')}"))
        elif isinstance(effect, EnterEvent):
            entry_refs.append(Ref(effect.event, rec.where(*path, "event"), f"{getattr(rec.entity, 'id', '')}"))
    if not entries and not entry_refs:
        return []
    deck = NumberedDeck(name="event", code="OW-EVENT", first=first, last=last)
    if db.complete:
        return check_numbered_deck(deck, entries, entry_refs)
    # A rejected events file would make its numbers look missing or unreachable: count them as
    # present and keep only the findings that do not depend on the whole deck.
    placeholder = Source(str(db.root), 1, 1)
    entries += [NumberedEntry(n, placeholder) for n in db.rejected.get("events", set()) if isinstance(n, int)]
    partial = ("OW-EVENT-REF", "OW-EVENT-CYCLE", "OW-EVENT-DUPLICATE", "OW-EVENT-RANGE")
    return [f for f in check_numbered_deck(deck, entries, entry_refs) if f.code in partial]
