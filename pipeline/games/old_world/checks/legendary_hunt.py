"""Legendary Hunt (expansion sheet §7, §19 rules 13-16): 12 Movement cards whose main and secondary locations
are distinct locations that may host a monster and whose moves are given for 1-5 players; 20 Special Fight
cards whose markers name the 4 Special Attacks; 24 Destruction tokens of the five effects, the attribute
token naming its attribute; the Help card's Protection tables; attacks and abilities the engine can play.
Runs on what the selected packs show (`--pack legendary-hunt`); start locations and the 4 attacks of each
legendary card are checks/special_monsters.py's (they hold for the Kayran too)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from pipeline.content.database import Record, finding_at
from pipeline.findings import Finding

from ..content import OldWorldContent

# Rules 13, 14 and 16: what the box holds.
MOVEMENT_CARDS = 12
SPECIAL_FIGHT_CARDS = 20
DESTRUCTION_TOKENS = 24
LEGENDARY_MONSTERS = 7
HELP_CARDS = 1
PLAYER_COUNTS = (1, 2, 3, 4, 5)
# Designed: a Movement card never moves the monster more than this in one round (the illustrated card's
# largest is 4; a longer walk would cross most of the map).
MAX_MOVES = 6
# Location 0 never hosts a monster, trail or quest (rule 2).
NO_MONSTER_LOCATION = 0
SPECIAL_ATTACKS = 4
EFFECTS = ("gold-and-draw", "shield-for-draws", "zero-cost-card", "attribute", "shield-zero-any-attribute")
# Rule 15: side A by trophies 0-3, side B by trophies 0-4.
TABLE_LENGTHS = {"a": 4, "b": 5}
LEGENDARY_HUNT = "legendary-hunt"


def check(content: OldWorldContent) -> list[Finding]:
    return [*_counts(content), *_movement(content), *_fight_cards(content), *_tokens(content),
            *_help_card(content), *_attacks(content)]


def _counts(content: OldWorldContent) -> Iterator[Finding]:
    """Rules 13, 14, 16: the box's counts, at the first record of each kind (a token counts its copies)."""
    db = content.db
    legendary = [rec for rec in content.legendary_monster_records if db.pack_of(rec) == LEGENDARY_HUNT]
    kinds: Sequence[tuple[str, Sequence[Record[Any]], int, int]] = (
        ("Movement cards", content.movement_card_records, len(content.movement_card_records), MOVEMENT_CARDS),
        ("Special Fight cards", content.special_fight_card_records, len(content.special_fight_card_records),
         SPECIAL_FIGHT_CARDS),
        ("Destruction tokens", content.destruction_token_records,
         sum(rec.entity.copies for rec in content.destruction_token_records), DESTRUCTION_TOKENS),
        ("legendary monsters", legendary, len(legendary), LEGENDARY_MONSTERS),
        ("Help cards", content.legendary_help_card_records, len(content.legendary_help_card_records), HELP_CARDS),
    )
    for name, records, count, expected in kinds:
        if records and count != expected:
            yield finding_at(records[0].where(), "OW-LEGENDARY-COUNT",
                             f"Legendary Hunt has {expected} {name}, the content {count} (rules 13, 14, 16)")


def _movement(content: OldWorldContent) -> Iterator[Finding]:
    """Rule 13: distinct main and secondary locations that may host a monster; moves for 1-5 players, each 1..MAX."""
    locations = content.location_by_id
    for rec in content.movement_card_records:
        card = rec.entity
        if card.main == card.secondary:
            yield finding_at(rec.where("secondary"), "OW-LEGENDARY-MOVEMENT",
                             f"{card.id}'s secondary location is its main location, {card.main} (rule 13)")
        for field in ("main", "secondary"):
            place = locations.get(getattr(card, field))
            if place is not None and place.number == NO_MONSTER_LOCATION:
                yield finding_at(rec.where(field), "OW-LEGENDARY-MOVEMENT",
                                 f"{card.id}'s {field} location is location {NO_MONSTER_LOCATION}, which never hosts "
                                 "a monster (rules 2, 13)")
        missing = [n for n in PLAYER_COUNTS if n not in card.moves]
        if missing:
            yield finding_at(rec.where("moves"), "OW-LEGENDARY-MOVES",
                             f"{card.id} gives no moves for {', '.join(map(str, missing))} player(s) (rule 13)")
        for players, moves in card.moves.items():
            if players not in PLAYER_COUNTS:
                yield finding_at(rec.where("moves", str(players)), "OW-LEGENDARY-MOVES",
                                 f"{card.id} gives moves for {players} players; the game has 1-5 (rule 13)")
            elif not 1 <= moves <= MAX_MOVES:
                yield finding_at(rec.where("moves", str(players)), "OW-LEGENDARY-MOVES",
                                 f"{card.id} moves the monster {moves} times with {players} player(s); a card gives "
                                 f"1 to {MAX_MOVES} (rule 13)")


def _fight_cards(content: OldWorldContent) -> Iterator[Finding]:
    """Every Special Attack can fire: each marker 1-4 is on some Special Fight card."""
    records = content.special_fight_card_records
    shown = {blow.special for rec in records for blow in (rec.entity.charge, rec.entity.bite)}
    unused = [n for n in range(1, SPECIAL_ATTACKS + 1) if n not in shown]
    if records and unused:
        yield finding_at(records[0].where(), "OW-LEGENDARY-MARKER",
                         f"no Special Fight card shows the marker of Special Attack {', '.join(map(str, unused))}: "
                         "it could never fire (§7.2)")


def _tokens(content: OldWorldContent) -> Iterator[Finding]:
    """Rule 14: one effect each, the attribute token names its attribute (and no other does); every effect is used."""
    records = content.destruction_token_records
    for rec in records:
        token = rec.entity
        if token.effect == "attribute" and token.attribute is None:
            yield finding_at(rec.where("effect"), "OW-LEGENDARY-TOKEN",
                             f"{token.id} raises an attribute but names none: give `attribute` (rule 14)")
        elif token.effect != "attribute" and token.attribute is not None:
            yield finding_at(rec.where("attribute"), "OW-LEGENDARY-TOKEN",
                             f"{token.id}'s effect {token.effect} names no attribute; only the attribute token does (rule 14)")
    missing = [effect for effect in EFFECTS if all(rec.entity.effect != effect for rec in records)]
    if records and missing:
        yield finding_at(records[0].where(), "OW-LEGENDARY-TOKEN",
                         f"no Destruction token has the effect {', '.join(missing)} (§7.5 lists five)")


def _help_card(content: OldWorldContent) -> Iterator[Finding]:
    """Rule 15: sides A and B, indexed by trophies (4 and 5 entries), never rising, down to 0."""
    for rec in content.legendary_help_card_records:
        sides = {side.id: i for i, side in enumerate(rec.entity.sides)}
        for side, length in TABLE_LENGTHS.items():
            if side not in sides:
                yield finding_at(rec.where("sides"), "OW-LEGENDARY-PROTECTION",
                                 f"{rec.entity.id} has no side {side.upper()} (rule 15)")
                continue
            table = rec.entity.sides[sides[side]].protection
            where = rec.where("sides", sides[side], "protection")
            if len(table) != length:
                yield finding_at(where, "OW-LEGENDARY-PROTECTION",
                                 f"side {side.upper()} has {len(table)} entries; it gives the Protection for "
                                 f"0-{length - 1} trophies (rule 15)")
            if any(later > earlier for earlier, later in zip(table, table[1:], strict=False)):
                yield finding_at(where, "OW-LEGENDARY-PROTECTION",
                                 f"side {side.upper()}'s Protection {table} rises with trophies; it only falls (rule 15)")
            elif table and table[-1] != 0:
                yield finding_at(where, "OW-LEGENDARY-PROTECTION",
                                 f"side {side.upper()}'s Protection ends at {table[-1]}, not 0 (rule 15)")


def _attacks(content: OldWorldContent) -> Iterator[Finding]:
    """What the engine plays: an attack does something, `instead` and `choice` go with a discard; an ability's
    amount is given where its type counts one."""
    for rec in content.legendary_monster_records:
        monster = rec.entity
        for i, attack in enumerate(monster.attacks):
            if attack.discard is None and (attack.instead or attack.choice):
                field = "instead" if attack.instead else "choice"
                yield finding_at(rec.where("attacks", i, field), "OW-LEGENDARY-ATTACK",
                                 f"{monster.id}'s {attack.id} has `{field}` but no `discard`: it replaces a discard")
            elif attack.discard is not None and not attack.instead:
                yield finding_at(rec.where("attacks", i, "discard"), "OW-LEGENDARY-ATTACK",
                                 f"{monster.id}'s {attack.id} asks for a discard but gives no damage `instead` of it")
            if not (attack.damage or attack.discard or attack.forbid):
                yield finding_at(rec.where("attacks", i), "OW-LEGENDARY-ATTACK",
                                 f"{monster.id}'s {attack.id} does nothing: give damage, a discard or a colour to forbid")
        rule = monster.rule
        if (rule.type == "first-card-no-damage") == (rule.amount > 0):
            wanted = "no amount" if rule.type == "first-card-no-damage" else "an amount of at least 1"
            yield finding_at(rec.where("rule"), "OW-LEGENDARY-RULE",
                             f"{monster.id}'s Special Fight Ability {rule.type} takes {wanted}")
