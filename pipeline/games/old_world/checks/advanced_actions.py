"""Monster Trail's Advanced Action cards (expansion sheet §9.6, §19 rule 20): 10 kinds of 4 copies; the price is a
trash alone, so no printed cost that a "take a 0-, 1- or 2-cost card" effect or the Vengerberg exchange could match;
only an Advanced card has a trash cost, a traveling ability or a damage-discard passive; and those abilities use
effects that work outside a combo. Runs when the selection plays the `advanced-actions` mode."""

from __future__ import annotations

from collections.abc import Iterator

from pipeline.content.database import finding_at
from pipeline.findings import Finding

from .. import effects as fx
from ..content import OldWorldContent

# Rule 20: "10 distinct names × 4 copies = 40"; §9.6: "always all 4 copies of a chosen kind".
KINDS = 10
COPIES = 4
MODE = "advanced-actions"
# Effects that only mean something while the owner's combo resolves: a passive fired by damage (mostly in the
# opponent's turn) has no combo of its own to add them to; a traveling ability (Phase I) has no fight either.
COMBO_ONLY = (fx.DrawModifier, fx.ReturnThisCardToHand, fx.ExtraComboCard)
TRAVEL_FIGHT_ONLY = (fx.DealDamage, fx.PeekOpponentDeck, *COMBO_ONLY)


def check(content: OldWorldContent) -> list[Finding]:
    return [*_advanced_only(content), *_abilities(content), *_deck(content)]


def _advanced_only(content: OldWorldContent) -> Iterator[Finding]:
    """A trash cost is an Advanced card's price in the market deck: never on a starting, Unique or Mage card, and it
    is the whole price (a printed cost would let a take-a-cost-card effect or the exchange match it, rule 20)."""
    for rec in content.card_records:
        card = rec.entity
        if card.trash_cost:
            if card.school is not None or card.branch is not None:
                yield finding_at(rec.where("trash_cost"), "OW-ADVANCED-CARD", f"{card.id}: only an Advanced Action card "
                                 "of the Action deck has a trash cost, not a starting, Unique or Mage card (§9.6)")
            if card.cost:
                yield finding_at(rec.where("cost"), "OW-ADVANCED-COST", f"{card.id}: a trash-cost card's price is the "
                                 f"trash alone, yet it prints cost {card.cost}",
                                 "leave `cost: 0`; rule 20: no 0-, 1- or 2-cost effect nor the Vengerberg exchange takes it")
        else:
            for name in ("travel", "damage_discard"):
                if getattr(card, name):
                    yield finding_at(rec.where(name), "OW-ADVANCED-CARD", f"{card.id}: `{name}` belongs to an Advanced "
                                     "Action card (`trash_cost: true`, expansion sheet §9.6)")


def _abilities(content: OldWorldContent) -> Iterator[Finding]:
    for rec in content.card_records:
        card = rec.entity
        for name, effects, banned, when in (("travel", card.travel, TRAVEL_FIGHT_ONLY, "in Phase I"),
                                            ("damage_discard", card.damage_discard, COMBO_ONLY, "outside a combo")):
            for i, effect in enumerate(effects):
                if isinstance(effect, banned):
                    yield finding_at(rec.where(name, i, "type"), "OW-ADVANCED-ABILITY",
                                     f"{card.id}: {effect.type_name()} cannot happen {when}")


def _deck(content: OldWorldContent) -> Iterator[Finding]:
    """Rule 20: 10 kinds (distinct names) of 4 copies each: the box, whichever kinds the table chose to add."""
    advanced = [rec for rec in content.advanced_box if rec.entity.school is None]
    if MODE not in content.modes_on or not advanced:
        return
    for rec in advanced:
        if rec.entity.copies != COPIES:
            yield finding_at(rec.where("copies"), "OW-ADVANCED-DECK", f"{rec.entity.id}: an Advanced kind has "
                             f"{COPIES} copies, not {rec.entity.copies} (§9.6, rule 20)")
    names: set[str] = set()
    for rec in advanced:
        if str(rec.entity.name) in names:
            yield finding_at(rec.where("name"), "OW-ADVANCED-DECK", f"{rec.entity.id}: another Advanced kind is named "
                             f"{rec.entity.name} (rule 20: 10 distinct names)")
        names.add(str(rec.entity.name))
    if len(names) != KINDS:
        yield finding_at(advanced[-1].where("name"), "OW-ADVANCED-DECK", f"the Advanced Action deck has {len(names)} "
                         f"kinds, not {KINDS} (rule 20: 10 distinct names × 4 copies)")
