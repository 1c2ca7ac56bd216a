"""The rule constants the rulebook states (reference §18 rules 9, 13, 15, 17, 21, 22): hand size, a pair per row,
the chapters and rounds that give timelines of 6, 7 and 8 cards, the XP tracks, the Automa's second ability, the
alliance limit and the cap of scaled effects. How constants depend on each other: checks/setup.py."""

from __future__ import annotations

from pipeline.content.database import finding_at
from pipeline.findings import Finding

from ..content import PathOfDestinyContent

RULES = {
    "chapters": 3,
    "rounds_per_chapter": 3,
    "hand_size": 5,
    "cards_per_pair": 2,
    "cards_played_per_round": 2,
    "kept_after_chapter": [1, 2],
    "xp_track_max": 20,
    "golden_track_max": 20,
    "scaled_max": 3,
    "automa_second_ability_xp": 8,
    "alliance_limit_per_faction": 3,
}


def check(content: PathOfDestinyContent) -> list[Finding]:
    record = content.manifest_record
    if record is None:
        return []
    rules = record.entity.rules
    findings = []
    for key, expected in RULES.items():
        actual = getattr(rules, key)
        if actual != expected:
            message = f"{key} is {actual}; the rulebook states {expected}"
            findings.append(finding_at(record.where("rules", key), "POD-RULES", message, "reference/path-of-destiny.md §18"))
    return findings
