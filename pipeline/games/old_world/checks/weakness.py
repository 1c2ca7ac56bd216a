"""Monster Trail's Monster Weakness & Special Attacks mode (expansion sheet §9.8, §19 rules 7-9 and 11): a large
card for every monster in play, each with 4 Special Attacks and the normal card's Life Pool, Weakness tokens that
all find their paragraph, and an attack deck of 16 growing to 20. The card rules hold wherever large cards are
shown (Koshchey's comes with the Monster Pack); the rest run when the mode is played."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from pipeline.content.database import finding_at
from pipeline.findings import Finding

from ..content import OldWorldContent
from ..enums import ATTACK_DECK_ASIDE, ATTACK_DECK_BOXED, ATTACK_DECK_SIZES, PackRule, Terrain

# Rule 8 / §9.8: "4 Special Attacks, each named with an effect".
SPECIAL_ATTACKS = 4
# Monsters that never spawn but fight with a large card (§6, §9.8): Skellige's Dagon, and the Siren on Dagon's.
DAGON = "dagon"
SIREN = "siren"
# Rule 9: "18 = 3 terrains x 6".
TOKENS_PER_TERRAIN = 6
WEAKNESS_TOKENS = "weakness_tokens"  # the manifest's count key (its component line: weakness-tokens)


def check(content: OldWorldContent) -> list[Finding]:
    findings = [*_cards(content), *_paragraphs(content), *_declared_token_counts(content)]
    if PackRule.WEAKNESS in content.rules_on:
        findings += [*_every_monster_has_a_card(content), *_token_sets(content), *_attack_deck(content)]
    return findings


def _cards(content: OldWorldContent) -> Iterator[Finding]:
    """Rule 8: exactly 4 Special Attacks, and the Life Pool the normal card prints."""
    monsters = {m.id: m for m in content.db.all("monsters")}
    for rec in content.large_monster_card_records:
        card = rec.entity
        if len(card.attacks) != SPECIAL_ATTACKS:
            yield finding_at(rec.where("attacks"), "OW-LARGE-CARD",
                             f"{card.id}: a large monster card has {SPECIAL_ATTACKS} Special Attacks, not "
                             f"{len(card.attacks)} (rule 8)")
        for path, attack in [*((("attacks", i), a) for i, a in enumerate(card.attacks)), (("passive",), card.passive)]:
            if attack.forbid is not None:
                yield finding_at(rec.where(*path, "forbid"), "OW-LARGE-CARD",
                                 f"{card.id}: `forbid` holds only in a legendary fight (engine/legendary_hunt.py); "
                                 "a large monster card's attack cannot forbid a colour")
        monster = monsters.get(card.monster)
        if monster is not None and monster.life != card.life:
            yield finding_at(rec.where("life"), "OW-LARGE-CARD",
                             f"{card.id}: the Life Pool is {card.life}, the {card.monster} card says {monster.life} "
                             "(rule 8: the large card repeats the normal card's)")


def _every_monster_has_a_card(content: OldWorldContent) -> Iterator[Finding]:
    """Rule 7: with the mode, every monster in play fights with exactly one large card: each spawnable one, Skellige's
    Dagon (its card's second side, §9.8) and, once Dagon is there, the Siren, who shares Dagon's card (§6). A monster
    whose partner pack is not selected is out of play (the Siren without Skellige)."""
    manifest = content.manifest
    selected = content.db.packs
    partners = {monster: partner for pack in (manifest.packs if manifest else []) if pack.id in selected
                for monster, partner in pack.partners.items()}
    covers = Counter(monster for card in content.large_monster_cards for monster in {card.monster, *card.also_for})
    shown = {m.id for m in content.monsters}
    for rec in content.monster_records:
        monster = rec.entity
        if monster.id in partners and partners[monster.id] not in selected:
            continue
        needs = monster.spawnable or monster.id == DAGON or (monster.id == SIREN and DAGON in shown)
        if needs and covers[monster.id] == 0:
            shares = f" (it shares {DAGON}'s: list it in that card's `also_for`, §6)" if monster.id == SIREN else ""
            yield finding_at(rec.where("id"), "OW-LARGE-CARD-MISSING",
                             f"{monster.id}: the Weakness mode needs its large monster card, and there is none{shares} "
                             "(rule 7)")
        elif covers[monster.id] > 1:
            yield finding_at(rec.where("id"), "OW-LARGE-CARD-MISSING",
                             f"{monster.id}: {covers[monster.id]} large monster cards name it; it fights with one (rule 7)")


def _token_sets(content: OldWorldContent) -> Iterator[Finding]:
    """Rule 9: 3 terrain sets of 6 Weakness tokens."""
    per_terrain = Counter(token.terrain for token in content.weakness_tokens)
    records = content.weakness_token_records
    for terrain in Terrain:
        if per_terrain[terrain] != TOKENS_PER_TERRAIN:
            where = records[-1].where("terrain") if records else content.db.root_source()
            yield finding_at(where, "OW-WEAKNESS-TOKENS",
                             f"the {terrain.value} set has {per_terrain[terrain]} Weakness tokens, not "
                             f"{TOKENS_PER_TERRAIN} (rule 9: 3 terrains x 6)")


def _declared_token_counts(content: OldWorldContent) -> Iterator[Finding]:
    """Rule 9 in the manifest, whether the mode is played or not: a pack's `weakness-tokens` component line and a
    mode's `adds: {weakness_tokens}` count 3 terrains x 6."""
    record = content.manifest_record
    if record is None:
        return
    expected = len(Terrain) * TOKENS_PER_TERRAIN
    for i, pack in enumerate(record.entity.packs):
        places: list[tuple[tuple[str | int, ...], int]] = [
            (("components", j, "count"), line.count) for j, line in enumerate(pack.components)
            if line.item == WEAKNESS_TOKENS.replace("_", "-")]
        places += [(("modes", k, "adds", WEAKNESS_TOKENS), mode.adds[WEAKNESS_TOKENS]) for k, mode in enumerate(pack.modes)
                   if WEAKNESS_TOKENS in mode.adds]
        for path, count in places:
            if count != expected:
                yield finding_at(record.where("packs", i, *path), "OW-WEAKNESS-TOKENS",
                                 f"{pack.id} counts {count} Weakness tokens, not {expected} (rule 9: "
                                 f"{len(Terrain)} terrains x {TOKENS_PER_TERRAIN})")


def _paragraphs(content: OldWorldContent) -> Iterator[Finding]:
    """Rule 9: every number on a Weakness token is a paragraph on every large card (any monster may stand on any
    terrain)."""
    numbers = sorted({token.number for token in content.weakness_tokens})
    for rec in content.large_monster_card_records:
        written = {para.number for para in rec.entity.weaknesses}
        missing = [n for n in numbers if n not in written]
        if missing:
            yield finding_at(rec.where("weaknesses"), "OW-WEAKNESS-PARAGRAPH",
                             f"{rec.entity.id}: no weakness paragraph for token number(s) "
                             f"{', '.join(map(str, missing))} (rule 9)")


def _attack_deck(content: OldWorldContent) -> Iterator[Finding]:
    """Rule 11: the Monster Fight cards less those boxed and set aside, plus the Special Attack cards, make 16; with
    the set-aside cards 20. The Special Attack cards fire the large card's attacks 1-4, each once."""
    fight, specials = len(content.fight_cards), content.special_attack_cards
    records = content.special_attack_card_records
    where = records[0].where("id") if records else content.db.root_source()
    sizes = (fight - ATTACK_DECK_BOXED - ATTACK_DECK_ASIDE + len(specials), fight - ATTACK_DECK_BOXED + len(specials))
    if sizes != ATTACK_DECK_SIZES:
        yield finding_at(where, "OW-ATTACK-DECK",
                         f"{fight} Monster Fight cards - {ATTACK_DECK_BOXED} boxed - {ATTACK_DECK_ASIDE} aside + "
                         f"{len(specials)} Special Attack cards make {sizes[0]}, then {sizes[1]}; the attack deck "
                         f"holds {ATTACK_DECK_SIZES[0]}, then {ATTACK_DECK_SIZES[1]} (rule 11)")
    fired = Counter(card.attack for card in specials)
    for rec in records:
        if fired[rec.entity.attack] > 1:
            yield finding_at(rec.where("attack"), "OW-ATTACK-DECK",
                             f"{rec.entity.id}: {fired[rec.entity.attack]} Special Attack cards fire attack "
                             f"{rec.entity.attack}; each of the {SPECIAL_ATTACKS} fires its own (rule 11)")
