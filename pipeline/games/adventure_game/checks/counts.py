"""The facts the manifest states about the components match the rule data (heroes, regions, dice...)."""

from __future__ import annotations

from collections.abc import Callable

from pipeline.content.database import finding_at
from pipeline.findings import Finding

from ..models import AdventureContent, TokenKind

Counter = Callable[[AdventureContent], int]

# Manifest component facts that the rule data can count. Other facts are printed, not counted.
COUNTED: dict[str, Counter] = {
    "glossary_entries": lambda c: len(c.entries),
    "heroes": lambda c: len(c.heroes),
    "regions": lambda c: len(c.regions),
    "obstacle_zones": lambda c: len(c.regions),  # one per region
    "battle_dice": lambda c: sum(d.count for d in c.dice if d.group == "battle"),
    "die_faces": lambda c: len(c.faces),
    "companion_cards": lambda c: sum(h.companion_cards for h in c.heroes),
    "armor_spaces": lambda c: sum(h.armor_spaces for h in c.heroes),
    "lead_colors": lambda c: sum(1 for t in c.tokens if t.token is TokenKind.LEAD),
    "monster_types": lambda c: sum(1 for t in c.tokens if t.token is TokenKind.MONSTER),
}


def actual_counts(content: AdventureContent) -> dict[str, int]:
    return {name: count(content) for name, count in COUNTED.items()}


def check(content: AdventureContent) -> list[Finding]:
    findings: list[Finding] = []
    if (record := content.manifest_record) is not None:
        stated = record.entity.components
        for name, actual in actual_counts(content).items():
            if name in stated and stated[name] != actual:
                message = f"the manifest states {stated[name]} {name.replace('_', ' ')}, the content has {actual}"
                findings.append(finding_at(record.where("components", name), "AG-COUNT", message))
    findings.extend(_regions(content))
    return findings


def _regions(content: AdventureContent) -> list[Finding]:
    """Region adjacency is symmetric (a route joins both ways)."""
    findings = []
    adjacent = {r.id: set(r.adjacent) for r in content.regions}
    for record in content.region_records:
        region = record.entity
        for i, other in enumerate(region.adjacent):
            if other in adjacent and region.id not in adjacent[other]:
                message = f"region {region.id!r} lists {other!r} as adjacent, but {other!r} does not list it back"
                findings.append(finding_at(record.where("adjacent", i), "AG-MAP", message))
    return findings

