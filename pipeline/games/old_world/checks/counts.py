"""Component counts equal the manifest's (reference §21.1)."""

from __future__ import annotations

from pipeline.content.database import finding_at
from pipeline.findings import Finding

from ..content import OldWorldContent
from ..enums import ExplorationDeck, HelpCardKind


def actual_counts(content: OldWorldContent) -> dict[str, int]:
    """Component counts as printed: copies included."""
    return {
        "schools": len(content.schools),
        "starting_cards": sum(c.copies for c in content.starting_cards),
        "market_cards": sum(c.copies for c in content.market_cards),
        "potions": sum(p.copies for p in content.potions),
        "city_exploration": len(content.exploration_deck(ExplorationDeck.CITY)),
        "wilds_exploration": len(content.exploration_deck(ExplorationDeck.WILDS)),
        "events": len(content.events),
        "monsters": len(content.monsters),
        "monster_tokens": len(content.monster_tokens),
        "monster_fight_cards": len(content.fight_cards),
        "attribute_trophies": len(content.attribute_trophies),
        "witcher_trophies": len(content.witcher_trophies),
        "location_tokens": len(content.location_tokens),
        "locations": len(content.locations),
        "help_cards.action": content.help_card_copies(HelpCardKind.ACTION),
        "help_cards.fight": content.help_card_copies(HelpCardKind.FIGHT),
        "help_cards.solo": content.help_card_copies(HelpCardKind.SOLO),
    }


def check(content: OldWorldContent) -> list[Finding]:
    record = content.manifest_record
    db = content.db
    if record is None:
        return [finding_at(db.root_source(), "OW-MANIFEST", "no game.yaml manifest (kind: game) found")]
    manifest = record.entity
    expected = manifest.components.model_dump()
    help_counts = expected.pop("help_cards")
    expected.update({f"help_cards.{k}": v for k, v in help_counts.items()})
    findings = []
    for name, actual in actual_counts(content).items():
        if actual != expected[name]:
            where = record.where("components", *name.split("."))
            findings.append(
                finding_at(
                    where, "OW-COUNT", f"the manifest says {expected[name]} {name.replace('_', ' ')}, the content has {actual}"
                )
            )
    return findings
