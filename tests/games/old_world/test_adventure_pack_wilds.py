"""The Adventure Pack's Wilds cards (packs/adventure-pack/wilds.yaml and wilds-events.yaml, as their headers say):
card ap-wilds-NN from 05 on enters the pack's event 106+NN, and the quests of its 50 Wilds cards spread evenly
over the three terrains."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from pipeline.games.old_world.content import OldWorldContent
from pipeline.games.old_world.enums import ExplorationDeck
from pipeline.games.old_world.models import Quest
from pipeline.games.old_world.spec import SPEC

CONTENT = Path(__file__).resolve().parents[3] / "content"
PACK = "adventure-pack"


def pack_wilds_quests() -> tuple[OldWorldContent, dict[str, Quest]]:
    """The content loaded with the pack, and the quest of each of the pack's Wilds cards by card id."""
    db, _ = SPEC.load(CONTENT, (PACK,))
    content = OldWorldContent(db)
    quests = {}
    for rec in content.exploration_records:
        if db.pack_of(rec) == PACK and rec.entity.deck is ExplorationDeck.WILDS:
            [quest] = [option.result.quest for option in rec.entity.options if option.result.quest is not None]
            quests[rec.entity.id] = quest
    return content, quests


def test_wilds_card_nn_enters_the_packs_event_106_plus_nn() -> None:
    content, quests = pack_wilds_quests()
    assert sorted(quests) == [f"ap-wilds-{n:02d}" for n in range(1, 51)]
    entered = {card: quest.enter_event for card, quest in quests.items() if card >= "ap-wilds-05"}
    assert entered == {f"ap-wilds-{n:02d}": 106 + n for n in range(5, 51)}
    pack_events = {rec.entity.number for rec in content.event_records if content.db.pack_of(rec) == PACK}
    assert set(range(111, 157)) <= pack_events


def test_the_wilds_quests_spread_evenly_over_the_terrains() -> None:
    _, quests = pack_wilds_quests()
    terrains = Counter(quest.terrain for quest in quests.values())
    assert None not in terrains and len(terrains) == 3
    assert max(terrains.values()) - min(terrains.values()) <= 1
