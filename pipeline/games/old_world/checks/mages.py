"""Mages (expansion sheet §8, §19 rules 17 and 19): five Mages with unique Specialty names, Mage cards whose
colour is their spell branch, boosts that cost Energy, and starting decks of the character's own kind.
Runs on what the selected packs show (`--pack mages`); the Mage deck's 90 cards are a count (checks/counts.py)."""

from __future__ import annotations

from collections.abc import Iterator

from pipeline.content.database import finding_at
from pipeline.findings import Finding

from ..content import OldWorldContent
from ..enums import Branch, Color

MAGES = 5
# Rule 19: blue = Water, red = Fire, green = Earth, yellow = Air, purple = Mind.
BRANCHES = {Color.BLUE: Branch.WATER, Color.RED: Branch.FIRE, Color.GREEN: Branch.EARTH, Color.YELLOW: Branch.AIR,
            Color.PURPLE: Branch.MIND}


def check(content: OldWorldContent) -> list[Finding]:
    return [*_characters(content), *_cards(content)]


def _characters(content: OldWorldContent) -> Iterator[Finding]:
    mages = [rec for rec in content.school_records if rec.entity.character == "mage"]
    if mages and len(mages) != MAGES:
        yield finding_at(mages[0].where(), "OW-MAGE-COUNT", f"the Mages pack has {MAGES} Mages, the content {len(mages)}")
    named: dict[str, str] = {}
    for rec in content.school_records:
        name = rec.entity.specialty.name
        if name in named:
            yield finding_at(rec.where("specialty", "name"), "OW-SPECIALTY-NAME",
                             f"{rec.entity.id}'s Specialty is named {name!r}, like {named[name]}'s (rule 19: names are unique)")
        named.setdefault(name, rec.entity.id)


def _cards(content: OldWorldContent) -> Iterator[Finding]:
    schools = {school.id: school for school in content.schools}
    for rec in content.card_records:
        card = rec.entity
        if card.branch is not None and card.branch is not BRANCHES[card.color]:
            yield finding_at(rec.where("branch"), "OW-MAGE-BRANCH",
                             f"{card.id} is {card.color.value}, so its branch is {BRANCHES[card.color].value}, not "
                             f"{card.branch.value} (rule 19)")
        if card.boost is not None and card.branch is None:
            yield finding_at(rec.where("boost"), "OW-MAGE-BOOST",
                             f"{card.id} has a boost but no spell branch: only Mage cards boost")
        elif card.boost is not None and card.boost.energy < 1:
            yield finding_at(rec.where("boost", "energy"), "OW-MAGE-BOOST",
                             f"{card.id}'s boost costs {card.boost.energy} Energy; a boost costs at least 1 (rule 19)")
        owner = schools.get(card.school or "")
        if owner is not None and (owner.character == "mage") != (card.branch is not None):
            kind = "a Mage card (with a spell branch)" if owner.character == "mage" else "a witcher card (no spell branch)"
            yield finding_at(rec.where("school"), "OW-MAGE-DECK", f"{card.id} starts {owner.id}'s deck, so it must be {kind}")
