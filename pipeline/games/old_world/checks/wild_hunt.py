"""Wild Hunt (expansion sheet §11, §19 rules 12 and 23-28): 4 members with 4 Special Attack cards each; 2 Hounds and
2 Hound tokens per level; Hound cards for 1, 2, 3 and 4/5 players; a difficulty table of 4 levels x 5 player counts
whose Shields rise with the level and whose Shield tokens can make every value; Round Tracking boards of 8 rows
(1-3 players) and 7 (4-5), Stage I before Stage II, the last row without Exploration; 20 Stage I and 15 Stage II
Exploration cards dealt as a 7- or 6-card deck; 35 Events in their own sequence, every quest's event among them.
Runs on what the selected packs show (`--pack wild-hunt`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from pipeline.content.database import Record, finding_at
from pipeline.findings import Finding

from ..content import OldWorldContent
from ..models.wild_hunt import WildHuntBox

MEMBERS = 4
ATTACKS_PER_MEMBER = 4
LEVELS = (1, 2, 3)
DIFFICULTIES = 4
PLAYER_COUNTS = (1, 2, 3, 4, 5)
# Rule 26: the two-sided Hound cards' sides.
HOUND_SIDES = ((1,), (2,), (3,), (4, 5))
# Rule 25: the Exploration cards by stage, and the game deck by player count (Stage I on top of Stage II).
STAGE_CARDS = {1: 20, 2: 15}
GAME_DECK = {1: 7, 2: 7, 3: 7, 4: 6, 5: 6}
# Rule 28: the Round Tracking boards' rows by player-count range.
TRACK_ROWS = {(1, 3): 8, (4, 5): 7}
EVENTS = 35
# Rule 12: the monster buffs never take a life pool past 20 cards (§11.5).
LIFE_POOL_CAP = 20


def check(content: OldWorldContent) -> list[Finding]:
    if not content.wild_hunt_box_records:
        return []
    box = content.wild_hunt_box_records[0]
    return [*_members(content), *_hounds(box), *_difficulty(box), *_round_tracks(box), *_exploration(content, box),
            *_events(content), *_choices(content, box)]


def _members(content: OldWorldContent) -> Iterator[Finding]:
    """Rule 26: 4 members in the campaign order 1-4, each with 4 Special Attack cards."""
    records = content.wild_hunt_member_records
    if not records:
        return
    if len(records) != MEMBERS:
        yield finding_at(records[0].where(), "OW-WILD-HUNT-COUNT",
                         f"the Wild Hunt has {MEMBERS} members, the content {len(records)} (rule 26)")
    orders = sorted(rec.entity.order for rec in records)
    if orders != list(range(1, len(records) + 1)):
        yield finding_at(records[0].where("order"), "OW-WILD-HUNT-COUNT",
                         f"the members' campaign order must be 1..{len(records)}, the content has {orders} (rule 26)")
    for rec in records:
        if len(rec.entity.attacks) != ATTACKS_PER_MEMBER:
            yield finding_at(rec.where("attacks"), "OW-WILD-HUNT-COUNT",
                             f"{rec.entity.id} has {len(rec.entity.attacks)} Special Attack cards; each member has "
                             f"{ATTACKS_PER_MEMBER} (rule 26)")


def _hounds(box: Record[WildHuntBox]) -> Iterator[Finding]:
    """Rule 26: 2 Hound tokens per level; one Hound card side for each of 1, 2, 3 and 4/5 players."""
    levels = Counter(token.level for token in box.entity.hound_tokens)
    for level in LEVELS:
        if levels[level] != box.entity.hounds_per_level:
            yield finding_at(box.where("hound_tokens"), "OW-WILD-HUNT-HOUND",
                             f"level {level} has {levels[level]} Hound tokens; each level has "
                             f"{box.entity.hounds_per_level}, like its Hounds (rule 26)")
    sides = sorted(tuple(sorted(card.players)) for card in box.entity.hound_cards)
    if sides != sorted(HOUND_SIDES):
        yield finding_at(box.where("hound_cards"), "OW-WILD-HUNT-HOUND",
                         f"the Hound cards' sides cover {sides}; they cover 1, 2, 3 and 4/5 players, once each (rule 26)")
    for i, card in enumerate(box.entity.hound_cards):
        if sorted(stats.level for stats in card.levels) != list(LEVELS):
            yield finding_at(box.where("hound_cards", i, "levels"), "OW-WILD-HUNT-HOUND",
                             "a Hound card side gives levels I, II and III, once each (rule 26)")


def _difficulty(box: Record[WildHuntBox]) -> Iterator[Finding]:
    """Rule 27: 4 levels x 5 player counts; 1 starting monster solo, 1-2 with more; Shields rise with the level at
    every player count; the Shield tokens can make every value of the table."""
    levels = box.entity.difficulties
    if len(levels) != DIFFICULTIES:
        yield finding_at(box.where("difficulties"), "OW-WILD-HUNT-DIFFICULTY",
                         f"the difficulty table has {DIFFICULTIES} levels, the content {len(levels)} (rule 27)")
    shields: dict[int, list[int]] = {}
    for i, level in enumerate(levels):
        counts = sorted(row.players for row in level.rows)
        if counts != list(PLAYER_COUNTS):
            yield finding_at(box.where("difficulties", i, "rows"), "OW-WILD-HUNT-DIFFICULTY",
                             f"{level.id} gives player counts {counts}; the table has one row for each of 1-5 (rule 27)")
        for j, row in enumerate(level.rows):
            shields.setdefault(row.players, []).append(row.shields)
            if row.players == 1 and len(row.monsters) != 1:
                yield finding_at(box.where("difficulties", i, "rows", j, "monsters"), "OW-WILD-HUNT-DIFFICULTY",
                                 f"{level.id}: solo starts with one monster (the Forest pile), not {len(row.monsters)} "
                                 "(rule 27)")
            if not _makeable(row.shields, box.entity):
                yield finding_at(box.where("difficulties", i, "rows", j, "shields"), "OW-WILD-HUNT-SHIELDS",
                                 f"{level.id}, {row.players} player(s): the Shield tokens cannot make {row.shields} "
                                 "(rule 27)")
    for players, values in sorted(shields.items()):
        if any(later <= earlier for earlier, later in zip(values, values[1:], strict=False)):
            yield finding_at(box.where("difficulties"), "OW-WILD-HUNT-DIFFICULTY",
                             f"with {players} player(s) the Shields go {values}; they rise with each level (rule 27)")


def _makeable(value: int, box: WildHuntBox) -> bool:
    """Whether some of the Shield tokens add up to exactly `value` (a bounded subset sum)."""
    reachable = {0}
    for denomination in box.shield_tokens:
        for _ in range(denomination.copies):
            reachable |= {total + denomination.value for total in reachable if total + denomination.value <= value}
    return value in reachable


def _round_tracks(box: Record[WildHuntBox]) -> Iterator[Finding]:
    """Rule 28: 8 rows for 1-3 players, 7 for 4-5; Stage I rows before Stage II; only the last row without an
    Exploration card; no more Hounds of a level than there are miniatures."""
    ranges = sorted(track.players for track in box.entity.round_tracks)
    if ranges != sorted(TRACK_ROWS):
        yield finding_at(box.where("round_tracks"), "OW-WILD-HUNT-TRACK",
                         f"the Round Tracking boards cover {ranges}; there is one for 1-3 and one for 4-5 players (rule 28)")
    for i, track in enumerate(box.entity.round_tracks):
        where = box.where("round_tracks", i, "rows")
        span = f"{track.players[0]}-{track.players[1]} players"
        expected = TRACK_ROWS.get(track.players)
        if expected is not None and len(track.rows) != expected:
            yield finding_at(where, "OW-WILD-HUNT-TRACK",
                             f"the board for {span} has {len(track.rows)} rounds, the rulebook {expected} (rule 28)")
        stages = [row.stage for row in track.rows]
        if stages[-1] is not None or None in stages[:-1]:
            yield finding_at(where, "OW-WILD-HUNT-TRACK",
                             f"the board for {span}: every round but the last draws an Exploration card, the last none "
                             "(rule 28)")
        drawn = [stage for stage in stages if stage is not None]
        if drawn != sorted(drawn):
            yield finding_at(where, "OW-WILD-HUNT-TRACK",
                             f"the board for {span} has a Stage I round after a Stage II round (rule 28)")
        last = track.rows[-1]
        if last.hound is not None or last.monster is not None:
            yield finding_at(where, "OW-WILD-HUNT-TRACK",
                             f"the board for {span}: the last round flips the Wild Hunt card for the final fight; "
                             "nothing arrives (rule 28)")
        hounds = Counter(row.hound for row in track.rows if row.hound is not None)
        for level, count in sorted(hounds.items()):
            if count > box.entity.hounds_per_level:
                yield finding_at(where, "OW-WILD-HUNT-TRACK",
                                 f"the board for {span} adds {count} level {level} Hounds; there are "
                                 f"{box.entity.hounds_per_level} (rule 26)")
    if box.entity.life_pool_cap > LIFE_POOL_CAP:
        yield finding_at(box.where("life_pool_cap"), "OW-WILD-HUNT-TRACK",
                         f"the monster buffs stop at {LIFE_POOL_CAP} cards, not {box.entity.life_pool_cap} (rule 12)")


def _exploration(content: OldWorldContent, box: Record[WildHuntBox]) -> Iterator[Finding]:
    """Rule 25: 20 Stage I and 15 Stage II cards; the game deck is 7 cards (1-3 players) or 6 (4-5), as many as
    the rounds that draw one."""
    records = content.wild_hunt_exploration_records
    stages: Counter[int] = Counter(rec.entity.stage for rec in records)
    for stage, expected in STAGE_CARDS.items():
        if records and stages[stage] != expected:
            yield finding_at(records[0].where(), "OW-WILD-HUNT-EXPLORATION",
                             f"the Wild Hunt has {expected} Stage {'I' * stage} Exploration cards, the content "
                             f"{stages[stage]} (rule 25)")
    for players in PLAYER_COUNTS:
        deck = box.entity.stage_one_cards.get(players, 0) + box.entity.stage_two_cards
        if deck != GAME_DECK[players]:
            yield finding_at(box.where("stage_one_cards"), "OW-WILD-HUNT-EXPLORATION",
                             f"with {players} player(s) the Exploration deck is {GAME_DECK[players]} cards, the content "
                             f"deals {deck} (rule 25)")


def _events(content: OldWorldContent) -> Iterator[Finding]:
    """Rules 23-24: 35 Events numbered 1-35 in their own sequence; every quest's event exists."""
    records = content.wild_hunt_event_records
    numbers = sorted(rec.entity.number for rec in records)
    if records and numbers != list(range(1, EVENTS + 1)):
        yield finding_at(records[0].where(), "OW-WILD-HUNT-EVENTS",
                         f"the Wild Hunt Events are numbered 1-{EVENTS} once each; the content has {len(numbers)} "
                         "numbered otherwise (rule 23)")
    known = set(numbers)
    for rec in content.wild_hunt_exploration_records:
        card = rec.entity
        if (card.quest_event is None) != (card.quest_terrain is None):
            yield finding_at(rec.where("quest_event" if card.quest_event is not None else "quest_terrain"),
                             "OW-WILD-HUNT-QUEST", f"{card.id}: a quest names both its terrain and its event")
        if card.quest_event is not None and card.quest_event not in known:
            yield finding_at(rec.where("quest_event"), "OW-WILD-HUNT-QUEST",
                             f"{card.id} sends the quest to Wild Hunt Event {card.quest_event}, which does not exist "
                             "(rule 24)")


def _choices(content: OldWorldContent, box: Record[WildHuntBox]) -> Iterator[Finding]:
    """The table's choices name a difficulty level and a member the content has."""
    if box.entity.difficulty not in {level.id for level in box.entity.difficulties}:
        yield finding_at(box.where("difficulty"), "OW-WILD-HUNT-CHOICE",
                         f"there is no difficulty level {box.entity.difficulty!r}")
    if box.entity.member not in {m.id for m in content.wild_hunt_members}:
        yield finding_at(box.where("member"), "OW-WILD-HUNT-CHOICE", f"there is no Wild Hunt member {box.entity.member!r}")
