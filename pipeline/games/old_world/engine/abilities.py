"""Kept abilities (trophies, Equipment/Companion cards, the school Specialty) seen through one shape."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..effects import OldWorldEffect
from ..enums import Attribute, Limit, Timing
from ..models.base import Condition, SpecialtyCost
from .state import GameState, PlayerState


@dataclass(frozen=True)
class AbilityView:
    key: str  # "specialty", "monster:<id>", "witcher:<id>", "attribute:<id>", "dagon-bonus:<id>", "kept:<n>", "mutagen:<id>"
    timing: Timing
    limit: Limit
    condition: Condition | None
    effects: Sequence[OldWorldEffect]
    cost: SpecialtyCost | None = None  # a Mage's Specialty: Energy or hand cards to pay (expansion sheet §8.2)
    potions: int = 0  # the Manticore's Potion Tolerance: unused potions to discard at this level (§9.2)


def owned_abilities(s: GameState, p: PlayerState) -> tuple[AbilityView, ...]:
    """The Specialty at its current level, then every trophy and kept card (§13: only the current level).

    Shared per content and holdings (`Tables.memo`): do not mutate the views.
    """
    level = specialty_level(s, p)
    key = ("abilities", p.school, level, tuple(p.trophies), tuple(p.kept), tuple(p.mutagens))
    memo = s.tables.memo
    views = memo.get(key)
    if views is None:
        views = memo[key] = _abilities(s, p, level)
    return views


def specialty_level(s: GameState, p: PlayerState) -> int:
    """The level the witcher's Specialty works at: a Dimeritium Bomb thrown at them before the duel's life pools were
    made sets it for that fight (expansion sheet §9.5), never above their own."""
    level = p.attributes[Attribute.SPECIALTY]
    thrown = s.fight.specialty_level.get(p.seat) if s.fight is not None else None
    return level if thrown is None else min(level, thrown)


def _abilities(s: GameState, p: PlayerState, level: int) -> tuple[AbilityView, ...]:
    t = s.tables
    spec = t.schools[p.school].specialty
    potions = spec.cost.potions[level - 1] if spec.cost is not None and spec.cost.potions else 0
    views = [AbilityView("specialty", spec.timing, spec.limit, spec.condition, spec.levels[level - 1], spec.cost, potions)]
    for key in p.trophies:
        kind, _, ident = key.partition(":")
        if kind == "monster":
            trophy = t.monsters[ident].trophy
            if trophy is None:  # a monster without a trophy card is never a trophy (Dagon, §10.7)
                continue
            ab = trophy
        elif kind == "witcher":
            ab = t.witcher_trophies[ident].ability
        elif kind == "dagon-bonus":
            ab = t.dagon_bonus[ident].ability
        else:
            ab = t.attribute_trophies[ident].ability
        views.append(AbilityView(key, ab.timing, ab.limit, ab.condition, ab.effects))
    for mutagen in p.mutagens:  # Monster Trail: each works once per fight (expansion sheet §9.3)
        ab = t.mutagens[mutagen].ability
        views.append(AbilityView(f"mutagen:{mutagen}", ab.timing, ab.limit, ab.condition, ab.effects))
    for number in p.kept:
        keep = t.events[number].keep
        assert keep is not None
        ab = keep.ability
        views.append(AbilityView(f"kept:{number}", ab.timing, ab.limit, ab.condition, ab.effects))
    return tuple(views)


def condition_holds(s: GameState, p: PlayerState, condition: Condition | None, combo_size: int = 0) -> bool:
    if condition is None:
        return True
    if condition.shield_zero and p.shield != 0:
        return False
    if condition.combo_size_at_least is not None and combo_size < condition.combo_size_at_least:
        return False
    if condition.hand_size_at_most is not None and len(p.hand) > condition.hand_size_at_most:
        return False
    if condition.has_trail:
        f = s.fight
        if f is None or f.monster is None:
            return False
        slot = next((t for t, v in s.slots.items() if v is not None and v[1] == f.monster), None)
        if slot is None or not p.has_trail(slot, s.tables):
            return False
    return True


def is_available(s: GameState, p: PlayerState, view: AbilityView, combo_size: int = 0) -> bool:
    """Not yet used this fight (when limited), its cost can be paid and its condition holds."""
    f = s.fight
    if f is not None and view.limit is not Limit.NONE and (p.seat, view.key) in f.once:
        return False
    if view.cost is not None and (p.shield < view.cost.energy or len(p.hand) < view.cost.discard):
        return False
    if len(p.potions) < view.potions:
        return False
    return condition_holds(s, p, view.condition, combo_size)


def mark_used(s: GameState, p: PlayerState, view: AbilityView) -> None:
    if s.fight is not None and view.limit is not Limit.NONE:
        s.fight.once.add((p.seat, view.key))
