"""Events as a numbered deck: quests and enter-event effects lead into it (reference §21 rules 39–41)."""

from __future__ import annotations

from pipeline.content.database import BASE_PACK, finding_at
from pipeline.content.models import iter_models
from pipeline.content.numbered import NumberedDeck, NumberedEntry, Ref, check_numbered_deck
from pipeline.findings import Finding

from ..content import OldWorldContent
from ..effects import EnterEvent, StartQuest
from ..models.base import Event


def check(content: OldWorldContent) -> list[Finding]:
    return [*_events_graph(content), *_pack_numbers(content)]


def _selected_ranges(content: OldWorldContent) -> dict[str, tuple[int, int]]:
    """The event numbers of the base and of each selected pack with events (one sequence, rule 23)."""
    packs = content.manifest.packs if content.manifest else []
    return {p.id: p.event_numbers for p in packs
            if p.event_numbers is not None and (p.id == BASE_PACK or p.id in content.db.packs)}


def _pack_numbers(content: OldWorldContent) -> list[Finding]:
    """Rule 23: a pack's events are numbered within its own range (the Adventure Pack's from 57)."""
    ranges, findings = _selected_ranges(content), []
    for rec in content.event_records:
        pack = content.db.pack_of(rec)
        if pack == BASE_PACK or pack not in ranges:
            continue
        low, high = ranges[pack]
        if not low <= rec.entity.number <= high:
            findings.append(finding_at(rec.where("number"), "OW-PACK-EVENTS",
                                       f"{pack}'s event {rec.entity.number} is outside its numbers {low}–{high} (rule 23)"))
    return findings


def _events_graph(content: OldWorldContent) -> list[Finding]:
    """Events as a numbered deck: quests and enter-event effects are its references."""
    db = content.db
    ranges = list(_selected_ranges(content).values())
    if ranges:
        first, last = min(low for low, _ in ranges), max(high for _, high in ranges)
    else:
        first, last = 1, max((e.number for e in content.events), default=1)
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
    for rec, path, effect in content.effects:
        if isinstance(rec.entity, Event):
            continue
        if isinstance(effect, StartQuest):
            entry_refs.append(Ref(effect.enter_event, rec.where(*path, "enter_event"), f"quest {getattr(rec.entity, 'id', '')}"))
        elif isinstance(effect, EnterEvent):
            entry_refs.append(Ref(effect.event, rec.where(*path, "event"), f"{getattr(rec.entity, 'id', '')}"))
    if not entries and not entry_refs:
        return []
    manifest = content.manifest_record  # a deck with no events left is found where its numbers are declared
    deck = NumberedDeck(name="event", code="OW-EVENT", first=first, last=last,
                        declared=manifest.where("packs") if manifest is not None else None)
    if db.complete:
        return check_numbered_deck(deck, entries, entry_refs)
    # A rejected events file would make its numbers look missing or unreachable: count them as
    # present, each at the line that writes it, and keep only the findings that do not depend on the whole deck.
    entries += [NumberedEntry(n, at) for n, at in db.rejected.get("events", {}).items() if isinstance(n, int)]
    partial = ("OW-EVENT-REF", "OW-EVENT-CYCLE", "OW-EVENT-DUPLICATE", "OW-EVENT-RANGE")
    return [f for f in check_numbered_deck(deck, entries, entry_refs) if f.code in partial]

