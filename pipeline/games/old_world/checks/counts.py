"""Component counts equal the manifest's (reference §21.1)."""

from __future__ import annotations

from pipeline.content.database import Record, Source, finding_at
from pipeline.findings import Finding

from ..content import OldWorldContent
from ..enums import ExplorationDeck, HelpCardKind
from ..models.base import Manifest

# Components only an expansion brings: counted when the selected packs have them (the base's counts stay as they were).
PACK_COUNTS = ("lost_mount_cards", "mage_cards", "legendary_monsters", "quest_tokens", "special_fight_cards",
               "movement_cards", "destruction_tokens", "legendary_help_cards", "harbor_tokens", "dagon_trail_tokens",
               "dagon_bonus_cards",
               "mutagens", "bombs", "unique_cards", "advanced_cards", "large_monster_cards", "weakness_tokens",
               "special_attack_cards",
               "skellige_exploration", "skellige_events", "wild_hunt_members", "wild_hunt_special_attacks",
               "wild_hunt_exploration", "wild_hunt_events")


def actual_counts(content: OldWorldContent) -> dict[str, int]:
    """Component counts as printed: copies included."""
    return {
        "schools": len(content.schools),
        "starting_cards": sum(c.copies for c in content.starting_cards if not c.unique),
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
        **{name: count for name, count in (("lost_mount_cards", len(content.lost_mount_cards)),
                                            ("mage_cards", sum(c.copies for c in content.mage_cards)),
                                           ("legendary_monsters", len(content.legendary_monsters)),
                                           ("quest_tokens", sum(t.copies for t in content.quest_tokens)),
                                           ("special_fight_cards", len(content.special_fight_cards)),
                                           ("movement_cards", len(content.movement_cards)),
                                           ("destruction_tokens", sum(t.copies for t in content.destruction_tokens)),
                                           ("legendary_help_cards", len(content.legendary_help_cards)),
                                           ("harbor_tokens", len(content.harbor_tokens)),
                                           ("dagon_trail_tokens", sum(t.copies for t in content.dagon_trail_tokens)),
                                           ("dagon_bonus_cards", len(content.dagon_bonus_cards)),
                                           ("mutagens", len(content.mutagens)),
                                           ("bombs", sum(b.copies for b in content.bombs)),
                                           ("unique_cards", sum(c.copies for c in content.starting_cards if c.unique)),
                                           # The box, whichever kinds the table chose to add (§9.6).
                                           ("advanced_cards", sum(rec.entity.copies for rec in content.advanced_box)),
                                           ("large_monster_cards", len(content.large_monster_cards)),
                                           ("weakness_tokens", len(content.weakness_tokens)),
                                           ("special_attack_cards", len(content.special_attack_cards)),
                                           ("skellige_exploration", len(content.skellige_exploration)),
                                           ("skellige_events", len(content.skellige_events)),
                                           ("wild_hunt_members", len(content.wild_hunt_members)),
                                           ("wild_hunt_special_attacks", sum(len(m.attacks) for m in content.wild_hunt_members)),
                                           ("wild_hunt_exploration", len(content.wild_hunt_exploration)),
                                           ("wild_hunt_events", len(content.wild_hunt_events))) if count},
    }


def expected_counts(manifest: Manifest, packs: tuple[str, ...]) -> dict[str, int]:
    """The manifest's component counts plus what each selected pack adds."""
    expected = manifest.components.model_dump()
    help_counts = expected.pop("help_cards")
    expected.update({f"help_cards.{k}": v for k, v in help_counts.items()})
    for pack in manifest.packs:
        if pack.id in packs:
            for adds in [pack.adds, *(mode.adds for mode in pack.modes_in(packs))]:
                for name, count in adds.items():
                    expected[name] = expected.get(name, 0) + count
    return expected


def _mode_adding(record: Record[Manifest], packs: tuple[str, ...], name: str) -> Source | None:
    """Where a selected mode writes what it adds to a count (the last such mode), if one does."""
    found = None
    for i, pack in enumerate(record.entity.packs):
        if pack.id in packs:
            for mode in pack.modes_in(packs):
                if name in mode.adds:
                    found = record.where("packs", i, "modes", pack.modes.index(mode), "adds", name)
    return found


def check(content: OldWorldContent) -> list[Finding]:
    record = content.manifest_record
    db = content.db
    if record is None:
        return [finding_at(db.root_source(), "OW-MANIFEST", "no game.yaml manifest (kind: game) found")]
    expected = expected_counts(record.entity, db.packs)
    actual = actual_counts(content)
    findings = []
    for name in [*actual, *(name for name in expected if name not in actual)]:
        if actual.get(name, 0) != expected.get(name, 0):
            # A count only packs bring is written in the packs' `adds`, not in `components`; one a selected mode
            # adds to, at that mode's `adds`.
            where = _mode_adding(record, db.packs, name) or (
                record.where("packs") if name in PACK_COUNTS else record.where("components", *name.split(".")))
            message = f"the manifest says {expected.get(name, 0)} {name.replace('_', ' ')}, the content has {actual.get(name, 0)}"
            findings.append(finding_at(where, "OW-COUNT", message))
    return findings
