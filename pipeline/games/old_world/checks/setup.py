"""Manifest tables: trophy track, setup by player count, market, dice poker, solo tiers, trophies (reference §21.2,
§21.7); the help cards' placeholders are judged with the guide's text (checks/guide.py)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable

from pipeline.content.database import Source, finding_at
from pipeline.findings import Finding, warning

from ..content import OldWorldContent
from ..enums import Attribute, PokerCategory, Terrain
from ..models.base import Manifest

# Level-up rewards printed on the player board (reference §6.5, §21 rule 15).
LEVELUP_DRAW = {2: 1, 3: 1, 4: 2, 5: 2}
MARKET_SLOTS = [1, 1, 0, 0, 0, -1]
At = Callable[..., Source]
PLACEHOLDER = re.compile(r"\{([a-z0-9_]+)\}")


def check(content: OldWorldContent) -> list[Finding]:
    record = content.manifest_record
    if record is None:
        return []
    manifest = record.entity

    def at(*path: str | int) -> Source:
        return record.where(*path)

    return [
        *_track(manifest, at),
        *_setup(manifest, at),
        *_tables(manifest, at),
        *_trophies(content, manifest),
    ]


def _track(manifest: Manifest, at: At) -> list[Finding]:
    findings = []
    track = manifest.trophy_track
    if len(track) != manifest.rules.win_trophies + 1:
        findings.append(
            finding_at(
                at("trophy_track"),
                "OW-TRACK",
                f"the trophy track needs positions 0–{manifest.rules.win_trophies}, has {len(track)}",
            )
        )
    if len(track) > 1 and track[1].fatigue != 1:
        findings.append(finding_at(at("trophy_track", 1, "fatigue"), "OW-TRACK", "fatigue after the first trophy is 1"))
    for i in range(1, len(track)):
        if track[i].fatigue < track[i - 1].fatigue or track[i].reputation < track[i - 1].reputation:
            src = at("trophy_track", i)
            findings.append(
                warning("OW-TRACK-ORDER", f"track position {i} lowers fatigue or reputation", src.file, src.line, src.column)
            )
    return findings


def _setup(manifest: Manifest, at: At) -> list[Finding]:
    findings = []
    rules = manifest.rules
    pack = manifest.packs[0]
    counts = [p.players for p in manifest.setup]
    for n in range(pack.player_min, pack.player_max + 1):
        if counts.count(n) != 1:
            findings.append(
                finding_at(at("setup"), "OW-SETUP", f"there must be exactly one setup for {n} player(s), found {counts.count(n)}")
            )
    for i, profile in enumerate(manifest.setup):
        n = profile.players

        def bad(message: str, *path: str | int, i: int = i) -> None:
            findings.append(finding_at(at("setup", i, *path), "OW-SETUP", message))

        if profile.witcher_trophies_per_player != n - 1:
            bad(f"{n} players keep {n - 1} witcher trophies each (one per opponent)", "witcher_trophies_per_player")
        if profile.extra_level1_stack != max(0, n - 3):
            bad(f"{n} players use an extra level I stack of {max(0, n - 3)}", "extra_level1_stack")
        if len(profile.monster_levels) != len(Terrain):
            bad(f"setup draws one monster per terrain slot ({len(Terrain)}), not {len(profile.monster_levels)}", "monster_levels")
        if profile.wagers != (n >= rules.wager_min_players):
            bad(f"wagers are allowed exactly from {rules.wager_min_players} players", "wagers")
        for s, seat in enumerate(profile.seats):
            if seat.cards > rules.hand_limit:
                bad(f"seat {s + 1} starts with {seat.cards} cards, over the hand limit {rules.hand_limit}", "seats", s, "cards")
            if s and (seat.cards < profile.seats[s - 1].cards or seat.gold < profile.seats[s - 1].gold):
                src = at("setup", i, "seats", s)
                findings.append(
                    warning("OW-SETUP-SEATS", f"seat {s + 1} gets less than seat {s}", src.file, src.line, src.column)
                )
    return findings


def _tables(manifest: Manifest, at: At) -> list[Finding]:
    findings = []
    if manifest.rules.levelup_draw != LEVELUP_DRAW:
        findings.append(
            finding_at(
                at("rules", "levelup_draw"),
                "OW-LEVELUP",
                f"level-up draws are {LEVELUP_DRAW} (levels II–III draw 1, IV–V draw 2)",
            )
        )
    if manifest.market.slot_modifiers != MARKET_SLOTS:
        findings.append(
            finding_at(
                at("market", "slot_modifiers"), "OW-MARKET-SLOTS", f"market slot modifiers are {MARKET_SLOTS} from left to right"
            )
        )
    if manifest.market.zero_cost_slots > len(manifest.market.slot_modifiers):
        findings.append(
            finding_at(at("market", "zero_cost_slots"), "OW-MARKET-SLOTS", "more 0-cost setup slots than market slots")
        )
    if manifest.dice_poker.ranking != list(PokerCategory):
        order = " < ".join(c.value for c in PokerCategory)
        findings.append(finding_at(at("dice_poker", "ranking"), "OW-POKER-RANKING", f"dice poker ranks exactly: {order}"))
    payout = manifest.dice_poker.solo_payout
    missing = [c.value for c in PokerCategory if c not in payout]
    if missing:
        findings.append(
            finding_at(at("dice_poker", "solo_payout"), "OW-POKER-PAYOUT", f"solo payout missing for {', '.join(missing)}")
        )
    else:
        values = [payout[c] for c in PokerCategory]
        if values != sorted(values):
            findings.append(
                finding_at(
                    at("dice_poker", "solo_payout"), "OW-POKER-PAYOUT", "solo payouts must not fall as the hand rank rises"
                )
            )
    findings.extend(_solo_tiers(manifest, at))
    return findings


def _solo_tiers(manifest: Manifest, at: At) -> list[Finding]:
    """The tiers partition every turn count: from 1 upward, no gap, no overlap, the last open."""
    tiers = sorted(manifest.solo_tiers, key=lambda t: t.min_turns or 1)
    expected_min = 1
    for tier in tiers:
        low, high = tier.min_turns or 1, tier.max_turns
        if low != expected_min:
            return [
                finding_at(
                    at("solo_tiers"),
                    "OW-SOLO-TIERS",
                    f"solo tiers must continue at {expected_min} turns, {tier.id} starts at {low}",
                )
            ]
        if high is None:
            if tier is not tiers[-1]:
                return [finding_at(at("solo_tiers"), "OW-SOLO-TIERS", f"only the last tier may be open-ended, not {tier.id}")]
            return []
        if high < low:
            return [finding_at(at("solo_tiers"), "OW-SOLO-TIERS", f"tier {tier.id} ends before it starts")]
        expected_min = high + 1
    return [finding_at(at("solo_tiers"), "OW-SOLO-TIERS", f"no solo tier covers {expected_min} turns or more")]


def _trophies(content: OldWorldContent, manifest: Manifest) -> list[Finding]:
    db, findings = content.db, []
    if not db.complete:
        return []
    per_attribute = Counter(t.attribute for t in content.attribute_trophies)
    copies = max((p.attribute_trophies for p in manifest.setup), default=0) // len(Attribute)
    for attribute in Attribute:
        if per_attribute[attribute] != copies:
            trophies, game = content.attribute_trophy_records, content.manifest_record
            where = trophies[0].where() if trophies else game.where() if game else db.root_source()
            findings.append(
                finding_at(
                    where,
                    "OW-TROPHY-ATTRIBUTE",
                    f"{copies} attribute trophies per attribute; {attribute.value} has {per_attribute[attribute]}",
                )
            )
    findings += _trophy_sets(content, copies)
    needed = max((p.witcher_trophies_per_player for p in manifest.setup), default=0)
    per_school = Counter(t.school for t in content.witcher_trophies)
    for rec in content.school_records:
        school = rec.entity
        if per_school[school.id] != needed:
            findings.append(
                finding_at(
                    rec.where(),
                    "OW-TROPHY-WITCHER",
                    f"{school.id} needs {needed} witcher trophies, has {per_school[school.id]}",
                )
            )
    return findings


def _trophy_sets(content: OldWorldContent, copies: int) -> list[Finding]:
    """Setup deals one set of attribute trophies (one `copy_index` of every attribute) or all of them: each attribute
    has each copy index from 1 to the copies once, or a set would hold two trophies of one attribute and none of another."""
    findings, seen = [], set()
    for rec in content.attribute_trophy_records:
        trophy = rec.entity
        attribute, index = trophy.attribute.value, trophy.copy_index
        if (trophy.attribute, index) in seen:
            message = f"{trophy.id}: {attribute} has copy {index} twice, so one set would hold two {attribute} trophies"
        elif index > copies:
            message = f"{trophy.id}: {attribute} copy {index}, but the setup table deals at most {copies} per attribute"
        else:
            message = ""
        if message:
            findings.append(finding_at(rec.where("copy_index"), "OW-TROPHY-ATTRIBUTE", message,
                                       f"number each attribute's trophies 1–{copies}, one of each"))
        seen.add((trophy.attribute, trophy.copy_index))
    return findings
