"""Skellige's map extension (expansion sheet §10.3-§10.6, §19 rules 1, 4 and 5): island numbers, the harbors,
Harbor tokens and Ships, sea links and the Danger Track. Runs when its pack is selected (`--pack skellige`)."""

from __future__ import annotations

from pipeline.content.database import Record, finding_at
from pipeline.findings import Finding

from ..content import OldWorldContent
from ..enums import Region
from ..models.skellige import SkelligeBoard

# Rule 1: the continent uses 0-18, the extension 19-21. Rule 4: the harbors and the Ships.
ISLAND_NUMBERS = range(19, 22)
CONTINENT_MAX = 18
HARBOR_NUMBERS = frozenset({1, 5, 6, 9, 12, 13})
SHIPS = 3
DAGON_TRAIL_TOKENS = 5  # rule 10
DAGON_BONUS_CARDS = 5  # §10.1
DAGON = "dagon"
DIE = range(1, 7)
PLAYER_COUNTS = range(1, 6)


def check(content: OldWorldContent) -> list[Finding]:
    findings = [*_numbers(content), *_sea_links(content), *_dagon_trails(content)]
    for rec in content.skellige_board_records:
        findings += [*_harbors(content, rec), *_ships(content, rec), *_danger_track(rec), *_dagon(content, rec)]
    return findings


def _numbers(content: OldWorldContent) -> list[Finding]:
    findings = []
    for rec in content.location_records:
        loc = rec.entity
        if loc.region is Region.SKELLIGE and loc.number not in ISLAND_NUMBERS:
            findings.append(finding_at(rec.where("number"), "OW-SK-NUMBER",
                                       f"{loc.name} is a Skellige island, numbered 19-21, not {loc.number}"))
        elif loc.region is Region.CONTINENT and loc.number > CONTINENT_MAX:
            findings.append(finding_at(rec.where("number"), "OW-SK-NUMBER",
                                       f"{loc.name} lies on the continent, which is numbered 0-18, not {loc.number}",
                                       "an extension island says `region: skellige`"))
    return findings


def _dagon_trails(content: OldWorldContent) -> list[Finding]:
    records = content.dagon_trail_token_records
    count = sum(rec.entity.copies for rec in records)
    if records and count != DAGON_TRAIL_TOKENS:
        return [finding_at(records[0].where("copies"), "OW-SK-DAGON",
                           f"Skellige has {DAGON_TRAIL_TOKENS} Dagon Trail tokens, not {count} (rule 10)")]
    return []


def _dagon(content: OldWorldContent, board: Record[SkelligeBoard]) -> list[Finding]:
    """§10.1 and §10.7: Skellige brings the Dagon Monster card, with no trophy card (driving Dagon away gives the top
    Dagon Bonus card instead), and the 5 Dagon Bonus cards."""
    findings = []
    dagon = next((rec for rec in content.monster_records if rec.entity.id == DAGON), None)
    if dagon is None:
        findings.append(finding_at(board.where("id"), "OW-SK-DAGON-CARD",
                                   "Skellige has the Dagon Monster card, and the content has no monster `dagon` (§10.1)"))
    elif dagon.entity.trophy is not None:
        findings.append(finding_at(dagon.where("trophy"), "OW-SK-DAGON-CARD",
                                   "Dagon has no trophy card: driving it away gives the top Dagon Bonus card (§10.7)"))
    bonus = content.dagon_bonus_card_records
    if len(bonus) != DAGON_BONUS_CARDS:
        where = bonus[-1].where("id") if bonus else board.where("id")
        findings.append(finding_at(where, "OW-SK-DAGON-BONUS",
                                   f"Skellige has {DAGON_BONUS_CARDS} Dagon Bonus cards, not {len(bonus)} (§10.1)"))
    return findings


def _harbor_ids(content: OldWorldContent) -> set[str]:
    return {harbor for board in content.skellige_boards for harbor in board.harbors}


def _sea_links(content: OldWorldContent) -> list[Finding]:
    """Rule 5: a sea link joins an island and a continent harbor; no land road reaches an island."""
    findings = []
    by_id = content.location_by_id
    harbors = _harbor_ids(content)
    for rec in content.location_records:
        loc = rec.entity
        for i, other_id in enumerate(loc.connections):
            other = by_id.get(other_id)
            if other is None:
                continue
            if loc.region is Region.SKELLIGE and other.region is Region.SKELLIGE:
                findings.append(finding_at(rec.where("connections", i), "OW-SK-SEA-LINK",
                                           f"{loc.name} links to {other.name}: Ships never sail from island to island"))
            elif loc.region is Region.SKELLIGE and other_id not in harbors:
                findings.append(finding_at(rec.where("connections", i), "OW-SK-SEA-LINK",
                                           f"{loc.name} links to {other.name}, which is no harbor: Ships sail only "
                                           "between a continent harbor and an island"))
            elif loc.region is Region.CONTINENT and other.region is Region.SKELLIGE:
                findings.append(finding_at(rec.where("connections", i), "OW-SK-SEA-LINK",
                                           f"{loc.name} has a road to the island {other.name}: islands are reached "
                                           "by Ship only", f"list the sea link on {other.id} instead"))
    return findings


def _harbors(content: OldWorldContent, rec: Record[SkelligeBoard]) -> list[Finding]:
    findings = []
    by_id = content.location_by_id
    seen: set[str] = set()
    for i, harbor in enumerate(rec.entity.harbors):
        loc = by_id.get(harbor)
        if harbor in seen:
            findings.append(finding_at(rec.where("harbors", i), "OW-SK-SHIP",
                                       f"{harbor} has two Harbor tokens, so two Ships could stand on one location"))
        seen.add(harbor)
        if loc is not None and loc.region is not Region.CONTINENT:
            findings.append(finding_at(rec.where("harbors", i), "OW-SK-HARBOR",
                                       f"{loc.name} is an island: harbors are continent locations"))
    numbers = {by_id[h].number for h in seen if h in by_id}
    if len(numbers) == len(seen) and numbers != HARBOR_NUMBERS:
        findings.append(finding_at(rec.where("harbors"), "OW-SK-HARBOR",
                                   f"the harbors are locations {', '.join(map(str, sorted(HARBOR_NUMBERS)))}, "
                                   f"not {', '.join(map(str, sorted(numbers)))}"))
    return findings


def _ships(content: OldWorldContent, rec: Record[SkelligeBoard]) -> list[Finding]:
    board = rec.entity
    findings = []
    if board.ships != SHIPS:
        findings.append(finding_at(rec.where("ships"), "OW-SK-SHIP", f"Skellige has {SHIPS} Ships, not {board.ships}"))
    tokens = content.harbor_tokens
    with_ship = sum(token.ship for token in tokens)
    where = content.harbor_token_records[0].where() if content.harbor_token_records else rec.where("harbors")
    if tokens and len(tokens) != len(board.harbors):
        findings.append(finding_at(where, "OW-SK-HARBOR",
                                   f"{len(tokens)} Harbor tokens for {len(board.harbors)} harbors: one goes on each"))
    if tokens and with_ship != board.ships:
        findings.append(finding_at(where, "OW-SK-SHIP",
                                   f"{with_ship} Harbor tokens show a Ship, but there are {board.ships} Ships"))
    return findings


def _danger_track(rec: Record[SkelligeBoard]) -> list[Finding]:
    """Each spot splits the die into a lower dangerous and an upper safe range; every player count has a start spot."""
    board = rec.entity
    findings = []
    spots = len(board.danger_track)
    covered: dict[int, int] = {}
    for i, start in enumerate(board.starts):
        low, high = start.players
        if start.spot > spots:
            findings.append(finding_at(rec.where("starts", i, "spot"), "OW-SK-TRACK",
                                       f"the Danger Track has {spots} die spots; there is no spot {start.spot}"))
        for players in range(low, high + 1):
            if players in covered:
                findings.append(finding_at(rec.where("starts", i, "players"), "OW-SK-TRACK",
                                           f"{players} players already start Dagon on spot {covered[players]}"))
            covered[players] = start.spot
    missing = [n for n in PLAYER_COUNTS if n not in covered]
    if missing:
        findings.append(finding_at(rec.where("starts"), "OW-SK-TRACK",
                                   f"no Danger Track start spot for {', '.join(map(str, missing))} player(s)"))
    if board.danger_track[-1].safe_from < 5:
        findings.append(finding_at(rec.where("danger_track", spots - 1), "OW-SK-TRACK",
                                   "only a roll of 5 or 6 pushes Dagon onto the Dagon Location (§10.2)"))
    return findings
