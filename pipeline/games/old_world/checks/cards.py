"""Schools, starting decks, market cards and potions (reference §21.2–21.3)."""

from __future__ import annotations

from collections import Counter

from pipeline.content.database import finding_at
from pipeline.findings import Finding, warning

from ..content import OldWorldContent
from ..effects import EFFECTS, GainMarketCard
from ..enums import CardTerrain, LocationAction

MIN_ZERO_COST = 3  # setup puts three printed-0-cost cards on the market
ADVISED_ZERO_COST = 10  # 0-cost gains are the standard penalty: the deck must usually have one


def check(content: OldWorldContent) -> list[Finding]:
    return [*_schools(content), *_starting_decks(content), *_card_effects(content), *_market(content), *_names(content)]


def _schools(content: OldWorldContent) -> list[Finding]:
    findings = []
    locations = content.location_by_id
    for rec in content.school_records:
        school = rec.entity
        home = locations.get(school.home) if school.home is not None else None
        trains_at = school.shares_school or school.id
        # Location 0's special action names the school it serves while that school is in play (§9.2).
        school_site = home is not None and home.action.type in (LocationAction.SCHOOL, LocationAction.SPECIAL)
        if home is not None and (not school_site or home.action.school != trains_at):
            findings.append(
                finding_at(rec.where("home"), "OW-SCHOOL-HOME", f"home {home.name} is not a school location of {school.id}")
            )
        # Strength of a level: its effects and their numbers (a rough, monotone measure).
        strengths = [sum(sum(e.numbers()) + 1 for e in level) for level in school.specialty.levels]
        for lvl in range(1, len(strengths)):
            if strengths[lvl] < strengths[lvl - 1]:
                src = rec.where("specialty", "levels", lvl)
                findings.append(
                    warning(
                        "OW-SPECIALTY-WEAKER",
                        f"specialty level {lvl + 1} is weaker than level {lvl}",
                        src.file,
                        src.line,
                        src.column,
                    )
                )
    for loc_rec in sorted(content.location_records, key=lambda r: r.entity.number):
        loc = loc_rec.entity
        if loc.action.type is LocationAction.SCHOOL:
            owners = [s.id for s in content.schools if s.home == loc.id and s.shares_school is None]
            if len(owners) != 1:
                where = loc_rec.where("action")
                findings.append(
                    finding_at(
                        where,
                        "OW-SCHOOL-HOME",
                        f"school location {loc.name} is home of {len(owners)} schools; it must be home of exactly one",
                    )
                )
    return findings


def _starting_decks(content: OldWorldContent) -> list[Finding]:
    db, findings = content.db, []
    manifest = content.manifest
    per_school = manifest.components.starting_cards // max(manifest.components.schools, 1) if manifest else None
    for rec in content.school_records:
        school = rec.entity
        # A Unique card (Monster Trail) is counted on its own (rule 17: 10 starting cards, 11 with it).
        deck = [c for c in content.starting_cards if c.school == school.id and not c.unique]
        size = sum(c.copies for c in deck)
        where = rec.where()
        if per_school is not None and db.complete and size != per_school:
            findings.append(
                finding_at(where, "OW-START-DECK", f"{school.id} has {size} starting cards; every school needs {per_school}")
            )
        terrains = {c.terrain for c in deck}
        for terrain in (CardTerrain.FOREST, CardTerrain.MOUNTAIN, CardTerrain.WATER):
            if deck and terrain not in terrains and CardTerrain.WILD not in terrains:
                findings.append(
                    warning(
                        "OW-START-TERRAIN",
                        f"{school.id}'s starting deck has no {terrain.value} card to move with",
                        where.file,
                        where.line,
                        where.column,
                    )
                )
    for card_rec in content.card_records:
        card = card_rec.entity
        # An Advanced card with a traveling ability may have no fight ability (Endurance, expansion sheet §9.6).
        if not (card.fight.damage or card.fight.shield or card.fight.draw or card.fight.effects or card.travel):
            src = card_rec.where("fight")
            findings.append(warning("OW-CARD-EMPTY", f"{card.name} has an empty fight ability", src.file, src.line, src.column))
    return findings


def _card_effects(content: OldWorldContent) -> list[Finding]:
    """Fight abilities and extensions resolve in a combo: only combo effects make sense there."""
    findings = []
    for rec in content.card_records:
        card = rec.entity
        parts = [(("fight",), card.fight)] + [(("extensions", i), ext) for i, ext in enumerate(card.extensions)]
        for path, part in parts:
            for j, effect in enumerate(part.effects):
                if not effect.in_combo:
                    findings.append(
                        finding_at(
                            rec.where(*path, "effects", j, "type"),
                            "OW-CARD-EFFECT",
                            f"{effect.type_name()} cannot happen when a combo resolves",
                            f"allowed on cards: {', '.join(sorted(cls.type_name() for cls in EFFECTS if cls.in_combo))}",
                        )
                    )
    return findings


def _market(content: OldWorldContent) -> list[Finding]:
    db, findings = content.db, []
    costs: Counter[int] = Counter()
    for card in content.market_cards:
        costs[card.cost] += card.copies
    record = content.manifest_record
    manifest_where = record.where("components", "market_cards") if record else db.root_source()
    if content.market_cards and costs[0] < MIN_ZERO_COST:
        findings.append(
            finding_at(
                manifest_where,
                "OW-MARKET-ZERO",
                f"the market deck has {costs[0]} printed-0-cost cards; setup needs {MIN_ZERO_COST}",
            )
        )
    elif content.market_cards and costs[0] < ADVISED_ZERO_COST:
        findings.append(
            warning(
                "OW-MARKET-ZERO",
                f"only {costs[0]} printed-0-cost market cards; 0-cost penalties will often search the whole deck",
                manifest_where.file,
                manifest_where.line,
                manifest_where.column,
            )
        )
    for rec, path, effect in content.effects:
        if isinstance(effect, GainMarketCard) and effect.cost is not None and content.market_cards and costs[effect.cost] == 0:
            findings.append(
                finding_at(
                    rec.where(*path, "cost"),
                    "OW-MARKET-COST",
                    f"gains a market card of printed cost {effect.cost}, but the market deck has none",
                )
            )
    return findings


def _names(content: OldWorldContent) -> list[Finding]:
    findings = []
    for collection in ("action-cards", "potions", "monsters"):
        seen: dict[str, str] = {}
        for rec in content.db.records(collection):
            name = rec.entity.name
            if name in seen:
                findings.append(finding_at(rec.where("name"), "OW-NAME-DUPLICATE", f"name {name!r} is also used by {seen[name]}"))
            else:
                seen[name] = rec.entity.id
    return findings
