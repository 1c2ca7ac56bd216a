"""Setup by player count and the rule constants that must agree (reference §5, §18.4)."""

from __future__ import annotations

from pipeline.content.database import finding_at
from pipeline.findings import Finding

from ..content import PathOfDestinyContent

# Supply rows by player count: 4 rows for solo to 3 players, 5 for 4 and 5 players (reference §5 step 3, §18.4.15).
SUPPLY_ROWS = {1: 4, 2: 4, 3: 4, 4: 5, 5: 5}


def check(content: PathOfDestinyContent) -> list[Finding]:
    record = content.manifest_record
    if record is None:
        return []
    manifest = record.entity
    findings = []

    def bad(message: str, *path: str | int) -> None:
        findings.append(finding_at(record.where(*path), "POD-SETUP", message))

    # One profile per player count, from the minimum to the maximum.
    counts = [p.players for p in manifest.setup]
    wanted = list(range(manifest.player_min, manifest.player_max + 1))
    if sorted(counts) != wanted:
        bad(f"setup must have one profile for each of {wanted} players, has {sorted(counts)}", "setup")
    for i, profile in enumerate(manifest.setup):
        rows = SUPPLY_ROWS.get(profile.players)
        if rows is not None and profile.supply_rows != rows:
            message = f"the supply has {rows} rows for {profile.players} player(s), not {profile.supply_rows}"
            bad(message, "setup", i, "supply_rows")
    profiles = sorted(enumerate(manifest.setup), key=lambda item: item[1].players)
    for (_, before), (i, after) in zip(profiles, profiles[1:], strict=False):
        if after.supply_rows < before.supply_rows:
            bad("more players never mean fewer supply rows", "setup", i, "supply_rows")
    for i, profile in enumerate(manifest.setup):
        if profile.extra_xp_row != profile.supply_rows:
            bad(f"the extra-XP marker sits by the last row ({profile.supply_rows})", "setup", i, "extra_xp_row")
        if profile.automa != (profile.players == 1):
            bad("the Automa plays exactly in the solo game", "setup", i)
        if profile.supply_votes != (profile.players == 2):
            bad("the supply votes as a third character exactly in the 2-player game", "setup", i)
    # Rule constants that depend on each other.
    rules = manifest.rules
    kept = list(range(1, rules.chapters))
    if rules.kept_after_chapter != kept:
        message = f"after chapter k each player keeps k timeline cards: kept_after_chapter must be {kept}"
        bad(message, "rules", "kept_after_chapter")
    if rules.cards_per_pair != rules.cards_played_per_round:
        bad("the hand keeps its size only if a round takes as many cards as it plays", "rules", "cards_played_per_round")
    if rules.prerequisite_later_cards <= rules.prerequisite_first_cards:
        bad("the later prerequisite threshold must be above the first", "rules", "prerequisite_later_cards")
    ranked = rules.objective_ranked_vp
    if any(b >= a for a, b in zip(ranked, ranked[1:], strict=False)):
        bad("ranked objective VP must fall from first to last", "rules", "objective_ranked_vp")
    if rules.automa_second_ability_xp > rules.xp_track_max:
        bad("the Automa's second ability must unlock on the XP track", "rules", "automa_second_ability_xp")
    return findings
