"""Content no legal game can use, as far as the rules constants prove it without playing (issue 14, item 1).

- A market card no player can ever gain (`OW-CARD-UNREACHABLE`). A card is gained by buying it, by the card
  exchange of a location, or by an effect that gains a market card of a printed cost; a printed-0-cost card
  is the free gain when nothing is affordable. Buying: the hand that pays holds at most the larger of the
  Phase III hand cap and the Phase III draw (§7.3: discard down to the cap, then draw up to the target),
  never above the hand limit, and the cheapest slot lowers the price by its modifier (§7.3). Exchange:
  a card whose printed cost is at most `exchange_cost_above` over a card a player can hold (§9.3). The
  cards a player can hold grow from the starting decks until nothing new is reached.
- A combo extension no card can attach through (`OW-EXTENSION-DEAD`): no card a player can hold has one
  of its colours (§10.4 step 2: the following card's colour must be one of the extension's).
- A specialty level no witcher reaches (`OW-SPECIALTY-LEVEL-DEAD`): the specialty follows the Specialty
  attribute, which never rises above `attribute_max`.
"""

from __future__ import annotations

from pipeline.content.database import finding_at
from pipeline.findings import Finding

from ..content import OldWorldContent
from ..effects import GainMarketCard
from ..enums import LocationAction
from ..models.base import ActionCard, Manifest, RuleConstants


def check(content: OldWorldContent) -> list[Finding]:
    manifest = content.manifest
    if manifest is None:
        return []
    reachable = _reachable_cards(content, manifest)
    return [*_unreachable(content, manifest, reachable), *_dead_extensions(content, reachable),
            *_dead_specialty_levels(content, manifest.rules.attribute_max)]


def _buying_hand(rules: RuleConstants) -> int:
    return min(rules.hand_limit, max(rules.phase3_hand_cap, rules.phase3_draw, rules.phase3_draw_after_loss))


def _reachable_cards(content: OldWorldContent, manifest: Manifest) -> set[str]:
    """The ids of every card some player can hold: starting cards, then every market card a route reaches."""
    cheapest_slot = min(manifest.market.slot_modifiers)
    hand = _buying_hand(manifest.rules)
    gains = [e for _, _, e in content.effects if isinstance(e, GainMarketCard)]
    exchange = any(loc.action.type is LocationAction.CARD_EXCHANGE for loc in content.locations)

    def gained(card: ActionCard, held_cost: int | None) -> bool:
        if card.trash_cost:  # bought by trashing 1 hand card; no exchange or cost effect takes it (§9.6)
            return hand >= 1
        if card.cost == 0 or max(0, card.cost + cheapest_slot) <= hand:
            return True
        if any(card.cost == e.cost if e.cost is not None else card.cost <= (e.max_cost or 0) for e in gains):
            return True
        return exchange and held_cost is not None and card.cost <= held_cost + manifest.rules.exchange_cost_above

    held = {c.id for c in content.starting_cards}
    while True:
        top = max((c.cost for c in content.cards if c.id in held), default=None)
        # The Mage deck's market follows the same rules (expansion sheet §8.3).
        offered = (*content.market_cards, *content.mage_cards, *content.advanced_cards)
        more = {c.id for c in offered if c.id not in held and gained(c, top)}
        if not more:
            return held
        held |= more


def _unreachable(content: OldWorldContent, manifest: Manifest, reachable: set[str]) -> list[Finding]:
    findings = []
    for rec in content.card_records:
        card = rec.entity
        if card.school is None and card.id not in reachable:
            price = max(0, card.cost + min(manifest.market.slot_modifiers))
            message = (f"no legal game can gain {card.id}: it costs at least {price} at the cheapest slot, a buying hand "
                       f"holds at most {_buying_hand(manifest.rules)} cards, and no card exchange or effect reaches "
                       f"printed cost {card.cost}")
            hint = "lower its cost, or raise phase3_hand_cap / phase3_draw in game.yaml"
            findings.append(finding_at(rec.where("cost"), "OW-CARD-UNREACHABLE", message, hint))
    return findings


def _dead_extensions(content: OldWorldContent, reachable: set[str]) -> list[Finding]:
    colours = {c.color for c in content.cards if c.id in reachable}
    findings = []
    for rec in content.card_records:
        for i, extension in enumerate(rec.entity.extensions):
            if not colours.intersection(extension.colors):
                listed = ", ".join(colour.value for colour in extension.colors)
                message = f"extension {i + 1} of {rec.entity.id} can never be used: no card a player can hold is {listed}"
                findings.append(finding_at(rec.where("extensions", i, "colors"), "OW-EXTENSION-DEAD", message))
    return findings


def _dead_specialty_levels(content: OldWorldContent, top: int) -> list[Finding]:
    findings = []
    for rec in content.school_records:
        for level in range(top + 1, len(rec.entity.specialty.levels) + 1):
            message = f"{rec.entity.id}'s specialty level {level} can never be used: the Specialty attribute stops at {top}"
            findings.append(finding_at(rec.where("specialty", "levels", level - 1), "OW-SPECIALTY-LEVEL-DEAD", message,
                                       "raise attribute_max in game.yaml or leave the level out of play"))
    return findings
