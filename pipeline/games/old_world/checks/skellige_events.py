"""Skellige's Event deck and the islands its cards reveal (expansion sheet §10.5, §17; §19 rules 1, 23 and 24).

The deck is its own number sequence, 1 to the count the manifest gives, entered only by "Read Skellige Event N"
(from the Skellige Exploration cards or another Skellige Event). An island card reveals one island with no number
and no Location token; no Skellige Event is kept like Equipment (a kept card leaves the deck by its number, which
the base deck shares).
"""

from __future__ import annotations

from pipeline.content.database import Record, finding_at
from pipeline.content.models import iter_models
from pipeline.content.numbered import NumberedDeck, NumberedEntry, Ref, check_numbered_deck
from pipeline.findings import Finding

from ..content import OldWorldContent
from ..effects import EnterSkelligeEvent
from ..enums import EVENT_ISLAND_ACTIONS, EventType
from ..models.skellige import SkelligeEvent

EVENT_ISLANDS = 5  # §10.5: Hen Inis, Hvandre Hevangi, Loc Gwen, Aenye Ard, Pawen y Crevan
KEPT_TYPES = frozenset({EventType.EQUIPMENT, EventType.COMPANION})


def check(content: OldWorldContent) -> list[Finding]:
    records = content.skellige_event_records
    if not records and not _entry_refs(content):
        return []
    findings = [*_deck(content), *_islands(content, records)]
    for rec in records:
        if rec.entity.type in KEPT_TYPES:
            findings.append(finding_at(rec.where("type"), "OW-SK-EVENT-TYPE",
                                       f"Skellige Event {rec.entity.number} is {rec.entity.type.value}: Skellige "
                                       "Events are options, tests, short fights or islands, never kept"))
    return findings


def _entry_refs(content: OldWorldContent) -> list[Ref]:
    """Every "Read Skellige Event N" of the selected content outside the Skellige Event deck itself."""
    db = content.db
    return [Ref(effect.event, rec.where(*path, "event"), str(getattr(rec.entity, "id", "")))
            for rec, path, effect in content.effects
            if isinstance(effect, EnterSkelligeEvent) and not isinstance(rec.entity, SkelligeEvent) and db.is_shown(rec)]


def _deck(content: OldWorldContent) -> list[Finding]:
    """Rules 23-24: numbers 1..N without gaps, every reference resolves, every card can be reached."""
    manifest = content.manifest
    pack = next((p for p in manifest.packs if p.id == "skellige"), None) if manifest else None
    last = pack.adds.get("skellige_events", 0) if pack else 0
    entries = [
        NumberedEntry(rec.entity.number, rec.where("number"), tuple(
            Ref(effect.event, rec.where(*path, "event"), f"Skellige Event {rec.entity.number}")
            for path, effect in iter_models(rec.entity) if isinstance(effect, EnterSkelligeEvent)))
        for rec in content.skellige_event_records
    ]
    record = content.manifest_record  # a deck with no events left is found where the pack declares them
    deck = NumberedDeck(name="Skellige Event", code="OW-SK-EVENT", first=1, last=last or len(entries),
                        declared=record.where("packs") if record is not None else None)
    return check_numbered_deck(deck, entries, _entry_refs(content))


def _islands(content: OldWorldContent, records: list[Record[SkelligeEvent]]) -> list[Finding]:
    """Rule 1 (event islands have no number: the card is the island), one island per island card, ids apart from
    the map's, and the islands' actions."""
    findings = []
    seen: dict[str, int] = {}
    for rec in records:
        event, island = rec.entity, rec.entity.island
        if (event.type is EventType.ISLAND) != (island is not None):
            findings.append(finding_at(rec.where("island" if island else "type"), "OW-SK-ISLAND",
                                       f"Skellige Event {event.number} is of type {event.type.value}"
                                       + (" but reveals an island" if island else " but reveals no island"),
                                       "an island card has `type: island` and an `island`, other cards neither"))
        if island is None:
            continue
        if island.id in seen:
            findings.append(finding_at(rec.where("island", "id"), "OW-SK-ISLAND",
                                       f"{island.name} is also revealed by Skellige Event {seen[island.id]}"))
        elif island.id in content.location_by_id:
            findings.append(finding_at(rec.where("island", "id"), "OW-SK-ISLAND",
                                       f"{island.id} is already a numbered location: an event island has no number "
                                       "and no Location token (rule 1)"))
        seen.setdefault(island.id, event.number)
        if island.action.type not in EVENT_ISLAND_ACTIONS:
            findings.append(finding_at(rec.where("island", "action", "type"), "OW-SK-ISLAND",
                                       f"{island.name}'s action is {island.action.type.value}, not one of the event "
                                       "islands' (§10.5)"))
    if records and len(seen) != EVENT_ISLANDS:
        findings.append(finding_at(records[0].where(), "OW-SK-ISLAND",
                                   f"the Skellige Events reveal {len(seen)} islands, not {EVENT_ISLANDS} (§10.5)"))
    return findings
