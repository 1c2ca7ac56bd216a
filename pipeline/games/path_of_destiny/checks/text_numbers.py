"""Printed text against the rules it states (reference §18.12): an ability's, an Automa ability's and an action card's
author-written text shows every number of its effects, and a side quest's text every number of its tiers; otherwise
the card prints one value and the game plays another (POD-TEXT-NUMBERS, the shared `unshown_numbers`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from pipeline.content.database import Record, finding_at
from pipeline.findings import Finding
from pipeline.rules.effects import unshown_numbers

from ..content import PathOfDestinyContent


def check(content: PathOfDestinyContent) -> list[Finding]:
    findings = []
    for record, path, text, rules in _texts(content):
        missing = unshown_numbers(text, *rules)
        if missing:
            findings.append(finding_at(record.where(*path), "POD-TEXT-NUMBERS",
                                       f"the text does not show {', '.join(map(str, missing))}, a number of what it states",
                                       "write the effects' (or tiers') numbers into the text, or change the numbers"))
    return findings


def _texts(content: PathOfDestinyContent) -> Iterator[tuple[Record, tuple[str | int, ...], str, tuple[Any, ...]]]:
    """(record, path of the text, the text, what it states) of every printed text that stands for rules data."""
    for character in content.character_records:
        for i, ability in enumerate(character.entity.abilities):
            yield character, ("abilities", i, "text"), ability.text, (ability.effects,)
        quest = character.entity.side_quest
        yield character, ("side_quest", "text"), quest.text, (quest.tiers,)
    for card in content.card_records:
        if card.entity.text:  # an author's wording replaces the one printed from condition and effect
            yield card, ("text",), card.entity.text, (card.entity.condition, card.entity.effect)
    automa = content.automa_record
    if automa is not None:
        for b, board in enumerate(automa.entity.boards):
            for a, rule in enumerate(board.abilities):
                yield automa, ("boards", b, "abilities", a, "text"), rule.text, (rule.effects,)
