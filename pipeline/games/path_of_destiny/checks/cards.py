"""Action cards (reference §4.1, §13, §18.3): colours, and conditions paired with effects as the glossary has them."""

from __future__ import annotations

from pipeline.content.database import Record, Source, finding_at
from pipeline.findings import Finding, warning

from .. import effects as fx
from ..content import PathOfDestinyContent

# The glossary's counts (reference §13, §18.3.13): "exactly" 1 or 2, "at least" 2 or 3.
EXACTLY = frozenset({1, 2})
AT_LEAST = frozenset({2, 3})
# The fixed amounts of the glossary's fixed effects: E-XP3, E-LEFT2/E-RIGHT2, E-SHOWN2.
FIXED_AMOUNT: dict[type[fx.PodEffect], int] = {fx.GainXp: 3, fx.GainPathSymbol: 2}
SHOWN = 2


def check(content: PathOfDestinyContent) -> list[Finding]:
    findings: list[Finding] = []
    for record in content.card_records:
        card = record.entity

        def flag(code: str, message: str, *path: str, record: Record = record) -> None:
            where: Source = record.where(*path)
            findings.append(warning(code, message, where.file, where.line, where.column))

        if len(set(card.colors)) != len(card.colors):
            findings.append(finding_at(record.where("colors"), "POD-CARD-COLORS", f"{card.id} names a colour twice"))
        condition, effect = card.condition, card.effect
        if (condition is None) != (effect is None):
            flag(
                "POD-CARD-EFFECT",
                f"{card.id} has a condition without an effect or an effect without a condition",
                "condition" if condition is not None else "effect",
            )
        if condition is not None and effect is not None and condition.scaled != effect.scaled:
            kind = "scaled (1/2/3)" if effect.scaled else "fixed"
            flag("POD-CARD-EFFECT", f"{card.id} pairs a {kind} effect with a condition that is not", "effect")
        if isinstance(condition, fx.ColorsExactly) and condition.count not in EXACTLY:
            flag("POD-CARD-COUNT", f"'exactly' conditions count {sorted(EXACTLY)} cards, not {condition.count}", "condition")
        if isinstance(condition, (fx.ColorsAtLeast, fx.InactiveAtLeast)) and condition.count not in AT_LEAST:
            flag("POD-CARD-COUNT", f"'at least' conditions count {sorted(AT_LEAST)}, not {condition.count}", "condition")
        wanted = FIXED_AMOUNT.get(type(effect)) if effect is not None else None
        if effect is not None and wanted is not None and getattr(effect, "amount", wanted) != wanted:
            flag("POD-CARD-COUNT", f"the glossary's {type(effect).glossary} effect gives {wanted}", "effect")
        if isinstance(effect, fx.GainSymbols) and len(effect.symbols) != SHOWN:
            flag("POD-CARD-COUNT", f"a card's shown symbols are {SHOWN}, not {len(effect.symbols)}", "effect")
    return findings
